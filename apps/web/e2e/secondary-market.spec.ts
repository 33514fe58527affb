import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { bought, issuerWithListedToken, session } from './compliance';
import { expect, test } from './fixtures';
import { buyer, investorWithVault, signIn, submitSignIn, watchConsole } from './identity';
import { applyLook, desktopLightEnglish, looks, shotPath, type Look } from './looks';

/**
 * The secondary market (ADR 75): A, who bought 10 tokens, posts a sell order of 4 at 0.002 ETH from
 * My Assets; B (eligible) finds it from the marketplace and buys 2; C (no verified identity) is
 * told why not before paying; A cancels the rest; both histories show it with hashes; the token
 * page in English and Arabic, desktop and phone, light and dark; the issuer sees the volume; axe clean.
 */
const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
const name = `Harbour Resale ${tag}`;
const symbol = `HS${tag}`;

let tokenId = '';
let issuerEmail = '';
let sellerEmail = '';
let buyerEmail = '';
let strangerEmail = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const issuer = await issuerWithListedToken(name, symbol);
  tokenId = issuer.tokenId;
  issuerEmail = issuer.email;
  const seller = await buyer('secondary-seller');
  await bought(await session(seller.email), issuer.listingId, '10', seller.did);
  sellerEmail = seller.email;
  buyerEmail = (await buyer('secondary-buyer')).email;
  // Without a verified identity the token's rules refuse delivery to C.
  strangerEmail = (await investorWithVault('secondary-stranger')).email;
});

async function signedIn(browser: Browser, email: string, look: Look = desktopLightEnglish) {
  const context = await browser.newContext({ viewport: look.viewport });
  const page = await context.newPage();
  await applyLook(page, look);
  await signIn(page, email);
  return page;
}

/** Reloads `page` until `check` passes: orders and fills settle on chain by themselves. */
async function untilSettled(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 120_000, intervals: [3000] });
}

