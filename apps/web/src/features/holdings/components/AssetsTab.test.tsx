import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { holdingsAnswer, sampleAttempt, sampleHolding } from '../../../testing/market-samples';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { AssetsTab } from './AssetsTab';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));

const hashA = `0x${'aa'.repeat(32)}`;
const hashB = `0x${'bb'.repeat(32)}`;
/** Two purchases of one token: one holding of their sum. */
const twice = sampleHolding({
  balance: '3000',
  chainBalance: '3000',
  booked: '3000',
  percent: '3.000000',
  valueWei: '60000000000000000',
  purchases: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      amount: '1000',
      costWei: '20000000000000000',
      purchasedAt: '2026-11-20T10:00:00.000Z',
      completedAt: '2026-11-20T10:00:05.000Z',
      transactionHash: hashA,
      explorerUrl: `http://127.0.0.1/explorer/tx/${hashA}`,
      vcUrl: 'http://127.0.0.1/ipfs/bafkreiaaaa',
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      amount: '2000',
      costWei: '40000000000000000',
      purchasedAt: '2026-11-22T10:00:00.000Z',
      completedAt: '2026-11-22T10:00:05.000Z',
      transactionHash: hashB,
      explorerUrl: `http://127.0.0.1/explorer/tx/${hashB}`,
      vcUrl: null,
    },
  ],
});

const renderTab = () => renderAt('/dashboard?tab=assets', withQueryClient(<AssetsTab />), '/dashboard');

describe('My Assets: one card per asset held (docs/product.md §2.10, ADR 68)', () => {
  it('a card per token with the spec facts, the amount from the chain and the purchases that made it', async () => {
    stubFetch(() => json(200, holdingsAnswer([twice])));
    const user = userEvent.setup();
    renderTab();
    expect(screen.getByRole('heading', { name: 'My Assets' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('asset-card');
    expect(cards).toHaveLength(1);
    const [card] = cards;
    for (const text of [
      'Harbour Offices',
      'HRBR',
      'TypeERC20',
      'BlockchainEthereum',
      'Amount owned30 HRBR',
      'Ownership percentage3.000000%',
      'Value0.06 ETH',
      'Issuerissuer@portal.test',
      `Transaction hash${hashB}`,
    ]) {
      expect(card).toHaveTextContent(text);
    }
    expect(within(card!).getByTestId('asset-status')).toHaveTextContent('COMPLETED');
    expect(within(card!).getByTestId('asset-status')).toHaveClass('MuiChip-colorSuccess');
    // The books and the chain agree: no note.
    expect(within(card!).queryByTestId('holding-chain-note')).toBeNull();

    const purchases = within(card!).getAllByTestId('holding-purchase');
    expect(purchases).toHaveLength(2);
    expect(purchases[0]).toHaveTextContent('10 HRBR');
    expect(purchases[1]).toHaveTextContent('20 HRBR');
    expect(within(purchases[0]!).getByRole('link', { name: hashA })).toHaveAttribute(
      'href',
      `http://127.0.0.1/explorer/tx/${hashA}`,
    );
    // Each purchase's credential, named by its date (the visible text stays the spec's).
    const buttons = within(card!).getAllByRole('button', { name: /^View Verifiable Credential/ });
    expect(buttons).toHaveLength(3);
    const second = within(purchases[1]!).getByRole('button', {
      name: 'View Verifiable Credential, purchase of Nov 22, 2026',
    });
    expect(second).toHaveTextContent('View Verifiable Credential');
    await user.click(second);
    expect(await screen.findByText('VC data not available yet.')).toBeInTheDocument();
  });

  it('failed purchases are attempts, listed apart without an amount owned', async () => {
    stubFetch(() => json(200, holdingsAnswer([], [sampleAttempt()])));
    renderTab();
    // Nothing held: the empty state, then the attempt.
    expect(await screen.findByText('No Assets Yet')).toBeInTheDocument();
    const failed = screen.getByTestId('failed-attempts');
    expect(within(failed).getByRole('heading', { name: 'Failed attempts' })).toBeInTheDocument();
    const [attempt] = within(failed).getAllByTestId('attempt');
    expect(attempt).toHaveTextContent('Solar Farm');
    expect(attempt).toHaveTextContent('Requested: 10 SOLR');
    expect(attempt).toHaveTextContent('Not enough ETH in your vault to pay for this purchase.');
    expect(attempt).toHaveTextContent('FAILED');
    expect(failed).not.toHaveTextContent('Amount owned');
    expect(failed).not.toHaveTextContent('Ownership percentage');
    expect(screen.queryAllByTestId('asset-card')).toHaveLength(0);
  });

  it('a purchase still settling is in progress, not an asset', async () => {
    stubFetch(() =>
      json(200, holdingsAnswer([sampleHolding()], [sampleAttempt({ status: 'SETTLING', error: null })])),
    );
    renderTab();
    const progress = await screen.findByTestId('purchases-in-progress');
    expect(progress).toHaveTextContent('Purchases in progress');
    expect(progress).toHaveTextContent('SETTLING');
    expect(screen.queryByTestId('failed-attempts')).toBeNull();
    expect(screen.getAllByTestId('asset-card')).toHaveLength(1);
  });

  it('says when the chain and the books disagree, and when the chain could not be read', async () => {
    stubFetch(() =>
      json(
        200,
        holdingsAnswer([
          sampleHolding({ chainBalance: '2000', balance: '2000', agrees: false }),
          sampleHolding({
            token: { ...sampleHolding().token, id: '0a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d', name: 'Tower' },
            chainBalance: null,
            chainError: 'timeout',
            agrees: null,
          }),
        ]),
      ),
    );
    renderTab();
    const [first, second] = await screen.findAllByTestId('asset-card');
    expect(within(first!).getByTestId('holding-chain-note')).toHaveTextContent(
      "The chain shows 20 HRBR at your vault; the portal's books show 25.",
    );
    expect(first).toHaveTextContent('Amount owned20 HRBR');
    expect(within(second!).getByTestId('holding-chain-note')).toHaveTextContent(
      'The balance could not be read from the chain (the network took too long to answer).',
    );
    expect(second).toHaveTextContent('Amount owned25 HRBR');
  });

  it("shows what the token's rules hold: the frozen amount and the lock-up's end", async () => {
    stubFetch(() =>
      json(200, holdingsAnswer([sampleHolding({ frozen: '1000', lockedUntil: '2027-03-12T10:00:00.000Z' })])),
    );
    renderTab();
    const [card] = await screen.findAllByTestId('asset-card');
    expect(card).toHaveTextContent('Frozen10 HRBR');
    expect(card).toHaveTextContent('Locked untilMarch 12, 2027');
    expect(within(card!).getAllByText('Frozen')[0]).toBeInTheDocument();
  });

  it("no assets: 'No Assets Yet' and 'Go to Marketplace'; Refresh asks again", async () => {
    const calls = stubFetch(() => json(200, holdingsAnswer([])));
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('No Assets Yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Marketplace' })).toHaveAttribute(
      'href',
      '/dashboard?tab=marketplace',
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/holdings')).toHaveLength(2));
  });
});
