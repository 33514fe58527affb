import { expect, test } from './fixtures';
import { expectAccessible } from './a11y';
import { actionsSettled, issuerWithListedToken } from './compliance';
import { buyer, signIn, watchConsole } from './identity';
import { applyLook, looks, shotPath } from './looks';

/**
 * Token rules as an investor meets them (docs/product.md §4.12): before paying, the marketplace
 * row and the purchase dialog say why this investor may not buy, in their language.
 */

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase();

test('an investor resident in a blocked country sees why before paying, in English and in Arabic', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  const tag = suffix();
  const name = `Restricted Offices ${tag}`;
  const symbol = `RO${tag}`;
  const issuer = await issuerWithListedToken(name, symbol);
  // The test investors tell KYC they live in Germany (identity.ts).
  await issuer.call('PUT', `/issuer/tokens/${issuer.tokenId}/rules`, {
    allowedCountries: [],
    blockedCountries: ['DEU'],
    accreditedOnly: false,
    maxHolders: null,
    maxBalance: null,
    minPurchase: null,
    maxPurchase: null,
    lockupDays: 0,
    supplyCap: null,
  });
  await actionsSettled(issuer.call, issuer.tokenId);

  const investor = await buyer('blocked');
  await signIn(page, investor.email);
  await page.goto('/dashboard?tab=marketplace');
  await page.getByRole('searchbox', { name: 'Search tokens...' }).fill(name);
  const row = page.getByTestId('listing-row').filter({ hasText: name });
  const english = 'This token is not offered to investors resident in Germany.';
  await expect(row.getByTestId('eligibility-note')).toHaveText(english);

  await row.getByRole('button', { name: `Invest in ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Purchase ${name} (${symbol})` });
  await dialog.getByRole('button', { name: `Tokens (${symbol})` }).click();
  await dialog.getByRole('textbox', { name: `Tokens (${symbol})` }).fill('5');
  const status = dialog.getByTestId('eligibility-status');
  await expect(status).toHaveText(english);
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(dialog.getByRole('button', { name: 'Purchase Tokens' })).toBeDisabled();
  await expectAccessible(page, '[data-testid="purchase-dialog"]');
  await page.screenshot({ path: shotPath('purchase-eligibility', looks(['en'])[0]!) });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The same reason in Arabic, right to left, with the country named in Arabic.
  const arabic = looks(['ar'])[0]!;
  await applyLook(page, arabic);
  await page.goto(`/dashboard?tab=marketplace&q=${encodeURIComponent(name)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabicRow = page.getByTestId('listing-row').filter({ hasText: name });
  const inArabic = 'هذا الرمز غير معروض للمستثمرين المقيمين في ألمانيا.';
  await expect(arabicRow.getByTestId('eligibility-note')).toHaveText(inArabic);
  await page.screenshot({ path: shotPath('marketplace-eligibility', arabic) });
  await expectAccessible(page);
  await arabicRow.getByRole('button', { name: `استثمر في ${name}` }).click();
  const arabicDialog = page.getByTestId('purchase-dialog');
  await expect(arabicDialog.getByTestId('eligibility-status')).toHaveText(inArabic);
  await page.screenshot({ path: shotPath('purchase-eligibility', arabic) });
  expect(problems).toEqual([]);
});
