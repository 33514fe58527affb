import { expectAccessible } from './a11y';
import { bought, issuerWithListedToken, session } from './compliance';
import { expect, test } from './fixtures';
import { buyer, signIn, watchConsole } from './identity';
import { applyLook, desktopLightEnglish, looks, shotPath } from './looks';

/**
 * Statements and holding credentials (ADR 74): an investor with a holding downloads this month's
 * statement as CSV (its rows checked) and PDF, proves "at least 2" of the token and opens the share
 * link as a visitor; the dialog and the section again in Arabic, right to left; axe on each.
 */

const suffix = () => Math.random().toString(36).slice(2, 6).toUpperCase();

test('a statement downloads, and a holding credential verifies by its link', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const tag = suffix();
  const name = `Statement Offices ${tag}`;
  const symbol = `ST${tag}`;
  const { listingId } = await issuerWithListedToken(name, symbol);
  const investor = await buyer('statements');
  await bought(await session(investor.email), listingId, '3', investor.did);

  await signIn(page, investor.email);
  await page.goto('/dashboard?tab=assets');
  await expect(page.getByTestId('asset-card').filter({ hasText: name })).toHaveCount(1);
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
  const line = rows.find((row) => row.startsWith('line,') && row.includes(`,${symbol},`))!;
  expect(line).toMatch(
    new RegExp(`^line,[^,]+,purchase,[0-9a-f-]{36},${symbol},3,3,0,0\\.003,ETH,0x[0-9a-f]{64},`),
  );
  expect(rows.find((row) => row.startsWith('closing,') && row.includes(`,${symbol},`))).toMatch(
    /,3,3,0,,,,,$/,
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
  await expect(visitor.getByText(investor.email)).toHaveCount(0);
  await visitor.close();

  const arabic = looks(['ar'], (look) => look.width === 'phone')[0]!;
  await applyLook(page, arabic);
  await page.goto('/dashboard?tab=assets');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'شهادات الملكية' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('holding-credentials', arabic), fullPage: true });
  await page.getByRole('button', { name: 'كشوف الحساب' }).click();
  const arabicDialog = page.getByRole('dialog', { name: 'تنزيل كشف حساب' });
  await expect(arabicDialog).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('statements-dialog', arabic) });
  const arabicPdf = page.waitForEvent('download');
  await arabicDialog.getByRole('button', { name: 'تنزيل PDF' }).click();
  expect((await arabicPdf).suggestedFilename()).toMatch(/\.pdf$/);
  expect(problems).toEqual([]);
});
