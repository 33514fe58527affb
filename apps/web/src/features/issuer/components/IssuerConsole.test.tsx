import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { profileAnswer } from '../../../testing/market-samples';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { IssuerConsole } from './IssuerConsole';
import { IssuerLoginPage } from './IssuerLoginPage';

beforeAll(setUpI18n);
// The console shares the app's cache: each test starts from an empty one.
beforeEach(() => queryClient.clear());

const issuer = profileAnswer({ role: 'ISSUER', email: 'ines@portal.test' });
const deployed = {
  id: '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817',
  name: 'Harbour Offices',
  symbol: 'HRBR',
  description: '',
  tokenType: 'ERC20',
  assetCategory: 'Real Estate',
  decimals: 18,
  totalSupply: '1000',
  treasuryAmount: '600',
  metadata: {},
  blockchain: 'ethereum',
  network: 'sepolia',
  environment: 'embedded',
  status: 'DEPLOYED',
  contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  deployTxHash: `0x${'cd'.repeat(32)}`,
  explorerUrl: '/explorer/address/0x5FbDB2315678afecb367f032d93F642f64180aa3',
  error: null,
  createdAt: '2026-11-20T09:30:00.000Z',
};

const approved = {
  status: 'approved',
  organisationName: 'Harbour Capital',
  reason: null,
  missing: [],
  kycStatus: 'verified',
  kybStatus: 'approved',
  businessDocuments: 2,
  submittedAt: '2026-11-20T09:30:00.000Z',
  decidedAt: '2026-11-21T09:30:00.000Z',
};

