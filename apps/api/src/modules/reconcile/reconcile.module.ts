import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { SoulBoundTokens } from '../chains/soul-bound-token.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { DistributionsService } from '../distributions/distributions.service.js';
import type { FaucetService } from '../faucet/faucet.service.js';
import type { RedemptionsService } from '../redemptions/redemptions.service.js';
import type { SecondaryMarketService } from '../secondary-market/secondary-market.service.js';
import type { TransfersService } from '../transfers/transfers.service.js';
import { ReconcileRepo } from './reconcile.repo.js';
import { ReconcileService } from './reconcile.service.js';

/** `npm run reconcile`: the books against the chains. */
export function reconcileModule(
  infra: Infrastructure,
  deps: {
    soulBoundTokens: SoulBoundTokens;
    compliance: ComplianceService;
    faucet: FaucetService;
    redemptions?: RedemptionsService;
    distributions?: DistributionsService;
    secondaryMarket?: SecondaryMarketService;
    transfers?: TransfersService;
  },
) {
  return {
    name: 'reconcile',
    reconcile: new ReconcileService(
      new ReconcileRepo(infra.db),
      deps.soulBoundTokens,
      deps.compliance,
      deps.faucet,
      deps.redemptions,
      deps.distributions,
      deps.transfers,
      deps.secondaryMarket,
    ),
  } satisfies FeatureModule & Record<string, unknown>;
}
