import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Distribution, Income } from '@portal/shared/distributions';
import { formatMessage, messages } from '@portal/shared/messages';
import { setLanguage } from '../../../i18n/i18n';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { DistributionsDialog } from './DistributionsDialog';
import { IncomeChart } from './IncomeChart';
import { TokenIncome } from './TokenIncome';

const TOKEN = { id: '5b0c6f1e-2d3a-4c5b-9e8f-7a6b5c4d3e2f', name: 'Dividend Co', symbol: 'DIV' };
const paid: Distribution = {
  id: '0d7e9a31-8f4b-4c2d-a1e6-3b5c7d9f1a2b',
  tokenId: TOKEN.id,
  symbol: 'DIV',
  currency: 'tUSD',
  decimals: 6,
  basis: 'total',
  amount: '100000000',
  recordDate: '2026-12-01T00:00:00.000Z',
  paymentDate: '2026-12-02T00:00:00.000Z',
  memo: 'Q4',
  status: 'paid',
  failureReason: null,
  holderCount: 3,
  total: '100000000',
  paid: '99999999',
  remainder: '1',
  createdAt: '2026-11-30T00:00:00.000Z',
};
const income = (over: Partial<Income>): Income => ({
  distributionId: paid.id,
  tokenId: TOKEN.id,
  tokenName: TOKEN.name,
  symbol: 'DIV',
  currency: 'tUSD',
  decimals: 6,
  amount: '33333333',
  balance: '10',
  recordDate: paid.recordDate,
  paidAt: '2026-12-02T00:00:05.000Z',
  memo: 'Q4',
  transactionHash: `0x${'a'.repeat(64)}`,
  explorerUrl: null,
  credentialUrl: null,
  ...over,
});

beforeAll(setUpI18n);
afterEach(() => setLanguage('en'));

const renderDialog = () =>
  renderAt('/issuer', withQueryClient(<DistributionsDialog token={TOKEN} onClose={() => {}} />));

describe('the distributions dialog', () => {
  it('lists status, holders, paid and remainder; declares with a key, disabled while invalid', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const keys: Array<string | null> = [];
    const calls = stubFetch(async (_path, body) => {
      if (!body) return json(200, { success: true, distributions: [paid] });
      await held;
      return json(201, { success: true, distribution: { ...paid, status: 'declared' } });
    });
    const stubbed = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      return stubbed(input, init);
    }) as typeof fetch;
    const user = userEvent.setup();
    renderDialog();
    const row = await screen.findByTestId('distribution-row');
    expect(within(row).getByText('Paid')).toBeInTheDocument();
    expect(within(row).getByTestId('distribution-paid')).toHaveTextContent('99.999999 tUSD');
    expect(within(row).getByText('0.000001 tUSD')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Declare a distribution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare a distribution on DIV' });
    const submit = within(dialog).getByRole('button', { name: 'Declare a distribution' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Total to distribute/), '0');
    expect(submit).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/Total to distribute/));
    await user.type(within(dialog).getByLabelText(/Total to distribute/), '250.5');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await within(dialog).findByText('Processing...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /on DIV/ })).toBeNull());
    const post = calls.findIndex((call) => call.method === 'POST');
    expect(calls[post]).toMatchObject({
      path: `/api/issuer/tokens/${TOKEN.id}/distributions`,
      body: { basis: 'total', currency: 'tUSD', amount: '250.5' },
    });
    expect(keys[post]).toMatch(/^distribution-/);
  }, 40_000);

  it('shows a refusal in the red banner, in French', async () => {
    await setLanguage('fr');
    const refusal = formatMessage(messages.distributionInsufficientFunds, {
      held: '1',
      needed: '250',
      currency: 'tUSD',
    });
    stubFetch(async (_path, body) =>
      body
        ? json(409, { success: false, error: refusal, code: 'CONFLICT' })
        : json(200, { success: true, distributions: [] }),
    );
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByText("Aucune distribution pour l'instant.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Déclarer une distribution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déclarer une distribution sur DIV' });
    await user.type(within(dialog).getByLabelText(/Total à distribuer/), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Déclarer une distribution' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Votre coffre détient 1 tUSD ; cette distribution demande 250 tUSD.',
    );
  });
});

describe('the income chart', () => {
  it('totals each currency exactly and lists each payment, in Arabic', async () => {
    await setLanguage('ar');
    renderAt(
      '/portfolio',
      <IncomeChart
        income={[
          income({ amount: '1', distributionId: 'b', paidAt: '2026-12-03T00:00:00.000Z' }),
          income({}),
        ]}
        totals={[{ currency: 'tUSD', decimals: 6, amount: '33333334' }]}
      />,
    );
    expect(screen.getByTestId('income-total-tUSD')).toHaveTextContent('33.333334 tUSD');
    expect(screen.getAllByTestId('income-row')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'الدخل المستلم بـ tUSD، تراكميًا عبر الزمن' })).toBeInTheDocument();
    expect(screen.getByText('المستلم')).toBeInTheDocument();
  });

  it('says when nothing was received, in English', () => {
    renderAt('/portfolio', <IncomeChart income={[]} totals={[]} />);
    expect(screen.getByText('No distributions received yet.')).toBeInTheDocument();
  });
});

describe("a holding card's income", () => {
  it('sums what the token paid me per currency, and says nothing for another token', async () => {
    stubFetch(async () =>
      json(200, {
        success: true,
        income: [
          income({}),
          income({ distributionId: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', amount: '1' }),
          income({ tokenId: '9f8e7d6c-5b4a-4f3e-8d2c-1b0a9f8e7d6c' }),
        ],
        totals: [],
      }),
    );
    renderAt(
      '/assets',
      withQueryClient(
        <dl>
          <TokenIncome tokenId={TOKEN.id} />
          <TokenIncome tokenId="none" />
        </dl>,
      ),
    );
    expect(await screen.findByTestId('asset-income')).toHaveTextContent('33.333334 tUSD');
    expect(screen.getAllByTestId('asset-income')).toHaveLength(1);
    expect(screen.getByText('Income received')).toBeInTheDocument();
  });
});
