import type { Browser } from '@playwright/test';
import { expectAccessible } from './a11y';
import { bought, issuerWithListedToken, linkedWallet, session } from './compliance';
import { expect, test } from './fixtures';
import { buyer, signIn, watchConsole } from './identity';
import { applyLook, desktopLightEnglish, looks, shotPath, type Look } from './looks';

/**
 * Transfers (ADR 76): A holds 5 of a token; she sends 2 to B by the handle B gave her and withdraws
 * 1 to her own linked wallet, both on chain with their hashes; B sees what he received. The Send
 * dialog is then looked at in every look, English and Arabic (right to left), axe clean.
 */
const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
const name = `Transferable Lofts ${tag}`;
const symbol = `TR${tag}`;
let alice: { email: string; wallet: string };
let bob: { email: string; handle: string };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const issuer = await issuerWithListedToken(name, symbol);
  const a = await buyer('transfer-sender');
  const b = await buyer('transfer-receiver');
  const call = await session(a.email);
  await bought(call, issuer.listingId, '5', a.did);
  alice = { email: a.email, wallet: await linkedWallet(call) };
  const { handle } = await (await session(b.email))<{ handle: string }>('GET', '/transfers/handle');
  bob = { email: b.email, handle };
});

async function assets(browser: Browser, email: string, look: Look = desktopLightEnglish) {
  const context = await browser.newContext({ viewport: look.viewport });
  const page = await context.newPage();
  await applyLook(page, look);
  await signIn(page, email);
  await page.goto('/dashboard?tab=assets');
  return page;
}

test('A sends part of a holding to B by handle and withdraws some to her own wallet', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await assets(browser, alice.email);
  const problems = watchConsole(page);
  const card = page.getByTestId('asset-card').filter({ hasText: name });
  await card.getByRole('button', { name: `Send ${symbol}` }).click();
  const dialog = page.getByRole('dialog', { name: `Send ${symbol}` });
  const send = dialog.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  // Typed as people read it out: lower case, grouped.
  await dialog
    .getByTestId('transfer-handle')
    .fill(`${bob.handle.slice(0, 5).toLowerCase()}-${bob.handle.slice(5)}`);
  await dialog.getByTestId('transfer-amount').fill('9');
  await expect(dialog.getByTestId('eligibility-status')).toContainText('only 5 tokens can move');
  await expect(send).toBeDisabled();
  await dialog.getByTestId('transfer-amount').fill('2');
  await expect(dialog.getByTestId('transfer-recipient')).toHaveText('A verified investor may receive this.');
  await send.click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  const item = page.getByTestId('transfer-item').first();
  await expect(item).toContainText(`Sent 2 ${symbol} to ${bob.handle.slice(0, 5)}-${bob.handle.slice(5)}`);
  await expect(item.getByTestId('transfer-status')).toHaveText('Completed');
  await expect(item.getByTestId('transfer-hash')).toHaveText(/^0x[0-9a-f]{64}$/);

  await card.getByRole('button', { name: `Send ${symbol}` }).click();
  await dialog.getByTestId('transfer-to-wallet').click();
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: alice.wallet }).click();
  await dialog.getByTestId('transfer-amount').fill('1');
  await expect(dialog.getByTestId('transfer-recipient')).toContainText('Your wallet may receive this');
  await send.click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId('transfer-item').first()).toContainText(
    `Withdrew 1 ${symbol} to my wallet ${alice.wallet.toLowerCase()}`,
  );
  await expect(card.getByTestId('asset-amount')).toHaveText(`2 ${symbol}`);
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();

  const receiver = await assets(browser, bob.email);
  const received = receiver.getByTestId('transfer-item').first();
  await expect(received).toContainText(`Received 2 ${symbol} from a verified investor`);
  await expect(received.getByTestId('transfer-hash')).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(
    receiver.getByTestId('asset-card').filter({ hasText: name }).getByTestId('asset-amount'),
  ).toHaveText(`2 ${symbol}`);
  await receiver.context().close();
});

test('the Send dialog in every look, English and Arabic right to left, axe clean', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const look of looks(['en', 'ar'])) {
    const page = await assets(browser, alice.email, look);
    const arabic = look.language === 'ar';
    await page
      .getByTestId('asset-card')
      .filter({ hasText: name })
      .getByRole('button', { name: arabic ? `إرسال ${symbol}` : `Send ${symbol}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('transfer-handle').fill(bob.handle);
    await dialog.getByTestId('transfer-amount').fill('1');
    await expect(dialog.getByTestId('transfer-recipient')).toBeVisible();
    if (arabic) await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAccessible(page, '[role="dialog"]');
    await page.screenshot({ path: shotPath('transfer-dialog', look) });
    await page.context().close();
  }
});
