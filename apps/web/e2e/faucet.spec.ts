import { expectAccessible } from './a11y';
import { expect, test } from './fixtures';
import { signIn, watchConsole } from './identity';
import { applyLook, looks, shotPath } from './looks';
import { registerAccount, uniqueEmail } from './portal';

/**
 * Test funds (ADR 70): an investor's new vault starts with 0.1 ETH and 1,000 tUSD; 'Get test funds'
 * on the Ethereum address adds 0.05 ETH and 1,000 tUSD, and the balance column shows both rise;
 * the dialog again in Arabic, right to left; axe on both.
 */
test('an investor asks for test ETH and tUSD and sees the vault balances rise', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const email = uniqueEmail('faucet');
  await registerAccount({ name: 'Fay Faucet', email, role: 'investor' });
  await signIn(page, email);

  await page.goto('/vault');
  const status = page.getByTestId('vault-status');
  await status.getByRole('button', { name: 'Create Vault' }).click();
  const create = page.getByRole('dialog', { name: 'Create Vault' });
  await create.getByRole('button', { name: 'Create Vault' }).click();
  await expect(create).toBeHidden();

  const table = page.getByRole('table', { name: 'Wallet addresses' });
  const ethRow = table.getByRole('row').filter({ hasText: 'ETH_TEST5' });
  await expect(ethRow.getByTestId('vault-native-balance')).toHaveText('0.1 ETH');
  await expect(ethRow.getByTestId('vault-stablecoin-balance')).toHaveText('1000 tUSD');

  await ethRow.getByRole('button', { name: 'Get test funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get test funds' });
  await expect(dialog.getByText('3 of 3 left today').first()).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Get 0.05 ETH' }).click();
  await expect(dialog.getByText('0.05 ETH sent to your vault.')).toBeVisible();
  await expect(dialog.getByText('2 of 3 left today')).toBeVisible();
  await dialog.getByRole('button', { name: 'Get 1000 tUSD' }).click();
  await expect(dialog.getByText('1000 tUSD sent to your vault.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await expect(ethRow.getByTestId('vault-native-balance')).toHaveText('0.15 ETH');
  await expect(ethRow.getByTestId('vault-stablecoin-balance')).toHaveText('2000 tUSD');

  // Right to left, in Arabic: the same dialog, what is left today in Arabic.
  const arabic = looks(['ar'])[0]!;
  await applyLook(page, arabic);
  await page.goto('/vault');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabicRow = page.getByRole('row').filter({ hasText: 'ETH_TEST5' });
  await expect(arabicRow.getByTestId('vault-native-balance')).toHaveText('0.15 ETH');
  await arabicRow.getByRole('button', { name: 'الحصول على أموال تجريبية' }).click();
  const arabicDialog = page.getByRole('dialog', { name: 'الحصول على أموال تجريبية' });
  await expect(arabicDialog.getByText('متبقٍ اليوم 2 من 3').first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: shotPath('vault-faucet', arabic) });
  expect(problems).toEqual([]);
});
