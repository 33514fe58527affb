import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_RULES, type TokenActionView, type TokenComplianceResponse } from '@portal/shared/compliance';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { CompliancePanel } from './CompliancePanel';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));

const token = { id: '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817', name: 'Harbour Offices', symbol: 'HRBR' };
const alice = {
  holderId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  // Alice lets issuers see her name; Bob does not, so he is his identity key (ADR 69).
  identityKey: `0x${'a1'.repeat(32)}`,
  name: 'Alice Martin',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  country: 'FRA',
  accredited: true,
  eligible: true,
  balance: '25',
  frozen: '0',
  lockedUntil: '2027-03-12T10:00:00.000Z',
};
const bob = {
  ...alice,
  holderId: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  identityKey: `0x${'b2'.repeat(32)}`,
  name: null,
  country: 'DEU',
};

const action = (change: Partial<TokenActionView> = {}): TokenActionView => ({
  id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
  action: 'frozen',
  status: 'DONE',
  holderId: alice.holderId,
  holderIdentityKey: alice.identityKey,
  holderName: alice.name,
  amount: '10',
  reason: 'Court order',
  txHash: `0x${'cd'.repeat(32)}`,
  explorerUrl: `http://127.0.0.1/explorer/tx/0x${'cd'.repeat(32)}`,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...change,
});

const complianceAnswer = (
  change: Partial<TokenComplianceResponse['data']> = {},
): TokenComplianceResponse => ({
  success: true,
  data: {
    tokenId: token.id,
    rules: OPEN_RULES,
    paused: false,
    holderCount: 2,
    holders: [alice, bob],
    actions: [action()],
    ...change,
  },
});

function renderPanel() {
  renderAt('/issuer', withQueryClient(<CompliancePanel token={token} onClose={vi.fn()} />));
}

const panel = () => screen.getByRole('dialog', { name: 'Compliance · Harbour Offices (HRBR)' });

