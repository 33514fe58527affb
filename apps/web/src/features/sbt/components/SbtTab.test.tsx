import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Sbt, sbtDisplayStatus } from '@portal/shared/sbt';
import { english } from '../../../i18n/catalogue';
import { setLanguage } from '../../../i18n/i18n';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { SbtTab } from './SbtTab';
import { sampleCredential as credential } from '../../../testing/sample-credential';

const images = [
  { id: 'aurora', name: 'Aurora', url: 'http://portal.test/ipfs/bafy-aurora', description: 'Rings.' },
  {
    id: 'sentinel',
    name: 'Sentinel',
    url: 'http://portal.test/ipfs/bafy-sentinel',
    description: 'A shield.',
  },
  { id: 'orbit', name: 'Orbit', url: 'http://portal.test/ipfs/bafy-orbit', description: 'A new design.' },
];

const SBT_ID = '0b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11';
const TX = `0x${'ab'.repeat(32)}`;

function sbt(overrides: Partial<Sbt> = {}): Sbt {
  return {
    id: SBT_ID,
    imageId: 'sentinel',
    imageUrl: images[1]!.url,
    name: 'Sentinel',
    status: 'created',
    minted: false,
    txHash: null,
    tokenId: null,
    contractAddress: null,
    holderAddress: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    explorerUrl: null,
    vcCid: null,
    vcUrl: null,
    error: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    mintedAt: null,
    ...overrides,
  };
}

const minted = sbt({
  status: 'minted',
  minted: true,
  txHash: TX,
  tokenId: '1',
  explorerUrl: `http://portal.test/explorer/tx/${TX}`,
  vcCid: 'bafkrei-vc',
  vcUrl: 'http://portal.test/ipfs/bafkrei-vc',
  mintedAt: '2026-11-21T10:00:05.000Z',
});

const renderTab = (path = '/dashboard?tab=sbt') => renderAt(path, withQueryClient(<SbtTab />), '/dashboard');

beforeAll(setUpI18n);
afterEach(() => vi.useRealTimers());

