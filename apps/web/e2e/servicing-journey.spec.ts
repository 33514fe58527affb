import { expectAccessible } from './a11y';
import { issuerWithListedToken } from './compliance';
import { expect, test, type Browser, type Page } from './fixtures';
import { buyer, signIn, submitSignIn, watchConsole } from './identity';
import { applyLook, desktopLightEnglish, looks, shotPath } from './looks';

/**
 * One holder's life with a token, serviced (ADRs 71, 72, 74), on one shared setup: a newcomer buys
 * 5 tokens in the marketplace; the issuer declares 10 tUSD in the console and the jobs pay it; the
 * holder sees the income in Portfolio and on the Overview, downloads this month's statement (the purchase and the
 * distribution in its CSV, and the PDF) and proves "at least 2" by a link a visitor verifies; then
 * asks to redeem 4 from My Assets, and the issuer's window (cap 3, closing in seconds) settles by
 * itself: 3 redeemed for 0.006 ETH, 1 given back. The holder's pages again in Arabic, right to
 * left; axe on each screen.
 */
test.describe.configure({ mode: 'serial' });

const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
const name = `Harbour Income ${tag}`;
const symbol = `HI${tag}`;
const arabic = looks(['ar'])[0]!;
const arabicPhone = looks(['ar'], (look) => look.width === 'phone')[0]!;
let issuer: Awaited<ReturnType<typeof issuerWithListedToken>>;
let holder: Awaited<ReturnType<typeof buyer>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [issuer, holder] = await Promise.all([issuerWithListedToken(name, symbol), buyer('servicing-holder')]);
});

/** "YYYY-MM-DDTHH:mm:ss" `ms` from now in the browser's own time zone (datetime-local inputs). */
const localAt = (page: Page, ms: number) =>
  page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  }, ms);

/** The issuer's console in its own browser context, at the token's row. */
async function issuerConsole(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await submitSignIn(page, issuer.email, '/issuer/login');
  await expect(page).toHaveURL(/\/issuer$/);
  return { page, problems, row: page.getByTestId('issuer-token-row').filter({ hasText: name }), context };
}

