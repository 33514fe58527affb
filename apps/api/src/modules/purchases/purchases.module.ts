import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { CredentialsService } from '../credentials/credentials.service.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { PaymentLedger } from '../chains/ledger.js';
import type { Networks } from '../chains/networks.js';
import type { VaultService } from '../vault/vault.service.js';
import { PurchasesRepo } from './purchases.repo.js';
import { purchasesRoutes } from './purchases.routes.js';
import { PurchasesService, settleJob, type PurchasesDeps } from './purchases.service.js';

/**
 * Buying tokens: the reservation (one transaction, never oversold), the settlement job that pays
 * and delivers on chain, then the buyer's credential. Every change publishes `purchase.changed`:
 * the buyer's open pages, their notices and the metrics subscribe to it in their own modules.
 */
export function purchasesModule(
  infra: Infrastructure,
  deps: {
    issuer: IssuerService;
    payments: PaymentLedger;
    networks: Networks;
    vault: VaultService;
    credentials: CredentialsService;
    compliance: ComplianceService;
    terms: PurchasesDeps['terms'];
  },
) {
  const { credentials } = deps;
  const purchases = new PurchasesService({
    db: infra.db,
    repo: new PurchasesRepo(infra.db),
    issuer: deps.issuer,
    payments: deps.payments,
    vault: deps.vault,
    compliance: deps.compliance,
    terms: deps.terms,
    ports: {
      issueCredential: async (userId, subject) =>
        (
          await credentials.issue({
            userId,
            type: 'TokenPurchaseCredential',
            subject: { id: String(subject.id), ...subject },
          })
        ).cid,
      credentialUrl: (cid) => infra.ipfs.url(cid),
      explorerTxUrl: (family, hash) => deps.networks.explorerTxUrl(family, hash),
    },
    events: infra.events,
    jobs: infra.jobs,
    clock: infra.clock,
    log: infra.log,
    fault: infra.fault,
  });
  return {
    name: 'purchases',
    purchases,
    routes: (app) => purchasesRoutes(app, purchases),
    exports: { purchases: (userId) => purchases.myAssets(userId) },
    statement: { lines: (userId, period) => purchases.statementLines(userId, period) },
    jobs: [defineJob(settleJob, ({ purchaseId }, job) => purchases.settle(purchaseId, job))],
  } satisfies FeatureModule & Record<string, unknown>;
}
