import type { Eligibility } from '@portal/shared/compliance';
import {
  MarketplaceQuerySchema,
  MarketplaceResponseSchema,
  type MarketplaceResponse,
} from '@portal/shared/marketplace';
import type { App } from '../../app.js';
import { encodeBody, errorResponses, sendEncoded } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { MarketplaceService } from './marketplace.service.js';

/** The signed-in investor's "may I buy" for each row (the page itself is shared by every reader). */
export type RowEligibility = (
  userId: string,
  tokens: Array<{ id: string; blockchain: string; decimals: number }>,
) => Promise<Map<string, Eligibility>>;

export function marketplaceRoutes(
  app: App,
  marketplace: MarketplaceService,
  eligibility: RowEligibility,
): void {
  // A cached page is the same object for every reader (ADR 19), so it is encoded once, not per request.
  const encoded = new WeakMap<MarketplaceResponse['data'], string>();
  app.get(
    '/api/escrow/marketplace',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags: ['marketplace'],
        security: [{ bearer: [] }],
        querystring: MarketplaceQuerySchema,
        response: { 200: MarketplaceResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await marketplace.browse(request.query);
      const { role, userId } = caller(request);
      if (role === 'investor') {
        const answers = await eligibility(
          userId,
          data.listings.map((row) => row.token),
        );
        const listings = data.listings.map((row) => ({
          ...row,
          eligibility: answers.get(row.token.id) ?? null,
        }));
        return sendEncoded(
          reply,
          encodeBody(MarketplaceResponseSchema, { success: true, data: { ...data, listings } }),
        );
      }
      let body = encoded.get(data);
      if (body === undefined) {
        body = encodeBody(MarketplaceResponseSchema, { success: true, data });
        encoded.set(data, body);
      }
      return sendEncoded(reply, body);
    },
  );
}
