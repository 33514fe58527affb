import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { Networks } from '../chains/networks.js';
import { MarketplaceRepo } from './marketplace.repo.js';
import { marketplaceRoutes, type RowEligibility } from './marketplace.routes.js';
import { MarketplaceService } from './marketplace.service.js';

/** The investors' marketplace; its short page cache (ADR 19) is dropped on `listings.changed`. */
export function marketplaceModule(
  infra: Infrastructure,
  deps: { networks: Networks; eligibility: RowEligibility },
) {
  const marketplace = new MarketplaceService(
    new MarketplaceRepo(infra.db),
    deps.networks,
    infra.clock,
    infra.config.marketplaceCacheMs,
  );
  infra.events.on('listings.changed', () => marketplace.changed());
  return {
    name: 'marketplace',
    marketplace,
    routes: (app) => marketplaceRoutes(app, marketplace, deps.eligibility),
  } satisfies FeatureModule & Record<string, unknown>;
}