test('a newcomer buys the token in the marketplace', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await signIn(page, holder.email);
  await page.goto(`/dashboard?tab=marketplace&q=${encodeURIComponent(name)}`);
  await page
    .getByTestId('listing-row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Invest in ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Purchase ${name} (${symbol})` });
  await dialog.getByRole('button', { name: `Tokens (${symbol})` }).click();
  await dialog.getByRole('textbox', { name: `Tokens (${symbol})` }).fill('5');
  await expect(dialog.getByTestId('purchase-summary')).toContainText('Total cost0.005000 ETH');
  await dialog.getByRole('button', { name: 'Purchase Tokens' }).click();
  await expect(dialog.getByText('Purchase Successful!')).toBeVisible({ timeout: 90_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.goto('/dashboard?tab=assets');
  const card = page.getByTestId('asset-card').filter({ hasText: name });
  await expect(card.getByTestId('asset-status')).toHaveText('COMPLETED');
  await expect(card.getByTestId('asset-amount')).toHaveText(`5 ${symbol}`);
  expect(problems).toEqual([]);
});

test('the issuer declares a distribution, it is paid, and the holder sees the income', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const desk = await issuerConsole(browser);
  await desk.row.getByTestId('distributions-open').click();
  const dialog = desk.page.getByTestId('distributions-dialog');
  await dialog.getByTestId('distribution-declare').click();
  const form = desk.page.getByRole('dialog', { name: `Declare a distribution on ${symbol}` });
  const submit = form.getByRole('button', { name: 'Declare a distribution' });
  await expect(submit).toBeDisabled();
  await form.getByTestId('distribution-amount').fill('10');
  await expectAccessible(desk.page, '[role="dialog"]');
  // Now, to the second, just before sending: the server allows a minute of clock drift, no more.
  const now = await localAt(desk.page, 0);
  await form.getByTestId('distribution-record').fill(now);
  await form.getByTestId('distribution-payment').fill(now);
  await submit.click();
  await expect(form).toBeHidden();
  const row = dialog.getByTestId('distribution-row');
  await expect(row.getByTestId('distribution-status')).toHaveText('Paid', { timeout: 60_000 });
  await expect(row.getByTestId('distribution-paid')).toHaveText('10 tUSD');
  await expectAccessible(desk.page, '[data-testid="distributions-dialog"]');
  expect(desk.problems).toEqual([]);
  await desk.context.close();

  const problems = watchConsole(page);
  await signIn(page, holder.email);
  await page.goto('/dashboard?tab=portfolio');
  await expect(page.getByTestId('income-total-tUSD')).toHaveText('10 tUSD');
  await expect(page.getByTestId('income-row')).toHaveCount(1);
  await page.screenshot({ path: shotPath('distributions-income', desktopLightEnglish), fullPage: true });
  await expectAccessible(page, '[data-testid="income"]');
  // The Overview's portfolio card adds up what distributions paid.
  await page.goto('/dashboard');
  await expect(page.getByTestId('overview-income-total')).toHaveText('10 tUSD');
  await expectAccessible(page, '[data-testid="overview-stats"]');

  await applyLook(page, arabic);
  await page.goto('/dashboard?tab=portfolio');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الدخل عبر الزمن' })).toBeVisible();
  await expect(page.getByTestId('income-total-tUSD')).toHaveText('10 tUSD');
  await expectAccessible(page, '[data-testid="income"]');
  await page.goto('/dashboard');
  await expect(page.getByTestId('overview-income')).toContainText('الدخل المستلم');
  await expect(page.getByTestId('overview-income-total')).toHaveText('10 tUSD');
  await expectAccessible(page, '[data-testid="overview-stats"]');
  expect(problems).toEqual([]);
});

test('the statement holds the purchase and the income; a holding credential verifies by its link', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await signIn(page, holder.email);
  await page.goto('/dashboard?tab=assets');
  await page.getByRole('button', { name: 'Statements' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download a statement' });
  await expect(dialog.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('statements-dialog', desktopLightEnglish) });
  const csv = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const file = await csv;
  expect(file.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = (await (await file.createReadStream()).toArray()).join('').split('\r\n');
  expect(rows[0]).toBe(
    'record,date,kind,token_id,symbol,amount,amount_base_units,decimals,value,value_currency,tx_hash,reference,credential',
  );
  const mine = rows.filter((row) => row.startsWith('line,') && row.includes(`,${symbol},`));
  expect(mine).toHaveLength(2);
  expect(mine[0]).toMatch(
    new RegExp(`^line,[^,]+,purchase,[0-9a-f-]{36},${symbol},5,5,0,0\\.005,ETH,0x[0-9a-f]{64},`),
  );
  // The income moves no token: its value is what was paid, its reference the distribution.
  expect(mine[1]).toMatch(
    new RegExp(
      `^line,[^,]+,distribution,[0-9a-f-]{36},${symbol},0,0,0,10,tUSD,0x[0-9a-f]{64},[0-9a-f-]{36},`,
    ),
  );
  expect(rows.find((row) => row.startsWith('closing,') && row.includes(`,${symbol},`))).toMatch(
    /,5,5,0,,,,,$/,
  );
  const pdf = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const section = page.getByTestId('holding-credentials');
  await section.getByRole('button', { name: 'Prove a holding' }).click();
  const issue = page.getByRole('dialog', { name: 'Prove a holding' });
  await issue.getByLabel(/^At least/).fill('2');
  await issue.getByRole('button', { name: 'Issue credential' }).click();
  await expect(issue).toBeHidden();
  const credential = section.getByTestId('holding-credential').first();
  await expect(credential).toContainText(`At least 2 ${symbol}`);
  await expect(credential).toContainText('Active');
  await credential.getByRole('button', { name: 'Share link' }).click();
  const link = await credential.getByTestId('holding-share-link').getAttribute('href');
  expect(link).toMatch(/\/verify#share=[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('holding-credentials', desktopLightEnglish), fullPage: true });

  // A visitor with no account opens the link: the credential, verified, and nothing else.
  const visitor = await browser.newPage();
  await visitor.goto(link!);
  await expect(visitor.getByTestId('verification-result')).toContainText('Verified');
  await expect(visitor.getByText(holder.email)).toHaveCount(0);
  await visitor.close();

  await applyLook(page, arabicPhone);
  await page.goto('/dashboard?tab=assets');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'شهادات الملكية' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('holding-credentials', arabicPhone), fullPage: true });
  await page.getByRole('button', { name: 'كشوف الحساب' }).click();
  const arabicDialog = page.getByRole('dialog', { name: 'تنزيل كشف حساب' });
  await expect(arabicDialog).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('statements-dialog', arabicPhone) });
  const arabicPdf = page.waitForEvent('download');
  await arabicDialog.getByRole('button', { name: 'تنزيل PDF' }).click();
  expect((await arabicPdf).suggestedFilename()).toMatch(/\.pdf$/);
  expect(problems).toEqual([]);
});

