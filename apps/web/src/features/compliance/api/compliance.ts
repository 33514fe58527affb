import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TokenActionResponseSchema,
  TokenComplianceResponseSchema,
  type TokenActionView,
  type TokenComplianceResponse,
  type TokenRules,
} from '@portal/shared/compliance';
import { useRef } from 'react';
import { ApiError, api } from '../../../lib/api-client';

export type TokenCompliance = TokenComplianceResponse['data'];

const complianceKey = (tokenId: string) => ['issuer', 'compliance', tokenId] as const;

/** How often the panel asks again while an action is being written on chain. */
export const ACTION_POLL_MS = 2000;

/** GET /api/issuer/tokens/:tokenId/compliance: rules, pause, holders and the action log. */
export async function fetchCompliance(tokenId: string): Promise<TokenCompliance> {
  return TokenComplianceResponseSchema.parse(await api.get(`/issuer/tokens/${tokenId}/compliance`)).data;
}

export function useTokenCompliance(tokenId: string) {
  return useQuery({
    queryKey: complianceKey(tokenId),
    queryFn: () => fetchCompliance(tokenId),
    // Actions are carried out by a job: followed until none is PENDING.
    refetchInterval: (query) =>
      query.state.data?.actions.some((action) => action.status === 'PENDING') ? ACTION_POLL_MS : false,
  });
}

/** The issuer's actions on a token and what each sends (docs/product.md §4.12). */
export type ComplianceAction =
  | { kind: 'rules'; body: TokenRules }
  | { kind: 'pause'; body: { paused: boolean; reason: string } }
  | { kind: 'freeze'; body: { holderId: string; amount: string; reason: string } }
  | {
      kind: 'forced-transfer';
      body: { fromHolderId: string; toHolderId: string | null; amount: string; reason: string };
    }
  | { kind: 'recover'; body: { holderId: string; newAddress: string; reason: string } };

/**
 * Sends one action (202, PENDING until mined). The same body keeps its Idempotency-Key until the
 * server answers it, so a retry after a lost answer is run once; a changed body is a new action.
 */
export function useComplianceAction(tokenId: string) {
  const queryClient = useQueryClient();
  const pending = useRef<{ body: string; key: string } | undefined>(undefined);
  return useMutation({
    mutationFn: async (action: ComplianceAction): Promise<TokenActionView> => {
      const signature = JSON.stringify(action);
      if (pending.current?.body !== signature)
        pending.current = { body: signature, key: crypto.randomUUID() };
      const options = { headers: { 'Idempotency-Key': pending.current.key } };
      let answer: unknown;
      try {
        answer =
          action.kind === 'rules'
            ? await api.request(`/issuer/tokens/${tokenId}/rules`, {
                ...options,
                method: 'PUT',
                body: action.body,
              })
            : await api.post(`/issuer/tokens/${tokenId}/${action.kind}`, action.body, options);
      } catch (error) {
        // A refusal is final: the next attempt is a new action. A lost answer may be retried as is.
        if (error instanceof ApiError && error.status < 500) pending.current = undefined;
        throw error;
      }
      pending.current = undefined;
      return TokenActionResponseSchema.parse(answer).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceKey(tokenId) }),
  });
}
