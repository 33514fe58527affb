import { queryOptions } from '@tanstack/react-query';
import type { VerifiableCredential } from '@portal/shared/credentials';

/**
 * GET {vcUrl}: the credential document on IPFS (spec §7). It is public, so no session goes with
 * it; a CID names fixed bytes, so a document once read never needs reading again.
 */
export async function fetchCredential(vcUrl: string): Promise<VerifiableCredential> {
  const response = await fetch(vcUrl, { credentials: 'omit', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const document: unknown = await response.json();
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
