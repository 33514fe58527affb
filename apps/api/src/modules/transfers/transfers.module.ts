import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { AdminService } from '../admin/admin.service.js';
import type { KeyedSender } from '../chains/keyed-sender.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { VaultService } from '../vault/vault.service.js';
import { TransferChain } from './transfers.chain.js';
import { TransfersRepo } from './transfers.repo.js';
import { transfersRoutes } from './transfers.routes.js';
import { sendJob, TransfersService } from './transfers.service.js';

/** Transfers between investors by handle and withdrawals to one's own linked wallet (ADR 76). */
export function transfersModule(
  infra: Infrastructure,
  deps: {
    issuer: IssuerService;
    vault: VaultService;
    compliance: ComplianceService;
    chainSender: KeyedSender;
    notify: Notify;
    audit: AdminService;
  },
) {
  const transfers = new TransfersService({
    db: infra.db,
    repo: new TransfersRepo(infra.db),
    clock: infra.clock,
    jobs: infra.jobs,
    issuer: deps.issuer,
    vault: deps.vault,
    compliance: deps.compliance,
    chain: new TransferChain({ chain: infra.chain, sender: deps.chainSender }),
    notify: deps.notify,
    audit: (actorId, action, target, detail, tx) => deps.audit.record(actorId, action, target, detail, tx),
    log: infra.log,
  });
  return {
    name: 'transfers',
    transfers,
    routes: (app) => transfersRoutes(app, transfers),
    // Transfers change holdings on both sides, so the statement needs their lines (ADR 74).
    statement: { lines: (userId, period) => transfers.statementLines(userId, period) },
    jobs: [defineJob(sendJob, async ({ transferId }) => void (await transfers.send(transferId)))],
  } satisfies FeatureModule & Record<string, unknown>;
}
