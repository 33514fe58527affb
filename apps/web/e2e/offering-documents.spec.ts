import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { expectAccessible, transitionsEnded } from './a11y';
import { issuerWithListedToken } from './compliance';
import { buyer, signIn, submitSignIn, watchConsole } from './identity';
import { applyLook, looks, shotPath } from './looks';

/**
 * Offering documents (ADR 73): the issuer attaches a PDF to its token in the console, an investor
 * downloads it from the purchase dialog (the exact bytes of the recorded hash) and must tick the
 * acknowledgement before buying; the same box in Arabic, right to left; axe on both dialogs.
 */

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Harbour prospectus\n%%EOF\n');
const sha256 = (bytes: Buffer) => `0x${createHash('sha256').update(bytes).digest('hex')}`;

async function openPurchase(page: Page, name: string, symbol: string) {
  await page.goto(`/dashboard?tab=marketplace&q=${encodeURIComponent(name)}`);
  const row = page.getByTestId('listing-row').filter({ hasText: name });
  await row.getByRole('button').nth(1).click();
  const dialog = page.getByTestId('purchase-dialog').getByRole('dialog');
  await expect(dialog.getByTestId('offering-terms')).toBeVisible();
  await dialog.getByRole('button', { name: new RegExp(symbol) }).click();
  await dialog.getByRole('textbox', { name: new RegExp(symbol) }).fill('2');
  return dialog;
}

test('the issuer attaches a prospectus; an investor downloads it and must acknowledge it to buy', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const problems = watchConsole(page);
  const tag = suffix();
  const name = `Prospectus Offices ${tag}`;
  const symbol = `PD${tag}`;
  const issuer = await issuerWithListedToken(name, symbol);
  const [english, arabic] = await Promise.all([buyer('documents-en'), buyer('documents-ar')]);

  // The issuer console: Documents beside Register and Compliance.
  await submitSignIn(page, issuer.email, '/issuer/login');
  await expect(page).toHaveURL(/\/issuer$/);
  await page.getByTestId('issuer-token-row').filter({ hasText: name }).getByTestId('documents-open').click();
  const console = page.getByTestId('offering-documents-dialog');
  const attach = console.getByTestId('document-attach');
  await expect(attach).toBeDisabled();
  await console.getByTestId('document-name').fill('Prospectus');
  await console.getByTestId('document-input').setInputFiles({
    name: 'prospectus.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await attach.click();
  const version = console.getByTestId('document-version');
  await expect(version.getByTestId('document-status')).toHaveText('Current', { timeout: 60_000 });
  await expect(version).toContainText(sha256(PDF));
  await expectAccessible(page, '[data-testid="offering-documents-dialog"]');
  await transitionsEnded(page);
  await page.screenshot({ path: shotPath('offering-documents-issuer', looks(['en'])[0]!) });
  expect(problems).toEqual([]);

  // The investor: the document is listed with its hash, downloads as the exact bytes, and Buy waits.
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signIn(shopper, english.email);
  let dialog = await openPurchase(shopper, name, symbol);
  const terms = dialog.getByTestId('offering-terms');
  await expect(terms.getByTitle(sha256(PDF))).toBeVisible();
  const [download] = await Promise.all([
    shopper.waitForEvent('download'),
    terms.getByRole('button', { name: 'Download Prospectus' }).click(),
  ]);
  expect(sha256(await readFile((await download.path())!))).toBe(sha256(PDF));
  const buy = dialog.getByRole('button', { name: 'Purchase Tokens' });
  await expect(buy).toBeDisabled();
  await expectAccessible(shopper, '[role="dialog"]');
  await transitionsEnded(shopper);
  await shopper.screenshot({ path: shotPath('offering-documents-purchase', looks(['en'])[0]!) });
  await terms
    .getByRole('checkbox', { name: 'I have read and accept the offering documents: Prospectus.' })
    .check();
  await buy.click();
  await expect(dialog.getByText('Purchase Successful!')).toBeVisible({ timeout: 90_000 });
  await context.close();

  // Arabic, right to left, on a phone: the same box, in Arabic.
  const look = looks(['ar'], (candidate) => candidate.width === 'phone')[0]!;
  const arabicContext = await browser.newContext();
  const arabicPage = await arabicContext.newPage();
  await applyLook(arabicPage, look);
  await signIn(arabicPage, arabic.email);
  dialog = await openPurchase(arabicPage, name, symbol);
  await expect(arabicPage.locator('html')).toHaveAttribute('dir', 'rtl');
  const box = dialog.getByRole('checkbox', { name: 'قرأت مستندات الطرح وأوافق عليها: Prospectus.' });
  const arabicBuy = dialog.getByRole('button', { name: 'شراء الرموز' });
  await expect(arabicBuy).toBeDisabled();
  await box.check();
  await expect(arabicBuy).toBeEnabled();
  await expectAccessible(arabicPage, '[role="dialog"]');
  await transitionsEnded(arabicPage);
  await arabicPage.screenshot({ path: shotPath('offering-documents-purchase', look) });
  await arabicContext.close();
});
