import { useQuery } from '@tanstack/react-query';
import { HoldingsResponseSchema, type HoldingsResponse } from '@portal/shared/holdings';
import { messages } from '@portal/shared/messages';
import { api } from '../../../lib/api-client';
import { assetsQueryKey } from '../../../lib/query-keys';
import { settlingPollMs, usePurchaseEvents } from '../../purchases';

/** GET /api/holdings (ADR 68): one entry per token held, the attempts, and the totals. */
export async function fetchHoldings(): Promise<Omit<HoldingsResponse, 'success'>> {
  const parsed = HoldingsResponseSchema.safeParse(await api.get('/holdings'));
  if (!parsed.success) throw new Error(messages.purchaseFailed);
  const { success: _, ...holdings } = parsed.data;
  return holdings;
}

/** Without live events (bearer sessions), a purchase still settling is asked about this often. */
export const HOLDINGS_POLL_MS = 3000;

/**
 * Under the assets key: a purchase (docs/product.md §2.9) and its live events refresh it with
 * My Assets, the Overview and the Portfolio, which all read this one query.
 */
export function useHoldings() {
  usePurchaseEvents();
  return useQuery({
    queryKey: [...assetsQueryKey, 'holdings'],
    queryFn: fetchHoldings,
    refetchInterval: (query) =>
      settlingPollMs(
        query.state.data?.attempts.some((attempt) => attempt.status !== 'FAILED') === true,
        HOLDINGS_POLL_MS,
      ),
  });
}
