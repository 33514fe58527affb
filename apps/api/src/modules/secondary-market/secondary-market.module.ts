import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { AssetContracts } from '../chains/asset-contracts.js';
import type { KeyedSender } from '../chains/keyed-sender.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { VaultService } from '../vault/vault.service.js';
import { SecondaryChain } from './secondary-market.chain.js';
import { SecondaryMarketRepo } from './secondary-market.repo.js';
import { secondaryMarketRoutes } from './secondary-market.routes.js';
import { closeJob, lockJob, SecondaryMarketService, settleJob } from './secondary-market.service.js';

/** The secondary market: sell orders locked on chain, delivery versus payment in one transaction (ADR 75). */
export function secondaryMarketModule(
  infra: Infrastructure,
  deps: {
    issuer: IssuerService;
    vault: VaultService;
    compliance: ComplianceService;
    chainSender: KeyedSender;
    assetContracts: AssetContracts;
    notify: Notify;
  },
) {
  const secondaryMarket = new SecondaryMarketService({
    db: infra.db,
    repo: new SecondaryMarketRepo(infra.db),
    clock: infra.clock,
    jobs: infra.jobs,
    issuer: deps.issuer,
    vault: deps.vault,
    compliance: deps.compliance,
    chain: new SecondaryChain({ chain: infra.chain, sender: deps.chainSender, assets: deps.assetContracts }),
    notify: deps.notify,
    fault: infra.fault,
    log: infra.log,
  });
  return {
    name: 'secondary-market',
    secondaryMarket,
    routes: (app) => secondaryMarketRoutes(app, secondaryMarket),
    // Orders and fills change holdings, so the statement needs their lines (ADR 74).
    statement: { lines: (userId, period) => secondaryMarket.statementLines(userId, period) },
    jobs: [
      defineJob(lockJob, async ({ orderId }) => void (await secondaryMarket.lock(orderId))),
      defineJob(settleJob, ({ fillId }) => secondaryMarket.settle(fillId)),
      defineJob(closeJob, ({ orderId, as }) => secondaryMarket.close(orderId, as)),
    ],
  } satisfies FeatureModule & Record<string, unknown>;
}
