import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DidStartResponse } from '@portal/shared/did';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../auth';
import { didQueryKey } from './get-did';

/** POST /api/did/start (no body): creates the DID, or answers the existing one. */
export function startDid(): Promise<DidStartResponse> {
  return api.post<DidStartResponse>('/did/start');
}

export function useStartDid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDid,
    onSuccess: async (data) => {
      queryClient.setQueryData(didQueryKey, data.didMetadata);
      // The profile carries the DID too (docs/product.md §3.2): the account menu and purchase forms read it.
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
