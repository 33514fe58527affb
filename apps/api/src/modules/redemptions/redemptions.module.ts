import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { AssetContracts } from '../chains/asset-contracts.js';
import type { KeyedSender } from '../chains/keyed-sender.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { Stablecoins } from '../faucet/faucet.module.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { VaultService } from '../vault/vault.service.js';
import { RedemptionChain } from './redemptions.chain.js';
import { RedemptionsRepo } from './redemptions.repo.js';
import { redemptionsRoutes } from './redemptions.routes.js';
import { cancelJob, lockJob, RedemptionsService, settleJob } from './redemptions.service.js';

/** Redemption windows: lock on request, cut back pro rata, redeem and pay at the close (ADR 72). */
export function redemptionsModule(
  infra: Infrastructure,
  deps: {
    issuer: IssuerService;
    vault: VaultService;
    compliance: ComplianceService;
    chainSender: KeyedSender;
    assetContracts: AssetContracts;
    stablecoins: Stablecoins;
    notify: Notify;
  },
) {
  const redemptions = new RedemptionsService({
    db: infra.db,
    repo: new RedemptionsRepo(infra.db),
    clock: infra.clock,
    jobs: infra.jobs,
    issuer: deps.issuer,
    vault: deps.vault,
    compliance: deps.compliance,
    chain: new RedemptionChain({
      chain: infra.chain,
      sender: deps.chainSender,
      assets: deps.assetContracts,
      stablecoin: () => deps.stablecoins.evmAddress(),
    }),
    notify: deps.notify,
    log: infra.log,
    fault: infra.fault,
  });
  return {
    name: 'redemptions',
    redemptions,
    routes: (app) => redemptionsRoutes(app, redemptions),
    // Redemptions change holdings, so the statement needs their lines (ADR 74).
    statement: { lines: (userId, period) => redemptions.statementLines(userId, period) },
    jobs: [
      defineJob(lockJob, async ({ requestId }) => void (await redemptions.lock(requestId))),
      defineJob(cancelJob, ({ requestId }) => redemptions.unlock(requestId)),
      defineJob(settleJob, ({ windowId }) => redemptions.settle(windowId)),
    ],
  } satisfies FeatureModule & Record<string, unknown>;
}
