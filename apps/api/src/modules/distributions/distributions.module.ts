import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { KeyedSender } from '../chains/keyed-sender.js';
import type { TokenLedger } from '../chains/ledger.js';
import type { CredentialsService } from '../credentials/credentials.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { DidService } from '../did/did.service.js';
import type { Stablecoins } from '../faucet/stablecoins.js';
import type { VaultService } from '../vault/vault.service.js';
import { DistributionsRepo } from './distributions.repo.js';
import { distributionsRoutes } from './distributions.routes.js';
import { DistributionsService, noticeJob, payJob, snapshotJob } from './distributions.service.js';

/**
 * Distributions (ADR 71): the issuer declares, a job snapshots the holders from the chain at the
 * record date, another pays them in BatchPayer batches at the payment date, a third gives each
 * holder their credential and notice.
 */
export function distributionsModule(
  infra: Infrastructure,
  deps: {
    vault: VaultService;
    chainSender: KeyedSender;
    tokenLedgers: ReadonlyMap<string, TokenLedger>;
    stablecoins: Pick<Stablecoins, 'evmAddress'>;
    credentials: CredentialsService;
    dids: Pick<DidService, 'find'>;
    notify: Notify;
  },
) {
  const repo = new DistributionsRepo(infra.db);
  const distributions = new DistributionsService({
    db: infra.db,
    repo,
    clock: infra.clock,
    jobs: infra.jobs,
    chain: infra.chain,
    sender: deps.chainSender,
    ledgers: deps.tokenLedgers,
    evmSigner: (userId) => deps.vault.evmSigner(userId),
    stablecoin: () => deps.stablecoins.evmAddress(),
    issueCredential: async (userId, subject) =>
      (await deps.credentials.issue({ userId, type: 'DistributionCredential', subject })).cid,
    credentialUrl: (cid) => infra.ipfs.url(cid),
    holderDid: async (userId) => (await deps.dids.find(userId))?.did,
    notify: (userId, type, data) => deps.notify(userId, type, data),
    log: infra.log,
    fault: infra.fault,
  });
  return {
    name: 'distributions',
    distributions,
    routes: (app) => distributionsRoutes(app, distributions),
    statement: { lines: (userId, period) => distributions.statementLines(userId, period) },
    exports: { income: async (userId: string) => (await distributions.income(userId)).income },
    jobs: [
      defineJob(snapshotJob, ({ distributionId }) => distributions.snapshot(distributionId)),
      defineJob(payJob, ({ distributionId }) => distributions.pay(distributionId)),
      defineJob(noticeJob, ({ distributionId }) => distributions.notifyHolders(distributionId)),
    ],
  } satisfies FeatureModule & Record<string, unknown>;
}
