import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_RULES, type Eligibility } from '@portal/shared/compliance';
import { formatMessage, messages } from '@portal/shared/messages';
import type {
  SecondaryFill,
  SecondaryOrder,
  SecondaryOrderBookResponse,
} from '@portal/shared/secondary-market';
import { setLanguage } from '../../../i18n/i18n';
import { holdingsAnswer, sampleHolding } from '../../../testing/market-samples';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { IssuerSecondaryDialog } from './IssuerSecondaryDialog';
import { SellOrderDialog } from './SellOrderDialog';
import { TakeOrderDialog } from './TakeOrderDialog';
import { TokenPage } from './TokenPage';

const TOKEN_ID = sampleHolding().token.id;
const HASH = `0x${'cd'.repeat(32)}`;

const order = (over: Partial<SecondaryOrder> = {}): SecondaryOrder => ({
  id: '3c2b1a09-8f7e-4d6c-9b5a-493827160504',
  tokenId: TOKEN_ID,
  symbol: 'HRBR',
  side: 'sell',
  amount: '10',
  remaining: '10',
  pricePerTokenWei: '3000000000000000',
  expiresAt: '2099-01-01T00:00:00.000Z',
  status: 'OPEN',
  isMine: false,
  postedAt: '2026-12-01T00:00:00.000Z',
  lockTxHash: HASH,
  lockExplorerUrl: null,
  returnTxHash: null,
  ...over,
});

const book = (over: Partial<SecondaryOrderBookResponse> = {}): SecondaryOrderBookResponse => ({
  success: true,
  tokenId: TOKEN_ID,
  symbol: 'HRBR',
  tokenName: 'Harbour Offices',
  tradable: true,
  paused: false,
  pausedReason: null,
  unsupportedReason: null,
  orders: [order()],
  lastPriceWei: null,
  ...over,
});

const ELIGIBLE: Eligibility = { eligible: true, reason: null, message: null, params: {} };
const BLOCKED: Eligibility = {
  eligible: false,
  reason: 'country-blocked',
  message: 'This token is not offered to investors resident in Germany.',
  params: { country: 'DEU' },
};
const eligibilityAnswer = (eligibility: Eligibility) =>
  json(200, {
    success: true,
    data: {
      tokenId: TOKEN_ID,
      rules: OPEN_RULES,
      paused: false,
      eligibility,
      holding: { balance: '0', frozen: '0', lockedUntil: null },
    },
  });

/** Records each request's Idempotency-Key beside stubFetch's record of path, method and body. */
function recordKeys(): Array<string | null> {
  const keys: Array<string | null> = [];
  const stubbed = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') keys.push(new Headers(init.headers).get('idempotency-key'));
    return stubbed(input, init);
  }) as typeof fetch;
  return keys;
}

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));
afterEach(() => setLanguage('en'));

