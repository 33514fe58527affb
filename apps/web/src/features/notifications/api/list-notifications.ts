import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '@portal/shared/notifications';
import { api } from '../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: () => api.get<NotificationsResponse>('/notifications'),
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
