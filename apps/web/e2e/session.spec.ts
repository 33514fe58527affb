import { expect, test } from './fixtures';
import { changePasswordWithApi, PASSWORD, registerAccount, signInWithApi, uniqueEmail } from './portal';

test('when the server revokes the session, the next action signs out with "Session expired"', async ({
  page,
}) => {
  const email = uniqueEmail('revoked');
  await registerAccount({ name: 'Rita Revoked', email, role: 'investor' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Security' }).click();
  // The tab has loaded (its sessions list) before the session dies elsewhere.
  await expect(page.getByRole('list', { name: 'Active sessions' })).toBeVisible();

  // Elsewhere, the password changes: the server revokes every other session, this one included.
  const otherDevice = await signInWithApi(email, PASSWORD);
  await changePasswordWithApi(otherDevice, PASSWORD, 'changed-elsewhere-1');

  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/refresh') refreshes.push(response.status());
  });
  await page.getByRole('textbox', { name: 'Current Password' }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'New Password' }).fill('my-own-new-one-2');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('my-own-new-one-2');
  await page.getByRole('button', { name: 'Change Password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText('Session expired. Please log in again.');
  expect(refreshes).toEqual([401]);
  expect(
    await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('userData')]),
  ).toEqual([null, null]);
});

test('an expired access token is refreshed once and the action goes through', async ({ page, context }) => {
  const email = uniqueEmail('refresh');
  await registerAccount({ name: 'Rafael Refresh', email, role: 'investor' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Drop the access-token cookie, as its 15-minute lifetime would: the refresh cookie remains.
  const cookies = await context.cookies();
  await context.clearCookies({ name: '__Host-portal_at' });
  expect(cookies.some((cookie) => cookie.name === '__Host-portal_rt')).toBe(true);

  const calls: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/auth/')) calls.push(`${path} ${response.status()}`);
  });
  await page.reload();
  await expect(page.getByTestId('overview-stats')).toBeVisible();
  expect(calls).toEqual(['/api/auth/profile 401', '/api/auth/refresh 200', '/api/auth/profile 200']);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe('cookie_session');
});