describe('the sell order dialog (ADR 75)', () => {
  const render = (onClose = vi.fn()) => {
    renderAt(
      '/tokens',
      withQueryClient(
        <SellOrderDialog token={{ id: TOKEN_ID, symbol: 'HRBR' }} free={7n} onClose={onClose} />,
      ),
    );
    return onClose;
  };

  it('waits for a valid form, says Processing... with a key per submission, and sends wei and an instant', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = stubFetch(async () => {
      await held;
      return json(201, {
        success: true,
        order: order({ status: 'PENDING', isMine: true, amount: '5', remaining: '5' }),
      });
    });
    const keys = recordKeys();
    const user = userEvent.setup();
    const onClose = render();
    const dialog = screen.getByRole('dialog', { name: 'Sell HRBR' });
    const submit = within(dialog).getByRole('button', { name: 'Post sell order' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('Whole tokens; at most 7 HRBR are free to sell')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Tokens to sell/), '9');
    expect(
      within(dialog).getByText(formatMessage(messages.secondaryNotEnoughFree, { free: '7', symbol: 'HRBR' })),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Tokens to sell/));
    await user.type(within(dialog).getByLabelText(/Tokens to sell/), '5');
    await user.type(within(dialog).getByLabelText(/Price per token/), '0.0x');
    expect(within(dialog).getByText(messages.secondaryPriceInvalid)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/Price per token/));
    await user.type(within(dialog).getByLabelText(/Price per token/), '0.002');
    expect(within(dialog).getByTestId('sell-total')).toHaveTextContent('0.01 ETH');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/api/secondary/tokens/${TOKEN_ID}/orders`);
    expect(post.body).toMatchObject({ amount: '5', pricePerTokenWei: '2000000000000000' });
    const expires = new Date((post.body as { expiresAt: string }).expiresAt).getTime();
    // The default expiry: a week ahead.
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries an unanswered submission with its key, and shows a refusal in the red banner, in French', async () => {
    await setLanguage('fr');
    let answers = 0;
    stubFetch(() =>
      ++answers === 1
        ? json(503, { success: false, error: 'Service unavailable', code: 'UNAVAILABLE' })
        : json(409, {
            success: false,
            error: formatMessage(messages.secondaryNotEnoughFree, { free: '3', symbol: 'HRBR' }),
            code: 'CONFLICT',
          }),
    );
    const keys = recordKeys();
    const user = userEvent.setup();
    render();
    const dialog = screen.getByRole('dialog', { name: 'Vendre des HRBR' });
    await user.type(within(dialog).getByLabelText(/Jetons à vendre/), '5');
    await user.type(within(dialog).getByLabelText(/Prix par jeton/), '0.002');
    const submit = within(dialog).getByRole('button', { name: 'Publier l’ordre de vente' });
    await user.click(submit);
    await within(dialog).findByRole('alert');
    await user.click(submit);
    expect(
      await within(dialog).findByText(
        'Vous pouvez vendre au plus 3 HRBR : le reste de votre détention est gelé, bloqué ou déjà en vente.',
      ),
    ).toBeInTheDocument();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.at(-1)).toBe(keys[0]);
  });
});

describe('the take dialog (ADR 75)', () => {
  it("bounds the amount by what remains, shows the total and the buyer's eligibility like the purchase dialog", async () => {
    let answer = BLOCKED;
    let posted = 0;
    stubFetch((path) => {
      if (path.includes('/eligibility')) return eligibilityAnswer(answer);
      posted++;
      return json(403, {
        success: false,
        error: BLOCKED.message,
        code: 'NOT_ELIGIBLE',
        reason: 'country-blocked',
        params: { country: 'DEU' },
      });
    });
    const user = userEvent.setup();
    renderAt(
      '/tokens',
      withQueryClient(<TakeOrderDialog order={order()} tokenName="Harbour Offices" onClose={vi.fn()} />),
    );
    const dialog = screen.getByRole('dialog', { name: 'Buy Harbour Offices (HRBR)' });
    const submit = within(dialog).getByRole('button', { name: 'Buy tokens' });
    await user.type(within(dialog).getByLabelText(/Tokens to buy/), '11');
    expect(within(dialog).getByText('Only 10 HRBR remain in this order.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/Tokens to buy/));
    await user.type(within(dialog).getByLabelText(/Tokens to buy/), '4');
    expect(within(dialog).getByTestId('take-total')).toHaveTextContent('0.012 ETH');
    const status = within(dialog).getByTestId('eligibility-status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent(BLOCKED.message!));
    expect(submit).toBeDisabled();
    expect(posted).toBe(0);

    // The rules changed meanwhile: the check says yes, the server still refuses, and says why.
    answer = ELIGIBLE;
    await user.clear(within(dialog).getByLabelText(/Tokens to buy/));
    await user.type(within(dialog).getByLabelText(/Tokens to buy/), '5');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    // The red banner (role alert), not the polite status of the check.
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(BLOCKED.message!));
    expect(within(dialog).getByTestId('eligibility-status')).toHaveTextContent('');
    expect(posted).toBe(1);
  });
});

describe('the token page (ADR 75)', () => {
  const trade: SecondaryFill = {
    id: '6b5a4938-2716-4054-9c3b-2a1908f7e6d5',
    orderId: order().id,
    tokenId: TOKEN_ID,
    symbol: 'HRBR',
    amount: '2',
    pricePerTokenWei: '2500000000000000',
    totalWei: '5000000000000000',
    at: '2026-12-05T12:00:00.000Z',
    status: 'SETTLED',
    txHash: HASH,
    explorerUrl: null,
  };

  const render = (answer: SecondaryOrderBookResponse) => {
    const calls = stubFetch((path) => {
      if (path.endsWith('/book')) return json(200, answer);
      if (path.endsWith('/trades'))
        return json(200, {
          success: true,
          trades: [trade],
          priceHistory: [{ at: trade.at, pricePerTokenWei: trade.pricePerTokenWei, amount: trade.amount }],
        });
      if (path === '/api/holdings') return json(200, holdingsAnswer([sampleHolding()]));
      if (path === '/api/secondary/mine') return json(200, { success: true, orders: [], fills: [] });
      return json(200, { success: true, order: order({ isMine: true, status: 'CANCELLED' }) });
    });
    renderAt(`/tokens/${TOKEN_ID}`, withQueryClient(<TokenPage />), '/tokens/:tokenId');
    return calls;
  };

  it('lists the book anonymously with mine marked, cancels mine with a key, and shows trades with a chart', async () => {
    const calls = render(
      book({
        orders: [
          order(),
          order({ id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', isMine: true, remaining: '3' }),
        ],
        lastPriceWei: trade.pricePerTokenWei,
      }),
    );
    const keys = recordKeys();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Harbour Offices (HRBR)' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('book-order');
    expect(within(rows[0]!).queryByTestId('book-yours')).toBeNull();
    expect(
      within(rows[0]!).getByRole('button', { name: 'Buy from the order of 10 HRBR at 0.003 ETH' }),
    ).toBeEnabled();
    expect(within(rows[1]!).getByTestId('book-yours')).toHaveTextContent('Yours');
    expect(within(rows[1]!).queryByTestId('book-buy')).toBeNull();
    expect(screen.getByTestId('token-last-price')).toHaveTextContent('0.0025 ETH');
    expect(screen.getByTestId('token-free')).toHaveTextContent('25 HRBR');
    expect(await screen.findByRole('img', { name: /Price per token of 1 trades/ })).toBeInTheDocument();
    expect(screen.getByTestId('trade-row')).toHaveTextContent('2 HRBR');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Cancel the order of 3 HRBR' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.path === '/api/secondary/orders/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/cancel',
        ),
      ).toBe(true),
    );
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a paused token says its issuer's reason and offers neither selling nor buying", async () => {
    render(book({ tradable: false, paused: true, pausedReason: 'Corporate action under way' }));
    expect(await screen.findByTestId('token-paused')).toHaveTextContent(
      'Trading in HRBR is paused by its issuer: Corporate action under way',
    );
    expect(screen.getByRole('button', { name: 'Sell HRBR' })).toBeDisabled();
    expect(screen.queryByTestId('book-buy')).toBeNull();
  });
});

describe("the issuer's panel (ADR 75)", () => {
  it('shows the volume, the number of trades, what open orders lock and the pause with its reason', async () => {
    stubFetch(() =>
      json(200, {
        ...book({ paused: true, pausedReason: 'Corporate action under way', tradable: false }),
        orders: undefined,
        volume: '12',
        valueWei: '30000000000000000',
        trades: 3,
        openOrders: 1,
        locked: '4',
        buyers: 2,
        sellers: 1,
        lastPriceWei: '2500000000000000',
        recentTrades: [],
      }),
    );
    renderAt(
      '/issuer',
      withQueryClient(
        <IssuerSecondaryDialog
          token={{ id: TOKEN_ID, name: 'Harbour Offices', symbol: 'HRBR' }}
          onClose={vi.fn()}
        />,
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Secondary market of Harbour Offices (HRBR)' });
    expect(await within(dialog).findByTestId('issuer-secondary-volume')).toHaveTextContent('12 HRBR');
    expect(within(dialog).getByTestId('issuer-secondary-trades')).toHaveTextContent('3');
    expect(within(dialog).getByText('0.03 ETH')).toBeInTheDocument();
    expect(within(dialog).getByText('4 HRBR')).toBeInTheDocument();
    expect(within(dialog).getByTestId('issuer-secondary-paused')).toHaveTextContent(
      'Trading in HRBR is paused by its issuer: Corporate action under way',
    );
  });
});
