import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sbt } from '@portal/shared/sbt';
import { api } from '../../../lib/api-client';
import { storeSbt } from './list-sbts';

/** POST /api/sbt/mint {sbtId}: starts (or restarts after a failure) minting; answers 202 at once. */
export function mintSbt(sbtId: string): Promise<{ success: true; message: string; sbt: Sbt }> {
  return api.post('/sbt/mint', { sbtId });
}

export function useMintSbt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mintSbt,
    onSuccess: (data) => storeSbt(queryClient, data.sbt),
  });
}
