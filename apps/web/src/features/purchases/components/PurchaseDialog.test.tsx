import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_RULES, type Eligibility } from '@portal/shared/compliance';
import type { MarketplaceListing } from '@portal/shared/marketplace';
import { withQueryClient } from '../../../testing/query-client';
import {
  BUYER_DID,
  BUYER_ETH,
  BUYER_SOL,
  profileAnswer,
  purchaseAnswer,
  sampleListing,
} from '../../../testing/market-samples';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { PurchaseDialog } from './PurchaseDialog';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));

const listing = sampleListing({ priceETH: '0.002', tokenAmount: '400' });

function renderDialog(item: MarketplaceListing = listing, onClose = vi.fn()) {
  renderAt(
    '/dashboard?tab=marketplace',
    withQueryClient(<PurchaseDialog listing={item} onClose={onClose} />),
    '/dashboard',
  );
  return onClose;
}

const ELIGIBLE: Eligibility = { eligible: true, reason: null, message: null, params: {} };

/** GET /api/tokens/:id/eligibility's answer. */
const eligibilityAnswer = (eligibility: Eligibility = ELIGIBLE) =>
  json(200, {
    success: true,
    data: {
      tokenId: listing.token.id,
      rules: OPEN_RULES,
      paused: false,
      eligibility,
      holding: { balance: '0', frozen: '0', lockedUntil: null },
    },
  });

/** GET /api/tokens/:id/documents's answer: a token without offering documents (ADR 73). */
const noDocuments = () =>
  json(200, { success: true, data: { documents: [], acknowledged: true, acknowledgedAt: null } });

/** The profile, the purchase (202 PENDING) and its status: `statuses` in turn, the last one repeated. */
function stubPurchase(statuses: Array<'PENDING' | 'SETTLING' | 'COMPLETED' | 'FAILED'>, failure?: string) {
  let polls = 0;
  return stubFetch((path) => {
    if (path === '/api/auth/profile') return json(200, profileAnswer());
    if (path.endsWith('/documents')) return noDocuments();
    if (path.includes('/eligibility')) return eligibilityAnswer();
    if (path.startsWith('/api/token-purchases/')) {
      const status = statuses[Math.min(polls++, statuses.length - 1)]!;
      return json(200, purchaseAnswer(status, { error: status === 'FAILED' ? (failure ?? null) : null }));
    }
    return json(202, purchaseAnswer('PENDING'));
  });
}

const dialog = () => screen.getByRole('dialog', { name: 'Purchase Harbour Offices (HRBR)' });
const amountBox = () => within(dialog()).getByRole('textbox', { name: /^(Amount \(ETH\)|Tokens \(HRBR\))$/ });

