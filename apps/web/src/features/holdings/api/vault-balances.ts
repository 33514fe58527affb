import { useQuery } from '@tanstack/react-query';
import { VaultBalancesResponseSchema, type VaultAddressBalance } from '@portal/shared/holdings';
import { messages } from '@portal/shared/messages';
import { api } from '../../../lib/api-client';
import { assetsQueryKey } from '../../../lib/query-keys';

/** GET /api/vault/balances (ADR 68): each vault address's native coin and tokens, from the chains. */
export async function fetchVaultBalances(): Promise<VaultAddressBalance[]> {
  const parsed = VaultBalancesResponseSchema.safeParse(await api.get('/vault/balances'));
  if (!parsed.success) throw new Error(messages.vaultInfoFailed);
  return parsed.data.balances;
}

/** Under the assets key, so a settled purchase shows its tokens in the vault too. */
export function useVaultBalances(enabled: boolean) {
  return useQuery({ queryKey: [...assetsQueryKey, 'vault-balances'], queryFn: fetchVaultBalances, enabled });
}
