import { expect, test, type Locator, type Page } from './fixtures';
import { apiAs, submitSignIn } from './identity';
import { applyLook, looks, shotPath } from './looks';
import { ADMIN, approvedIssuer, uniqueEmail } from './portal';

/**
 * The consoles' tables fit where they are read: the admin's listings in their card at a laptop's
 * 1366 px (the Suspend button within reach, amounts in tokens), the issuer's tables at phone
 * width as one labelled block per row.
 */

/** Neither the page nor the table scrolls sideways: everything in the row is on screen. */
async function expectFits(page: Page, table: Locator) {
  const widths = await table.evaluate((region) => ({
    region: region.scrollWidth - region.clientWidth,
    page: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(widths).toEqual({ region: 0, page: 0 });
}

test('admin listings fit their card at 1366 px, in whole tokens, with Suspend visible', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin?tab=listings');
  // The demo market's listings, 18-decimal tokens among them, appear once its tokens deployed.
  const rows = page.getByTestId('admin-listing-row');
  await expect(async () => {
    await page.reload();
    await expect(rows.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await expectFits(page, page.locator('[role="region"]').first());
  for (const row of await rows.all()) {
    // Scrolled to (other suites add listings below the fold): what must fit is the row's width.
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: /Suspend|Lift suspension/ })).toBeInViewport();
    // "sold / reserved / total" in tokens: never an 18-digit base-unit figure.
    await expect(row).not.toContainText(/\d{16,}/);
  }
  await page.screenshot({ path: 'apps/web/e2e/artifacts/admin-listings-1366-light-en.png', fullPage: true });
});

for (const look of looks(['en', 'ar'], (l) => l.theme === 'light' && l.width === 'phone')) {
  test(`the issuer console's tables are readable at phone width: ${look.name}`, async ({ page }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail(`tables-${look.language}`);
    await approvedIssuer({ name: 'Ines Issuer', email });
    const call = await apiAs(email);
    await call('/vault/create', {});
    const { token } = await call<{ token: { id: string } }>('/issuer/tokens', {
      name: 'Harbour Offices',
      symbol: 'HRBR',
      tokenType: 'ERC20',
      assetCategory: 'Real Estate',
      decimals: 18,
      totalSupply: '1000',
    });
    await expect
      .poll(
        async () => (await call<{ token: { status: string } }>(`/issuer/tokens/${token.id}`)).token.status,
        {
          timeout: 90_000,
        },
      )
      .toBe('DEPLOYED');
    await call('/issuer/listings', {
      tokenId: token.id,
      kind: 'direct',
      tokenAmount: '100',
      priceETH: '0.001',
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });

    await applyLook(page, look);
    await submitSignIn(page, email, '/issuer/login');
    await expect(page).toHaveURL(/\/issuer$/);
    const tokens = page.getByTestId('issuer-token-row');
    await expect(tokens).toHaveCount(1);
    await expect(page.getByTestId('issuer-listing-row')).toHaveCount(1);
    for (const region of await page.locator('[role="region"]').all()) await expectFits(page, region);
    // Each value is read with its column's name; the last column's actions are on screen.
    const cancel = await page.getByTestId('issuer-listing-row').getByRole('button').boundingBox();
    expect(cancel!.x).toBeGreaterThanOrEqual(0);
    expect(cancel!.x + cancel!.width).toBeLessThanOrEqual(look.viewport.width);
    await page.screenshot({ path: shotPath('issuer-tables', look), fullPage: true });
  });
}
