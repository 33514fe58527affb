import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { TOKEN_TYPES } from '@portal/shared/chain-families';
import { MARKETPLACE_SORTS, MARKETPLACE_STATUS_FILTERS } from '@portal/shared/marketplace';
import type { MarketplaceFilters } from '../api/get-marketplace';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/** URL parameter of each filter: a filtered view can be bookmarked, shared and reloaded. */
const PARAMS = { search: 'q', tokenType: 'type', status: 'status', sort: 'sort' } as const;

export const DEFAULT_FILTERS: MarketplaceFilters = { search: '', tokenType: '', status: '', sort: 'newest' };

/** The Marketplace tab's filters, kept in the URL beside `tab=marketplace`. */
export function useMarketplaceFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<MarketplaceFilters>(
    () => ({
      search: params.get(PARAMS.search) ?? '',
      tokenType: oneOf(TOKEN_TYPES, params.get(PARAMS.tokenType)),
      status: oneOf(MARKETPLACE_STATUS_FILTERS, params.get(PARAMS.status)),
      sort: oneOf(MARKETPLACE_SORTS, params.get(PARAMS.sort)) || 'newest',
    }),
    [params],
  );

  // Navigations commit later (a transition); two changes close together (a filter, then the
  // debounced search) must build on each other, not on the last rendered URL.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const setFilters = useCallback(
    (change: Partial<MarketplaceFilters>) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(change) as [keyof MarketplaceFilters, string][]) {
        const name = PARAMS[key];
        if (value && value !== DEFAULT_FILTERS[key]) next.set(name, value);
        else next.delete(name);
      }
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const filtered =
    filters.search !== '' || filters.tokenType !== '' || filters.status !== '' || filters.sort !== 'newest';
  return { filters, setFilters, filtered, clear: () => setFilters(DEFAULT_FILTERS) };
}
