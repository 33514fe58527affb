import type { ChainFamily } from '@portal/shared/chain-families';
import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { Networks } from '../chains/networks.js';
import type { TokenLedger } from '../chains/ledger.js';
import type { VaultService } from '../vault/vault.service.js';
import type { AdminService } from '../admin/admin.service.js';
import { KybRepo } from '../kyb/kyb.module.js';
import { IssuerRepo } from './issuer.repo.js';
import { issuerRoutes } from './issuer.routes.js';
import { closeListingJob, deployTokenJob, IssuerService, openListingJob } from './issuer.service.js';
import { OnboardingRepo } from './onboarding.repo.js';
import { onboardingRoutes } from './onboarding.routes.js';
import { OnboardingService } from './onboarding.service.js';

/** The issuer console's supply side: tokens deployed, listed and closed by jobs. */
export function issuerModule(
  infra: Infrastructure,
  deps: {
    vault: VaultService;
    tokenLedgers: Map<ChainFamily, TokenLedger>;
    networks: Networks;
    audit: Pick<AdminService, 'record' | 'users'>;
  },
) {
  const issuer = new IssuerService({
    db: infra.db,
    repo: new IssuerRepo(infra.db),
    vault: deps.vault,
    ledgers: deps.tokenLedgers,
    networks: deps.networks,
    jobs: infra.jobs,
    clock: infra.clock,
    log: infra.log,
    events: infra.events,
  });
  const onboarding = new OnboardingService({
    db: infra.db,
    repo: new OnboardingRepo(infra.db),
    kyb: new KybRepo(infra.db),
    audit: deps.audit,
    clock: infra.clock,
  });
  return {
    name: 'issuer',
    issuer,
    onboarding,
    routes(app) {
      issuerRoutes(app, issuer);
      onboardingRoutes(app, onboarding);
    },
    jobs: [
      defineJob(deployTokenJob, ({ tokenId }, job) => issuer.deploy(tokenId, job)),
      defineJob(openListingJob, ({ listingId }, job) => issuer.open(listingId, job)),
      defineJob(closeListingJob, ({ listingId }) => issuer.close(listingId)),
    ],
  } satisfies FeatureModule & Record<string, unknown>;
}

export { ledgerListing, ledgerToken } from './issuer.service.js';
/** Registration opens a self-registered issuer's application (ADR 55). */
export { OnboardingRepo } from './onboarding.repo.js';
