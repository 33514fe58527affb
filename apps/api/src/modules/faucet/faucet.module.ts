import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { KeyedSender } from '../chains/keyed-sender.js';
import type { VaultService } from '../vault/vault.service.js';
import { FaucetRepo } from './faucet.repo.js';
import { faucetRoutes } from './faucet.routes.js';
import { FaucetService } from './faucet.service.js';
import type { Stablecoins } from './stablecoins.js';

/** Test funds for vaults on the embedded chains, and the test stablecoin (ADR 70). */
export function faucetModule(
  infra: Infrastructure,
  deps: { vault: VaultService; chainSender: KeyedSender; stablecoins: Stablecoins },
) {
  const repo = new FaucetRepo(infra.db);
  const faucet = new FaucetService({
    db: infra.db,
    repo,
    clock: infra.clock,
    vault: deps.vault,
    chain: infra.chain,
    sender: deps.chainSender,
    solana: infra.solana,
    stablecoins: deps.stablecoins,
    publicFaucets: infra.config.faucet.publicFaucets,
    log: infra.log,
  });
  return {
    name: 'faucet',
    faucet,
    faucetRepo: repo,
    stablecoins: deps.stablecoins,
    routes: (app) => faucetRoutes(app, faucet),
  } satisfies FeatureModule & Record<string, unknown>;
}

export { Stablecoins } from './stablecoins.js';
