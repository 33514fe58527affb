import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './a11y';
import { bought, issuerWithListedToken, session } from './compliance';
import { buyer, signIn, submitSignIn, watchConsole } from './identity';
import { applyLook, looks } from './looks';

/**
 * The register of holders (ADR 69): after a purchase the issuer sees the holder as an identity key,
 * downloads the CSV, and sees the holder's name once the holder consents in their settings;
 * in English and Arabic, accessible.
 */

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase();

async function openRegister(page: Page, name: string) {
  await page.goto('/issuer');
  const row = page.getByTestId('issuer-token-row').filter({ hasText: name });
  await row.getByTestId('register-open').click();
  const dialog = page.getByTestId('register-dialog');
  await expect(dialog.getByTestId('register-row').first()).toBeVisible();
  return dialog;
}

test('the issuer reads the register, downloads it, and sees a name only once the holder consents', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const problems = watchConsole(page);
  const tag = suffix();
  const name = `Register Offices ${tag}`;
  const symbol = `RG${tag}`;
  const issuer = await issuerWithListedToken(name, symbol);
  const holder = await buyer('register-holder');
  await bought(await session(holder.email), issuer.listingId, '5', holder.did);

  await submitSignIn(page, issuer.email, '/issuer/login');
  await expect(page).toHaveURL(/\/issuer$/);
  let dialog = await openRegister(page, name);
  let row = dialog.getByTestId('register-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0.500000%');
  await expect(row).toContainText('100.000000%');
  // Private by default: the identity key, never the name or the e-mail.
  await expect(row.getByTestId('register-key')).toHaveText(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/);
  await expect(row).not.toContainText('Sofia Bauer');
  await expect(dialog).not.toContainText(holder.email);
  await expectAccessible(page, '[data-testid="register-dialog"]');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^register-${symbol}-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    'identity_key,name,verified,balance,percent_of_supply,percent_of_circulating,frozen,locked_until,first_acquired_at,last_acquired_at,acquisitions',
  );
  expect(lines[1]).toMatch(/^0x[0-9a-f]{64},,yes,5,0\.500000,100\.000000,0,/);

  // The holder consents in Account Management.
  const investor = await browser.newContext();
  const investorPage = await investor.newPage();
  await signIn(investorPage, holder.email);
  await investorPage.goto('/account-settings?section=account');
  const consent = investorPage.getByRole('switch', { name: 'Show my name to the issuers of tokens I hold' });
  await expect(consent).not.toBeChecked();
  await consent.click();
  await expect(consent).toBeChecked();
  await investor.close();

  dialog = await openRegister(page, name);
  row = dialog.getByTestId('register-row');
  await expect(row).toContainText('Sofia Bauer');
  await row.getByRole('button', { name: 'Show the 1 acquisitions of Sofia Bauer' }).click();
  await expect(dialog.getByRole('list', { name: 'Acquisitions of Sofia Bauer' })).toContainText(
    /0x[0-9a-f]{64}/,
  );
  expect(problems).toEqual([]);

  // Arabic, right to left.
  await applyLook(page, looks(['ar'])[0]!);
  dialog = await openRegister(page, name);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(dialog.getByRole('heading', { name: new RegExp(`سجل الحائزين: ${name}`) })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'تنزيل CSV' })).toBeVisible();
  await expectAccessible(page, '[data-testid="register-dialog"]');
});
