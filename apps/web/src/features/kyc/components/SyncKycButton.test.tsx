import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { OverviewTab } from '../../dashboard/components/OverviewTab';

const profile = (role: string) => ({
  id: '4a7c3f0e-8a43-4f7e-9d0c-0a8f9e1b2c3d',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role,
  did: null,
  didMetadata: null,
  wallets: [],
  kycStatus: 'pending',
  createdAt: '2026-11-21T12:00:00.000Z',
});

function overviewAs(role: string, sync: () => Response = () => json(200, {})) {
  const calls = stubFetch((path) =>
    path === '/api/kyc/enhanced-storage' ? sync() : json(200, { success: true, user: profile(role) }),
  );
  renderAt('/dashboard', withQueryClient(<OverviewTab />));
  return calls;
}

beforeAll(setUpI18n);

describe("Overview 'Sync KYC Data'", () => {
  it.each(['INVESTOR', 'ISSUER'])('is offered to %s', async (role) => {
    overviewAs(role);
    expect(await screen.findByRole('button', { name: 'Sync KYC Data' })).toBeInTheDocument();
  });

  it('is not offered to ADMIN', async () => {
    overviewAs('ADMIN');
    await screen.findByTestId('overview-stats');
    expect(screen.queryByRole('button', { name: 'Sync KYC Data' })).toBeNull();
  });

  it("calls the enhanced storage and shows the server's message, then reloads the profile", async () => {
    const calls = overviewAs('INVESTOR', () =>
      json(200, { success: true, message: 'KYC verification is still under review', status: 'pending' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sync KYC Data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('KYC verification is still under review');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { path: '/api/kyc/enhanced-storage', method: 'POST', body: undefined },
    ]);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/auth/profile')).toHaveLength(2));
  });

  it("falls back to 'KYC data synced' when the answer has no message", async () => {
    overviewAs('INVESTOR', () => json(200, { success: true, status: 'verified' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sync KYC Data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^KYC data synced$/);
  });

  it("says 'Sync failed: ' and the reason on failure", async () => {
    overviewAs('ISSUER', () => json(502, { success: false, error: 'Service unavailable' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sync KYC Data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Sync failed: Service unavailable$/);
  });
});
