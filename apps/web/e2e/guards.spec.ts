import { expect, test, type Page } from './fixtures';
import { PASSWORD, registerAccount, uniqueEmail } from './portal';

async function signIn(page: Page) {
  const email = uniqueEmail('guard');
  await registerAccount({ name: 'Guard Tester', email, role: 'investor' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('signed out: / and every protected page lead to /login', async ({ page }) => {
  for (const path of ['/', '/dashboard', '/dashboard?tab=vault', '/vault', '/account-settings']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Investor Portal' })).toBeVisible();
  }
  await page.goto('/register');
  await expect(page).toHaveURL(/\/register$/);
});

test('signed in: / and the sign-in pages lead to /dashboard; tabs live in the URL', async ({ page }) => {
  await signIn(page);
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }

  await page.getByRole('link', { name: 'My Vault', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=vault$/);
  await expect(page.getByTestId('topbar-title')).toHaveText('My Vault');
  await expect(page.getByRole('link', { name: 'My Vault', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.goto('/dashboard?tab=portfolio');
  await expect(page.getByTestId('topbar-title')).toHaveText('Portfolio');
  // Portfolio is the holdings view (ADR 68): nothing held yet.
  await expect(page.getByRole('heading', { level: 2, name: 'Portfolio' })).toBeVisible();
  await expect(page.getByText('No Assets Yet', { exact: true })).toBeVisible();

  await page.goto('/vault');
  await expect(page.getByTestId('topbar-title')).toHaveText('My Vault');

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole('tab', { name: 'Personal Details' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
});

test('signing out in another tab signs this tab out (storage event)', async ({ page, context }) => {
  await signIn(page);
  const other = await context.newPage();
  await other.goto('/dashboard');
  await other.evaluate(() => localStorage.removeItem('authToken'));
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown routes get a real 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the portal' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
