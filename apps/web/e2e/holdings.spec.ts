import { expectAccessible } from './a11y';
import { bought, ethAddress, issuerWithListedToken, session } from './compliance';
import { expect, test } from './fixtures';
import { buyer, signIn, watchConsole } from './identity';
import { applyLook, desktopLightEnglish, looks, shotPath } from './looks';

/**
 * Holdings after the purchase (ADR 68): an investor who bought one token twice sees one card with
 * both purchases, the Portfolio's total and allocation chart, the Overview's figure from the same
 * query, and the balances the chains hold at each vault address; in English and in Arabic.
 */

const suffix = () => Math.random().toString(36).slice(2, 6).toUpperCase();

test('two purchases of one token: one card, the portfolio chart and the vault balances', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  const tag = suffix();
  const name = `Holding Offices ${tag}`;
  const symbol = `HD${tag}`;
  // 100 of 1000 listed at 0.001 ETH each.
  const { listingId } = await issuerWithListedToken(name, symbol);
  const investor = await buyer('holdings');
  const call = await session(investor.email);
  await bought(call, listingId, '2', investor.did);
  await bought(call, listingId, '3', investor.did);
  const eth = await ethAddress(call);

  await signIn(page, investor.email);
  await page.goto('/dashboard?tab=assets');
  const cards = page.getByTestId('asset-card').filter({ hasText: name });
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByTestId('asset-status')).toHaveText('COMPLETED');
  await expect(card).toContainText(`Amount owned5 ${symbol}`);
  await expect(card).toContainText('Ownership percentage0.500000%');
  await expect(card).toContainText('Value0.005 ETH');
  const purchases = card.getByTestId('holding-purchase');
  await expect(purchases).toHaveCount(2);
  await expect(purchases.getByTestId('holding-purchase-hash')).toHaveText([
    /^0x[0-9a-f]{64}$/,
    /^0x[0-9a-f]{64}$/,
  ]);
  // The books and the chain agree: no note; nothing failed.
  await expect(card.getByTestId('holding-chain-note')).toHaveCount(0);
  await expect(page.getByTestId('failed-attempts')).toHaveCount(0);
  await purchases
    .first()
    .getByRole('button', { name: /^View Verifiable Credential, purchase of/ })
    .click();
  const vc = page.getByRole('dialog', { name: 'Verifiable Credential Metadata' });
  await expect(vc).toBeVisible();
  await vc.getByRole('button', { name: 'Close' }).click();
  await expect(vc).toBeHidden();
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('holdings-assets', desktopLightEnglish), fullPage: true });

  await page.goto('/dashboard?tab=portfolio');
  await expect(page.getByTestId('portfolio-total')).toHaveText('0.005 ETH');
  await expect(page.getByRole('img', { name: `Allocation by token: ${symbol} 100.000000%` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Allocation' });
  await expect(table.getByRole('row').nth(1)).toContainText(`${name} (${symbol})0.005 ETH100.000000%`);
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('holdings-portfolio', desktopLightEnglish), fullPage: true });

  await page.goto('/dashboard');
  await expect(page.getByTestId('portfolio-value')).toHaveText('0.005 ETH');

  await page.goto('/dashboard?tab=vault');
  const wallets = page.getByRole('table', { name: 'Wallet addresses' });
  await expect(wallets.getByRole('columnheader', { name: 'Balance' })).toBeVisible();
  const ethRow = wallets.getByRole('row').filter({ hasText: eth });
  // Auto-fuelled test ETH less what the purchases paid, and the tokens delivered there.
  await expect(ethRow.getByTestId('vault-native-balance')).toHaveText(/^\d+(\.\d+)? ETH$/);
  await expect(ethRow.getByTestId('vault-token-balance')).toHaveText(`5 ${symbol}`);
  await expect(wallets.getByRole('row').filter({ hasText: 'XRP_TEST' })).toContainText('Not connected');
  await expectAccessible(page);

  // Right to left, in Arabic: the same card and chart.
  const arabic = looks(['ar'])[0]!;
  await applyLook(page, arabic);
  await page.goto('/dashboard?tab=portfolio');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('portfolio-total')).toHaveText('0.005 ETH');
  await expect(page.getByRole('table', { name: 'التوزيع' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('holdings-portfolio', arabic), fullPage: true });
  await page.goto('/dashboard?tab=assets');
  await expect(page.getByTestId('asset-card').filter({ hasText: name })).toHaveCount(1);
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('holdings-assets', arabic), fullPage: true });
  expect(problems).toEqual([]);
});
