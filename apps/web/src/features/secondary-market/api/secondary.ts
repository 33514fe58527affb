import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  IssuerSecondaryResponseSchema,
  MySecondaryResponseSchema,
  SecondaryFillResponseSchema,
  SecondaryOrderBookResponseSchema,
  SecondaryOrderResponseSchema,
  SecondaryTradesResponseSchema,
  type IssuerSecondaryResponse,
  type MySecondaryFill,
  type MySecondaryResponse,
  type SecondaryOrder,
  type SecondaryOrderBookResponse,
  type SecondaryTradesResponse,
} from '@portal/shared/secondary-market';
import { ApiError, api } from '../../../lib/api-client';
import { assetsQueryKey, marketplaceQueryKey } from '../../../lib/query-keys';

/** Everything the secondary market shows of a token; a post, take or cancel reads it all again. */
export const secondaryKey = ['secondary'] as const;
const bookKey = (tokenId: string) => [...secondaryKey, tokenId, 'book'] as const;
const tradesKey = (tokenId: string) => [...secondaryKey, tokenId, 'trades'] as const;
/** Under the assets key: a fill or a cancellation changes the holdings too. */
export const mySecondaryKey = [...assetsQueryKey, 'secondary'] as const;

/** How often an order being locked or a fill being swapped is asked about. */
export const SECONDARY_POLL_MS = 2000;

const parsed = <T>(result: { success: true; data: T } | { success: false }): T => {
  if (!result.success) throw new Error('Unexpected answer from the server');
  return result.data;
};

/** Whether something of mine is still on its way to the chain (then its page keeps asking). */
export const unsettled = (orders: readonly SecondaryOrder[], fills: readonly MySecondaryFill[] = []) =>
  orders.some((order) => order.isMine && order.status === 'PENDING') ||
  fills.some((fill) => fill.status === 'PENDING');

/** GET /api/secondary/tokens/:id/book: open orders, cheapest first; whether the token trades (ADR 75). */
export async function fetchBook(tokenId: string): Promise<SecondaryOrderBookResponse> {
  return parsed(
    SecondaryOrderBookResponseSchema.safeParse(await api.get(`/secondary/tokens/${tokenId}/book`)),
  );
}

export function useOrderBook(tokenId: string, options: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({
    queryKey: bookKey(tokenId),
    queryFn: () => fetchBook(tokenId),
    ...options,
    refetchInterval: (query) => (unsettled(query.state.data?.orders ?? []) ? SECONDARY_POLL_MS : false),
  });
}

/** GET /api/secondary/tokens/:id/trades: the last trades and the price chart's points. */
export async function fetchTrades(tokenId: string): Promise<SecondaryTradesResponse> {
  return parsed(
    SecondaryTradesResponseSchema.safeParse(await api.get(`/secondary/tokens/${tokenId}/trades`)),
  );
}

export function useTrades(tokenId: string) {
  return useQuery({ queryKey: tradesKey(tokenId), queryFn: () => fetchTrades(tokenId) });
}

/** GET /api/secondary/mine: my orders and my fills on both sides, newest first. */
export async function fetchMine(): Promise<MySecondaryResponse> {
  return parsed(MySecondaryResponseSchema.safeParse(await api.get('/secondary/mine')));
}

export function useMySecondary() {
  return useQuery({
    queryKey: mySecondaryKey,
    queryFn: fetchMine,
    refetchInterval: (query) =>
      query.state.data && unsettled(query.state.data.orders, query.state.data.fills)
        ? SECONDARY_POLL_MS
        : false,
  });
}

/** GET /api/issuer/tokens/:id/secondary: the issuer's view of trading in its token. */
export async function fetchIssuerSecondary(tokenId: string): Promise<IssuerSecondaryResponse> {
  return parsed(
    IssuerSecondaryResponseSchema.safeParse(await api.get(`/issuer/tokens/${tokenId}/secondary`)),
  );
}

export function useIssuerSecondary(tokenId: string) {
  return useQuery({
    queryKey: ['issuer', 'secondary', tokenId],
    queryFn: () => fetchIssuerSecondary(tokenId),
  });
}

/**
 * A money route's mutation: one Idempotency-Key per submission. The same body keeps its key until
 * the server answers it, so a retry after a lost answer runs once; a refusal is final and the
 * next attempt is a new submission. Afterwards the book, the trades, my history and my assets
 * are read again.
 */
function useKeyed<I, O>(send: (input: I, idempotencyKey: string) => Promise<O>) {
  const queryClient = useQueryClient();
  const pending = useRef<{ signature: string; key: string } | undefined>(undefined);
  return useMutation({
    mutationFn: async (input: I) => {
      const signature = JSON.stringify(input);
      if (pending.current?.signature !== signature) pending.current = { signature, key: crypto.randomUUID() };
      try {
        const answer = await send(input, pending.current.key);
        pending.current = undefined;
        return answer;
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) pending.current = undefined;
        throw error;
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: secondaryKey }),
        queryClient.invalidateQueries({ queryKey: assetsQueryKey }),
        queryClient.invalidateQueries({ queryKey: marketplaceQueryKey }),
      ]),
  });
}

export interface PostOrderInput {
  tokenId: string;
  /** Whole tokens. */
  amount: string;
  pricePerTokenWei: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** POST /api/secondary/tokens/:id/orders: the tokens are locked on chain (the order is PENDING until then). */
export const usePostOrder = () =>
  useKeyed(async ({ tokenId, ...body }: PostOrderInput, key) => {
    const answer = await api.post(`/secondary/tokens/${tokenId}/orders`, body, {
      headers: { 'Idempotency-Key': key },
    });
    return parsed(SecondaryOrderResponseSchema.safeParse(answer)).order;
  });

/** POST /api/secondary/orders/:orderId/take: whole tokens ≤ remaining, swapped for ETH in one transaction. */
export const useTakeOrder = () =>
  useKeyed(async ({ orderId, amount }: { orderId: string; amount: string }, key) => {
    const answer = await api.post(
      `/secondary/orders/${orderId}/take`,
      { amount },
      { headers: { 'Idempotency-Key': key } },
    );
    return parsed(SecondaryFillResponseSchema.safeParse(answer)).fill;
  });

/** POST /api/secondary/orders/:orderId/cancel: the unsold tokens return to the seller's vault. */
export const useCancelOrder = () =>
  useKeyed(async ({ orderId }: { orderId: string }, key) => {
    const answer = await api.post(`/secondary/orders/${orderId}/cancel`, undefined, {
      headers: { 'Idempotency-Key': key },
    });
    return parsed(SecondaryOrderResponseSchema.safeParse(answer)).order;
  });
