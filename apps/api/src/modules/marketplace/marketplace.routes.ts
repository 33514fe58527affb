import { MarketplaceQuerySchema, MarketplaceResponseSchema } from '@portal/shared/marketplace';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE } from '../../plugins/policy.js';
import type { MarketplaceService } from './marketplace.service.js';

export function marketplaceRoutes(app: App, marketplace: MarketplaceService): void {
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
    async (request) => ({ success: true as const, data: await marketplace.browse(request.query) }),
  );
}
