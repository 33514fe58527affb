import { expect, test } from './fixtures';
import { ADMIN, PASSWORD, registerAccount, uniqueEmail } from './portal';

test('an issuer is warned and stays on the sign-in page, signed out', async ({ page }) => {
  const email = uniqueEmail('issuer');
  await registerAccount({ name: 'Ivy Issuer', email, role: 'issuer' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('alert')).toContainText(
    'Access warning: This is the investor application. Your role is ISSUER.',
  );
  // …and is shown the way to the issuer console.
  await expect(page.getByRole('link', { name: 'Go to the issuer console' })).toHaveAttribute(
    'href',
    '/issuer/login',
  );
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  // The session the server opened for the issuer was closed again.
  expect(await page.evaluate(() => fetch('/api/auth/profile').then((r) => r.status))).toBe(401);
});

test('an administrator is admitted to the dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData')))!)).toMatchObject({
    role: 'ADMIN',
  });
});
