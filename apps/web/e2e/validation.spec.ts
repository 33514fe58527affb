import { expect, test, type Page } from './fixtures';

/** docs/product.md §5: every client rule shows its exact message under its field, and nothing is sent. */
async function helperOf(page: Page, label: string, exact = false) {
  const id = await page.getByRole('textbox', { name: label, exact }).getAttribute('id');
  return page.locator(`#${id}-helper`);
}

function countCalls(page: Page, path: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request.url());
  });
  return calls;
}

test('sign-in: required fields and the email shape', async ({ page }) => {
  const calls = countCalls(page, '/api/auth/login');
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(await helperOf(page, 'Email')).toHaveText('Email is required');
  await expect(await helperOf(page, 'Password', true)).toHaveText('Password is required');

  await page.getByLabel('Email').fill('  not-an-email  ');
  await expect(await helperOf(page, 'Email')).toHaveText('Please enter a valid email address');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
  await expect(await helperOf(page, 'Password', true)).toHaveText('Password must be at least 6 characters');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(await helperOf(page, 'Email')).toHaveText('Please enter a valid email address');
  expect(calls).toHaveLength(0);
});

test('registration: every rule of docs/product.md §5', async ({ page }) => {
  const calls = countCalls(page, '/api/auth/register');
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(await helperOf(page, 'Full Name')).toHaveText('Name is required');
  await expect(await helperOf(page, 'Email Address')).toHaveText('Email is required');
  await expect(await helperOf(page, 'Password', true)).toHaveText('Password is required');
  await expect(await helperOf(page, 'Confirm Password')).toHaveText('Please confirm your password');

  const name = page.getByLabel('Full Name');
  await name.fill(' A ');
  await expect(await helperOf(page, 'Full Name')).toHaveText('Name must be at least 2 characters');
  await name.fill('R2 D2');
  await expect(await helperOf(page, 'Full Name')).toHaveText('Name can only contain letters and spaces');
  await name.fill('Zoë Ångström');
  await expect(await helperOf(page, 'Full Name')).toHaveCount(0);

  await page.getByLabel('Email Address').fill('zoe@');
  await expect(await helperOf(page, 'Email Address')).toHaveText('Please enter a valid email address');

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('12345');
  await expect(await helperOf(page, 'Password', true)).toHaveText('Password must be at least 6 characters');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('123456');
  await page.getByLabel('Confirm Password').fill('1234567');
  await expect(await helperOf(page, 'Confirm Password')).toHaveText('Passwords do not match');
  expect(calls).toHaveLength(0);
});

test('messages follow the chosen language', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'fr'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(await helperOf(page, 'E-mail')).toHaveText('L’adresse e-mail est obligatoire');
});
