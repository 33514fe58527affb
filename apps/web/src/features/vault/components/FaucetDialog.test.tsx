import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaucetAllowance } from '@portal/shared/faucet';
import { formatMessage, messages } from '@portal/shared/messages';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { FaucetDialog } from './FaucetDialog';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const offer = (over: Partial<FaucetAllowance>): FaucetAllowance => ({
  asset: 'ETH',
  chain: 'ethereum',
  amount: '50000000000000000',
  decimals: 18,
  available: true,
  remaining: 3,
  limit: 3,
  resetsAt: null,
  publicFaucetUrl: null,
  ...over,
});
const EMBEDDED = [
  offer({}),
  offer({ asset: 'tUSD', amount: '1000000000', decimals: 6, remaining: 2 }),
  offer({ asset: 'SOL', chain: 'solana', amount: '1000000000', decimals: 9 }),
];
const grant = {
  id: '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817',
  asset: 'ETH',
  chain: 'ethereum',
  address: ADDRESS,
  amount: '50000000000000000',
  decimals: 18,
  status: 'sent',
  transactionHash: '0xabc',
  explorerUrl: null,
  createdAt: '2026-12-07T12:00:00.000Z',
};

function renderDialog() {
  const user = userEvent.setup();
  renderAt(
    '/vault',
    withQueryClient(<FaucetDialog open chain="ethereum" address={ADDRESS} onClose={() => {}} />),
  );
  return user;
}

beforeAll(setUpI18n);

describe('FaucetDialog', () => {
  it('offers the chain’s assets with what is left, disables while processing, then says what was sent', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = stubFetch(async (_path, body) => {
      if (!body) return json(200, { success: true, allowances: EMBEDDED });
      await held;
      return json(200, { success: true, grant, remaining: 2 });
    });
    const keys: Array<string | null> = [];
    const stubbed = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      return stubbed(input, init);
    }) as typeof fetch;
    const user = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Get test funds' });
    expect(await within(dialog).findByText('3 of 3 left today')).toBeInTheDocument();
    expect(within(dialog).getByText('2 of 3 left today')).toBeInTheDocument();
    // Solana's SOL is not offered for an Ethereum address.
    expect(within(dialog).queryByText(/SOL/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Get 0.05 ETH' }));
    expect(await within(dialog).findByText('Processing...')).toBeInTheDocument();
    for (const button of within(dialog).getAllByRole('button')) expect(button).toBeDisabled();
    release();
    expect(await within(dialog).findByText('0.05 ETH sent to your vault.')).toBeInTheDocument();
    const post = calls.findIndex((call) => call.method === 'POST');
    expect(calls[post]!.body).toEqual({ asset: 'ETH', chain: 'ethereum' });
    expect(keys[post]).toMatch(/^faucet-/);
  });

  it('shows a refusal in the red banner', async () => {
    stubFetch((path, body) =>
      body
        ? json(409, { success: false, error: messages.faucetNoStablecoin, code: 'CONFLICT' })
        : json(200, { success: true, allowances: EMBEDDED }),
    );
    const user = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Get test funds' });
    await user.click(await within(dialog).findByRole('button', { name: 'Get 1000 tUSD' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not get test funds');
    expect(alert).toHaveTextContent(messages.faucetNoStablecoin);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Get 1000 tUSD' })).toBeEnabled());
  });

  it('says the daily limit in the user’s words when the server refuses with 429', async () => {
    const resetsAt = new Date(Date.now() + 5 * 3_600_000 - 60_000).toISOString();
    stubFetch((_path, body) =>
      body
        ? json(429, { success: false, error: 'limit', code: 'RATE_LIMITED' })
        : json(200, { success: true, allowances: EMBEDDED.map((o) => ({ ...o, resetsAt })) }),
    );
    const user = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Get test funds' });
    await user.click(await within(dialog).findByRole('button', { name: 'Get 0.05 ETH' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      formatMessage(messages.faucetLimitReached, { limit: 3, asset: 'ETH', hours: 5 }),
    );
  });

  it('on a remote chain links to the public faucet and offers nothing to click', async () => {
    stubFetch(() =>
      json(200, {
        success: true,
        allowances: EMBEDDED.map((o) => ({
          ...o,
          available: false,
          remaining: 0,
          publicFaucetUrl: 'https://sepoliafaucet.com',
        })),
      }),
    );
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Get test funds' });
    const link = await within(dialog).findByRole('link', { name: 'Open the public faucet' });
    expect(link).toHaveAttribute('href', 'https://sepoliafaucet.com');
    expect(within(dialog).queryByRole('button', { name: /^Get / })).toBeNull();
  });
});