describe('SbtTab', () => {
  it('shows the display status of docs/product.md §4.5, worded as the shared sbtDisplayStatus', () => {
    expect(english.sbt.status.minted).toBe(sbtDisplayStatus({ minted: true }));
    expect(english.sbt.status.pending).toBe(sbtDisplayStatus({ minted: false }));
  });

  it('without an SBT: Create New SBT, No SBTs Yet and the templates, no limit notice', async () => {
    stubFetch((path) =>
      path === '/api/sbt/images'
        ? json(200, { success: true, images })
        : json(200, { success: true, sbts: [] }),
    );
    renderTab();
    expect(screen.getByRole('heading', { name: 'Soul Bound Tokens' })).toBeInTheDocument();
    expect(await screen.findByText('No SBTs Yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create New SBT' })).toHaveLength(2);
    expect(await screen.findByText('Aurora')).toBeInTheDocument();
    // Known designs read from the catalogue (translated); an unknown one keeps the server's words.
    expect(screen.getByText('A gold shield and check mark for a verified investor.')).toBeInTheDocument();
    expect(screen.getByText('Orbit')).toBeInTheDocument();
    expect(screen.getByText('A new design.')).toBeInTheDocument();
    expect(screen.queryByText('You have reached the limit of 1 SBT per account')).toBeNull();
  });

  it('before KYC: asks to verify first and opens the verification; a revoked SBT is said so', async () => {
    stubFetch((path) => {
      if (path === '/api/sbt/images') return json(200, { success: true, images });
      if (path === '/api/auth/profile')
        return json(200, {
          success: true,
          user: { id: 'u1', email: 'ada@example.com', name: 'Ada', role: 'investor', kycStatus: 'rejected' },
        });
      if (path === '/api/kyc/token') return json(503, { success: false, error: 'down' });
      return json(200, { success: true, sbts: [sbt({ status: 'revoked' })] });
    });
    const user = userEvent.setup();
    renderTab();
    const notice = await screen.findByTestId('sbt-verify-first');
    expect(notice).toHaveTextContent('Verify your identity (KYC) before creating your SBT.');
    expect(screen.getByText(english.messages.sbtRevoked)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create New SBT' }).length).toBeGreaterThan(0);
    await user.click(within(notice).getByRole('button', { name: 'Verify my identity' }));
    expect(await screen.findByRole('dialog', { name: 'Identity Verification' })).toBeInTheDocument();
  });

  it('with a minted SBT: the limit notice, the badge, the explorer link, and no Create', async () => {
    stubFetch((path) =>
      path === '/api/sbt/images'
        ? json(200, { success: true, images })
        : json(200, { success: true, sbts: [minted] }),
    );
    renderTab();
    expect(await screen.findByText('You have reached the limit of 1 SBT per account')).toBeInTheDocument();
    expect(screen.getByTestId('sbt-status')).toHaveTextContent('Minted on Blockchain');
    expect(screen.getByRole('link', { name: 'View on Explorer' })).toHaveAttribute(
      'href',
      minted.explorerUrl,
    );
    expect(screen.getByText('#1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New SBT' })).toBeNull();
    expect(screen.queryByTestId('mint-progress')).toBeNull();
  });

  it('names a minted SBT after its design in the reader’s language', async () => {
    stubFetch((path) =>
      path === '/api/sbt/images'
        ? json(200, { success: true, images })
        : json(200, { success: true, sbts: [minted] }),
    );
    await setLanguage('fr');
    try {
      renderTab();
      expect(await screen.findByRole('heading', { name: 'Sentinelle' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('creates with the chosen design, mints with its id, refreshes after 2000 ms and follows the mint live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let created = false;
    let statusCalls = 0;
    const calls = stubFetch((path) => {
      if (path === '/api/sbt/images') return json(200, { success: true, images });
      if (path === '/api/sbt/list')
        return json(200, { success: true, sbts: created ? [sbt({ status: 'minting' })] : [] });
      if (path === '/api/sbt/create') {
        created = true;
        return json(201, { success: true, message: 'SBT created successfully!', sbt: sbt() });
      }
      if (path === '/api/sbt/mint') {
        return json(202, { success: true, message: 'Minting started', sbt: sbt({ status: 'minting' }) });
      }
      if (path === `/api/sbt/status/${SBT_ID}`) {
        statusCalls += 1;
        return json(200, {
          success: true,
          sbt:
            statusCalls === 1 ? sbt({ status: 'minting', vcCid: 'bafkrei-vc', vcUrl: minted.vcUrl }) : minted,
        });
      }
      return json(404, { success: false, error: 'Not found' });
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderTab();
    await user.click((await screen.findAllByRole('button', { name: 'Create New SBT' }))[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Create Soul Bound Token' });
    expect(within(dialog).getByText('Choose Your SBT Design')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create SBT' })).toBeDisabled();
    expect(within(dialog).getByText('Please select an SBT design first.')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: /^Sentinel/ }));
    expect(within(dialog).getByRole('radio', { name: /^Sentinel/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Create SBT' }));

    expect(await screen.findByText('SBT created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      { path: '/api/sbt/create', method: 'POST', body: { selectedImageId: 'sentinel' } },
      { path: '/api/sbt/mint', method: 'POST', body: { sbtId: SBT_ID } },
    ]);
    expect(screen.getByTestId('mint-progress')).toBeInTheDocument();

    const lists = () => calls.filter((call) => call.path === '/api/sbt/list').length;
    const before = lists();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(lists()).toBe(before + 1);
    // Polled about every second until minted; then the badge, the link, and no more polling.
    await act(() => vi.advanceTimersByTimeAsync(1100));
    await waitFor(() => expect(screen.getByTestId('sbt-status')).toHaveTextContent('Minted on Blockchain'));
    expect(screen.getByRole('link', { name: 'View on Explorer' })).toBeInTheDocument();
    const polls = statusCalls;
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(statusCalls).toBe(polls);
  });

  it('a second SBT is refused with the spec text and View My SBT', async () => {
    stubFetch((path) => {
      if (path === '/api/sbt/images') return json(200, { success: true, images });
      if (path === '/api/sbt/create') {
        return json(409, {
          success: false,
          code: 'CONFLICT',
          error: 'You can only create one SBT per account.',
        });
      }
      return json(200, { success: true, sbts: [] });
    });
    const user = userEvent.setup();
    renderTab('/dashboard?tab=sbt&create=1');
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /^Aurora/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create SBT' }));
    expect(
      await within(dialog).findByText(
        'You already have an SBT in your account. Each user can only have one Soul Bound Token to maintain uniqueness and authenticity.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'View My SBT' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/dashboard\?tab=sbt$/);
  });

  it('without a DID: the server reason, a way to the DID tab, and Try Again', async () => {
    const calls = stubFetch((path) => {
      if (path === '/api/sbt/images') return json(200, { success: true, images });
      if (path === '/api/sbt/create') {
        return json(409, { success: false, code: 'CONFLICT', error: 'Create your DID first' });
      }
      return json(200, { success: true, sbts: [] });
    });
    const user = userEvent.setup();
    renderTab('/dashboard?tab=sbt&create=1');
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /^Aurora/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create SBT' }));
    expect(await within(dialog).findByText('Failed to create SBT')).toBeInTheDocument();
    expect(within(dialog).getByText('Create your DID first')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Go to My DID' })).toHaveAttribute(
      'href',
      '/dashboard?tab=did',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/sbt/create')).toHaveLength(2));
  });

  it('says so when the designs cannot be loaded or there are none', async () => {
    stubFetch((path) =>
      path === '/api/sbt/images'
        ? json(500, { success: false, error: 'Something went wrong. Please try again.' })
        : json(200, { success: true, sbts: [] }),
    );
    renderTab('/dashboard?tab=sbt&create=1');
    expect(
      await within(await screen.findByRole('dialog')).findByText('Failed to load images'),
    ).toBeInTheDocument();
  });

  it('an empty design list gives the spec text', async () => {
    stubFetch((path) =>
      path === '/api/sbt/images'
        ? json(200, { success: true, images: [] })
        : json(200, { success: true, sbts: [] }),
    );
    renderTab('/dashboard?tab=sbt&create=1');
    expect(
      await within(await screen.findByRole('dialog')).findByText(
        'Image options are not available yet. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
  });

  it('a mint request that fails: Failed to create SBT: {reason}, or Error creating SBT. without an answer', async () => {
    let reachable = true;
    const calls = stubFetch((path) => {
      if (path === '/api/sbt/images') return json(200, { success: true, images });
      if (path === '/api/sbt/mint') {
        return reachable
          ? json(503, { success: false, error: 'Service unavailable' })
          : Promise.reject(new TypeError('Failed to fetch'));
      }
      return json(200, { success: true, sbts: [sbt()] });
    });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('Your SBT is waiting to be minted.')).toBeInTheDocument();
    expect(screen.getByTestId('sbt-status')).toHaveTextContent('Created (Pending Mint)');
    await user.click(screen.getByRole('button', { name: 'Mint now' }));
    expect(await screen.findByText('Failed to create SBT: Service unavailable')).toBeInTheDocument();
    reachable = false;
    await user.click(screen.getByRole('button', { name: 'Mint now' }));
    expect(await screen.findByText('Error creating SBT.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/sbt/mint').map((call) => call.body)).toEqual([
      { sbtId: SBT_ID },
      { sbtId: SBT_ID },
    ]);
  });

  it('a failed mint shows why and can be tried again', async () => {
    const calls = stubFetch((path) => {
      if (path === '/api/sbt/images') return json(200, { success: true, images });
      if (path === '/api/sbt/mint') {
        return json(202, { success: true, message: 'Minting started', sbt: sbt({ status: 'minting' }) });
      }
      if (path.startsWith('/api/sbt/status/'))
        return json(200, { success: true, sbt: sbt({ status: 'minting' }) });
      return json(200, {
        success: true,
        sbts: [sbt({ status: 'failed', error: 'Minting failed. Please try again.' })],
      });
    });
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('Minting failed. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Minting…')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/sbt/mint')).toBe(true);
  });

  it('a credential not issued yet: VC data not available yet.', async () => {
    stubFetch((path) =>
      path === '/api/sbt/images'
        ? json(200, { success: true, images })
        : json(200, { success: true, sbts: [sbt({ status: 'minting' })] }),
    );
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'View Credential' }));
    expect(await screen.findByText('VC data not available yet.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a credential that cannot be read: Failed to load VC metadata.', async () => {
    stubFetch((path) => {
      if (path === '/api/sbt/images') return json(200, { success: true, images });
      if (path === '/ipfs/bafkrei-vc') return json(404, { success: false, error: 'Not found' });
      return json(200, { success: true, sbts: [minted] });
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'View Credential' }));
    expect(await screen.findByText('Failed to load VC metadata.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the credential: its facts, IPFS links, verification, Copy JSON and View on IPFS', async () => {
    const calls = stubFetch((path) => {
      if (path === '/api/sbt/images') return json(200, { success: true, images });
      // Private: read on the portal's own origin, with the session.
      if (path === '/ipfs/bafkrei-vc') return json(200, credential);
      if (path === '/api/credentials/verify') {
        return json(200, {
          success: true,
          verified: true,
          trustedIssuer: true,
          issuer: credential.issuer,
          errors: [],
        });
      }
      return json(200, { success: true, sbts: [minted] });
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'View Credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verifiable Credential Metadata' });
    for (const text of [
      'urn:uuid:7d1f',
      'did:key:z6MkIssuer',
      'did:key:z6MkInvestor',
      'Ada Lovelace',
      'ada@example.com',
    ]) {
      expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByText('United Kingdom (GBR)')).toBeInTheDocument();
    expect(within(dialog).getByText('Ethereum')).toBeInTheDocument();
    expect(within(dialog).getByText('ipfs://bafkrei-vc')).toBeInTheDocument();
    const verification = await within(dialog).findByTestId('verification-result');
    expect(within(verification).getByText('Verified')).toBeInTheDocument();
    expect(within(verification).getByText('Trusted issuer: this portal')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/credentials/verify')?.body).toEqual({ credential });
    expect(within(dialog).getByText(minted.vcUrl!)).toBeInTheDocument();
    const opened: unknown[] = [];
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open;
    URL.createObjectURL = () => 'blob:credential';
    await user.click(within(dialog).getByRole('button', { name: /View on IPFS/ }));
    expect(opened).toEqual([['blob:credential', '_blank', 'noopener']]);
    expect(within(dialog).getByRole('button', { name: 'Create share link' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /public verification page/ })).toHaveAttribute(
      'href',
      '/verify?cid=bafkrei-vc',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Copy JSON' }));
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(credential);
  });
});
