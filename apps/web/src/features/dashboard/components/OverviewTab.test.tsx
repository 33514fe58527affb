import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profileAnswer, sampleAsset } from '../../../testing/market-samples';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { OverviewTab } from './OverviewTab';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));

function overview(assets: unknown[]) {
  stubFetch((path) =>
    path === '/api/token-purchases/my-assets'
      ? json(200, { success: true, assets })
      : json(200, profileAnswer()),
  );
  renderAt('/dashboard', withQueryClient(<OverviewTab />));
}

describe('Overview stat cards', () => {
  it('values the portfolio at the price paid for settled purchases, beside the assets held', async () => {
    overview([
      sampleAsset({ costETH: '0.05' }),
      sampleAsset({ id: 'b1a2c3d4-0000-4000-8000-000000000002', costETH: '0.003' }),
      sampleAsset({ id: 'b1a2c3d4-0000-4000-8000-000000000003', costETH: '1.000000000000000001' }),
      // Not settled: neither held nor counted.
      sampleAsset({ id: 'b1a2c3d4-0000-4000-8000-000000000004', costETH: '7', status: 'SETTLING' }),
    ]);
    expect(await screen.findByTestId('portfolio-value', {}, { timeout: 5_000 })).toHaveTextContent(
      '1.053000000000000001 ETH',
    );
    const stats = screen.getByTestId('overview-stats');
    expect(within(stats).getByText('Your settled purchases, at the price paid')).toBeInTheDocument();
    expect(within(stats).queryByText('No investments yet')).toBeNull();
    expect(stats).toHaveTextContent('Assets held3Settled purchases in your vault');
  });

  it('says there is nothing yet without purchases', async () => {
    overview([]);
    const stats = await screen.findByTestId('overview-stats');
    expect(await within(stats).findByText('No investments yet')).toBeInTheDocument();
    expect(screen.queryByTestId('portfolio-value')).toBeNull();
  });
});
