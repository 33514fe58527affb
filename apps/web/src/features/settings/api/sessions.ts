import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';

export const sessionsQueryKey = ['sessions'] as const;

export const sessionsQueryOptions = queryOptions({
  queryKey: sessionsQueryKey,
  queryFn: async () =>
    (await api.get<{ success: true; sessions: ActiveSession[] }>('/auth/sessions')).sessions,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

type Answer = { success: true; message: string };

/** Revokes one session (`id`) or, without one, every session but this one. */
export function useRevokeSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      api.post<Answer>(id ? `/auth/sessions/${id}/revoke` : '/auth/sessions/revoke-others'),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
