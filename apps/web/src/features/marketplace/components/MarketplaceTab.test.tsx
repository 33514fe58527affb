import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withQueryClient } from '../../../testing/query-client';
import { DEMO_ISSUER_EMAIL } from '@portal/shared/marketplace';
import { marketplaceAnswer, profileAnswer, sampleListing } from '../../../testing/market-samples';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { MarketplaceTab } from './MarketplaceTab';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));

const harbour = sampleListing();
const solar = sampleListing({
  escrowId: null,
  listingId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  kind: 'direct',
  token: {
    ...harbour.token,
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    name: 'Solar Farm',
    symbol: 'SOLR',
    tokenType: 'SPL',
    contractAddress: null,
  },
  blockchain: 'solana',
  issuer: { email: null },
  status: 'DEPLOYING',
  available: false,
  explorerUrl: null,
});

const marketplaceCalls = (calls: { path: string }[]) =>
  calls
    .filter((call) => call.path.startsWith('/api/escrow/marketplace'))
    .map((call) => new URL(call.path, 'http://x').searchParams);

function renderTab(path = '/dashboard?tab=marketplace') {
  return renderAt(path, withQueryClient(<MarketplaceTab />), '/dashboard');
}

describe('MarketplaceTab (docs/product.md §2.8)', () => {
  it('shows the count, the four summary cards and the table with the spec columns, labels and colours', async () => {
    stubFetch(() => json(200, marketplaceAnswer([harbour, solar], { total: 2 })));
    renderTab();
    expect(await screen.findByText('2 tokens found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Token Marketplace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    const summary = screen.getByTestId('marketplace-summary');
    expect(within(summary).getByTestId('summary-totalTokens')).toHaveTextContent('Total Tokens2');
    expect(within(summary).getByTestId('summary-available')).toHaveTextContent('Available for Investment1');
    expect(within(summary).getByTestId('summary-issuers')).toHaveTextContent('Active Issuers1');
    expect(within(summary).getByTestId('summary-totalValue')).toHaveTextContent('Total Value$0');

    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'Details',
      'Name',
      'Symbol',
      'Type',
      'Sale',
      'Issuer',
      'Blockchain',
      'Price',
      'Status',
      'Created',
      'Actions',
    ]);
    const [first, second] = screen.getAllByTestId('listing-row');
    expect(within(first!).getByText('issuer@portal.test')).toBeInTheDocument();
    expect(within(first!).getByText('Ethereum')).toBeInTheDocument();
    expect(within(first!).getByText('DEPLOYED')).toHaveClass('MuiChip-label');
    expect(within(first!).getByText('DEPLOYED').parentElement).toHaveClass('MuiChip-colorSuccess');
    expect(within(first!).getByRole('button', { name: 'Invest in Harbour Offices' })).toHaveTextContent(
      'Invest',
    );
    expect(
      within(first!).getByRole('link', { name: 'View Harbour Offices on the block explorer' }),
    ).toHaveAttribute('href', harbour.explorerUrl);
    // Not available: no Invest; no contract: no explorer icon; no issuer: 'Unknown'.
    expect(within(second!).getByText('Unknown')).toBeInTheDocument();
    expect(within(second!).getByText('Solana')).toBeInTheDocument();
    expect(within(second!).getByText('DEPLOYING').parentElement).toHaveClass('MuiChip-colorWarning');
    expect(within(second!).queryByRole('button', { name: /Invest/ })).toBeNull();
    expect(within(second!).queryByRole('link')).toBeNull();
  });

  it('tells rows of one token apart: sale type, price, description; marks the demo issuer', async () => {
    const direct = sampleListing({
      escrowId: null,
      listingId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
      kind: 'direct',
      priceETH: '0.0025',
      issuer: { email: DEMO_ISSUER_EMAIL },
    });
    stubFetch(() => json(200, marketplaceAnswer([harbour, direct], { total: 2 })));
    renderTab();
    const [escrowRow, directRow] = await screen.findAllByTestId('listing-row');
    expect(escrowRow).toHaveTextContent('Escrow listing');
    expect(escrowRow).toHaveTextContent('0.002 ETH');
    expect(directRow).toHaveTextContent('Direct sale');
    expect(directRow).toHaveTextContent('0.0025 ETH');
    for (const row of [escrowRow!, directRow!]) {
      expect(within(row).getByTestId('listing-description')).toHaveTextContent(
        'Office building by the harbour',
      );
    }
    expect(within(directRow!).getByText('Demo')).toBeInTheDocument();
    expect(within(escrowRow!).queryByText('Demo')).toBeNull();
  });

  it('the expanded row shows the listing facts, total value to 4 decimals', async () => {
    stubFetch(() =>
      json(200, marketplaceAnswer([sampleListing({ tokenAmount: '333', priceETH: '0.00012345' })])),
    );
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Show details of Harbour Offices' }));
    const details = await screen.findByTestId('listing-details');
    for (const text of [
      'Available tokens333 HRBR',
      'Price per token0.00012345 ETH',
      'Total value0.0411 ETH',
      'Asset categoryReal Estate',
      `Contract${harbour.token.contractAddress}`,
      'Network and environmentsepolia (embedded)',
      'Issuerissuer@portal.test',
      'AvailabilityAvailable',
    ]) {
      expect(details).toHaveTextContent(text);
    }
    expect(screen.getByRole('button', { name: 'Hide details of Harbour Offices' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('filters and sort go to the server and stay in the URL; the search waits for a pause', async () => {
    const calls = stubFetch(() => json(200, marketplaceAnswer([harbour])));
    const user = userEvent.setup();
    renderTab('/dashboard?tab=marketplace&sort=name');
    await screen.findByText('1 tokens found');
    expect(screen.getByRole('combobox', { name: 'Sort By' })).toHaveValue('name');
    expect(marketplaceCalls(calls)[0]!.get('sort')).toBe('name');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Token Type' }), 'SPL');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'FAILED');
    await user.type(screen.getByRole('searchbox', { name: 'Search tokens...' }), 'harb');
    await waitFor(() => expect(marketplaceCalls(calls).at(-1)!.get('search')).toBe('harb'));
    const last = marketplaceCalls(calls).at(-1)!;
    expect(Object.fromEntries(last)).toMatchObject({
      tokenType: 'SPL',
      status: 'FAILED',
      sort: 'name',
      search: 'harb',
    });
    // One request for the whole word, not one per key.
    expect(marketplaceCalls(calls).filter((query) => query.has('search'))).toHaveLength(1);
    expect(screen.getByTestId('current-path')).toHaveTextContent(
      '/dashboard?tab=marketplace&sort=name&type=SPL&status=FAILED&q=harb',
    );
    expect(
      [...screen.getByRole('combobox', { name: 'Token Type' }).querySelectorAll('option')].map(
        (o) => o.textContent,
      ),
    ).toEqual(['All', 'ERC20', 'ERC721', 'ERC1155', 'SPL', 'MPT', 'STELLAR']);
    expect(
      [...screen.getByRole('combobox', { name: 'Status' }).querySelectorAll('option')].map(
        (o) => o.textContent,
      ),
    ).toEqual(['All', 'DEPLOYED', 'DEPLOYING', 'FAILED']);
    expect(
      [...screen.getByRole('combobox', { name: 'Sort By' }).querySelectorAll('option')].map((o) => o.value),
    ).toEqual(['newest', 'oldest', 'name', 'symbol']);
  });

  it("nothing found: 'No Tokens Available' and 'Clear Filters' resets the URL and the search box", async () => {
    stubFetch(() => json(200, marketplaceAnswer([])));
    const user = userEvent.setup();
    renderTab('/dashboard?tab=marketplace&q=zzz&type=ERC721');
    expect(await screen.findByText('No Tokens Available')).toBeInTheDocument();
    expect(screen.getByText('0 tokens found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search tokens...' })).toHaveValue('zzz');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/dashboard\?tab=marketplace$/);
    expect(screen.getByRole('searchbox', { name: 'Search tokens...' })).toHaveValue('');
  });

  it('errors show in a red banner: the server text, else the spec default', async () => {
    stubFetch(() => json(503, { success: false, error: 'Database unavailable' }));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to fetch marketplace tokens')).toBeInTheDocument();
  });

  it('Invest opens the purchase dialog for that listing', async () => {
    stubFetch((path) =>
      path === '/api/auth/profile' ? json(200, profileAnswer()) : json(200, marketplaceAnswer([harbour])),
    );
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Invest in Harbour Offices' }));
    expect(
      await screen.findByRole('dialog', { name: 'Purchase Harbour Offices (HRBR)' }),
    ).toBeInTheDocument();
  });

  it('each row says before paying whether the investor may buy, and if not why, in words', async () => {
    const refused = sampleListing({
      listingId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      eligibility: {
        eligible: false,
        reason: 'country-blocked',
        message: 'This token is not offered to investors resident in United States.',
        params: { country: 'USA' },
      },
    });
    const staff = sampleListing({ listingId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', eligibility: null });
    stubFetch(() => json(200, marketplaceAnswer([harbour, refused, staff], { total: 3 })));
    renderTab();
    const [allowed, blocked, unasked] = await screen.findAllByTestId('listing-row');
    expect(within(allowed!).getByTestId('eligibility-note')).toHaveTextContent('You may buy this token.');
    expect(within(blocked!).getByTestId('eligibility-note')).toHaveTextContent(
      'This token is not offered to investors resident in United States.',
    );
    // Issuers and administrators are not asked.
    expect(within(unasked!).queryByTestId('eligibility-note')).toBeNull();
  });
});
