import { useQuery } from '@tanstack/react-query';
import type { VaultInfoResponse } from '@portal/shared/vault';
import { api } from '../../../lib/api-client';

export const vaultInfoQueryKey = ['vault', 'info'] as const;

/** GET /vault/info: the user's vault (null when none), its stored wallets, and the custody provider. */
export function fetchVaultInfo(): Promise<VaultInfoResponse> {
  return api.get<VaultInfoResponse>('/vault/info');
}

/** docs/product.md §4.3: vault info loads whenever the page opens, even when an earlier answer is cached. */
export function useVaultInfo() {
  return useQuery({ queryKey: vaultInfoQueryKey, queryFn: fetchVaultInfo, refetchOnMount: 'always' });
}
