import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { OnboardingService } from '../issuer/onboarding.service.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { VaultService } from '../vault/vault.service.js';
import { DemoService, demoSeedJob } from './demo.service.js';

/** The demo market seeded on an empty portal (SEED_DEMO): its tokens are listed once deployed. */
export function demoModule(
  infra: Infrastructure,
  deps: {
    auth: AuthService;
    usersRepo: UsersRepo;
    vault: VaultService;
    issuer: IssuerService;
    onboarding: OnboardingService;
    compliance: ComplianceService;
  },
) {
  const demo = new DemoService({
    db: infra.db,
    auth: deps.auth,
    users: deps.usersRepo,
    vault: deps.vault,
    issuer: deps.issuer,
    onboarding: deps.onboarding,
    compliance: deps.compliance,
    jobs: infra.jobs,
    clock: infra.clock,
    log: infra.log,
  });
  infra.events.on('token.deployed', ({ issuerId, tokenId }) => demo.tokenDeployed(issuerId, tokenId));
  return {
    name: 'demo',
    demo,
    jobs: [defineJob(demoSeedJob, () => demo.seed())],
    async ready() {
      if (infra.config.seedDemo) await demo.schedule();
    },
  } satisfies FeatureModule & Record<string, unknown>;
}
