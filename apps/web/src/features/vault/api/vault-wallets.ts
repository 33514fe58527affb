import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { VaultInfoResponse, VaultWalletsResponse, Wallet } from '@portal/shared/vault';
import { api } from '../../../lib/api-client';
import { vaultInfoQueryKey } from './vault-info';

export const vaultWalletsQueryKey = ['vault', 'wallets'] as const;

/** GET /api/vault/wallets: the addresses as the custody provider reports them now. */
export async function fetchVaultWallets(): Promise<Wallet[]> {
  return (await api.get<VaultWalletsResponse>('/vault/wallets')).wallets;
}

/** The wallet display's own load; the server stores what the provider said, so the table follows. */
export function useVaultWallets(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: vaultWalletsQueryKey,
    enabled,
    // The widget offers Retry itself: a failing provider is not asked three times in a row.
    retry: false,
    queryFn: async () => {
      const wallets = await fetchVaultWallets();
      queryClient.setQueryData<VaultInfoResponse>(vaultInfoQueryKey, (info) => info && { ...info, wallets });
      return wallets;
    },
  });
}