test('A posts a sell order from My Assets; the token page lists it as theirs', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, sellerEmail);
  const problems = watchConsole(page);
  await page.goto('/dashboard?tab=assets');
  const card = page.getByTestId('asset-card').filter({ hasText: name });
  await card.getByRole('button', { name: `Sell ${symbol}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sell ${symbol}` });
  const submit = dialog.getByRole('button', { name: 'Post sell order' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(/Tokens to sell/).fill('4');
  await dialog.getByLabel(/Price per token/).fill('0.002');
  await expect(dialog.getByTestId('sell-total')).toHaveText('0.008 ETH');
  await expectAccessible(page, '[role="dialog"]');
  await submit.click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  await card.getByRole('link', { name: `Order book of ${symbol}` }).click();
  await expect(page).toHaveURL(new RegExp(`/tokens/${tokenId}$`));
  await untilSettled(page, async () => {
    const mine = page.getByTestId('book-order').filter({ has: page.getByTestId('book-yours') });
    await expect(mine.getByTestId('book-remaining')).toHaveText(`4 ${symbol}`, { timeout: 2000 });
  });
  await expect(page.getByTestId('my-order').getByTestId('order-status')).toHaveText('Open');
  await expect(page.getByTestId('order-lock-hash')).toHaveText(/^0x[0-9a-f]{64}$/);
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('B finds the offer from the marketplace and buys half of it', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, buyerEmail);
  const problems = watchConsole(page);
  await page.goto(`/dashboard?tab=marketplace&q=${encodeURIComponent(name)}`);
  const row = page.getByTestId('listing-row').filter({ hasText: name });
  await expect(row.getByTestId('secondary-offers')).toHaveText('Secondary offers: 1, from 0.002 ETH');
  await page.screenshot({ path: shotPath('secondary-marketplace', desktopLightEnglish) });
  await row.getByRole('link', { name: `Secondary offers of ${name}: 1, from 0.002 ETH` }).click();
  await expect(page.getByRole('heading', { name: `${name} (${symbol})` })).toBeVisible();
  const order = page.getByTestId('book-order').first();
  await expect(order.getByTestId('book-yours')).toHaveCount(0);
  await order.getByRole('button', { name: `Buy from the order of 4 ${symbol} at 0.002 ETH` }).click();
  const dialog = page.getByRole('dialog', { name: `Buy ${name} (${symbol})` });
  await dialog.getByLabel(/Tokens to buy/).fill('5');
  await expect(dialog.getByText(`Only 4 ${symbol} remain in this order.`)).toBeVisible();
  await dialog.getByLabel(/Tokens to buy/).fill('2');
  await expect(dialog.getByTestId('take-total')).toHaveText('0.004 ETH');
  await page.screenshot({ path: shotPath('secondary-take', desktopLightEnglish) });
  const submit = dialog.getByRole('button', { name: 'Buy tokens' });
  await expect(submit).toBeEnabled();
  await expectAccessible(page, '[role="dialog"]');
  await submit.click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  await untilSettled(page, async () => {
    await expect(page.getByTestId('my-fill').getByTestId('fill-status')).toHaveText('Settled', {
      timeout: 2000,
    });
  });
  const fill = page.getByTestId('my-fill');
  await expect(fill.getByTestId('my-fill-title')).toHaveText(`Bought 2 ${symbol}`);
  await expect(fill.getByTestId('my-fill-total')).toHaveText('0.004 ETH');
  await expect(fill.getByTestId('my-fill-hash')).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(page.getByTestId('book-remaining')).toHaveText(`2 ${symbol}`);
  await expect(page.getByTestId('token-last-price')).toHaveText('0.002 ETH');
  await expect(page.getByTestId('trade-row')).toHaveCount(1);
  await expectAccessible(page);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('C, whose identity is not verified, is told why before paying', async ({ browser }) => {
  const page = await signedIn(browser, strangerEmail);
  await page.goto(`/tokens/${tokenId}`);
  await page.getByTestId('book-buy').first().click();
  const dialog = page.getByRole('dialog', { name: `Buy ${name} (${symbol})` });
  await dialog.getByLabel(/Tokens to buy/).fill('1');
  const status = dialog.getByTestId('eligibility-status');
  await expect(status).toHaveText(
    'Only verified investors may hold this token. Complete identity verification first.',
  );
  await expect(dialog.getByRole('button', { name: 'Buy tokens' })).toBeDisabled();
  await expectAccessible(page, '[role="dialog"]');
  await page.context().close();
});

test('A cancels the rest; both sides see the trade; the token page in every look', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await signedIn(browser, sellerEmail);
  const problems = watchConsole(page);
  await page.goto(`/tokens/${tokenId}`);
  await page
    .getByRole('button', { name: `Cancel the order of 2 ${symbol}` })
    .first()
    .click();
  await untilSettled(page, async () => {
    await expect(page.getByTestId('my-order').getByTestId('order-status')).toHaveText('Cancelled', {
      timeout: 2000,
    });
  });
  await expect(page.getByTestId('book-order')).toHaveCount(0);
  const fill = page.getByTestId('my-fill');
  await expect(fill.getByTestId('my-fill-title')).toHaveText(`Sold 2 ${symbol}`);
  await expect(fill.getByTestId('my-fill-hash')).toHaveText(/^0x[0-9a-f]{64}$/);
  await page.goto('/dashboard?tab=assets');
  const history = page.getByTestId('my-secondary');
  await expect(history.getByTestId('my-order').getByTestId('order-status')).toHaveText('Cancelled');
  await expect(history.getByTestId('my-fill-title')).toHaveText(`Sold 2 ${symbol}`);
  await expect(
    page.getByTestId('asset-card').filter({ hasText: name }).getByTestId('asset-amount'),
  ).toHaveText(`8 ${symbol}`);
  expect(problems).toEqual([]);
  await page.context().close();

  for (const look of looks(['en', 'ar'])) {
    const viewer = await signedIn(browser, sellerEmail, look);
    await viewer.goto(`/tokens/${tokenId}`);
    await expect(viewer.getByTestId('trade-row')).toHaveCount(1);
    if (look.language === 'ar') {
      await expect(viewer.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(viewer.getByTestId('my-order').getByTestId('order-status')).toHaveText('مُلغى');
      await expect(viewer.getByTestId('my-fill-title')).toHaveText(`بعت 2 ${symbol}`);
    }
    await expectAccessible(viewer);
    await viewer.screenshot({ path: shotPath('secondary-token-page', look), fullPage: true });
    await viewer.context().close();
  }
});

test("the issuer sees the token's secondary volume and trades in its console", async ({ page }) => {
  await submitSignIn(page, issuerEmail, '/issuer/login');
  await expect(page).toHaveURL(/\/issuer$/);
  await page
    .getByTestId('issuer-token-row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Secondary market of ${name}` })
    .click();
  const panel = page.getByTestId('issuer-secondary-dialog');
  await expect(panel.getByTestId('issuer-secondary-volume')).toHaveText(`2 ${symbol}`);
  await expect(panel.getByTestId('issuer-secondary-trades')).toHaveText('1');
  await expect(panel.getByTestId('trade-row')).toHaveCount(1);
  await expectAccessible(page, '[data-testid="issuer-secondary-dialog"]');
  await page.screenshot({ path: shotPath('secondary-issuer', desktopLightEnglish) });
});
