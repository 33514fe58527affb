import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { CredentialsService } from '../credentials/credentials.service.js';
import type { DidService } from '../did/did.service.js';
import { HoldingCredentialsRepo } from './holding-credentials.repo.js';
import { holdingCredentialsRoutes } from './holding-credentials.routes.js';
import { HoldingCredentialsService } from './holding-credentials.service.js';

/**
 * Holding credentials (ADR 74): "holds at least N of token T", signed by the platform, shared by
 * link, and revoked in the transaction of any decrease of the holding below N.
 */
export function holdingCredentialsModule(
  infra: Infrastructure,
  deps: { credentials: CredentialsService; dids: DidService },
) {
  const holdingCredentials = new HoldingCredentialsService({
    db: infra.db,
    repo: new HoldingCredentialsRepo(infra.db),
    credentials: deps.credentials,
    dids: deps.dids,
  });
  infra.events.onTransaction('holding.decreased', holdingCredentials.onHoldingDecreased);
  return {
    name: 'holding-credentials',
    holdingCredentials,
    routes: (app) => holdingCredentialsRoutes(app, holdingCredentials),
  } satisfies FeatureModule & Record<string, unknown>;
}
