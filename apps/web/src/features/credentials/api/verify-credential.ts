import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  SharedCredentialResponse,
  VerifyCredentialRequest,
  VerifyCredentialResponse,
} from '@portal/shared/credentials';
import { api } from '../../../lib/api-client';
import type { VerifyInput } from '../components/credential-input';

/**
 * POST /api/credentials/verify {credential} or {cid}: public; by CID only the holder's session
 * (or an admin's) reaches a private credential, so the session goes along when there is one.
 */
export function verifyCredential(request: VerifyCredentialRequest): Promise<VerifyCredentialResponse> {
  return api.post<VerifyCredentialResponse>('/credentials/verify', request);
}

/** POST /api/credentials/shared {token}: the credential behind a share link (the secret in the body, ADR 50). */
export async function fetchSharedCredential(token: string): Promise<Record<string, unknown>> {
  return (await api.post<SharedCredentialResponse>('/credentials/shared', { token }, { refreshOn401: false }))
    .credential;
}

/**
 * The public verification page: the visitor asks, with whatever they pasted, uploaded or were
 * sent as a share link. The answer carries the credential that was checked.
 */
export function useVerifyCredential() {
  return useMutation({
    mutationFn: async (input: VerifyInput): Promise<VerifyCredentialResponse> => {
      if ('share' in input) {
        const credential = await fetchSharedCredential(input.share);
        return { ...(await verifyCredential({ credential })), credential };
      }
      const result = await verifyCredential(input);
      return input.credential ? { ...result, credential: input.credential } : result;
    },
  });
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
