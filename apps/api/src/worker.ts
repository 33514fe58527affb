import { ConfigError, loadWorkerConfig } from './config.js';
import { createContainer } from './container.js';
import { registerJobs, startJobs } from './jobs/index.js';
import { createLogger } from './logger.js';

/** How long a stop may take: the running job finishes (or its lease lets another worker retry it). */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * `npm run worker`: a process that runs the job workers and serves nothing (ADR 44). Any number
 * of them, beside API processes started with RUN_JOBS=false, share one PostgreSQL and the chains.
 */
async function main(): Promise<void> {
  const config = loadWorkerConfig();
  const log = createLogger(config).child({ process: 'worker' });
  const container = await createContainer(config, log);
  registerJobs(container);
  await startJobs(container);
  log.info('worker started');
  const shutdown = (signal: string) => {
    log.info({ signal }, 'worker stopping');
    setTimeout(() => {
      log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'worker stop timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    container.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'worker stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
