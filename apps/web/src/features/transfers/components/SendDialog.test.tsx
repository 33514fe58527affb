import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import type { Transfer } from '@portal/shared/transfers';
import { setLanguage } from '../../../i18n/i18n';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { SendButton } from './SendButton';
import { TransfersSection } from './TransfersSection';

const TOKEN = {
  id: '5b0c6f1e-2d3a-4c5b-9e8f-7a6b5c4d3e2f',
  symbol: 'TRF',
  decimals: 0,
  tokenType: 'ERC20',
  blockchain: 'ethereum',
};
const HANDLE = 'K7QM2X9PAB';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const sent: Transfer = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  direction: 'out',
  kind: 'peer',
  tokenId: TOKEN.id,
  tokenName: 'Transferable',
  symbol: 'TRF',
  decimals: 0,
  amount: '3',
  counterparty: HANDLE,
  status: 'COMPLETED',
  txHash: `0x${'a'.repeat(64)}`,
  explorerUrl: null,
  error: null,
  createdAt: '2026-12-02T00:00:00.000Z',
  completedAt: '2026-12-02T00:00:01.000Z',
};
const eligible = { eligible: true, reason: null, message: null, params: {} };

beforeAll(setUpI18n);
afterEach(() => setLanguage('en'));

/** A portal that knows one handle and one linked wallet; a transfer of more than 5 is not free. */
function portal(keys: Array<string | null>) {
  let transfers: Transfer[] = [];
  const calls = stubFetch(async (path, body) => {
    const request = body as { amount?: string; to?: { handle?: string; wallet?: string } } | undefined;
    if (path.endsWith('/settings/wallets'))
      return json(200, {
        success: true,
        wallets: [{ id: 'w1', address: WALLET, chainId: 11155111, linkedAt: sent.createdAt }],
      });
    if (path.endsWith('/transfers/handle')) return json(200, { success: true, handle: 'ZZZZZ11111' });
    if (path.endsWith('/transfers/check')) {
      if (request?.to?.handle && request.to.handle.replace(/-/g, '').toUpperCase() !== HANDLE)
        return json(404, { success: false, error: messages.transferHandleNotFound, code: 'NOT_FOUND' });
      const refused = Number(request?.amount) > 5;
      return json(200, {
        success: true,
        recipient: request?.to?.wallet
          ? { kind: 'withdrawal', address: WALLET }
          : { kind: 'peer', address: null },
        eligibility: refused
          ? { eligible: false, reason: 'frozen', message: 'frozen', params: { amount: '5' } }
          : eligible,
      });
    }
    if (path.endsWith('/transfers') && body) {
      transfers = [sent];
      return json(201, { success: true, transfer: sent });
    }
    return json(200, { success: true, transfers });
  });
  const stubbed = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/transfers') && init?.body)
      keys.push(new Headers(init.headers).get('idempotency-key'));
    return stubbed(input, init);
  }) as typeof fetch;
  return calls;
}

const render = () =>
  renderAt(
    '/assets',
    withQueryClient(
      <>
        <SendButton token={TOKEN} balance="8" frozen="3" />
        <TransfersSection />
      </>,
    ),
  );

describe('sending tokens from My Assets', () => {
  it('checks the handle and amount first, says why not, and sends once with a key', async () => {
    const keys: Array<string | null> = [];
    const calls = portal(keys);
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('ZZZZZ-11111')).toHaveAttribute('data-testid', 'transfer-my-handle');
    await user.click(screen.getByRole('button', { name: 'Send TRF' }));
    const submit = screen.getByRole('button', { name: 'Send' });
    expect(submit).toBeDisabled();
    expect(screen.getByText('You can send up to 5 TRF')).toBeInTheDocument();

    await user.type(screen.getByTestId('transfer-handle'), 'nxbady1111');
    await user.type(screen.getByTestId('transfer-amount'), '6');
    expect(await screen.findByText(messages.transferHandleNotFound)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByTestId('transfer-handle'));
    await user.type(screen.getByTestId('transfer-handle'), 'k7qm2-x9pab');
    // The token's rules answer before anything is sent: more than is free.
    await waitFor(() => expect(screen.getByTestId('eligibility-status')).toHaveTextContent(/only 5 tokens/));
    expect(submit).toBeDisabled();

    await user.clear(screen.getByTestId('transfer-amount'));
    await user.type(screen.getByTestId('transfer-amount'), '3');
    expect(await screen.findByTestId('transfer-recipient')).toHaveTextContent(
      'A verified investor may receive this.',
    );
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^transfer-/);
    const posted = calls.filter((call) => call.path.endsWith('/transfers') && call.method === 'POST');
    expect(posted.map((call) => call.body)).toEqual([
      { tokenId: TOKEN.id, amount: '3', to: { handle: HANDLE } },
    ]);
    expect(await screen.findByText('Sent 3 TRF to K7QM2-X9PAB')).toBeInTheDocument();
    expect(screen.getByTestId('transfer-hash')).toBeInTheDocument();
  }, 60_000);

  it('withdraws to one of my linked wallets, in Arabic, right to left', async () => {
    portal([]);
    await setLanguage('ar');
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'إرسال TRF' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByLabelText('محفظتي الخاصة'));
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: WALLET }));
    await user.type(screen.getByTestId('transfer-amount'), '2');
    expect(await screen.findByTestId('transfer-recipient')).toHaveTextContent('يمكن لمحفظتك استلام هذا');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
