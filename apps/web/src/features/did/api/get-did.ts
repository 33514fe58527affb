import { useQuery } from '@tanstack/react-query';
import type { DidInfoResponse } from '@portal/shared/did';
import { api } from '../../../lib/api-client';

export type DidMetadata = NonNullable<DidInfoResponse['didMetadata']>;

export const didQueryKey = ['did'] as const;

/**
 * GET /api/did/: the user's DID, or null when they have none. docs/product.md §8: null on any error too,
 * with a quiet warning; starting a DID is idempotent, so offering Start then is harmless.
 */
export async function fetchDid(): Promise<DidMetadata | null> {
  try {
    return (await api.get<DidInfoResponse>('/did/')).didMetadata;
  } catch (error) {
    console.warn('Could not load the DID', error);
    return null;
  }
}

/**
 * The DID, fetched again whenever a screen showing it opens (docs/product.md §4.4: the Blockchain Identity tab
 * refetches it), since it may have been created elsewhere meanwhile.
 */
export function useDid() {
  return useQuery({ queryKey: didQueryKey, queryFn: fetchDid, refetchOnMount: 'always' });
}