describe('the compliance panel (docs/product.md §4.12)', () => {
  it('shows the holders and the action log with its transaction link', async () => {
    stubFetch(() => json(200, complianceAnswer()));
    renderPanel();
    const [first, second] = await screen.findAllByTestId('holder-row');
    expect(second).toHaveTextContent('0xb2b2…b2b2');
    for (const text of [
      'Alice Martin',
      '0xa1a1…a1a1',
      '0x7099…79C8',
      'France',
      'Yes',
      '25 HRBR',
      '0 HRBR',
      'March 12, 2027',
    ])
      expect(first).toHaveTextContent(text);
    const [logged] = screen.getAllByTestId('action-row');
    expect(logged).toHaveTextContent('Frozen');
    expect(logged).toHaveTextContent('Court order');
    expect(logged).toHaveTextContent('Alice Martin');
    expect(within(logged!).getByTestId('action-status')).toHaveTextContent('Done');
    expect(
      within(logged!).getByRole('link', {
        name: `View transaction 0x${'cd'.repeat(32)} on the block explorer`,
      }),
    ).toHaveAttribute('href', `http://127.0.0.1/explorer/tx/0x${'cd'.repeat(32)}`);
    expect(within(panel()).getByText('Holders: 2')).toBeInTheDocument();
  });

  it('checks the rules before sending them: amounts, holders, lock-up, one country in both lists, min above max', async () => {
    const calls = stubFetch(() => json(200, complianceAnswer()));
    const user = userEvent.setup();
    renderPanel();
    const form = await within(await screen.findByTestId('compliance-panel')).findByRole('form', {
      name: 'Rules',
    });
    await user.type(
      within(form).getByRole('textbox', { name: 'Maximum holding per investor (tokens)' }),
      'ten',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Maximum number of holders' }), '0');
    await user.type(
      within(form).getByRole('textbox', { name: 'Lock-up after each purchase (days)' }),
      '4000',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Minimum per purchase (tokens)' }), '50');
    await user.type(within(form).getByRole('textbox', { name: 'Maximum per purchase (tokens)' }), '5');
    await user.type(within(form).getByRole('combobox', { name: 'Allowed countries' }), 'Fran');
    await user.click(await screen.findByRole('option', { name: 'France' }));
    await user.type(within(form).getByRole('combobox', { name: 'Blocked countries' }), 'Fran');
    await user.click(await screen.findByRole('option', { name: 'France' }));
    await user.click(within(form).getByRole('button', { name: 'Save rules' }));
    for (const text of [
      'Please enter an amount of tokens, such as 250 or 0.5',
      'Please enter a whole number from 1 to 1,000,000',
      'Please enter a whole number of days from 0 to 3650',
      'A country cannot be both allowed and blocked.',
      'The minimum purchase cannot be larger than the maximum.',
    ])
      expect(form).toHaveTextContent(text);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  }, 40_000);

  it('saves the rules, then waits while the change is PENDING, polling until DONE', async () => {
    let saved = false;
    let reads = 0;
    const calls = stubFetch((path, body) => {
      if (path.endsWith('/rules')) {
        saved = true;
        return json(202, {
          success: true,
          data: action({
            action: 'rules-changed',
            status: 'PENDING',
            txHash: null,
            explorerUrl: null,
            holderId: null,
            holderIdentityKey: null,
            holderName: null,
            amount: null,
            reason: 'Rules changed',
          }),
        });
      }
      if (!saved) return json(200, complianceAnswer());
      reads += 1;
      const done = reads > 1;
      void body;
      return json(
        200,
        complianceAnswer({
          rules: { ...OPEN_RULES, allowedCountries: ['FRA'], maxBalance: '100', lockupDays: 30 },
          actions: [
            action({
              action: 'rules-changed',
              status: done ? 'DONE' : 'PENDING',
              holderId: null,
              holderIdentityKey: null,
              holderName: null,
              amount: null,
            }),
          ],
        }),
      );
    });
    const user = userEvent.setup();
    renderPanel();
    const form = await within(await screen.findByTestId('compliance-panel')).findByRole('form', {
      name: 'Rules',
    });
    await user.type(within(form).getByRole('combobox', { name: 'Allowed countries' }), 'Fran');
    await user.click(await screen.findByRole('option', { name: 'France' }));
    await user.type(
      within(form).getByRole('textbox', { name: 'Maximum holding per investor (tokens)' }),
      '100',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Lock-up after each purchase (days)' }), '30');
    await user.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByTestId('compliance-pending')).toHaveTextContent(
      'An action is being written on chain.',
    );
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe(`/api/issuer/tokens/${token.id}/rules`);
    expect(put.body).toEqual({ ...OPEN_RULES, allowedCountries: ['FRA'], maxBalance: '100', lockupDays: 30 });
    await waitFor(() => expect(screen.getByTestId('compliance-pending')).toHaveTextContent(''), {
      timeout: 6000,
    });
    expect(screen.getAllByTestId('action-status')[0]).toHaveTextContent('Done');
  }, 30_000);

  it('freezes a holder only with a valid amount and a reason; the server refusal shows under its field', async () => {
    const calls = stubFetch((path) => {
      if (path.endsWith('/freeze'))
        return json(400, {
          success: false,
          code: 'VALIDATION',
          error: 'The amount is larger than the holding.',
          fields: { amount: 'The amount is larger than the holding.' },
        });
      return json(200, complianceAnswer());
    });
    const user = userEvent.setup();
    renderPanel();
    await screen.findAllByTestId('holder-row');
    await user.click(screen.getByRole('button', { name: 'Freeze the tokens of Alice Martin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Freeze tokens of Alice Martin' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount kept frozen (HRBR)' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(dialog).toHaveTextContent('The amount is larger than the holding.');
    expect(dialog).toHaveTextContent('Please give a reason');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount kept frozen (HRBR)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount kept frozen (HRBR)' }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Court order');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('textbox', { name: 'Amount kept frozen (HRBR)' }),
      ).toHaveAccessibleDescription('The amount is larger than the holding.'),
    );
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ holderId: alice.holderId, amount: '10', reason: 'Court order' });
  });

  it('moves tokens to another holder or the treasury, and recovers a wallet to a new address', async () => {
    const calls = stubFetch((path) =>
      path.endsWith('/compliance')
        ? json(200, complianceAnswer())
        : json(202, { success: true, data: action({ status: 'PENDING', txHash: null, explorerUrl: null }) }),
    );
    const user = userEvent.setup();
    renderPanel();
    await screen.findAllByTestId('holder-row');
    await user.click(screen.getByRole('button', { name: 'Force a transfer from Alice Martin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Forced transfer from Alice Martin' });
    await user.click(within(dialog).getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: '0xb2b2…b2b2' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount (HRBR)' }), '0');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Estate');
    await user.click(within(dialog).getByRole('button', { name: 'Forced transfer' }));
    expect(dialog).toHaveTextContent('Please enter an amount above 0');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount (HRBR)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount (HRBR)' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Forced transfer' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Recover the wallet of Alice Martin' }));
    dialog = await screen.findByRole('dialog', { name: 'Recover the wallet of Alice Martin' });
    await user.click(within(dialog).getByRole('textbox', { name: /New address/ }));
    await user.paste(alice.address);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Lost key');
    await user.click(within(dialog).getByRole('button', { name: 'Recover wallet' }));
    expect(dialog).toHaveTextContent('The new address must differ from the current one');
    await user.clear(within(dialog).getByRole('textbox', { name: /New address/ }));
    await user.paste('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
    await user.click(within(dialog).getByRole('button', { name: 'Recover wallet' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path.split('/').pop(), call.body])).toEqual([
      [
        'forced-transfer',
        { fromHolderId: alice.holderId, toHolderId: bob.holderId, amount: '5', reason: 'Estate' },
      ],
      [
        'recover',
        {
          holderId: alice.holderId,
          newAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
          reason: 'Lost key',
        },
      ],
    ]);
  }, 40_000);

  it('pauses trading only with a reason', async () => {
    const calls = stubFetch((path) =>
      path.endsWith('/compliance')
        ? json(200, complianceAnswer())
        : json(202, { success: true, data: action({ action: 'paused', status: 'PENDING' }) }),
    );
    const user = userEvent.setup();
    renderPanel();
    await screen.findAllByTestId('holder-row');
    await user.click(within(panel()).getByRole('switch', { name: 'Pause trading' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause trading' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      'Please give a reason',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Audit');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        path: `/api/issuer/tokens/${token.id}/pause`,
        body: { paused: true, reason: 'Audit' },
      }),
    ]);
  }, 20_000);
});
