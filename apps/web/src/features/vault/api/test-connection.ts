import { useMutation } from '@tanstack/react-query';
import type { VaultConnectionResponse } from '@portal/shared/vault';
import { api } from '../../../lib/api-client';

/** GET /vault/test-connection: how many vaults the custody provider reports (docs/product.md §2.5). */
export function testVaultConnection(): Promise<VaultConnectionResponse> {
  return api.get<VaultConnectionResponse>('/vault/test-connection');
}

/** An action the user starts, not data the page keeps: each press asks the provider again. */
export function useTestVaultConnection() {
  return useMutation({ mutationFn: testVaultConnection });
}
