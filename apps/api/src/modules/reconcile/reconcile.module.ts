import type { ChainFamily } from '@portal/shared/chain-families';
import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { SoulBoundTokens } from '../chains/soul-bound-token.js';
import type { TokenLedger } from '../chains/ledger.js';
import { ReconcileRepo } from './reconcile.repo.js';
import { ReconcileService } from './reconcile.service.js';

/** `npm run reconcile`: the books against the chains. */
export function reconcileModule(
  infra: Infrastructure,
  deps: { tokenLedgers: Map<ChainFamily, TokenLedger>; soulBoundTokens: SoulBoundTokens },
) {
  return {
    name: 'reconcile',
    reconcile: new ReconcileService(new ReconcileRepo(infra.db), deps.tokenLedgers, deps.soulBoundTokens),
  } satisfies FeatureModule & Record<string, unknown>;
}