describe('issuer console (docs/product.md §2.15)', () => {
  it('its sign-in admits issuers and turns investors away with their role', async () => {
    let role = 'INVESTOR';
    const calls = stubFetch((path) =>
      path === '/api/auth/login'
        ? json(200, { success: true, token: 'cookie_session', user: { ...issuer.user, role } })
        : json(200, { success: true }),
    );
    const user = userEvent.setup();
    renderAt('/issuer/login', <IssuerLoginPage />);
    expect(screen.getByRole('heading', { name: 'Issuer Console' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ivan@portal.test');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse-7');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('This console is for issuers. Your role is INVESTOR.'),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/login', '/api/auth/logout']);
    expect(localStorage.getItem('authToken')).toBeNull();

    role = 'ISSUER';
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/issuer');
    expect(localStorage.getItem('authToken')).toBe('cookie_session');
  });

  it('lists tokens with status and explorer link; Create Token checks fields with the shared messages', async () => {
    localStorage.setItem('authToken', 'cookie_session');
    const calls = stubFetch((path) => {
      if (path === '/api/auth/profile') return json(200, issuer);
      if (path === '/api/issuer/tokens') return json(200, { success: true, tokens: [deployed] });
      if (path === '/api/issuer/application') return json(200, { success: true, application: approved });
      return json(200, { success: true, listings: [] });
    });
    const user = userEvent.setup();
    renderAt('/issuer', <IssuerConsole />);
    const row = await screen.findByTestId('issuer-token-row');
    expect(row).toHaveTextContent('Harbour Offices');
    expect(within(row).getByTestId('token-status')).toHaveTextContent('DEPLOYED');
    expect(
      within(row).getByRole('link', { name: 'View Harbour Offices on the block explorer' }),
    ).toHaveAttribute('href', deployed.explorerUrl);
    expect(screen.getByText('No listings yet')).toBeInTheDocument();
    // Approved: nothing left to apply for.
    expect(screen.queryByTestId('issuer-application')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create Token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Symbol/ }), 'bad symbol!');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(within(dialog).getByText('Token name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Symbol must be 1 to 11 letters or digits')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Total supply must be a positive number within the limit for this token type'),
    ).toBeInTheDocument();
    // Decimals only for fungible types.
    expect(within(dialog).getByRole('spinbutton', { name: 'Decimals' })).toHaveValue(18);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Token type' }), 'ERC721');
    expect(within(dialog).queryByRole('spinbutton', { name: 'Decimals' })).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('an issuer awaiting approval sees its application and what it needs; it cannot create tokens yet', async () => {
    localStorage.setItem('authToken', 'cookie_session');
    stubFetch((path) => {
      if (path === '/api/auth/profile') return json(200, issuer);
      if (path === '/api/issuer/application')
        return json(200, {
          success: true,
          application: {
            ...approved,
            status: 'pending',
            missing: ['businessDocuments', 'identityVerified'],
            kycStatus: 'not_started',
            kybStatus: 'not_submitted',
            businessDocuments: 0,
            decidedAt: null,
          },
        });
      if (path === '/api/kyb')
        return json(200, {
          success: true,
          kyb: { status: 'not_submitted', reason: null, submittedAt: null, decidedAt: null, documents: [] },
        });
      if (path === '/api/issuer/tokens') return json(200, { success: true, tokens: [] });
      return json(200, { success: true, listings: [] });
    });
    renderAt('/issuer', <IssuerConsole />);
    const card = await screen.findByTestId('issuer-application');
    expect(within(card).getByTestId('issuer-application-status')).toHaveTextContent('Awaiting approval');
    const steps = within(card).getAllByTestId('issuer-requirement');
    expect(
      steps.map((step) => [step.dataset.state, within(step).getByTitle(/Done|Still needed/).textContent]),
    ).toEqual([
      ['done', 'Done'],
      ['missing', 'Still needed'],
      ['missing', 'Still needed'],
    ]);
    expect(within(card).getByRole('textbox', { name: 'Organisation name' })).toHaveValue('Harbour Capital');
    expect(within(card).getByRole('button', { name: 'Verify identity' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create Token' })).toBeDisabled();
  });

  it('shows a suspended listing as suspended, with its reason, and offers no cancellation', async () => {
    localStorage.setItem('authToken', 'cookie_session');
    const listing = {
      id: '0d9b8a7c-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
      kind: 'escrow',
      tokenId: deployed.id,
      tokenName: deployed.name,
      tokenSymbol: deployed.symbol,
      tokenType: 'ERC20',
      tokenAmount: '100',
      soldAmount: '0',
      proceedsETH: '0',
      reservedAmount: '0',
      priceETH: '0.01',
      deadline: '2026-12-31T00:00:00.000Z',
      status: 'DEPLOYED',
      available: true,
      txHash: null,
      error: null,
      suspended: true,
      suspensionReason: 'Prospectus under review',
      createdAt: '2026-11-20T09:30:00.000Z',
    };
    stubFetch((path) => {
      if (path === '/api/auth/profile') return json(200, profileAnswer({ role: 'ADMIN' }));
      if (path === '/api/issuer/tokens') return json(200, { success: true, tokens: [deployed] });
      return json(200, {
        success: true,
        listings: [
          listing,
          { ...listing, id: crypto.randomUUID(), suspended: false, suspensionReason: null },
        ],
      });
    });
    renderAt('/issuer', <IssuerConsole />);
    const [suspended, open] = await screen.findAllByTestId('issuer-listing-row');
    expect(within(suspended!).getByTestId('issuer-listing-suspended')).toHaveTextContent('Suspended');
    expect(suspended).toHaveTextContent('Suspended by an administrator: Prospectus under review');
    expect(within(suspended!).queryByRole('button', { name: 'Cancel listing' })).toBeNull();
    expect(within(open!).getByRole('button', { name: 'Cancel listing' })).toBeInTheDocument();
  });

  it('an investor signed in elsewhere is told the console is not for their role', async () => {
    localStorage.setItem('authToken', 'cookie_session');
    stubFetch(() => json(200, profileAnswer()));
    renderAt('/issuer', <IssuerConsole />);
    expect(
      await screen.findByText(
        "Your account's role is INVESTOR: the issuer console is for issuers and administrators.",
      ),
    ).toBeInTheDocument();
  });
});
