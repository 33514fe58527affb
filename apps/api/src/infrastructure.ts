import path from 'node:path';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { EventBus } from './events.js';
import { faultAt, type Fault } from './fault-points.js';
import { JobsRepo } from './jobs/jobs.repo.js';
import { JobQueue } from './jobs/queue.js';
import { Metrics } from './modules/metrics/metrics.js';
import type { ChainPort } from './providers/chain/chain.js';
import { createChain } from './providers/chain/create-chain.js';
import { createCustody } from './providers/custody/create-custody.js';
import type { CustodyPort } from './providers/custody/custody.js';
import type { FireblocksWebhookVerifier } from './providers/custody/fireblocks-webhook.js';
import { createIpfs } from './providers/ipfs/create-ipfs.js';
import type { IpfsPort } from './providers/ipfs/ipfs.js';
import { OutboxMail } from './providers/mail/mail.embedded.js';
import type { MailPort } from './providers/mail/mail.js';
import { createSolana } from './providers/solana/create-solana.js';
import type { SolanaPort } from './providers/solana/solana.js';
import type { MasterKey } from './secrets/envelope.js';
import { loadMasterKey } from './secrets/master-key.js';
import { SecretStore } from './secrets/secrets.repo.js';

/** What tests (or another deployment) may swap: the outside world, never the business rules. */
export interface InfrastructureOverrides {
  database?: Database;
  clock?: Clock;
  masterKey?: MasterKey;
  mail?: MailPort;
  chain?: ChainPort;
  solana?: SolanaPort;
  ipfs?: IpfsPort;
}

/** Everything a feature module may build on: the process, its database, its adapters. */
export interface Infrastructure {
  config: Config;
  log: Logger;
  clock: Clock;
  database: Database;
  db: Db;
  masterKey: MasterKey;
  secrets: SecretStore;
  mail: MailPort;
  /** The embedded mail store; also the admin console's outbox when SMTP is configured. */
  outbox: OutboxMail;
  jobs: JobQueue;
  /** Prometheus metrics of this process (GET /metrics, ADR 40). */
  metrics: Metrics;
  /** Domain events between modules (events.ts). */
  events: EventBus;
  /** Crash tests only: kills the process at a named point (fault-points.ts). */
  fault: Fault;
  custody: CustodyPort;
  /** Present when the custody provider pushes signed webhooks. */
  fireblocksWebhook: FireblocksWebhookVerifier | undefined;
  chain: ChainPort;
  /** SPL tokens: the embedded Solana VM or a Solana JSON-RPC node. */
  solana: SolanaPort;
  ipfs: IpfsPort;
}

/** Picks each adapter from config (an override wins) and logs the choice. */
export async function createInfrastructure(
  config: Config,
  log: Logger,
  overrides: InfrastructureOverrides = {},
): Promise<Infrastructure> {
  // Former adapter names and values still work; the operator is told the current ones (ADR 53).
  for (const warning of config.warnings) log.warn(warning);
  const clock = overrides.clock ?? systemClock;
  const { key: masterKey, source: keySource } = overrides.masterKey
    ? { key: overrides.masterKey, source: 'override' }
    : loadMasterKey(config);
  const database =
    overrides.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const { db } = database;
  const outbox = new OutboxMail(db, path.join(config.dataDir, 'mail'), log);
  const mail: MailPort =
    overrides.mail ??
    (config.mail.smtpUrl
      ? // Loaded only when configured, like every adapter that is not the embedded default.
        new (await import('./providers/mail/mail.smtp.js')).SmtpMail(
          config.mail.smtpUrl,
          config.mail.from,
          log,
        )
      : outbox);
  log.info({ database: database.kind, mail: mail.name, masterKey: keySource }, 'adapters selected');

  const secrets = new SecretStore(db, masterKey);
  const jobsRepo = new JobsRepo(db);
  const metrics = new Metrics(
    () => jobsRepo.backlog(),
    () => clock.now(),
  );
  const jobs = new JobQueue(jobsRepo, clock, log, {
    observe: (queue, outcome, seconds) => metrics.jobRan(queue, outcome, seconds),
  });

  const { custody, fireblocksWebhook } = await createCustody(config.custody, { db, secrets });
  log.info({ custody: custody.name }, 'custody adapter selected');
  const chain = overrides.chain ?? (await createChain(config.chain, { db, secrets, clock, log }));
  const solana = overrides.solana ?? (await createSolana(config.solana, { db, secrets, custody, log }));
  const ipfs = overrides.ipfs ?? createIpfs(config.ipfs, { db });
  log.info(
    {
      chain: chain.kind,
      chainId: chain.chain.id,
      platform: chain.platformAddress,
      solana: solana.kind,
      solanaFeePayer: solana.feePayer,
      ipfs: ipfs.name,
    },
    'chain, Solana and IPFS adapters selected',
  );
  return {
    config,
    log,
    clock,
    database,
    db,
    masterKey,
    secrets,
    mail,
    outbox,
    jobs,
    metrics,
    events: new EventBus(log),
    fault: faultAt(config.faultAt),
    custody,
    fireblocksWebhook,
    chain,
    solana,
    ipfs,
  };
}
