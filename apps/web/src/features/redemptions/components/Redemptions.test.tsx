import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@portal/shared/messages';
import type { RedemptionRequest, RedemptionWindow } from '@portal/shared/redemptions';
import { setLanguage } from '../../../i18n/i18n';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { RedeemButton } from './RedeemButton';
import { RedemptionsSection } from './RedemptionsSection';

const TOKEN = { id: '5b0c6f1e-2d3a-4c5b-9e8f-7a6b5c4d3e2f', symbol: 'RDM', decimals: 0 };
const window: RedemptionWindow = {
  id: '0d7e9a31-8f4b-4c2d-a1e6-3b5c7d9f1a2b',
  tokenId: TOKEN.id,
  tokenName: 'Redeemable',
  symbol: 'RDM',
  currency: 'ETH',
  price: '2000000000000000',
  currencyDecimals: 18,
  cap: '8',
  opensAt: '2026-12-01T00:00:00.000Z',
  closesAt: '2099-12-08T00:00:00.000Z',
  status: 'OPEN',
  requested: '0',
  accepted: null,
  createdAt: '2026-12-01T00:00:00.000Z',
};
const request = (over: Partial<RedemptionRequest>): RedemptionRequest => ({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  windowId: window.id,
  tokenId: TOKEN.id,
  symbol: 'RDM',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  currency: 'ETH',
  currencyDecimals: 18,
  amount: '6',
  accepted: null,
  payment: null,
  status: 'LOCKED',
  closesAt: window.closesAt,
  transactions: [{ kind: 'lock', hash: `0x${'a'.repeat(64)}`, explorerUrl: null }],
  createdAt: '2026-12-02T00:00:00.000Z',
  ...over,
});

beforeAll(setUpI18n);
afterEach(() => setLanguage('en'));

const render = () =>
  renderAt(
    '/assets',
    withQueryClient(
      <>
        <RedeemButton token={TOKEN} balance="10" frozen="3" />
        <RedemptionsSection />
      </>,
    ),
  );

describe('redemptions in My Assets', () => {
  it('asks for whole tokens, shows "Processing..." with the key sent, and lists the request', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests: RedemptionRequest[] = [];
    const keys: Array<string | null> = [];
    const calls = stubFetch(async (_path, body) => {
      if (!body) return json(200, { success: true, windows: [window], requests });
      await held;
      requests = [request({})];
      return json(201, { success: true, request: requests[0] });
    });
    const stubbed = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      return stubbed(input, init);
    }) as typeof fetch;
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Redeem RDM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem RDM' });
    expect(within(dialog).getByText(/at most 7 RDM are free/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Tokens to redeem/), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Lock and request' }));
    expect(await within(dialog).findByText(messages.redemptionAmountInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/Tokens to redeem/));
    await user.type(within(dialog).getByLabelText(/Tokens to redeem/), '6');
    expect(within(dialog).getByTestId('redeem-estimate')).toHaveTextContent(
      'You would receive up to 0.012 ETH',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Lock and request' }));
    expect(await within(dialog).findByText('Processing...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.findIndex((call) => call.method === 'POST');
    expect(calls[post]).toMatchObject({
      path: `/api/redemptions/windows/${window.id}/requests`,
      body: { amount: '6' },
    });
    expect(keys[post]).toMatch(/^redeem-/);
    const item = await screen.findByTestId('redemption-request');
    expect(within(item).getByText('Requested')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Cancel the redemption of 6 RDM' })).toBeEnabled();
  });

  it('shows a refusal in the red banner, in French', async () => {
    await setLanguage('fr');
    const refusal = formatMessage(messages.redemptionNotEnoughFree, { free: '7', symbol: 'RDM' });
    stubFetch(async (_path, body) =>
      body
        ? json(409, { success: false, error: refusal, code: 'CONFLICT' })
        : json(200, { success: true, windows: [window], requests: [] }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Demander le rachat de RDM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rachat de RDM' });
    await user.type(within(dialog).getByLabelText(/Jetons à racheter/), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Bloquer et demander' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Vous pouvez racheter au plus 7 RDM : le reste de votre détention est gelé, bloqué ou déjà en cours de rachat.',
    );
  });

  it('shows a settled redemption with its payment and hashes, in Arabic', async () => {
    await setLanguage('ar');
    stubFetch(async () =>
      json(200, {
        success: true,
        windows: [],
        requests: [
          request({
            status: 'SETTLED',
            accepted: '5',
            payment: '10000000000000000',
            transactions: [
              { kind: 'lock', hash: `0x${'a'.repeat(64)}`, explorerUrl: null },
              { kind: 'return', hash: `0x${'b'.repeat(64)}`, explorerUrl: null },
              { kind: 'redeem', hash: `0x${'c'.repeat(64)}`, explorerUrl: null },
              { kind: 'payment', hash: `0x${'d'.repeat(64)}`, explorerUrl: null },
            ],
          }),
        ],
      }),
    );
    render();
    const item = await screen.findByTestId('redemption-request');
    expect(screen.queryByTestId('redeem-open')).toBeNull();
    expect(within(item).getByText('تمت التسوية')).toBeInTheDocument();
    expect(within(item).getByTestId('redemption-accepted')).toHaveTextContent('5 RDM');
    expect(within(item).getByTestId('redemption-payment')).toHaveTextContent('0.01 ETH');
    expect(within(item).getByText('معاملة الدفع')).toBeInTheDocument();
    expect(within(item).queryByTestId('redemption-cancel')).toBeNull();
  });
});
