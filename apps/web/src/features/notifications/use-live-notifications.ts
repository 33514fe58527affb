import { useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsResponse } from '@portal/shared/notifications';
import { useServerEvents } from '../../lib/server-events';
import { kybQueryKey } from '../kyb';
import { profileQueryKey } from '../auth';
import { notificationsQueryKey } from './api/list-notifications';

/** Types after which the profile (KYC status, wallets) has changed too. */
const PROFILE_CHANGES = new Set(['kyc.verified', 'kyc.rejected', 'vault.created']);

/** New notifications arrive over the event stream; a (re)connection re-reads the list. */
export function useLiveNotifications(): void {
  const client = useQueryClient();
  useServerEvents({
    ready: () => void client.invalidateQueries({ queryKey: notificationsQueryKey }),
    notification: (data) => {
      const notification = data as Notification;
      client.setQueryData<NotificationsResponse>(notificationsQueryKey, (old) =>
        old && !old.notifications.some((n) => n.id === notification.id)
          ? {
              ...old,
              notifications: [notification, ...old.notifications],
              unread: old.unread + (notification.read ? 0 : 1),
            }
          : old,
      );
      if (PROFILE_CHANGES.has(notification.type)) {
        void client.invalidateQueries({ queryKey: profileQueryKey });
      }
      // A KYB decision changes what Settings → Compliance shows.
      if (notification.type.startsWith('kyb.')) void client.invalidateQueries({ queryKey: kybQueryKey });
    },
  });
}
