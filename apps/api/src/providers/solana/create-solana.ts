import type { SolanaConfig } from '../../config.js';
import type { SolanaPort } from './solana.js';
import type { SolanaDeps } from './solana.engine.js';
import { openEmbeddedSolana } from './solana.embedded.js';
import { openRpcSolana } from './solana.rpc.js';

/** The configured Solana cluster: the embedded VM rebuilt from its journal, or a JSON-RPC node. */
export async function createSolana(config: SolanaConfig, deps: SolanaDeps): Promise<SolanaPort> {
  switch (config.kind) {
    case 'embedded': {
      const { solana, replayed, replayMs } = await openEmbeddedSolana({ config, ...deps });
      deps.log.info({ replayed, replayMs: Math.round(replayMs) }, 'embedded Solana rebuilt from its journal');
      return solana;
    }
    case 'rpc':
      return openRpcSolana({ config, ...deps });
  }
}
