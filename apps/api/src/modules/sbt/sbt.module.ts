import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { SoulBoundTokens } from '../chains/soul-bound-token.js';
import type { CredentialsService } from '../credentials/credentials.service.js';
import type { DidService } from '../did/did.service.js';
import type { KycService } from '../kyc/kyc.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { VaultService } from '../vault/vault.service.js';
import { publishDesigns } from './sbt.designs.js';
import { SbtRepo } from './sbt.repo.js';
import { sbtRoutes } from './sbt.routes.js';
import { mintSbtJob, revokeSbtJob, SbtService } from './sbt.service.js';

/** One soul-bound token per verified investor: minted by a job, burnt when their identity is revoked. */
export async function sbtModule(
  infra: Infrastructure,
  deps: {
    dids: DidService;
    kyc: KycService;
    vault: VaultService;
    credentials: CredentialsService;
    soulBoundTokens: SoulBoundTokens;
    notify: Notify;
  },
) {
  const { jobs } = infra;
  const sbt = new SbtService({
    db: infra.db,
    repo: new SbtRepo(infra.db),
    designs: await publishDesigns(infra.ipfs),
    dids: deps.dids,
    kyc: deps.kyc,
    vault: deps.vault,
    credentials: deps.credentials,
    tokens: deps.soulBoundTokens,
    chain: infra.chain,
    ipfs: infra.ipfs,
    jobs,
    clock: infra.clock,
    log: infra.log,
    notify: deps.notify,
    fault: infra.fault,
  });
  // The burn is queued in the revocation's own transaction, so a crash cannot forget it.
  infra.events.onTransaction('identity.revoked', async (tx, { userId }) => {
    await jobs.enqueue(tx, revokeSbtJob, { userId });
  });
  return {
    name: 'sbt',
    sbt,
    routes: (app) => sbtRoutes(app, sbt),
    jobs: [
      defineJob(mintSbtJob, ({ sbtId }, job) => sbt.mint(sbtId, job)),
      defineJob(revokeSbtJob, ({ userId }) => sbt.revoke(userId)),
    ],
    exports: { soulBoundTokens: (userId) => sbt.list(userId) },
  } satisfies FeatureModule & Record<string, unknown>;
}