describe('PurchaseDialog (docs/product.md §2.9, §4.7, §5)', () => {
  it('shows the token, the buyer from the profile (wallet on the token chain) and converts ETH to tokens', async () => {
    stubPurchase(['PENDING']);
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByText(BUYER_DID)).toHaveAttribute('data-testid', 'buyer-did');
    expect(screen.getByTestId('buyer-wallet')).toHaveTextContent(BUYER_ETH);
    const info = within(dialog());
    for (const text of [
      'NameHarbour Offices',
      'SymbolHRBR',
      'TypeERC20',
      'BlockchainEthereum',
      'Available tokens400',
    ]) {
      expect(dialog()).toHaveTextContent(text);
    }
    expect(dialog()).toHaveTextContent('Total value0.8000 ETH');
    expect(info.getByRole('group', { name: 'Purchase by' })).toBeInTheDocument();
    expect(info.getByRole('button', { name: 'Purchase Tokens' })).toBeDisabled();

    await user.type(amountBox(), '0.05');
    expect(dialog()).toHaveTextContent('≈ 25 HRBR');
    const summary = screen.getByTestId('purchase-summary');
    expect(summary).toHaveTextContent('Tokens25 HRBR');
    expect(summary).toHaveTextContent('Total cost0.050000 ETH');
    expect(summary).toHaveTextContent('Ownership percentage2.500000%');

    // Switching converts what was typed, and back.
    await user.click(info.getByRole('button', { name: 'Tokens (HRBR)' }));
    expect(amountBox()).toHaveValue('25');
    await user.clear(amountBox());
    await user.type(amountBox(), '10');
    expect(dialog()).toHaveTextContent('= 0.020000 ETH');
    await user.click(info.getByRole('button', { name: 'Amount (ETH)' }));
    expect(amountBox()).toHaveValue('0.02');
  });

  it('sends the token count with an Idempotency-Key, follows settlement and shows the success view', async () => {
    const calls: Array<{ path: string; method: string; body: unknown; key: string | null }> = [];
    let polls = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const headers = new Headers(init.headers);
      calls.push({
        path,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        key: headers.get('idempotency-key'),
      });
      if (path === '/api/auth/profile') return json(200, profileAnswer());
      if (path.startsWith('/api/token-purchases/'))
        return json(200, purchaseAnswer(polls++ === 0 ? 'SETTLING' : 'COMPLETED'));
      return json(202, purchaseAnswer('PENDING'));
    }) as typeof fetch;
    const user = userEvent.setup();
    const onClose = renderDialog();
    await screen.findByText(BUYER_DID);
    await user.click(within(dialog()).getByRole('button', { name: 'Tokens (HRBR)' }));
    await user.type(amountBox(), '25');
    await user.click(within(dialog()).getByRole('button', { name: 'Purchase Tokens' }));
    expect(await within(dialog()).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    // Closing is blocked while processing.
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    expect(await screen.findByText('Purchase Successful!', {}, { timeout: 5000 })).toBeInTheDocument();
    const success = screen.getByTestId('purchase-success');
    expect(success).toHaveTextContent(
      'Your token purchase has been completed and a Verifiable Credential has been generated.',
    );
    expect(success).toHaveTextContent('Amount purchased25 HRBR');
    expect(success).toHaveTextContent('Ownership percentage2.500000%');
    expect(screen.getByTestId('purchase-hash')).toHaveTextContent(`0x${'ab'.repeat(32)}`);
    // The hash opens the explorer and copies.
    expect(within(success).getByRole('link', { name: `0x${'ab'.repeat(32)}` })).toHaveAttribute(
      'href',
      `http://127.0.0.1/explorer/tx/0x${'ab'.repeat(32)}`,
    );
    expect(within(success).getByRole('button', { name: 'Copy transaction hash' })).toBeInTheDocument();
    expect(within(success).getByRole('link', { name: 'View on IPFS' })).toHaveAttribute(
      'href',
      'http://127.0.0.1/ipfs/bafkreiexamplecid',
    );
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/api/escrow/${listing.escrowId}/purchase`);
    expect(post.body).toEqual({
      escrowId: listing.escrowId,
      amount: '25',
      investorDid: BUYER_DID,
      investorWallet: BUYER_ETH,
    });
    expect(post.key).toMatch(/^[0-9a-f-]{36}$/);
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a direct sale is bought by tokenId with purchasePrice null, and shows supply and contract', async () => {
    const calls = stubPurchase(['COMPLETED']);
    const direct = sampleListing({
      escrowId: null,
      kind: 'direct',
      token: { ...listing.token, contractAddress: null },
    });
    const user = userEvent.setup();
    renderDialog(direct);
    await screen.findByText(BUYER_DID);
    expect(dialog()).toHaveTextContent('Total supply1000');
    expect(dialog()).toHaveTextContent('Contract addressNot deployed');
    expect(dialog()).not.toHaveTextContent('Available tokens');
    await user.type(amountBox(), '0.004');
    await user.click(within(dialog()).getByRole('button', { name: 'Purchase Tokens' }));
    expect(await screen.findByText('Purchase Successful!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/token-purchases',
      body: {
        tokenId: listing.token.id,
        amount: '2',
        investorDid: BUYER_DID,
        investorWallet: BUYER_ETH,
        purchasePrice: null,
      },
    });
  });

  it('docs/product.md §5 messages as the amount is typed: above 0, no more than the listing holds', async () => {
    const calls = stubPurchase(['PENDING']);
    const user = userEvent.setup();
    renderDialog();
    await screen.findByText(BUYER_DID);
    const submit = within(dialog()).getByRole('button', { name: 'Purchase Tokens' });
    const summary = within(dialog()).getByTestId('purchase-summary');
    for (const typed of ['0', '-1', 'abc']) {
      await user.clear(amountBox());
      await user.type(amountBox(), typed);
      expect(within(dialog()).getByText('Amount must be greater than 0')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      expect(summary).toHaveTextContent('Ownership percentage—');
    }
    await user.click(within(dialog()).getByRole('button', { name: 'Tokens (HRBR)' }));
    await user.clear(amountBox());
    await user.type(amountBox(), '999999999');
    expect(
      within(dialog()).getByText('Cannot purchase more than 400 tokens available in this listing'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
    // No share of a purchase that cannot happen.
    expect(summary).toHaveTextContent('Ownership percentage—');
    await user.clear(amountBox());
    await user.type(amountBox(), '40');
    expect(submit).toBeEnabled();
    expect(summary).not.toHaveTextContent('Ownership percentage—');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('a direct sale shows no ownership above the whole supply (the server judges the treasury)', async () => {
    stubPurchase(['PENDING']);
    const user = userEvent.setup();
    renderDialog(sampleListing({ escrowId: null, kind: 'direct' }));
    await screen.findByText(BUYER_DID);
    await user.click(within(dialog()).getByRole('button', { name: 'Tokens (HRBR)' }));
    await user.type(amountBox(), '999999999');
    expect(within(dialog()).getByTestId('purchase-summary')).toHaveTextContent('Ownership percentage—');
    await user.clear(amountBox());
    await user.type(amountBox(), '250');
    expect(within(dialog()).getByTestId('purchase-summary')).toHaveTextContent(
      'Ownership percentage25.000000%',
    );
  });

  it('without a DID or wallet: the warning names the chain and the button stays disabled', async () => {
    stubFetch((path) =>
      path === '/api/auth/profile'
        ? json(200, profileAnswer({ did: null, didMetadata: null, wallets: [] }))
        : json(500, {}),
    );
    const user = userEvent.setup();
    renderDialog(sampleListing({ blockchain: 'solana', token: { ...listing.token, tokenType: 'SPL' } }));
    expect(
      await screen.findByText(
        'Please configure your DID and Solana wallet in your profile before purchasing tokens.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My DID' })).toHaveAttribute('href', '/dashboard?tab=did');
    expect(screen.getByRole('link', { name: 'Go to My Vault' })).toHaveAttribute(
      'href',
      '/dashboard?tab=vault',
    );
    await user.type(amountBox(), '1');
    expect(within(dialog()).getByRole('button', { name: 'Purchase Tokens' })).toBeDisabled();
  });

  it('when the profile cannot be read, stored user data supplies the DID and the wallet by chain', async () => {
    localStorage.setItem(
      'userData',
      JSON.stringify({ did: BUYER_DID, solanaWallet: BUYER_SOL, ethWallet: BUYER_ETH }),
    );
    stubFetch(() => json(503, { success: false, error: 'down' }));
    renderDialog(sampleListing({ blockchain: 'solana' }));
    await waitFor(() => expect(screen.getByTestId('buyer-wallet')).toHaveTextContent(BUYER_SOL));
    expect(screen.getByTestId('buyer-did')).toHaveTextContent(BUYER_DID);
  });

  it('a failed settlement shows its reason in the form; a KYC refusal offers to verify', async () => {
    stubPurchase(['FAILED'], 'Not enough ETH in your vault to pay for this purchase.');
    const user = userEvent.setup();
    renderDialog();
    await screen.findByText(BUYER_DID);
    await user.type(amountBox(), '0.01');
    await user.click(within(dialog()).getByRole('button', { name: 'Purchase Tokens' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Not enough ETH in your vault to pay for this purchase.',
    );
    expect(within(dialog()).getByRole('button', { name: 'Purchase Tokens' })).toBeEnabled();

    stubFetch((path) =>
      path === '/api/auth/profile'
        ? json(200, profileAnswer())
        : json(403, {
            success: false,
            error: 'Please complete identity verification (KYC) before buying tokens.',
          }),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Purchase Tokens' }));
    const alert = await within(dialog()).findByText(
      'Please complete identity verification (KYC) before buying tokens.',
    );
    expect(alert.closest('[role="alert"]')).toContainElement(
      within(dialog()).getByRole('button', { name: 'Verify identity' }),
    );
  });

  it('a lost answer is retried with the same Idempotency-Key; a new amount gets a new one', async () => {
    const keys: Array<string | null> = [];
    let attempt = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      if (path === '/api/auth/profile') return json(200, profileAnswer());
      if (path.endsWith('/documents')) return noDocuments();
      if (path.includes('/eligibility')) return eligibilityAnswer();
      keys.push(new Headers(init.headers).get('idempotency-key'));
      if (attempt++ === 0) throw new TypeError('Failed to fetch');
      return json(502, { success: false, error: 'Bad gateway' });
    }) as typeof fetch;
    const user = userEvent.setup();
    renderDialog();
    await screen.findByText(BUYER_DID);
    await user.type(amountBox(), '0.01');
    await user.click(within(dialog()).getByRole('button', { name: 'Purchase Tokens' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Purchase failed');
    await user.click(within(dialog()).getByRole('button', { name: 'Purchase Tokens' }));
    await within(dialog()).findByText('Bad gateway');
    await user.type(amountBox(), '2');
    await user.click(within(dialog()).getByRole('button', { name: 'Purchase Tokens' }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("asks the token's rules as the amount changes: a refusal disables Buy and is said, politely announced", async () => {
    const asked: string[] = [];
    stubFetch((path) => {
      if (path === '/api/auth/profile') return json(200, profileAnswer());
      if (path.endsWith('/documents')) return noDocuments();
      if (path.includes('/eligibility')) {
        asked.push(path);
        const amount = new URL(path, 'http://portal.test').searchParams.get('amount');
        return eligibilityAnswer(
          amount && Number(amount) < 10
            ? {
                eligible: false,
                reason: 'below-minimum',
                message: 'The minimum purchase is 10 tokens.',
                params: { amount: '10' },
              }
            : ELIGIBLE,
        );
      }
      return json(202, purchaseAnswer('PENDING'));
    });
    const user = userEvent.setup();
    renderDialog();
    await screen.findByText(BUYER_DID);
    await user.click(within(dialog()).getByRole('button', { name: 'Tokens (HRBR)' }));
    await user.type(amountBox(), '5');
    const status = within(dialog()).getByTestId('eligibility-status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent('The minimum purchase is 10 tokens.'));
    expect(within(dialog()).getByRole('button', { name: 'Purchase Tokens' })).toBeDisabled();
    expect(asked).toContain(`/api/tokens/${listing.token.id}/eligibility?amount=5`);

    await user.type(amountBox(), '0');
    await waitFor(() => expect(status).toHaveTextContent(''));
    expect(within(dialog()).getByRole('button', { name: 'Purchase Tokens' })).toBeEnabled();
    // Typing is checked once it pauses, not at each key.
    expect(asked.filter((path) => path.endsWith('amount=5')).length).toBe(1);
  });

  it('a purchase the server refuses as NOT_ELIGIBLE shows the same reason, in words', async () => {
    stubFetch((path) => {
      if (path === '/api/auth/profile') return json(200, profileAnswer());
      if (path.endsWith('/documents')) return noDocuments();
      if (path.includes('/eligibility')) return eligibilityAnswer();
      return json(403, {
        success: false,
        code: 'NOT_ELIGIBLE',
        error: 'This token is offered only to investors resident in France.',
        reason: 'country-not-allowed',
        params: { countries: 'FRA,DEU' },
      });
    });
    const user = userEvent.setup();
    renderDialog();
    await screen.findByText(BUYER_DID);
    await user.type(amountBox(), '0.01');
    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: 'Purchase Tokens' })).toBeEnabled(),
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Purchase Tokens' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'This token is offered only to investors resident in France and Germany.',
    );
  });
});
