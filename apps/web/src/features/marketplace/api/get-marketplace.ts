import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  MarketplaceResponseSchema,
  type MarketplaceResponse,
  type MarketplaceSort,
} from '@portal/shared/marketplace';
import { messages } from '@portal/shared/messages';
import type { TokenType } from '@portal/shared/chain-families';
import { ApiError, api } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-storage';
import { marketplaceQueryKey } from '../../../lib/query-keys';

/** The Marketplace tab's filters (docs/product.md §2.8); searching, filtering and sorting happen on the server. */
export interface MarketplaceFilters {
  search: string;
  tokenType: TokenType | '';
  status: 'DEPLOYED' | 'DEPLOYING' | 'FAILED' | '';
  sort: MarketplaceSort;
}

/** One page of rows; the table loads more on demand. */
export const MARKETPLACE_PAGE_SIZE = 25;

export type MarketplacePage = MarketplaceResponse['data'];

/** GET /api/escrow/marketplace with the filters; docs/product.md §8 texts when it fails. */
export async function fetchMarketplace(
  filters: MarketplaceFilters,
  cursor?: string,
): Promise<MarketplacePage> {
  if (!getAuthToken()) throw new Error(messages.noAuthToken);
  const query = new URLSearchParams({ sort: filters.sort, limit: String(MARKETPLACE_PAGE_SIZE) });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.tokenType) query.set('tokenType', filters.tokenType);
  if (filters.status) query.set('status', filters.status);
  if (cursor) query.set('cursor', cursor);
  let answer: unknown;
  try {
    answer = await api.get(`/escrow/marketplace?${query}`);
  } catch (error) {
    // The server's own text when it gave one, else the product's default (docs/product.md §8).
    throw error instanceof ApiError ? error : new Error(messages.marketplaceFetchFailed);
  }
  const parsed = MarketplaceResponseSchema.safeParse(answer);
  if (!parsed.success) throw new Error(messages.marketplaceFetchFailed);
  return parsed.data.data;
}

export function useMarketplace(filters: MarketplaceFilters) {
  return useInfiniteQuery({
    queryKey: [...marketplaceQueryKey, filters],
    queryFn: ({ pageParam }) => fetchMarketplace(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Typing in the search box keeps the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
