import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IssuerListingResponseSchema,
  IssuerListingsResponseSchema,
  type CreateListingRequest,
  type IssuerListing,
} from '@portal/shared/issuer';
import { api } from '../../../lib/api-client';
import { marketplaceQueryKey } from '../../../lib/query-keys';
import { DEPLOY_POLL_MS, issuerTokensQueryKey } from './tokens';

export const issuerListingsQueryKey = ['issuer', 'listings'] as const;

const moving = (listing: IssuerListing) => listing.status === 'PENDING' || listing.status === 'DEPLOYING';

/** GET /api/issuer/listings: the issuer's own listings, with what is sold and reserved. */
export async function fetchIssuerListings(): Promise<IssuerListing[]> {
  return IssuerListingsResponseSchema.parse(await api.get('/issuer/listings')).listings;
}

export function useIssuerListings() {
  return useQuery({
    queryKey: issuerListingsQueryKey,
    queryFn: fetchIssuerListings,
    refetchInterval: (query) => (query.state.data?.some(moving) ? DEPLOY_POLL_MS : false),
  });
}

/** Tokens move between treasury and escrow: both lists, and the marketplace, change together. */
function useRefreshIssuer() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [issuerListingsQueryKey, issuerTokensQueryKey, marketplaceQueryKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/issuer/listings: 201 with the new listing. */
export async function createListing(input: CreateListingRequest): Promise<IssuerListing> {
  return IssuerListingResponseSchema.parse(await api.post('/issuer/listings', input)).listing;
}

export function useCreateListing() {
  const refresh = useRefreshIssuer();
  return useMutation({ mutationFn: createListing, onSuccess: refresh });
}

/** POST /api/issuer/listings/:id/cancel: unsold tokens go back to the treasury. */
export async function cancelListing(id: string): Promise<IssuerListing> {
  return IssuerListingResponseSchema.parse(await api.post(`/issuer/listings/${id}/cancel`)).listing;
}

export function useCancelListing() {
  const refresh = useRefreshIssuer();
  return useMutation({ mutationFn: cancelListing, onSuccess: refresh });
}
