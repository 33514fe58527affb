import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Sbt } from '@portal/shared/sbt';
import { api } from '../../../lib/api-client';

export const sbtListQueryKey = ['sbt', 'list'] as const;

/** docs/product.md §2.7, §9: the list is fetched again about 2000 ms after creation starts. */
export const SBT_REFRESH_DELAY_MS = 2000;

/** GET /api/sbt/list: the user's SBTs (at most one); docs/product.md §4.5: the first one listed is used. */
export async function fetchSbts(): Promise<Sbt[]> {
  return (await api.get<{ success: true; sbts: Sbt[] }>('/sbt/list')).sbts;
}

export function useSbts() {
  return useQuery({ queryKey: sbtListQueryKey, queryFn: fetchSbts });
}

/** Puts a fresher copy of one SBT (from create, mint or status) into the cached list. */
export function storeSbt(queryClient: QueryClient, sbt: Sbt): void {
  queryClient.setQueryData<Sbt[]>(sbtListQueryKey, (list = []) =>
    list.some((item) => item.id === sbt.id)
      ? list.map((item) => (item.id === sbt.id ? sbt : item))
      : [...list, sbt],
  );
}
