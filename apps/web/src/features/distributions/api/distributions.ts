import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DistributionResponseSchema,
  DistributionsResponseSchema,
  IncomeResponseSchema,
  type DeclareDistributionRequest,
  type Distribution,
  type IncomeResponse,
} from '@portal/shared/distributions';
import { api } from '../../../lib/api-client';
import { assetsQueryKey } from '../../../lib/query-keys';

/** Under the assets key: a payment changes what the holdings show too. */
export const incomeKey = [...assetsQueryKey, 'income'] as const;
const listKey = (tokenId: string) => ['issuer', 'distributions', tokenId] as const;

function checked<T>(result: { success: true; data: T } | { success: false }): T {
  if (!result.success) throw new Error('Unexpected answer from the server');
  return result.data;
}

/** GET /api/income: the distributions I received, newest first, and the totals (ADR 71). */
export async function fetchIncome(): Promise<IncomeResponse> {
  return checked(IncomeResponseSchema.safeParse(await api.get('/income')));
}

export function useIncome() {
  return useQuery({ queryKey: incomeKey, queryFn: fetchIncome });
}

/** GET one token's distributions for its issuer; refreshed while one is on its way. */
export async function fetchDistributions(tokenId: string): Promise<Distribution[]> {
  return checked(
    DistributionsResponseSchema.safeParse(await api.get(`/issuer/tokens/${tokenId}/distributions`)),
  ).distributions;
}

const moving = (rows: Distribution[] | undefined) =>
  rows?.some((row) => row.status === 'snapshot' || row.status === 'paying') ?? false;

export function useDistributions(tokenId: string) {
  return useQuery({
    queryKey: listKey(tokenId),
    queryFn: () => fetchDistributions(tokenId),
    refetchInterval: (query) => (moving(query.state.data) ? 3000 : false),
  });
}

/** POST a declaration with the form's Idempotency-Key: a retried click declares once. */
export async function declareDistribution(input: {
  tokenId: string;
  body: DeclareDistributionRequest;
  idempotencyKey: string;
}): Promise<Distribution> {
  const answer = await api.post(`/issuer/tokens/${input.tokenId}/distributions`, input.body, {
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  return checked(DistributionResponseSchema.safeParse(answer)).distribution;
}

export async function cancelDistribution(input: { id: string }): Promise<Distribution> {
  const answer = await api.post(`/issuer/distributions/${input.id}/cancel`);
  return checked(DistributionResponseSchema.safeParse(answer)).distribution;
}

function useListMutation<I, O>(tokenId: string, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(tokenId) }),
  });
}

export const useDeclareDistribution = (tokenId: string) => useListMutation(tokenId, declareDistribution);
export const useCancelDistribution = (tokenId: string) => useListMutation(tokenId, cancelDistribution);
