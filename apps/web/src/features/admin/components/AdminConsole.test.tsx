import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { profileAnswer } from '../../../testing/market-samples';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { AdminConsole } from './AdminConsole';

beforeAll(setUpI18n);
beforeEach(() => {
  queryClient.clear();
  localStorage.setItem('authToken', 'cookie_session');
});

const failedJob = {
  id: '0b6c6a3e-51d9-4f0e-9a0b-7f3d2e1c4b5a',
  queue: 'purchase.settle',
  status: 'failed',
  attempts: 5,
  maxAttempts: 5,
  lastError: 'node unreachable',
  requestId: 'req-7f3d2e1c',
  runAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:05:00.000Z',
};

describe('admin console (docs/product.md §2.16)', () => {
  it('turns away an account that is not an administrator, naming its role', async () => {
    stubFetch(() => json(200, profileAnswer()));
    renderAt('/admin', <AdminConsole />);
    expect(
      await screen.findByText(
        'This console is for administrators. Your role is INVESTOR.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('retries a failed job from the Jobs tab and says so', async () => {
    let failed = [failedJob];
    const calls = stubFetch((path) => {
      if (path === '/api/auth/profile') return json(200, profileAnswer({ role: 'ADMIN' }));
      if (path.startsWith('/api/admin/jobs?'))
        return json(200, {
          success: true,
          counts: { queued: 0, running: 0, done: 3, failed: failed.length },
          jobs: failed,
        });
      if (path === `/api/admin/jobs/${failedJob.id}/retry`) {
        failed = [];
        return json(200, { success: true, job: { ...failedJob, status: 'queued', attempts: 0 } });
      }
      return json(200, { success: true, users: [] });
    });
    const user = userEvent.setup();
    renderAt('/admin?tab=jobs', <AdminConsole />);
    // The first render loads the console's modules and the profile: allow it more than a second.
    const row = await screen.findByTestId('admin-job-row', undefined, { timeout: 5000 });
    expect(row).toHaveTextContent('purchase.settle');
    expect(row).toHaveTextContent('node unreachable');
    expect(row).toHaveTextContent('5 / 5');
    expect(screen.getByRole('tab', { name: 'Jobs', selected: true })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    const soon = { timeout: 5000 };
    expect(await screen.findByText('The purchase.settle job runs again', {}, soon)).toBeInTheDocument();
    expect(await screen.findByText('No job has failed', {}, soon)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/admin/jobs/${failedJob.id}/retry`,
    ]);
  });

  it('approves a complete issuer application; one still missing a step cannot be approved', async () => {
    const application = (userId: string, missing: string[]) => ({
      userId,
      name: 'Ines Issuer',
      email: `${userId.slice(0, 4)}@portal.test`,
      role: 'ISSUER',
      decidedByEmail: null,
      status: 'pending',
      organisationName: missing.length ? null : 'Harbour Capital',
      reason: null,
      missing,
      kycStatus: missing.length ? 'not_started' : 'verified',
      kybStatus: 'pending',
      businessDocuments: 1,
      submittedAt: '2026-11-27T09:00:00.000Z',
      decidedAt: null,
    });
    const complete = application('a1b2c3d4-0000-4000-8000-000000000001', []);
    const incomplete = application('a1b2c3d4-0000-4000-8000-000000000002', [
      'organisationName',
      'identityVerified',
    ]);
    const calls = stubFetch((path) => {
      if (path === '/api/auth/profile') return json(200, profileAnswer({ role: 'ADMIN' }));
      if (path.startsWith('/api/admin/issuers?'))
        return json(200, { success: true, applications: [complete, incomplete] });
      if (path.endsWith('/approve'))
        return json(200, { success: true, application: { ...complete, status: 'approved' } });
      return json(200, { success: true, users: [] });
    });
    const user = userEvent.setup();
    renderAt('/admin?tab=issuers', <AdminConsole />);
    const [ready, missing] = await screen.findAllByTestId('admin-issuer-row', undefined, { timeout: 5000 });
    expect(missing).toHaveTextContent('Organisation name');
    expect(missing).toHaveTextContent('Verified identity');
    expect(within(missing!).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(ready).toHaveTextContent('Complete');
    await user.click(within(ready!).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Harbour Capital may now issue tokens', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/admin/issuers/${complete.userId}/approve`,
    ]);
  });

  it('changes a role only once confirmed', async () => {
    const investor = {
      id: 'b1b2c3d4-0000-4000-8000-000000000003',
      name: 'Grace Granted',
      email: 'grace@portal.test',
      role: 'INVESTOR',
      kycStatus: 'verified',
      vaultStatus: 'active',
      walletCount: 5,
      deactivated: false,
      accredited: false,
      createdAt: '2026-11-27T09:00:00.000Z',
    };
    const calls = stubFetch((path) => {
      if (path === '/api/auth/profile') return json(200, profileAnswer({ role: 'ADMIN' }));
      if (path.endsWith('/role')) return json(200, { success: true, user: { ...investor, role: 'ISSUER' } });
      return json(200, { success: true, users: [investor] });
    });
    const user = userEvent.setup();
    renderAt('/admin?tab=users', <AdminConsole />);
    const row = await screen.findByTestId('admin-user-row', undefined, { timeout: 5000 });
    await user.click(within(row).getByRole('combobox', { name: 'Role of Grace Granted' }));
    await user.click(await screen.findByRole('option', { name: 'Issuer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Grace Granted' });
    expect(dialog).toHaveTextContent('Grace Granted becomes an approved issuer at once');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Grace Granted is now Issuer', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: `/api/admin/users/${investor.id}/role`, body: { role: 'issuer' } }),
    ]);
  });

  it('marks a verified investor accredited only with a reason', async () => {
    const investor = {
      id: 'b1b2c3d4-0000-4000-8000-000000000004',
      name: 'Ada Accredited',
      email: 'ada@portal.test',
      role: 'INVESTOR',
      kycStatus: 'verified',
      vaultStatus: 'active',
      walletCount: 5,
      deactivated: false,
      accredited: false,
      createdAt: '2026-11-27T09:00:00.000Z',
    };
    const calls = stubFetch((path) => {
      if (path === '/api/auth/profile') return json(200, profileAnswer({ role: 'ADMIN' }));
      if (path.endsWith('/accreditation'))
        return json(200, { success: true, data: { userId: investor.id, accredited: true } });
      return json(200, {
        success: true,
        users: [
          investor,
          { ...investor, id: 'b1b2c3d4-0000-4000-8000-000000000005', name: 'Ivy Issuer', role: 'ISSUER' },
        ],
      });
    });
    const user = userEvent.setup();
    renderAt('/admin?tab=users', <AdminConsole />);
    const [row, issuerRow] = await screen.findAllByTestId('admin-user-row', undefined, { timeout: 5000 });
    // Only a verified investor can be accredited: an issuer shows its state, no switch.
    expect(within(issuerRow!).queryByRole('switch')).toBeNull();
    await user.click(within(row!).getByRole('switch', { name: 'Ada Accredited is accredited' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Ada Accredited accredited' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark accredited' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      'Please give a reason',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Certificate checked');
    await user.click(within(dialog).getByRole('button', { name: 'Mark accredited' }));
    expect(await screen.findByText('Accreditation updated', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        path: `/api/admin/users/${investor.id}/accreditation`,
        body: { accredited: true, reason: 'Certificate checked' },
      }),
    ]);
  });
});
