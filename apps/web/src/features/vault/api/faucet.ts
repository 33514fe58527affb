import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FaucetResponseSchema,
  FaucetStatusResponseSchema,
  type FaucetAllowance,
  type FaucetRequest,
  type FaucetResponse,
} from '@portal/shared/faucet';
import { messages } from '@portal/shared/messages';
import { api } from '../../../lib/api-client';
import { assetsQueryKey } from '../../../lib/query-keys';

export const faucetQueryKey = ['vault', 'faucet'] as const;

/** GET /api/vault/faucet (ADR 70): what the faucet offers and what is left today. */
export async function fetchFaucet(): Promise<FaucetAllowance[]> {
  const parsed = FaucetStatusResponseSchema.safeParse(await api.get('/vault/faucet'));
  if (!parsed.success) throw new Error(messages.faucetFailed);
  return parsed.data.allowances;
}

export function useFaucet(enabled: boolean) {
  return useQuery({ queryKey: faucetQueryKey, queryFn: fetchFaucet, enabled });
}

/**
 * POST /api/vault/faucet with the dialog's Idempotency-Key: a retry of the same click (a lost
 * answer) is paid once (ADR 70).
 */
export async function requestFaucet(
  input: FaucetRequest & { idempotencyKey: string },
): Promise<FaucetResponse> {
  const { idempotencyKey, ...body } = input;
  const answer = await api.post('/vault/faucet', body, { headers: { 'Idempotency-Key': idempotencyKey } });
  const parsed = FaucetResponseSchema.safeParse(answer);
  if (!parsed.success) throw new Error(messages.faucetFailed);
  return parsed.data;
}

export function useRequestFaucet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestFaucet,
    onSettled: async () => {
      // The balances rise and the allowance falls, also when a refusal says the limit was reached.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: faucetQueryKey }),
        queryClient.invalidateQueries({ queryKey: [...assetsQueryKey, 'vault-balances'] }),
      ]);
    },
  });
}
