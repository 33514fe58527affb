import {
  MarketplaceQuerySchema,
  MarketplaceResponseSchema,
  type MarketplaceResponse,
} from '@portal/shared/marketplace';
import type { App } from '../../app.js';
import { encodeBody, errorResponses, sendEncoded } from '../../http.js';
import { ANY_ROLE } from '../../plugins/policy.js';
import type { MarketplaceService } from './marketplace.service.js';

export function marketplaceRoutes(app: App, marketplace: MarketplaceService): void {
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
      let body = encoded.get(data);
      if (body === undefined) {
        body = encodeBody(MarketplaceResponseSchema, { success: true, data });
        encoded.set(data, body);
      }
      return sendEncoded(reply, body);
    },
  );
}
