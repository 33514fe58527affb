import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@portal/shared/messages';
import type { CreateVaultRequest, CreateVaultResponse, VaultInfoResponse } from '@portal/shared/vault';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../auth';
import { vaultInfoQueryKey } from './vault-info';
import { vaultWalletsQueryKey } from './vault-wallets';

/** POST /vault/create; docs/product.md §4.3: creation counts as successful only if the answer holds a vault. */
export async function createVault(input: CreateVaultRequest): Promise<CreateVaultResponse> {
  const data = await api.post<Partial<CreateVaultResponse> | undefined>('/vault/create', input);
  if (!data?.vault) throw new Error(messages.vaultInvalidCreationResponse);
  return { success: true, vault: data.vault, wallets: data.wallets ?? [] };
}

export function useCreateVault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVault,
    onSuccess: async ({ vault, wallets }) => {
      queryClient.setQueryData<VaultInfoResponse>(vaultInfoQueryKey, (info) => ({
        success: true,
        vault,
        wallets,
        provider: info?.provider ?? vault.provider,
      }));
      queryClient.setQueryData(vaultWalletsQueryKey, wallets);
      // The overview's wallet card and the account menu read the addresses from the profile.
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
