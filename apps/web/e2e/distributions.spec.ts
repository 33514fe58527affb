import { expectAccessible } from './a11y';
import { bought, issuerWithListedToken, session } from './compliance';
import { expect, test, type Page } from './fixtures';
import { buyer, signIn, submitSignIn, watchConsole } from './identity';
import { applyLook, desktopLightEnglish, looks, shotPath } from './looks';

/**
 * Distributions (ADR 71): the issuer declares 10 tUSD on a token with a record and payment date of
 * now, the jobs snapshot the chain and pay; the holder sees the income in Portfolio, in English
 * and Arabic (right to left); axe passes on the dialog and the Portfolio.
 */

const suffix = () => Math.random().toString(36).slice(2, 6).toUpperCase();
/** "YYYY-MM-DDTHH:mm" in the browser's own time zone, a minute from now at most. */
const localNow = (page: Page) =>
  page.evaluate(() => {
    const at = new Date();
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });

test('an issuer declares a distribution, it is paid, and the holder sees the income', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const tag = suffix();
  const name = `Dividend Works ${tag}`;
  const issuer = await issuerWithListedToken(name, `DV${tag}`);
  const holder = await buyer('distribution-holder');
  await bought(await session(holder.email), issuer.listingId, '5', holder.did);

  await submitSignIn(page, issuer.email, '/issuer/login');
  await page
    .getByTestId('issuer-token-row')
    .filter({ hasText: name })
    .getByTestId('distributions-open')
    .click();
  const dialog = page.getByTestId('distributions-dialog');
  await dialog.getByTestId('distribution-declare').click();
  const form = page.getByRole('dialog', { name: `Declare a distribution on DV${tag}` });
  const submit = form.getByRole('button', { name: 'Declare a distribution' });
  await expect(submit).toBeDisabled();
  await form.getByTestId('distribution-amount').fill('10');
  const now = await localNow(page);
  await form.getByTestId('distribution-record').fill(now);
  await form.getByTestId('distribution-payment').fill(now);
  await expectAccessible(page, '[role="dialog"]');
  await submit.click();
  await expect(form).toBeHidden();
  const row = dialog.getByTestId('distribution-row');
  await expect(row.getByTestId('distribution-status')).toHaveText('Paid', { timeout: 60_000 });
  await expect(row.getByTestId('distribution-paid')).toHaveText('10 tUSD');
  await expectAccessible(page, '[data-testid="distributions-dialog"]');

  const investor = await browser.newContext();
  const mine = await investor.newPage();
  await signIn(mine, holder.email);
  await mine.goto('/dashboard?tab=portfolio');
  await expect(mine.getByTestId('income-total-tUSD')).toHaveText('10 tUSD');
  await expect(mine.getByTestId('income-row')).toHaveCount(1);
  await mine.screenshot({ path: shotPath('distributions-income', desktopLightEnglish), fullPage: true });
  await expectAccessible(mine, '[data-testid="income"]');

  await applyLook(mine, looks(['ar'])[0]!);
  await mine.goto('/dashboard?tab=portfolio');
  await expect(mine.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(mine.getByRole('heading', { name: 'الدخل عبر الزمن' })).toBeVisible();
  await expect(mine.getByTestId('income-total-tUSD')).toHaveText('10 tUSD');
  await expectAccessible(mine, '[data-testid="income"]');
  await investor.close();
  expect(problems).toEqual([]);
});
