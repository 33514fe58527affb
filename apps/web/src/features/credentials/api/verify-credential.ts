import { useMutation, useQuery } from '@tanstack/react-query';
import type { VerifyCredentialRequest, VerifyCredentialResponse } from '@portal/shared/credentials';
import { api } from '../../../lib/api-client';

/** POST /api/credentials/verify {credential} or {cid}: public, no session needed. */
export function verifyCredential(request: VerifyCredentialRequest): Promise<VerifyCredentialResponse> {
  return api.post<VerifyCredentialResponse>('/credentials/verify', request, { refreshOn401: false });
}

/** The public verification page: the visitor asks, with whatever they pasted. */
export function useVerifyCredential() {
  return useMutation({ mutationFn: verifyCredential });
}

/** The check shown beside a credential the portal displays (read from `vcUrl`): of that very document. */
export function useCredentialCheck(vcUrl: string, credential: Record<string, unknown> | undefined) {
  return useQuery({
    queryKey: ['credential', 'verification', vcUrl],
    queryFn: () => verifyCredential({ credential: credential! }),
    enabled: !!credential,
    staleTime: Infinity,
  });
}
