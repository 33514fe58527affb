import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sbt } from '@portal/shared/sbt';
import { api } from '../../../lib/api-client';
import { storeSbt } from './list-sbts';

/** How often a minting SBT is asked about: the embedded chain mines within a second or two. */
export const MINT_POLL_MS = 1000;

/** GET /api/sbt/status/:id. */
export async function fetchSbtStatus(id: string): Promise<Sbt> {
  return (await api.get<{ success: true; sbt: Sbt }>(`/sbt/status/${encodeURIComponent(id)}`)).sbt;
}

/**
 * Live minting progress: while the SBT is minting its status is polled, and each answer replaces
 * the SBT in the cached list, which stops the polling once it is minted or failed.
 */
export function useMintProgress(sbt: Sbt) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['sbt', 'status', sbt.id],
    queryFn: async () => {
      const fresh = await fetchSbtStatus(sbt.id);
      storeSbt(queryClient, fresh);
      return fresh;
    },
    enabled: sbt.status === 'minting',
    refetchInterval: MINT_POLL_MS,
    staleTime: 0,
  });
}
