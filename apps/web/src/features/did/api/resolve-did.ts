import { useQuery } from '@tanstack/react-query';
import type { DidDocument, DidResolveResponse } from '@portal/shared/did';
import { api } from '../../../lib/api-client';

/** GET /api/did/resolve/:did: the public DID document, derived from the DID alone. */
export async function resolveDid(did: string): Promise<DidDocument> {
  return (await api.get<DidResolveResponse>(`/did/resolve/${encodeURIComponent(did)}`)).didDocument;
}

export function useDidDocument(did: string | undefined) {
  return useQuery({
    queryKey: ['did', 'document', did],
    queryFn: () => resolveDid(did!),
    enabled: !!did,
    // A did:key document is a pure function of the DID: it never changes.
    staleTime: Infinity,
  });
}
