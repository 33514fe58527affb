import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IncomeResponse } from '@portal/shared/distributions';
import type { Holding } from '@portal/shared/holdings';
import { holdingsAnswer, profileAnswer, sampleAttempt, sampleHolding } from '../../../testing/market-samples';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { OverviewTab } from './OverviewTab';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));

function overview(holdings: Holding[], totals: IncomeResponse['totals'] = []) {
  stubFetch((path) =>
    path === '/api/holdings'
      ? // A failed attempt is never held nor counted.
        json(200, holdingsAnswer(holdings, [sampleAttempt()]))
      : path === '/api/income'
        ? json(200, { success: true, income: [], totals })
        : json(200, profileAnswer()),
  );
  renderAt('/dashboard', withQueryClient(<OverviewTab />));
}

const other = (n: number, valueWei: string | null): Holding =>
  sampleHolding({
    token: { ...sampleHolding().token, id: `b1a2c3d4-0000-4000-8000-00000000000${n}`, symbol: `T${n}` },
    valueWei,
  });

describe('Overview stat cards', () => {
  it('values the portfolio as the Portfolio tab does: the holdings at their last price, exactly', async () => {
    overview([
      sampleHolding(),
      other(2, '3000000000000000'),
      other(3, '1000000000000000001'),
      other(4, null),
    ]);
    expect(await screen.findByTestId('portfolio-value', {}, { timeout: 5_000 })).toHaveTextContent(
      '1.053000000000000001 ETH',
    );
    const stats = screen.getByTestId('overview-stats');
    expect(within(stats).getByText('Your holdings, at their last price')).toBeInTheDocument();
    expect(within(stats).queryByText('No investments yet')).toBeNull();
    expect(stats).toHaveTextContent('Assets held4');
    const investments = screen.getByTestId('overview-investments');
    expect(investments).toHaveTextContent('Harbour Offices25 HRBR · 2.500000%');
  });

  it('says there is nothing yet without holdings', async () => {
    overview([]);
    const stats = await screen.findByTestId('overview-stats');
    expect(await within(stats).findByText('No investments yet')).toBeInTheDocument();
    expect(screen.queryByTestId('portfolio-value')).toBeNull();
    expect(screen.queryByTestId('overview-income')).toBeNull();
  });

  it('shows the income distributions paid, per currency, exactly (ADR 71)', async () => {
    overview(
      [sampleHolding()],
      [
        { currency: 'ETH', decimals: 18, amount: '33333333333333333' },
        { currency: 'tUSD', decimals: 6, amount: '10500000' },
      ],
    );
    const income = await screen.findByTestId('overview-income', {}, { timeout: 5_000 });
    expect(income).toHaveTextContent('Income received');
    expect(screen.getByTestId('overview-income-total')).toHaveTextContent(
      '0.033333333333333333 ETH · 10.5 tUSD',
    );
  });
});
