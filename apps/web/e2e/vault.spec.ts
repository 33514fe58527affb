import { expect, test } from './fixtures';
import { PASSWORD, registerAccount, signInWithApi, uniqueEmail, baseUrl } from './portal';
import { applyLook, desktopLightEnglish, looks, shotPath } from './looks';
import { signIn } from './identity';

/**
 * The vault (docs/product.md §2.5): create a vault → five addresses shown → copy → QR → test connection, and the overview
 * following the new vault; screenshots of the page for review.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const FRIENDLY_NAMES = [
  'Ethereum Sepolia (testnet)',
  'Bitcoin testnet',
  'Solana devnet/testnet',
  'XRP Ledger testnet',
  'Stellar testnet',
];

async function walletsOf(email: string): Promise<Array<{ assetId: string; address: string }>> {
  const token = await signInWithApi(email, PASSWORD);
  const response = await fetch(`${baseUrl()}/api/vault/info`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { wallets: Array<{ assetId: string; address: string }> }).wallets;
}

test('create vault → five addresses → copy → QR code → test connection', async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('vault');
  await registerAccount({ name: 'Vera Vault', email, role: 'investor' });
  await signIn(page, email);

  await page.goto('/vault');
  await expect(page.getByTestId('topbar-title')).toHaveText('My Vault');
  const status = page.getByTestId('vault-status');
  await expect(status.getByText('No vault')).toBeVisible();
  await expect(
    page.getByText('No wallet addresses found. Click "Refresh Info" to sync your wallets.'),
  ).toBeVisible();
  await page.screenshot({ path: shotPath('vault-empty', desktopLightEnglish), fullPage: true });

  await status.getByRole('button', { name: 'Create Vault' }).click();
  // Embedded custody: the title is 'Create Vault' and the text names the provider.
  const dialog = page.getByRole('dialog', { name: 'Create Vault' });
  await expect(dialog).toContainText('Local HD custody');
  await page.screenshot({ path: shotPath('vault-create', desktopLightEnglish) });
  await dialog.getByRole('button', { name: 'Create Vault' }).click();
  await expect(dialog).toBeHidden();
  await expect(status.getByText('Active')).toBeVisible();

  // The table: five rows, exactly the addresses the server holds.
  const wallets = await walletsOf(email);
  expect(wallets.map((wallet) => wallet.assetId)).toEqual([
    'ETH_TEST5',
    'BTC_TEST',
    'SOL_TEST',
    'XRP_TEST',
    'XLM_TEST',
  ]);
  const table = page.getByRole('table', { name: 'Wallet addresses' });
  await expect(table.locator('tbody tr')).toHaveCount(5);
  for (const [index, wallet] of wallets.entries()) {
    const row = table.locator('tbody tr').nth(index);
    await expect(row).toContainText(FRIENDLY_NAMES[index]!);
    await expect(row).toContainText(wallet.address);
  }

  // The wallet display: compact addresses (first 6, last 4) with a QR code each.
  const display = page.getByTestId('wallet-display');
  for (const wallet of wallets) {
    await expect(
      display.getByText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`),
    ).toBeVisible();
  }

  // Copy: the clipboard holds the whole address, and the notice says so.
  const eth = wallets[0]!.address;
  await table.getByRole('button', { name: 'Copy Ethereum Sepolia (testnet) address' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Copied to clipboard!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(eth);

  await display.getByRole('button', { name: 'Show QR code for Bitcoin testnet' }).click();
  const qr = page.getByRole('dialog', { name: 'Bitcoin testnet address' });
  await expect(qr.getByRole('img', { name: wallets[1]!.address })).toBeVisible();
  await page.screenshot({ path: shotPath('vault-qr', desktopLightEnglish) });
  await qr.getByRole('button', { name: 'Close' }).click();
  await expect(qr).toBeHidden();

  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText('Connection successful')).toBeVisible();
  await expect(page.getByText(/^Found [1-9]\d* vault\(s\)$/)).toBeVisible();

  // 'Refresh Info' re-reads the provider and changes nothing.
  await page.getByRole('button', { name: 'Refresh Info' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Refresh Info' })).toBeEnabled();

  // The overview reads the profile, refreshed after the creation: five wallets, without a reload.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Overview' })
    .click();
  await expect(page.getByTestId('overview-stats').getByText('5', { exact: true })).toBeVisible();
});

test.describe('vault page screenshots', () => {
  let email: string;
  test.beforeAll(async () => {
    email = uniqueEmail('vaultshots');
    await registerAccount({ name: 'Vera Vault', email, role: 'investor' });
    const token = await signInWithApi(email, PASSWORD);
    const response = await fetch(`${baseUrl()}/api/vault/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(201);
  });

  for (const look of looks()) {
    test(`${look.name}`, async ({ page }) => {
      await applyLook(page, look);
      await signIn(page, email);
      await page.goto('/vault');
      await expect(page.locator('html')).toHaveAttribute('dir', look.language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('wallet-display').locator('li')).toHaveCount(5);
      await page.screenshot({
        path: shotPath('vault', look),
        fullPage: true,
      });
    });
  }
});
