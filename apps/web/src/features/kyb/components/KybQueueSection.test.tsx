import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KybReviewItem } from '@portal/shared/kyb';
import { queryClient } from '../../../lib/query-client';
import { profileAnswer } from '../../../testing/market-samples';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { AdminConsole } from '../../admin/components/AdminConsole';

beforeAll(setUpI18n);
beforeEach(() => {
  queryClient.clear();
  localStorage.setItem('authToken', 'cookie_session');
});

const USER = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const DOCUMENT = '7a1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const pending: KybReviewItem = {
  userId: USER,
  name: 'Grace Hopper',
  email: 'grace@cobol.example',
  status: 'pending',
  reason: null,
  submittedAt: '2026-11-27T09:00:00.000Z',
  decidedAt: null,
  decidedByEmail: null,
  documents: [
    {
      id: DOCUMENT,
      fileName: 'register.png',
      contentType: 'image/png',
      size: 2048,
      createdAt: '2026-11-27T09:00:00.000Z',
    },
  ],
};
const soon = { timeout: 5000 };

/** A stand-in server for the KYB review queue; decisions change what the next read answers. */
function server() {
  let item = pending;
  const calls = stubFetch((path, body) => {
    if (path === '/api/auth/profile') return json(200, profileAnswer({ role: 'ADMIN' }));
    if (path.startsWith('/api/admin/kyb?')) return json(200, { success: true, applications: [item] });
    if (path === `/api/admin/kyb/documents/${DOCUMENT}`) {
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        headers: { 'content-type': 'image/png' },
      });
    }
    if (path === `/api/admin/kyb/${USER}/approve`) {
      item = {
        ...item,
        status: 'approved',
        decidedAt: '2026-11-27T10:00:00.000Z',
        decidedByEmail: 'ada@x.io',
      };
      return json(200, { success: true, application: item });
    }
    if (path === `/api/admin/kyb/${USER}/reject`) {
      const { reason } = body as { reason: string };
      item = { ...item, status: 'rejected', reason, decidedAt: '2026-11-27T10:00:00.000Z' };
      return json(200, { success: true, application: item });
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  return calls;
}

describe('admin console: KYB review', () => {
  it('lists an application with its documents, previews one, and approves it', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderAt('/admin?tab=kyb', <AdminConsole />);
    const item = await screen.findByTestId('admin-kyb-item', undefined, soon);
    expect(screen.getByRole('tab', { name: 'KYB review', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Waiting for review: 1')).toBeInTheDocument();
    expect(item).toHaveTextContent('Grace Hopper');
    expect(item).toHaveTextContent('grace@cobol.example');
    expect(item).toHaveTextContent('Pending');
    expect(within(item).getByTestId('admin-kyb-file')).toHaveTextContent('register.png');

    // The document is fetched only when the reviewer asks to see it.
    expect(calls.some((call) => call.path.includes('/documents/'))).toBe(false);
    await user.click(within(item).getByRole('button', { name: 'Preview register.png' }));
    expect(await screen.findByTestId('admin-kyb-document', undefined, soon)).toHaveAttribute(
      'alt',
      'register.png of Grace Hopper',
    );

    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The business of Grace Hopper is verified', {}, soon)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('admin-kyb-item')).toHaveTextContent('Approved'));
    expect(
      within(screen.getByTestId('admin-kyb-item')).queryByRole('button', { name: 'Approve' }),
    ).toBeNull();
  });

  it('asks for a reason before rejecting, then sends it', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderAt('/admin?tab=kyb', <AdminConsole />);
    const item = await screen.findByTestId('admin-kyb-item', undefined, soon);
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reject the business documents of Grace Hopper',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A rejection reason is required')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/reject'))).toBe(false);

    await user.type(within(dialog).getByRole('textbox'), 'The register of shareholders is missing');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Grace Hopper was told why', {}, soon)).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/reject'))?.body).toEqual({
      reason: 'The register of shareholders is missing',
    });
    await waitFor(() =>
      expect(screen.getByTestId('admin-kyb-item')).toHaveTextContent(
        'The register of shareholders is missing',
      ),
    );
  });
});
