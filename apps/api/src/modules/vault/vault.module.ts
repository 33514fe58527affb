import { getAddress } from 'viem';
import type { FeatureModule } from '../../feature-module.js';
import { VAULT_INITIAL_STABLECOIN } from '@portal/shared/faucet';
import type { Infrastructure } from '../../infrastructure.js';
import type { Stablecoins } from '../faucet/stablecoins.js';
import type { Notify } from '../notifications/notifications.service.js';
import { VaultRepo } from './vault.repo.js';
import { vaultRoutes } from './vault.routes.js';
import { VaultService } from './vault.service.js';

/** Custodial vaults: one per user, its wallets at the custody provider, auto-fuel on the embedded chain. */
export function vaultModule(infra: Infrastructure, deps: { notify: Notify; stablecoins?: Stablecoins }) {
  const { chain } = infra;
  const vault = new VaultService({
    db: infra.db,
    repo: new VaultRepo(infra.db),
    custody: infra.custody,
    clock: infra.clock,
    log: infra.log,
    fuel: async (ethAddress) => {
      await chain.fund(getAddress(ethAddress));
      // ADR 70: a starting amount of Test USD on the embedded chain, so the stablecoin is there to try.
      if (chain.kind === 'embedded' && infra.config.chain.faucetAmountWei > 0n) {
        await deps.stablecoins?.fundNewVault(ethAddress, VAULT_INITIAL_STABLECOIN);
      }
    },
    notify: deps.notify,
  });
  return {
    name: 'vault',
    vault,
    routes: (app) => vaultRoutes(app, vault, infra.fireblocksWebhook),
    profile: (row) => vault.profileFields(row),
  } satisfies FeatureModule & Record<string, unknown>;
}
