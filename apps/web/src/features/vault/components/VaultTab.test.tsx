import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VaultAddressBalance } from '@portal/shared/holdings';
import type { Vault, Wallet } from '@portal/shared/vault';
import { useProfile } from '../../auth/api/profile';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { VaultTab } from './VaultTab';

const WALLETS: Wallet[] = [
  { assetId: 'ETH_TEST5', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  { assetId: 'BTC_TEST', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
  { assetId: 'SOL_TEST', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' },
  { assetId: 'XRP_TEST', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' },
  { assetId: 'XLM_TEST', address: 'GAJ5RIVHLSGBHYDTQGEONNTUOTQVTPNP3VOXRBTYFT4P4NDWPJ6Q6F5H' },
];
/** What the chains hold at each address (ADR 68): ETH and a token, SOL, and chains not connected here. */
const BALANCES: VaultAddressBalance[] = WALLETS.map((wallet) => {
  const chain = wallet.assetId.slice(0, 3) as 'ETH' | 'BTC' | 'SOL' | 'XRP' | 'XLM';
  const read: Record<typeof chain, [number, string | null]> = {
    ETH: [18, '1500000000000000000'],
    BTC: [8, null],
    SOL: [9, '2000000000'],
    XRP: [6, null],
    XLM: [7, null],
  };
  const [decimals, balance] = read[chain];
  return {
    ...wallet,
    native: { symbol: chain, decimals, balance, error: balance === null ? 'not-connected' : null },
    tokens:
      chain === 'ETH'
        ? [
            {
              tokenId: '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817',
              symbol: 'HRBR',
              decimals: 2,
              balance: '2500',
              error: null,
            },
          ]
        : [],
  };
});
const VAULT: Vault = {
  vaultId: '12',
  id: '12',
  vaultName: 'Investor vault 4a7c3f0e',
  name: 'Investor vault 4a7c3f0e',
  autoFuel: true,
  provider: 'local',
  createdAt: '2026-11-21T12:00:00.000Z',
};

type Answer = (body: unknown) => Response;

/** The vault API, answering each path as `overrides` says or as a user without a vault. */
function vaultApi(overrides: Record<string, Answer> = {}) {
  const answers: Record<string, Answer> = {
    '/api/vault/info': () => json(200, { success: true, vault: null, wallets: [], provider: 'local' }),
    '/api/vault/wallets': () => json(200, { success: true, wallets: WALLETS }),
    '/api/vault/balances': () => json(200, { success: true, balances: BALANCES }),
    '/api/vault/create': () => json(201, { success: true, vault: VAULT, wallets: WALLETS }),
    '/api/vault/test-connection': () => json(200, { success: true, vaultCount: 3, provider: 'local' }),
    '/api/auth/profile': () => json(200, { success: true, user: { email: 'ada@example.com', wallets: [] } }),
    ...overrides,
  };
  return stubFetch((path, body) => {
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer(body);
  });
}

const withVault = () => json(200, { success: true, vault: VAULT, wallets: WALLETS, provider: 'local' });

/** What the account menu does: it keeps the profile on screen. */
function ProfileReader() {
  useProfile();
  return null;
}

function renderVault() {
  const user = userEvent.setup();
  renderAt(
    '/vault',
    withQueryClient(
      <>
        <VaultTab />
        <ProfileReader />
      </>,
    ),
  );
  return user;
}

beforeAll(setUpI18n);

describe('VaultTab without a vault', () => {
  it('loads the info on open, says there is none and shows the exact empty table text', async () => {
    const calls = vaultApi();
    renderVault();
    const status = await screen.findByTestId('vault-status');
    expect(within(status).getByText('No vault')).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: 'Create Vault' })).toBeInTheDocument();
    expect(
      screen.getByText('No wallet addresses found. Click "Refresh Info" to sync your wallets.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About Vaults' })).toBeInTheDocument();
    // Local HD custody is what protects the keys here: no multi-signature is claimed.
    for (const point of ['Encrypted key custody', 'Auto-fuel', 'Multi-blockchain support']) {
      expect(screen.getByText(point)).toBeInTheDocument();
    }
    expect(screen.queryByText(/Multi-signature/)).toBeNull();
    expect(screen.getByText(/AES-256-GCM/)).toBeInTheDocument();
    // No vault, no provider read for wallets.
    expect(calls.map((call) => call.path).filter((path) => path.startsWith('/api/vault'))).toEqual([
      '/api/vault/info',
    ]);
    expect(screen.queryByTestId('wallet-display')).toBeNull();
  });

  it('confirms on local custody under "Create Vault", naming the provider, then shows the vault', async () => {
    const calls = vaultApi();
    const user = renderVault();
    await user.click(await screen.findByRole('button', { name: 'Create Vault' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Vault' });
    expect(dialog).toHaveTextContent('Local HD custody');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Create Vault' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create Vault' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByTestId('vault-status')).getByText('Active')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Wallet addresses' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + WALLETS.length);
    expect(within(table).getByText('Ethereum Sepolia (testnet)')).toBeInTheDocument();
    expect(within(table).getByText(WALLETS[1]!.address)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/vault/create')).toEqual({
      path: '/api/vault/create',
      method: 'POST',
      body: { autoFuel: true },
    });
    // The profile (overview wallets, account menu) is asked again.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/auth/profile')).toHaveLength(2));
  });

  it('titles the confirmation with Fireblocks when that is the custody provider', async () => {
    vaultApi({
      '/api/vault/info': () => json(200, { success: true, vault: null, wallets: [], provider: 'fireblocks' }),
    });
    const user = renderVault();
    await user.click(await screen.findByRole('button', { name: 'Create Vault' }));
    expect(await screen.findByRole('dialog', { name: 'Create Fireblocks Vault' })).toBeInTheDocument();
  });

  it('counts a creation only when the answer holds a vault, and keeps the modal open on failure', async () => {
    let answer = () => json(201, { success: true, wallets: [] });
    vaultApi({ '/api/vault/create': () => answer() });
    const user = renderVault();
    await user.click(await screen.findByRole('button', { name: 'Create Vault' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create Vault' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create vault');
    expect(alert).toHaveTextContent('Invalid vault creation response');

    answer = () => json(502, { success: false, code: 'BAD_GATEWAY', error: 'Failed to create vault' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Vault' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).not.toHaveTextContent('Invalid'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to create vault$/);
    expect(within(screen.getByTestId('vault-status')).getByText('No vault')).toBeInTheDocument();
  });

  it('shows a dismissible banner when the info cannot be loaded', async () => {
    vaultApi({
      '/api/vault/info': () =>
        json(500, { success: false, error: 'Something went wrong. Please try again.' }),
    });
    const user = renderVault();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to get vault information');
    expect(banner).toHaveTextContent('Something went wrong. Please try again.');
    await user.click(within(banner).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('VaultTab with a vault', () => {
  it('lists the wallets with friendly names, compact addresses, QR codes and copy', async () => {
    vaultApi({ '/api/vault/info': withVault });
    const user = renderVault();
    const display = await screen.findByTestId('wallet-display');
    expect(await within(display).findByText('XRP Ledger testnet')).toBeInTheDocument();
    expect(within(display).getByText('0x5290…9EE7')).toBeInTheDocument();
    expect(within(display).getByText('GAJ5RI…6F5H')).toBeInTheDocument();

    await user.click(within(display).getByRole('button', { name: 'Copy Bitcoin testnet address' }));
    expect(await navigator.clipboard.readText()).toBe(WALLETS[1]!.address);
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();

    await user.click(within(display).getByRole('button', { name: 'Show QR code for Solana devnet/testnet' }));
    const qr = await screen.findByRole('dialog', { name: 'Solana devnet/testnet address' });
    expect(within(qr).getByRole('img', { name: WALLETS[2]!.address })).toBeInTheDocument();
    expect(within(qr).getByTestId('qr-address')).toHaveTextContent(WALLETS[2]!.address);
  });

  it("shows each address's balances read from the chains, or that its chain is not connected", async () => {
    vaultApi({ '/api/vault/info': withVault });
    renderVault();
    const header = await screen.findByRole('columnheader', { name: 'Balance' });
    const table = header.closest('table')!;
    expect(table).toHaveAccessibleName('Wallet addresses');
    const row = (address: string) => within(table).getByText(address).closest('tr')!;
    await waitFor(() => expect(row(WALLETS[0]!.address)).toHaveTextContent('1.5 ETH'));
    expect(row(WALLETS[0]!.address)).toHaveTextContent('25 HRBR');
    expect(row(WALLETS[2]!.address)).toHaveTextContent('2 SOL');
    expect(row(WALLETS[1]!.address)).toHaveTextContent('Not connected');
    expect(row(WALLETS[3]!.address)).toHaveTextContent('Not connected');
  });

  it('says when the wallets cannot be loaded and retries', async () => {
    let fail = true;
    vaultApi({
      '/api/vault/info': withVault,
      '/api/vault/wallets': () =>
        fail
          ? json(502, { success: false, error: 'Failed to load wallets.' })
          : json(200, { success: true, wallets: WALLETS }),
    });
    const user = renderVault();
    const display = await screen.findByTestId('wallet-display');
    expect(await within(display).findByText('Failed to load wallets.')).toBeInTheDocument();
    fail = false;
    await user.click(within(display).getByRole('button', { name: 'Retry' }));
    expect(await within(display).findByText('Stellar testnet')).toBeInTheDocument();
    expect(within(display).queryByText('Failed to load wallets.')).toBeNull();
  });

  it('says when the provider reports no wallets, and offers to refresh', async () => {
    let wallets: Wallet[] = [];
    const calls = vaultApi({
      '/api/vault/info': withVault,
      '/api/vault/wallets': () => json(200, { success: true, wallets }),
    });
    const user = renderVault();
    const display = await screen.findByTestId('wallet-display');
    expect(await within(display).findByText('No wallet addresses found.')).toBeInTheDocument();
    wallets = WALLETS;
    await user.click(within(display).getByRole('button', { name: 'Refresh to sync' }));
    expect(await within(display).findByText('Bitcoin testnet')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/vault/wallets')).toHaveLength(2);
  });

  it("'Refresh Info' reloads the info and re-reads the wallets and their balances", async () => {
    const calls = vaultApi({ '/api/vault/info': withVault });
    const user = renderVault();
    await screen.findByText('Ethereum Sepolia (testnet)', { selector: 'p' });
    const vaultCalls = () => calls.filter((call) => call.path.startsWith('/api/vault')).map((c) => c.path);
    await waitFor(() => expect(vaultCalls()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Refresh Info' }));
    await waitFor(() => expect(vaultCalls()).toHaveLength(6));
    // The balances are read again from the chains with the wallets (ADR 68).
    expect(vaultCalls().slice(3).sort()).toEqual([
      '/api/vault/balances',
      '/api/vault/info',
      '/api/vault/wallets',
    ]);
  });
});

describe('Test Connection', () => {
  it("shows 'Connection successful' and the vault count", async () => {
    vaultApi();
    const user = renderVault();
    await user.click(await screen.findByRole('button', { name: 'Test Connection' }));
    const result = (await screen.findByText('Connection successful')).closest('[role="status"]');
    expect(result).not.toBeNull();
    expect(result).toHaveTextContent('Found 3 vault(s)');
  });

  it("shows 'Connection failed' with the detail", async () => {
    vaultApi({
      '/api/vault/test-connection': () =>
        json(502, { success: false, error: 'Failed to test Fireblocks connection' }),
    });
    const user = renderVault();
    await user.click(await screen.findByRole('button', { name: 'Test Connection' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Connection failed');
    expect(alert).toHaveTextContent('Failed to test Fireblocks connection');
  });
});
