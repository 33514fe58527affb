import { expect, test } from './fixtures';
import { PASSWORD, registerAccount, uniqueEmail } from './portal';

test('the main pages run under the strict CSP without console errors, in both directions', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const email = uniqueEmail('quality');
  await registerAccount({ name: 'Quinn Quality', email, role: 'investor' });
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create Investor Account' })).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('overview-stats')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('topbar-title')).toHaveText('لوحة تحكم المستثمر');
  await page.keyboard.press('Escape');
  await page.goto('/account-settings?section=preferences');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect(problems).toEqual([]);
});
