import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/shared/notifications';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { NotificationsDialog } from './NotificationsDialog';

beforeAll(setUpI18n);

const note = (id: string, type: Notification['type'], read: boolean, data = {}): Notification => ({
  id,
  type,
  data,
  read,
  createdAt: '2026-11-22T10:00:00.000Z',
});

describe('NotificationsDialog', () => {
  it('lists notifications in words, marks one read on click and all with Mark all as read', async () => {
    let items = [
      note('0b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11', 'purchase.settled', false, {
        amount: '5',
        symbol: 'ACME',
      }),
      note('1b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11', 'kyc.verified', false),
      note('2b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11', 'vault.created', true),
    ];
    const answer = () =>
      json(200, { success: true, notifications: items, unread: items.filter((n) => !n.read).length });
    const calls = stubFetch((path, body) => {
      if (path === '/api/notifications/read') {
        const ids = (body as { ids?: string[] } | undefined)?.ids;
        items = items.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n));
      }
      return answer();
    });
    const user = userEvent.setup();
    renderAt('/', withQueryClient(<NotificationsDialog open onClose={() => {}} />));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Your purchase of 5 ACME is complete')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Your identity is verified.* unread$/ }));
    expect(calls.at(-1)).toMatchObject({
      path: '/api/notifications/read',
      body: { ids: ['1b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11'] },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(calls.at(-1)).toMatchObject({ path: '/api/notifications/read', body: undefined });
    expect(await screen.findByText('Your vault is ready')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('says so when there is nothing', async () => {
    stubFetch(() => json(200, { success: true, notifications: [], unread: 0 }));
    renderAt('/', withQueryClient(<NotificationsDialog open onClose={() => {}} />));
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
  });
});
