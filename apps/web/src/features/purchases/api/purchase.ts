import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketplaceListing } from '@portal/shared/marketplace';
import { messages } from '@portal/shared/messages';
import { PurchaseResponseSchema, type PurchaseResponse } from '@portal/shared/purchases';
import { ApiError, api } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-storage';
import { assetsQueryKey, marketplaceQueryKey } from '../../../lib/query-keys';
import { settlingPollMs, usePurchaseEvents } from './purchase-events';

export interface PurchaseInput {
  listing: MarketplaceListing;
  /** Whole tokens, as a decimal string. */
  amount: string;
  investorDid: string;
  investorWallet: string;
  /** One per submission, the same on a retry of it: the server then runs the purchase once. */
  idempotencyKey: string;
}

function parse(answer: unknown): PurchaseResponse['data'] {
  const parsed = PurchaseResponseSchema.safeParse(answer);
  if (!parsed.success) throw new Error(messages.purchaseFailed);
  return parsed.data.data;
}

/**
 * docs/product.md §7: POST /escrow/{escrowId}/purchase for escrow listings, POST /token-purchases (with
 * purchasePrice null: the offer's price applies) for direct sales. Both answer 202 with the
 * purchase PENDING; it settles on chain afterwards.
 */
export async function startPurchase(input: PurchaseInput): Promise<PurchaseResponse['data']> {
  if (!getAuthToken()) throw new Error(messages.noAuthToken);
  const { listing, amount, investorDid, investorWallet } = input;
  const headers = { 'Idempotency-Key': input.idempotencyKey };
  try {
    const answer = listing.escrowId
      ? await api.post(
          `/escrow/${listing.escrowId}/purchase`,
          { escrowId: listing.escrowId, amount, investorDid, investorWallet },
          { headers },
        )
      : await api.post(
          '/token-purchases',
          { tokenId: listing.token.id, amount, investorDid, investorWallet, purchasePrice: null },
          { headers },
        );
    return parse(answer);
  } catch (error) {
    // docs/product.md §8: the server's text, else 'Purchase failed'.
    throw error instanceof ApiError ? error : new Error(messages.purchaseFailed);
  }
}

export function useStartPurchase() {
  return useMutation({ mutationFn: startPurchase });
}

/** GET /token-purchases/{id}: where settlement stands. */
export async function fetchPurchase(id: string): Promise<PurchaseResponse['data']> {
  return parse(await api.get(`/token-purchases/${id}`));
}

/** How often an unsettled purchase is asked about. */
export const PURCHASE_POLL_MS = 1000;

/**
 * Follows a purchase until it is COMPLETED or FAILED: pushed when live (and asked every few
 * seconds in case an event was missed), else asked every second.
 */
export function usePurchaseStatus(id: string | undefined) {
  usePurchaseEvents();
  return useQuery({
    queryKey: ['purchase', id],
    queryFn: () => fetchPurchase(id!),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const status = query.state.data?.purchase.status;
      return settlingPollMs(status !== 'COMPLETED' && status !== 'FAILED', PURCHASE_POLL_MS);
    },
    refetchIntervalInBackground: true,
    // A blip while polling is retried by the next tick, not shown.
    retry: 3,
  });
}

/** docs/product.md §2.9: after a purchase the marketplace reloads and the assets refresh. */
export function useRefreshAfterPurchase() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: marketplaceQueryKey }),
      queryClient.invalidateQueries({ queryKey: assetsQueryKey }),
    ]);
}
