import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQueryClient } from '../../../testing/query-client';
import { sampleUser } from '../../../testing/sample-user';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { BlockchainIdentity } from './BlockchainIdentity';

const DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
const ETH = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const TX = `0x${'cd'.repeat(32)}`;

const profile = (wallets: Array<{ assetId: string; address: string }>) => ({
  success: true,
  user: sampleUser({ wallets }),
});

const sbt = (minted: boolean) => ({
  id: '0b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11',
  imageId: 'aurora',
  imageUrl: 'http://portal.test/ipfs/bafy-aurora',
  name: 'Aurora',
  status: minted ? 'minted' : 'created',
  minted,
  txHash: minted ? TX : null,
  tokenId: minted ? '1' : null,
  contractAddress: null,
  holderAddress: ETH,
  explorerUrl: minted ? `http://portal.test/explorer/tx/${TX}` : null,
  vcCid: null,
  vcUrl: null,
  error: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  mintedAt: null,
});

const render = () =>
  renderAt(
    '/account-settings?section=blockchain',
    withQueryClient(<BlockchainIdentity />),
    '/account-settings',
  );

beforeAll(setUpI18n);

describe('BlockchainIdentity', () => {
  it('fetches the DID when opened, shows and copies it; shows a minted SBT with its explorer link', async () => {
    const calls = stubFetch((path) => {
      if (path === '/api/settings/wallets') return json(200, { success: true, wallets: [] });
      if (path === '/api/did/') return json(200, { success: true, didMetadata: { did: DID } });
      if (path === '/api/sbt/list') return json(200, { success: true, sbts: [sbt(true)] });
      return json(200, profile([{ assetId: 'ETH_TEST5', address: ETH }]));
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByTestId('settings-did')).toHaveTextContent(DID);
    expect(calls.filter((call) => call.path === '/api/did/')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Copy DID' }));
    expect(await navigator.clipboard.readText()).toBe(DID);
    expect(await screen.findByTestId('sbt-status')).toHaveTextContent('Minted on Blockchain');
    expect(screen.getByRole('link', { name: 'View on Explorer' })).toHaveAttribute(
      'href',
      `http://portal.test/explorer/tx/${TX}`,
    );
    const wallets = await screen.findByRole('list', { name: 'Connected wallets' });
    expect(within(wallets).getByText('0x9858…da94')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect New Wallet' })).toBeEnabled();
  });

  it('an SBT not minted yet reads Created (Pending Mint); none offers Create SBT', async () => {
    stubFetch((path) => {
      if (path === '/api/settings/wallets') return json(200, { success: true, wallets: [] });
      if (path === '/api/did/') return json(200, { success: true, didMetadata: { did: DID } });
      if (path === '/api/sbt/list') return json(200, { success: true, sbts: [sbt(false)] });
      return json(200, profile([]));
    });
    render();
    expect(await screen.findByTestId('sbt-status')).toHaveTextContent('Created (Pending Mint)');
    expect(screen.queryByRole('link', { name: 'View on Explorer' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
  });

  it('without an SBT links to the SBT tab with the design dialog open', async () => {
    stubFetch((path) =>
      path === '/api/settings/wallets'
        ? json(200, { success: true, wallets: [] })
        : path === '/api/sbt/list'
          ? json(200, { success: true, sbts: [] })
          : path === '/api/did/'
            ? json(200, { success: true, didMetadata: null })
            : json(200, profile([])),
    );
    render();
    expect(await screen.findByRole('link', { name: 'Create SBT' })).toHaveAttribute(
      'href',
      '/dashboard?tab=sbt&create=1',
    );
  });

  it('Create DID: DID created successfully!', async () => {
    let did: { did: string } | null = null;
    stubFetch((path) => {
      if (path === '/api/settings/wallets') return json(200, { success: true, wallets: [] });
      if (path === '/api/did/start') {
        did = { did: DID };
        return json(200, { success: true, didMetadata: did, message: 'DID generated successfully!' });
      }
      if (path === '/api/did/') return json(200, { success: true, didMetadata: did });
      if (path === '/api/sbt/list') return json(200, { success: true, sbts: [] });
      return json(200, profile([]));
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Create DID' }));
    expect(await screen.findByText('DID created successfully!')).toBeInTheDocument();
    expect(await screen.findByTestId('settings-did')).toHaveTextContent(DID);
  });

  it('Create DID failures: the server reason, or Error creating DID. without an answer', async () => {
    let reachable = true;
    stubFetch((path) => {
      if (path === '/api/settings/wallets') return json(200, { success: true, wallets: [] });
      if (path === '/api/did/start') {
        return reachable
          ? json(503, { success: false, error: 'Service unavailable' })
          : Promise.reject(new TypeError('Failed to fetch'));
      }
      if (path === '/api/did/') return json(200, { success: true, didMetadata: null });
      if (path === '/api/sbt/list') return json(200, { success: true, sbts: [] });
      return json(200, profile([]));
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Create DID' }));
    expect(await screen.findByText('Failed to create DID: Service unavailable')).toBeInTheDocument();
    reachable = false;
    await user.click(screen.getByRole('button', { name: 'Create DID' }));
    await waitFor(() => expect(screen.getByText('Error creating DID.')).toBeInTheDocument());
  });

  it('Connect Wallet: signs an EIP-4361 message with the browser wallet and lists the linked wallet', async () => {
    const linked = {
      id: '3b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11',
      address: ETH,
      chainId: 11155111,
      linkedAt: '2026-11-22T10:00:00.000Z',
    };
    let wallets: unknown[] = [];
    const calls = stubFetch((path) => {
      if (path === '/api/settings/wallets') return json(200, { success: true, wallets });
      if (path === '/api/settings/wallets/nonce')
        return json(200, {
          success: true,
          nonce: 'abcdefgh12345678',
          domain: 'portal.test',
          uri: 'http://portal.test',
        });
      if (path === '/api/settings/wallets/link') {
        wallets = [linked];
        return json(200, { success: true, message: 'Wallet connected', wallets });
      }
      if (path === '/api/did/') return json(200, { success: true, didMetadata: null });
      if (path === '/api/sbt/list') return json(200, { success: true, sbts: [] });
      return json(200, profile([]));
    });
    const requests: Array<{ method: string; params?: unknown[] }> = [];
    (window as { ethereum?: unknown }).ethereum = {
      request: async (args: { method: string; params?: unknown[] }) => {
        requests.push(args);
        if (args.method === 'eth_requestAccounts') return [ETH];
        if (args.method === 'eth_chainId') return '0xaa36a7';
        return `0x${'11'.repeat(65)}`;
      },
    };
    try {
      const user = userEvent.setup();
      render();
      await user.click(await screen.findByRole('button', { name: 'Connect Wallet' }));
      expect(await screen.findByText('Wallet connected')).toBeInTheDocument();
      const sent = calls.find((call) => call.path === '/api/settings/wallets/link')!.body as {
        message: string;
      };
      expect(sent.message).toContain(`portal.test wants you to sign in with your Ethereum account:\n${ETH}`);
      expect(sent.message).toContain('Chain ID: 11155111\nNonce: abcdefgh12345678');
      expect(requests.map((r) => r.method)).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
      const list = await screen.findByRole('list', { name: 'Linked wallets' });
      expect(within(list).getByText('0x9858…da94')).toBeInTheDocument();
    } finally {
      delete (window as { ethereum?: unknown }).ethereum;
    }
  });

  it('Connect Wallet without a browser wallet says how to get one', async () => {
    stubFetch((path) => {
      if (path === '/api/settings/wallets') return json(200, { success: true, wallets: [] });
      if (path === '/api/did/') return json(200, { success: true, didMetadata: null });
      if (path === '/api/sbt/list') return json(200, { success: true, sbts: [] });
      return json(200, profile([]));
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByText(/No browser wallet found/)).toBeInTheDocument();
  });
});
