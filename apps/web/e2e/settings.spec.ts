import { expect, test, type Page } from './fixtures';
import { PASSWORD, registerAccount, signInWithApi, uniqueEmail } from './portal';

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a new user changes each setting and finds it kept after a reload', async ({ page }) => {
  const email = uniqueEmail('settings');
  await registerAccount({ name: 'Sam Settings', email, role: 'investor' });
  await signIn(page, email);
  await page.goto('/account-settings');

  // Personal Details: saved, kept, and the account menu shows the new name.
  await page.getByRole('textbox', { name: 'First Name' }).fill('Samira');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Saleh-Settings');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+33 1 23 45 67 89');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Profile saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Samira');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+33 1 23 45 67 89');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toContainText('Samira Saleh-Settings');
  await page.keyboard.press('Escape');

  // Preferences: the switches start on; theme and language are saved to the account.
  await page.getByRole('tab', { name: 'Preferences' }).click();
  const sms = page.getByRole('switch', { name: 'SMS notifications' });
  await expect(sms).toBeChecked();
  await sms.click();
  await expect(sms).not.toBeChecked();
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect
    .poll(async () => (await (await page.request.get('/api/settings')).json()).settings.preferences)
    .toMatchObject({ theme: 'dark', notifySms: false });
  await page.reload();
  await expect(page.getByRole('switch', { name: 'SMS notifications' })).not.toBeChecked();

  // Another browser signing in gets the account's theme, and the first one sees it listed.
  const second = await page.context().browser()!.newContext();
  const other = await second.newPage();
  await signIn(other, email);
  expect(await other.evaluate(() => localStorage.getItem('themeMode'))).toBe('dark');
  await second.close();

  // Security: both sessions are listed; 'Log out from all other devices' leaves only this one.
  await page.getByRole('tab', { name: 'Security' }).click();
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Log out from all other devices' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions).toContainText('This device');
});

test('notifications arrive live with an unread badge and can be marked read', async ({ page }) => {
  const email = uniqueEmail('notes');
  await registerAccount({ name: 'Nora Notes', email, role: 'investor' });
  await signIn(page, email);
  // The sign-in from this browser is new to the account (it registered through the API): an alert.
  await expect(page.getByRole('button', { name: 'Account menu, unread notifications: 1' })).toBeVisible();
  // A vault created from another device: its notification is pushed to this page.
  const token = await signInWithApi(email, PASSWORD);
  const created = await fetch(`${process.env.PORTAL_E2E_URL}/api/vault/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ autoFuel: false }),
  });
  expect(created.status).toBe(201);
  const menuButton = page.getByRole('button', { name: 'Account menu, unread notifications: 2' });
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  await page.getByRole('menuitem', { name: /Notifications/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toContainText('Your vault is ready');
  await expect(dialog).toContainText(/New sign-in from Chrome on/);
  await dialog.getByRole('button', { name: 'Mark all as read' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
});

test('a deactivated account is signed out and refused at sign-in with a clear message', async ({ page }) => {
  const email = uniqueEmail('leaving');
  await registerAccount({ name: 'Leo Leaving', email, role: 'investor' });
  await signIn(page, email);
  await page.goto('/account-settings?section=account');
  await page.getByRole('button', { name: 'Deactivate Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate your account?' });
  await dialog.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText('Your account has been deactivated.');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('This account has been deactivated.');
});
