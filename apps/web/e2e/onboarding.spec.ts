import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './a11y';
import { apiAs, passKyc, submitSignIn } from './identity';
import { applyLook, looks, shotPath, type Look } from './looks';
import { ADMIN, registerAccount, uniqueEmail } from './portal';

/**
 * Issuer onboarding (ADR 55): an issuer registers and applies, cannot deploy while waiting,
 * completes the application in the console; an administrator approves it in the admin console
 * (audited); the issuer then deploys a token on chain.
 */
// A valid 1×1 PNG: a business document the server checks by content.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('an issuer applies, an administrator approves, then the issuer deploys a token', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('applicant');
  await registerAccount({ name: 'Nadia Haddad', email, role: 'issuer', organisationName: 'Quay Assets Ltd' });

  // Waiting for approval: the console opens, shows what is missing, and creates nothing.
  await submitSignIn(page, email, '/issuer/login');
  await expect(page).toHaveURL(/\/issuer$/);
  const card = page.getByTestId('issuer-application');
  await expect(card.getByTestId('issuer-application-status')).toHaveText('Awaiting approval');
  await expect(card.getByRole('textbox', { name: 'Organisation name' })).toHaveValue('Quay Assets Ltd');
  const missing = card.locator('[data-testid="issuer-requirement"][data-state="missing"]');
  await expect(missing).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Create Token' })).toBeDisabled();
  await page.getByRole('button', { name: 'Create Vault' }).click();
  await expect(page.getByText('Vault created.')).toBeVisible({ timeout: 30_000 });

  // The application completed: business documents here, identity through the KYC service.
  await card.getByTestId('kyb-input').setInputFiles({
    name: 'incorporation.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG, 'base64'),
  });
  await expect(card.getByText('Uploaded: 1')).toBeVisible();
  await passKyc(await apiAs(email));
  await page.reload();
  await expect(missing).toHaveCount(0);
  await expect(card).toContainText('Your application is complete');
  await expectAccessible(page);

  // The administrator approves it from the Issuers tab; the audit log keeps it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin?tab=issuers');
  const row = admin.getByTestId('admin-issuer-row').filter({ hasText: email });
  await expect(row).toContainText('Quay Assets Ltd');
  await expect(row).toContainText('Complete');
  await expectAccessible(admin);
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Quay Assets Ltd may now issue tokens')).toBeVisible();
  await expect(row).toContainText('Approved');
  await admin.goto('/admin?tab=audit');
  await expect(admin.getByTestId('admin-audit-row').filter({ hasText: 'Issuer approved' })).toBeVisible();
  await adminContext.close();

  // Approved: the application is gone from the console, and a token deploys on chain.
  await page.reload();
  await expect(page.getByTestId('issuer-application')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Token' });
  await dialog.getByRole('textbox', { name: /Token name/ }).fill('Quay Notes');
  await dialog.getByRole('textbox', { name: /Symbol/ }).fill('QUAY');
  await dialog.getByRole('textbox', { name: /Total supply/ }).fill('500');
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(dialog).toBeHidden();
  const tokenRow = page.getByTestId('issuer-token-row').filter({ hasText: 'Quay Notes' });
  await expect(tokenRow.getByTestId('token-status')).toHaveText('DEPLOYED', { timeout: 90_000 });
});

/** The screens this flow changed, reviewed at desktop and phone width in English and Arabic. */
for (const look of looks(['en', 'ar'], (l) => l.theme === 'light')) {
  test(`issuer application and the admin's issuers tab: ${look.name}`, async ({ page, browser }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(`applicant-${look.language}`);
    await registerAccount({
      name: 'Nadia Haddad',
      email,
      role: 'issuer',
      organisationName: 'Quay Assets Ltd',
    });
    await applyLook(page, look);
    await submitSignIn(page, email, '/issuer/login');
    await expect(page.getByTestId('issuer-application')).toBeVisible();
    await page.screenshot({ path: shotPath('issuer-application', look), fullPage: true });
    await expectNoSidewaysScroll(page, look);

    const context = await browser.newContext();
    const admin = await context.newPage();
    await applyLook(admin, look);
    await signInAsAdmin(admin);
    await admin.goto('/admin?tab=issuers');
    await expect(admin.getByTestId('admin-issuer-row').first()).toBeVisible();
    await admin.screenshot({ path: shotPath('admin-issuers', look), fullPage: true });
    await context.close();
  });
}

/** The page itself never scrolls sideways: wide tables scroll inside their own card. */
async function expectNoSidewaysScroll(page: Page, look: Look) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `page wider than the ${look.width} viewport`).toBeLessThanOrEqual(0);
}
