import { expect, test } from './fixtures';
import { latestMailTo, PASSWORD, registerAccount, uniqueEmail } from './portal';

test('forgot → e-mail → reset → sign in with the new password', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await registerAccount({ name: 'Frank Forgetful', email, role: 'investor' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'If an account exists for that email, a password reset link has been sent.',
  );

  const mail = await latestMailTo(email);
  const link = /(http\S+\/reset-password#token=\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password$/); // the token leaves the address bar
  const newPassword = 'brand-new-secret-9';
  await page.getByRole('textbox', { name: 'New Password' }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('something-else');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your password has been reset. Please sign in with your new password.',
  );
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto(link!);
  await page.getByRole('textbox', { name: 'New Password' }).fill('another-secret-1');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('another-secret-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired.');
});

test('a reset page without a token says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired.');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
