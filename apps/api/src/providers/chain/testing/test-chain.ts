import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { ChainConfig } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { MasterKey } from '../../../secrets/envelope.js';
import { SecretStore } from '../../../secrets/secrets.repo.js';
import { TestClock } from '../../../test/test-app.js';
import { openEmbeddedChain } from '../chain.embedded.js';
import { ChainSendError } from '../../../modules/chains/keyed-sender.js';

export const silentLog = pino({ level: 'silent' });

export const embeddedConfig: Extract<ChainConfig, { kind: 'embedded' }> = {
  kind: 'embedded',
  chainId: 31337,
  explorerUrl: 'http://portal.test/explorer',
  faucetAmountWei: 10n ** 17n,
  replaceAfterMs: 120_000,
};

/**
 * Opens the embedded chain on a database; call `open` again on the same database (same master
 * key) to simulate a restart: a brand-new node rebuilt from the journal.
 */
export function embeddedChainOn(database: Database, clock = new TestClock()) {
  const masterKey = new MasterKey(randomBytes(32));
  return {
    clock,
    open: () =>
      openEmbeddedChain({
        config: embeddedConfig,
        db: database.db,
        secrets: new SecretStore(database.db, masterKey),
        clock,
        log: silentLog,
      }),
  };
}

/** How a send ended: 'no error', the ChainSendError code (with `:ErrorName` for a revert), or the message. */
export const sendOutcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) =>
      error instanceof ChainSendError
        ? `${error.code}${error.errorName ? `:${error.errorName}` : ''}`
        : String(error),
  );
