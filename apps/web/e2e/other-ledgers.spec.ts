import { Keypair } from '@stellar/stellar-sdk';
import { Wallet } from 'xrpl';
import { HorizonTestServer } from '../../api/src/providers/stellar/testing/horizon-test-server';
import { XrplTestServer } from '../../api/src/providers/xrpl/testing/xrpl-test-server';
import { expectAccessible } from './a11y';
import { issuerWithListedToken } from './compliance';
import { expect, test, type Page } from './fixtures';
import { buyer, watchConsole } from './identity';
import { applyLook, looks, shotPath } from './looks';
import { PASSWORD } from './portal';
import { startE2eServer, stopE2eServer, type E2eServer } from './server';

/**
 * The XRP Ledger and Stellar in the browser (ADR 66): a portal of its own pointed at the local
 * servers that speak each network's wire protocol (tests only, never a default). The issuer console
 * offers MPT and STELLAR, the marketplace labels them Ripple and Stellar, and an investor buys each
 * with ETH and sees the holding, in English and in Arabic.
 */

test.describe.configure({ mode: 'serial' });

let xrpl: XrplTestServer;
let horizon: HorizonTestServer;
let portal: E2eServer;
let globalUrl: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  xrpl = await XrplTestServer.start();
  const xrplPlatform = Wallet.generate();
  xrpl.fund(xrplPlatform.classicAddress, 1_000_000_000n);
  horizon = await HorizonTestServer.start();
  const stellarPlatform = Keypair.random();
  horizon.fund(stellarPlatform.publicKey(), 10_000n * 10_000_000n);
  portal = await startE2eServer({
    SEED_DEMO: 'false',
    XRPL_URL: xrpl.url,
    XRPL_PLATFORM_SEED: xrplPlatform.seed!,
    STELLAR_HORIZON_URL: horizon.url,
    STELLAR_PLATFORM_SECRET: stellarPlatform.secret(),
  });
  // The API helpers reach the portal named here; the other specs' portal comes back after.
  globalUrl = process.env.PORTAL_E2E_URL;
  process.env.PORTAL_E2E_URL = portal.url;
});
test.afterAll(async () => {
  process.env.PORTAL_E2E_URL = globalUrl;
  await stopE2eServer(portal?.server.pid, portal?.dataDir);
  await xrpl?.close();
  await horizon?.close();
});

async function signInAt(page: Page, email: string, at: '/login' | '/issuer/login') {
  await page.goto(`${portal.url}${at}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(at === '/login' ? /\/dashboard$/ : /\/issuer$/);
}

const suffix = () => Math.random().toString(36).slice(2, 6).toUpperCase();

test('an issuer issues on the XRP Ledger and Stellar; an investor reads Ripple and Stellar and buys both', async ({
  page: issuerPage,
  browser,
}) => {
  test.setTimeout(420_000);
  const issuerProblems = watchConsole(issuerPage);
  const tag = suffix();
  const ripple = { name: `Harbour Notes ${tag}`, symbol: `HN${tag}` };
  const stellar = { name: `Lumen Bonds ${tag}`, symbol: `LB${tag}` };
  const mpt = await issuerWithListedToken(ripple.name, ripple.symbol, { tokenType: 'MPT', decimals: 2 });
  await issuerWithListedToken(stellar.name, stellar.symbol, { tokenType: 'STELLAR', decimals: 2 });

  // The issuer console offers the two ledgers this portal's operator configured, and explains nothing.
  await signInAt(issuerPage, mpt.email, '/issuer/login');
  await issuerPage.getByRole('button', { name: 'Create Token' }).first().click();
  const create = issuerPage.getByRole('dialog', { name: 'Create Token' });
  const types = create.getByRole('combobox', { name: /Token type/ });
  await expect(types.locator('option')).toHaveText(['ERC20', 'ERC721', 'ERC1155', 'SPL', 'MPT', 'STELLAR']);
  await expect(create).not.toContainText(/XRPL_URL|STELLAR_HORIZON_URL/);
  expect(issuerProblems).toEqual([]);

  const investor = await buyer('ledgers');
  const page = await (await browser.newContext()).newPage();
  const problems = watchConsole(page);
  await signInAt(page, investor.email, '/login');
  for (const [token, chain] of [
    [ripple, 'Ripple'],
    [stellar, 'Stellar'],
  ] as const) {
    await page.goto(`${portal.url}/dashboard?tab=marketplace&q=${encodeURIComponent(token.name)}`);
    const row = page.getByTestId('listing-row').filter({ hasText: token.name });
    await expect(row.getByRole('cell', { name: chain, exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Invest in ${token.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Purchase ${token.name} (${token.symbol})` });
    await dialog.getByRole('button', { name: `Tokens (${token.symbol})` }).click();
    await dialog.getByRole('textbox', { name: `Tokens (${token.symbol})` }).fill('3');
    await dialog.getByRole('button', { name: 'Purchase Tokens' }).click();
    await expect(dialog.getByText('Purchase Successful!')).toBeVisible({ timeout: 120_000 });
    // The delivery is that ledger's own transaction: 64 hex digits.
    await expect(dialog.getByTestId('purchase-hash')).toHaveText(/^[0-9A-Fa-f]{64}$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
  }

  await page.goto(`${portal.url}/dashboard?tab=assets`);
  for (const [token, chain] of [
    [ripple, 'Ripple'],
    [stellar, 'Stellar'],
  ] as const) {
    const card = page.getByTestId('asset-card').filter({ hasText: token.name });
    await expect(card).toContainText(chain);
    await expect(card).toContainText(/Amount owned3(\.0+)?(?!\d)/);
  }
  await expectAccessible(page);

  // The same market in Arabic, right to left, the ledger named in Arabic.
  const arabic = looks(['ar'])[0]!;
  await applyLook(page, arabic);
  await page.goto(`${portal.url}/dashboard?tab=marketplace&q=${encodeURIComponent(ripple.name)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const row = page.getByTestId('listing-row').filter({ hasText: ripple.name });
  await expect(row.getByRole('cell', { name: 'ريبل', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('other-ledgers-marketplace', arabic), fullPage: true });
  expect(problems).toEqual([]);
  await page.context().close();
});
