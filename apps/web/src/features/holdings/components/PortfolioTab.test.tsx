import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { holdingsAnswer, sampleHolding } from '../../../testing/market-samples';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { PortfolioTab } from './PortfolioTab';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));

const tower = sampleHolding({
  token: {
    ...sampleHolding().token,
    id: '0a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d',
    name: 'Tower',
    symbol: 'TWR',
  },
  valueWei: '150000000000000000',
});
const unpriced = sampleHolding({
  token: {
    ...sampleHolding().token,
    id: '1a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d',
    name: 'Quiet',
    symbol: 'QT',
  },
  priceWei: null,
  priceSource: null,
  valueWei: null,
});

describe('Portfolio (ADR 68)', () => {
  it('the total at the last price, a donut of the allocation and the same figures as a table', async () => {
    stubFetch(() => json(200, holdingsAnswer([sampleHolding(), tower, unpriced])));
    renderAt('/dashboard?tab=portfolio', withQueryClient(<PortfolioTab />), '/dashboard');
    expect(screen.getByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
    // 0.05 + 0.15 ETH, exactly; the unpriced holding is said, not counted.
    expect(await screen.findByTestId('portfolio-total')).toHaveTextContent('0.2 ETH');
    expect(screen.getByText('Holdings without a price, not counted: 1')).toBeInTheDocument();

    const chart = screen.getByRole('img', { name: /^Allocation by token:/ });
    expect(chart).toHaveAccessibleName('Allocation by token: HRBR 25.000000%, TWR 75.000000%');
    const slices = within(screen.getByTestId('allocation')).getAllByTestId('allocation-slice');
    expect(slices.map((slice) => slice.getAttribute('stroke-dasharray'))).toEqual(['25 75', '75 25']);
    // Clockwise from twelve o'clock: the second slice starts where the first ends.
    expect(slices.map((slice) => slice.getAttribute('stroke-dashoffset'))).toEqual(['25', '0']);

    const table = screen.getByRole('table', { name: 'Allocation' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('TokenValueShare');
    expect(rows[1]).toHaveTextContent('Harbour Offices (HRBR)0.05 ETH25.000000%');
    expect(rows[2]).toHaveTextContent('Tower (TWR)0.15 ETH75.000000%');
    expect(screen.getAllByTestId('asset-card')).toHaveLength(3);
  });

  it("nothing held: 'No Assets Yet' and the way to the marketplace", async () => {
    stubFetch(() => json(200, holdingsAnswer([])));
    renderAt('/dashboard?tab=portfolio', withQueryClient(<PortfolioTab />), '/dashboard');
    expect(await screen.findByText('No Assets Yet')).toBeInTheDocument();
    expect(screen.queryByTestId('allocation-chart')).toBeNull();
  });
});
