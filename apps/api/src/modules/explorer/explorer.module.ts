import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { ChainRepo } from '../../providers/chain/chain.repo.js';
import { SolanaRepo } from '../../providers/solana/solana.repo.js';
import { explorerRoutes, solanaExplorerRoutes } from './explorer.routes.js';
import { ExplorerService } from './explorer.service.js';
import { SolanaExplorerService } from './solana-explorer.service.js';

/**
 * Block explorer pages, served only for the embedded engines (a real network has its own): the
 * EVM chain under /explorer, the Solana VM under /explorer/solana.
 */
export function explorerModule(infra: Infrastructure) {
  const explorer =
    infra.chain.kind === 'embedded' ? new ExplorerService(infra.chain, new ChainRepo(infra.db)) : undefined;
  const solanaExplorer =
    infra.solana.kind === 'embedded'
      ? new SolanaExplorerService(infra.solana, new SolanaRepo(infra.db))
      : undefined;
  return {
    name: 'explorer',
    explorer,
    routes: async (app) => {
      if (explorer) await explorerRoutes(app, explorer);
      if (solanaExplorer) await solanaExplorerRoutes(app, solanaExplorer);
    },
  } satisfies FeatureModule & Record<string, unknown>;
}
