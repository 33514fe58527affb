import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@portal/shared/notifications';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './list-notifications';

/** Marks the given notifications read, or all of them when `ids` is omitted. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      api.post<NotificationsResponse>('/notifications/read', ids ? { ids } : undefined),
    onSuccess: (answer) => client.setQueryData(notificationsQueryKey, answer),
  });
}
