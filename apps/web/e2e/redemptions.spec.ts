import { expectAccessible } from './a11y';
import { bought, issuerWithListedToken, session } from './compliance';
import { expect, test } from './fixtures';
import { buyer, signIn, submitSignIn, watchConsole } from './identity';
import { applyLook, desktopLightEnglish, looks, shotPath } from './looks';

/**
 * Redemptions (ADR 72): the issuer opens a window from the console (cap 3 tokens, closing in
 * seconds), a holder of 5 asks to redeem 4 from My Assets, the window settles by itself at the
 * close (3 redeemed at 0.002 ETH, 1 given back), and the holder sees it; again in Arabic; axe.
 */
const suffix = () => Math.random().toString(36).slice(2, 6).toUpperCase();

test('an issuer opens a window, a holder redeems part of a holding, the window settles', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  const tag = suffix();
  const name = `Redeemable Offices ${tag}`;
  const symbol = `RD${tag}`;
  const issuer = await issuerWithListedToken(name, symbol);
  const holder = await buyer('redemption-holder');
  await bought(await session(holder.email), issuer.listingId, '5', holder.did);

  await submitSignIn(page, issuer.email, '/issuer/login');
  await expect(page).toHaveURL(/\/issuer$/);
  await page
    .getByTestId('issuer-token-row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Redemption windows of ${name}` })
    .click();
  const windows = page.getByTestId('redemption-windows-dialog');
  await expect(windows.getByText('No redemption window yet.')).toBeVisible();
  await windows.getByTestId('window-price').fill('0.002');
  await windows.getByTestId('window-cap').fill('3');
  // Closing in 25 seconds, in the browser's own clock (datetime-local takes seconds too).
  const closes = await page.evaluate(() => {
    const at = new Date(Date.now() + 25_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  });
  await windows.getByTestId('window-closes').fill(closes);
  await windows.getByTestId('window-submit').click();
  await expect(windows.getByTestId('redemption-window-status')).toHaveText('Open');
  await expectAccessible(page, '[data-testid="redemption-windows-dialog"]');

  const investor = await browser.newContext({ viewport: desktopLightEnglish.viewport });
  const holderPage = await investor.newPage();
  await signIn(holderPage, holder.email);
  await holderPage.goto('/dashboard?tab=assets');
  const card = holderPage.getByTestId('asset-card').filter({ hasText: name });
  await card.getByRole('button', { name: `Redeem ${symbol}` }).click();
  const dialog = holderPage.getByRole('dialog', { name: `Redeem ${symbol}` });
  await dialog.getByLabel(/Tokens to redeem/).fill('4');
  await expect(dialog.getByTestId('redeem-estimate')).toHaveText('You would receive up to 0.008 ETH');
  await expectAccessible(holderPage);
  await dialog.getByRole('button', { name: 'Lock and request' }).click();
  await expect(dialog).toBeHidden();
  const request = holderPage.getByTestId('redemption-request');
  await expect(request.getByText('Requested')).toBeVisible();
  await expect(request.getByTestId('redemption-lock-hash')).toHaveText(/^0x[0-9a-f]{64}$/);

  // The close passes; the settlement job runs by itself. The holder's page shows the outcome.
  await expect
    .poll(
      async () => {
        await holderPage.reload();
        return holderPage.getByTestId('redemption-status').first().textContent();
      },
      { timeout: 90_000, intervals: [3000] },
    )
    .toBe('Settled');
  await expect(request.getByTestId('redemption-accepted')).toHaveText(`3 ${symbol}`);
  await expect(request.getByTestId('redemption-payment')).toHaveText('0.006 ETH');
  await expect(request.getByTestId('redemption-payment-hash')).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(card.getByTestId('asset-amount')).toHaveText(`2 ${symbol}`);
  await expectAccessible(holderPage);
  await holderPage.screenshot({ path: shotPath('redemptions-assets', desktopLightEnglish), fullPage: true });

  const arabic = looks(['ar'])[0]!;
  await applyLook(holderPage, arabic);
  await holderPage.goto('/dashboard?tab=assets');
  await expect(holderPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(holderPage.getByTestId('redemption-status').first()).toHaveText('تمت التسوية');
  await expectAccessible(holderPage);
  await holderPage.screenshot({ path: shotPath('redemptions-assets', arabic), fullPage: true });
  await investor.close();

  await page.reload();
  await expect(page).toHaveURL(/\/issuer$/);
  expect(problems).toEqual([]);
});
