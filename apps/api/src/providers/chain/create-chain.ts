import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { ChainConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { SecretStore } from '../../secrets/secrets.repo.js';
import type { ChainPort } from './chain.js';
import { openEmbeddedChain } from './chain.embedded.js';
import { openRpcChain } from './chain.rpc.js';

/** The configured chain, its journal replayed (embedded) and its platform contracts deployed. */
export async function createChain(
  config: ChainConfig,
  deps: { db: DbOrTx; secrets: SecretStore; clock: Clock; log: Logger },
): Promise<ChainPort> {
  switch (config.kind) {
    case 'embedded': {
      const { chain, replayed, replayMs } = await openEmbeddedChain({ config, ...deps });
      deps.log.info({ replayed, replayMs: Math.round(replayMs) }, 'embedded chain rebuilt from its journal');
      return chain;
    }
    case 'rpc':
      return openRpcChain({ config, db: deps.db, log: deps.log });
  }
}
