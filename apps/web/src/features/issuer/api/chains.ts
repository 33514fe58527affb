import { useQuery } from '@tanstack/react-query';
import type { ChainFamily } from '@portal/shared/chain-families';
import { IssuerChainsResponseSchema } from '@portal/shared/issuer';
import { api } from '../../../lib/api-client';

/** GET /api/issuer/chains: the chains this deployment can issue on (ADR 66). */
export async function fetchIssuerChains(): Promise<ChainFamily[]> {
  return IssuerChainsResponseSchema.parse(await api.get('/issuer/chains')).chains;
}

export function useIssuerChains() {
  // The server's configuration: it does not change while the console is open.
  return useQuery({ queryKey: ['issuer', 'chains'], queryFn: fetchIssuerChains, staleTime: Infinity });
}