test('the holder redeems part of the holding, and the issuer’s window settles at its close', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The holder signs in first: the window's few seconds are left for the request.
  const problems = watchConsole(page);
  await signIn(page, holder.email);
  const desk = await issuerConsole(browser);
  await desk.row.getByRole('button', { name: `Redemption windows of ${name}` }).click();
  const windows = desk.page.getByTestId('redemption-windows-dialog');
  await expect(windows.getByText('No redemption window yet.')).toBeVisible();
  await windows.getByTestId('window-price').fill('0.002');
  await windows.getByTestId('window-cap').fill('3');
  // Closing in a minute (a loaded machine took over 30 s to reach the request), in the browser's
  // own clock (datetime-local takes seconds too).
  await windows.getByTestId('window-closes').fill(await localAt(desk.page, 60_000));
  await windows.getByTestId('window-submit').click();
  await expect(windows.getByTestId('redemption-window-status')).toHaveText('Open');
  await expectAccessible(desk.page, '[data-testid="redemption-windows-dialog"]');
  expect(desk.problems).toEqual([]);
  await desk.context.close();

  await page.goto('/dashboard?tab=assets');
  const card = page.getByTestId('asset-card').filter({ hasText: name });
  await card.getByRole('button', { name: `Redeem ${symbol}` }).click();
  const dialog = page.getByRole('dialog', { name: `Redeem ${symbol}` });
  await dialog.getByLabel(/Tokens to redeem/).fill('4');
  await expect(dialog.getByTestId('redeem-estimate')).toHaveText('You would receive up to 0.008 ETH');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Lock and request' }).click();
  await expect(dialog).toBeHidden();
  const request = page.getByTestId('redemption-request');
  // Requested until the close; on a slow machine the close may already have come.
  await expect(request.getByTestId('redemption-status')).toHaveText(/^(Locking|Requested|Settling|Settled)$/);
  await expect(request.getByTestId('redemption-lock-hash')).toHaveText(/^0x[0-9a-f]{64}$/);

  // The close passes; the settlement job runs by itself. The holder's page shows the outcome.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('redemption-status').first().textContent();
      },
      { timeout: 90_000, intervals: [3000] },
    )
    .toBe('Settled');
  await expect(request.getByTestId('redemption-accepted')).toHaveText(`3 ${symbol}`);
  await expect(request.getByTestId('redemption-payment')).toHaveText('0.006 ETH');
  await expect(request.getByTestId('redemption-payment-hash')).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(card.getByTestId('asset-amount')).toHaveText(`2 ${symbol}`);
  // The lock took the holding below the 2 the credential promised: it is revoked (ADR 74).
  await expect(page.getByTestId('holding-credential').first()).toContainText(
    'Revoked: holding below the amount',
  );
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('redemptions-assets', desktopLightEnglish), fullPage: true });

  await applyLook(page, arabic);
  await page.goto('/dashboard?tab=assets');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('redemption-status').first()).toHaveText('تمت التسوية');
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('redemptions-assets', arabic), fullPage: true });
  expect(problems).toEqual([]);
});
