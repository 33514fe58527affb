import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { AccessTokens, generateSigningKey } from './modules/auth/access-tokens.js';
import { AuthRepo } from './modules/auth/auth.repo.js';
import { AuthService } from './modules/auth/auth.service.js';
import { ThrottleRepo } from './modules/auth/throttle.repo.js';
import { AuthThrottles } from './modules/auth/throttles.js';
import { UsersRepo } from './modules/users/users.repo.js';
import { UsersService } from './modules/users/users.service.js';
import type { MailPort } from './providers/mail/mail.js';
import { OutboxMail } from './providers/mail/mail.embedded.js';
import { SmtpMail } from './providers/mail/mail.smtp.js';
import type { MasterKey } from './secrets/envelope.js';
import { loadMasterKey } from './secrets/master-key.js';
import { SecretStore } from './secrets/secrets.repo.js';

/** What tests (or another deployment) may swap: the outside world, never the business rules. */
export interface ContainerOverrides {
  database?: Database;
  clock?: Clock;
  masterKey?: MasterKey;
  mail?: MailPort;
}

export interface Container {
  config: Config;
  clock: Clock;
  database: Database;
  masterKey: MasterKey;
  mail: MailPort;
  outbox: OutboxMail;
  auth: AuthService;
  users: UsersService;
  close(): Promise<void>;
}

/** The composition root: picks adapters from config, logs the choice, wires the services. */
export async function createContainer(
  config: Config,
  log: Logger,
  overrides: ContainerOverrides = {},
): Promise<Container> {
  const clock = overrides.clock ?? systemClock;
  const { key: masterKey, source: keySource } = overrides.masterKey
    ? { key: overrides.masterKey, source: 'override' }
    : loadMasterKey(config);
  const database =
    overrides.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const { db } = database;
  const outbox = new OutboxMail(db);
  const mail =
    overrides.mail ??
    (config.mail.smtpUrl ? new SmtpMail(config.mail.smtpUrl, config.mail.from, log) : outbox);
  log.info({ database: database.kind, mail: mail.name, masterKey: keySource }, 'adapters selected');

  const secrets = new SecretStore(db, masterKey);
  const tokens = new AccessTokens(
    await secrets.getOrCreate('auth.access-token-signing-key', generateSigningKey),
    config.publicUrl,
    config.session.accessTokenSeconds,
    clock,
  );
  const usersRepo = new UsersRepo(db);
  const users = new UsersService(usersRepo);
  const auth = new AuthService({
    db,
    auth: new AuthRepo(db),
    users: usersRepo,
    usersService: users,
    throttles: new AuthThrottles(new ThrottleRepo(db), config.rateLimits, clock),
    tokens,
    mail,
    masterKey,
    clock,
    config,
    log,
  });

  return {
    config,
    clock,
    database,
    masterKey,
    mail,
    outbox,
    auth,
    users,
    async close() {
      if (mail instanceof SmtpMail) await mail.drain();
      if (!overrides.database) await database.close();
    },
  };
}
