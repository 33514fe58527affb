import { expect, test, type Page } from './fixtures';
import { PASSWORD, registerAccount, uniqueEmail } from './portal';

const storage = (page: Page) =>
  page.evaluate(() => ({
    authToken: localStorage.getItem('authToken'),
    refreshToken: localStorage.getItem('refreshToken'),
    userData: localStorage.getItem('userData'),
  }));

test('register goes to the dashboard; logout returns to sign-in; signing in again works', async ({
  page,
}) => {
  const email = uniqueEmail('grace');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create Investor Account' })).toBeVisible();
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('topbar-title')).toHaveText('Investor Dashboard');
  await expect(page.getByRole('heading', { name: 'Investment Dashboard' })).toBeVisible();
  const signedIn = await storage(page);
  expect(signedIn.authToken).toBe('cookie_session');
  expect(signedIn.refreshToken).toBeNull();
  expect(JSON.parse(signedIn.userData!)).toMatchObject({ email, role: 'INVESTOR', name: 'Grace Hopper' });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page.getByRole('menuitem', { name: 'KYC Verification' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await storage(page)).toEqual({ authToken: null, refreshToken: null, userData: null });
  // The server ended the session too: its cookies no longer open the profile.
  expect(await page.evaluate(() => fetch('/api/auth/profile').then((r) => r.status))).toBe(401);

  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Investment Dashboard' })).toBeVisible();
});

test('server errors: a taken email under its field, wrong credentials above the form', async ({ page }) => {
  const email = uniqueEmail('taken');
  await registerAccount({ name: 'Taken Name', email, role: 'investor' });

  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Another Person');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.locator('#' + (await page.getByLabel('Email Address').getAttribute('id')) + '-helper'),
  ).toHaveText('An account with this email already exists');
  await expect(page).toHaveURL(/\/register$/);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('secret-value');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});
