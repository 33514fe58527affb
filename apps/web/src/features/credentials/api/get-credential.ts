import { queryOptions } from '@tanstack/react-query';
import type { VerifiableCredential } from '@portal/shared/credentials';
import { api } from '../../../lib/api-client';

/**
 * GET {vcUrl}: the credential document on the portal's IPFS gateway (docs/product.md §7). It holds personal
 * data, so it is served to its holder only and the session goes with the request; a CID names
 * fixed bytes, so a document once read never needs reading again.
 */
export async function fetchCredential(vcUrl: string): Promise<VerifiableCredential> {
  const document: unknown = await api.document(vcUrl);
  if (!document || typeof document !== 'object' || Array.isArray(document)) {
    throw new Error('The document is not a JSON object');
  }
  return document as VerifiableCredential;
}

export const credentialQueryOptions = (vcUrl: string) =>
  queryOptions({
    queryKey: ['credential', vcUrl],
    queryFn: () => fetchCredential(vcUrl),
    staleTime: Infinity,
    retry: false,
  });
