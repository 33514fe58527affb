import path from 'node:path';
import type { Logger } from 'pino';
import type { User } from '@portal/shared/auth';
import { SERVER_EVENTS } from '@portal/shared/notifications';
import { getAddress } from 'viem';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { NotifiedCache } from './db/notified-cache.js';
import { JobsRepo } from './jobs/jobs.repo.js';
import type { Housekeeping } from './jobs/housekeeping.jobs.js';
import { JobQueue } from './jobs/queue.js';
import { faultAt } from './fault-points.js';
import { AdminRepo } from './modules/admin/admin.repo.js';
import { AdminService } from './modules/admin/admin.service.js';
import { AccessTokens, generateSigningKey } from './modules/auth/access-tokens.js';
import { AuthRepo } from './modules/auth/auth.repo.js';
import { AuthService } from './modules/auth/auth.service.js';
import { GoogleSignIn } from './modules/auth/google.service.js';
import { OidcRepo } from './modules/auth/oidc.repo.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { ThrottleRepo } from './modules/auth/throttle.repo.js';
import { AuthThrottles } from './modules/auth/throttles.js';
import { CredentialsRepo } from './modules/credentials/credentials.repo.js';
import { CredentialsService } from './modules/credentials/credentials.service.js';
import { RevocationService } from './modules/credentials/revocation.service.js';
import { didKeyFromSeed, generateDidKeySeed } from './modules/did/did-key.js';
import { DidRepo } from './modules/did/did.repo.js';
import { DidService } from './modules/did/did.service.js';
import { KybRepo } from './modules/kyb/kyb.repo.js';
import { KybService } from './modules/kyb/kyb.service.js';
import { KycRepo } from './modules/kyc/kyc.repo.js';
import { KycService } from './modules/kyc/kyc.service.js';
import { Networks } from './modules/chains/networks.js';
import { DemoService } from './modules/demo/demo.service.js';
import { IssuerRepo } from './modules/issuer/issuer.repo.js';
import { IssuerService } from './modules/issuer/issuer.service.js';
import { createLedgers } from './modules/ledger/create-ledgers.js';
import { MarketplaceRepo } from './modules/marketplace/marketplace.repo.js';
import { MarketplaceService } from './modules/marketplace/marketplace.service.js';
import { Metrics } from './modules/metrics/metrics.js';
import { PurchasesRepo } from './modules/purchases/purchases.repo.js';
import { PurchasesService } from './modules/purchases/purchases.service.js';
import { ReconcileRepo } from './modules/reconcile/reconcile.repo.js';
import { ReconcileService } from './modules/reconcile/reconcile.service.js';
import { publishDesigns } from './modules/sbt/sbt.designs.js';
import { SbtRepo } from './modules/sbt/sbt.repo.js';
import { SbtService } from './modules/sbt/sbt.service.js';
import { EventHub } from './modules/notifications/event-hub.js';
import { NotificationsRepo } from './modules/notifications/notifications.repo.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { LinkedWalletsRepo } from './modules/settings/linked-wallets.repo.js';
import { LinkedWalletsService } from './modules/settings/linked-wallets.service.js';
import { SettingsRepo } from './modules/settings/settings.repo.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { TwoFactorRepo } from './modules/auth/two-factor.repo.js';
import { TwoFactorService } from './modules/auth/two-factor.js';
import { UsersRepo } from './modules/users/users.repo.js';
import { MAX_CACHED_PROFILES, UsersService } from './modules/users/users.service.js';
import { VaultRepo } from './modules/vault/vault.repo.js';
import { VaultService } from './modules/vault/vault.service.js';
import { ExplorerService } from './modules/explorer/explorer.service.js';
import { AssetContracts } from './providers/chain/asset-contracts.js';
import type { ChainPort } from './providers/chain/chain.js';
import { ChainSendsRepo } from './providers/chain/chain-sends.repo.js';
import { ChainRepo } from './providers/chain/chain.repo.js';
import { createChain } from './providers/chain/create-chain.js';
import { KeyedSender } from './providers/chain/keyed-sender.js';
import { SoulBoundTokens } from './providers/chain/soul-bound-token.js';
import { createCustody } from './providers/custody/create-custody.js';
import { createIpfs } from './providers/ipfs/create-ipfs.js';
import type { IpfsPort } from './providers/ipfs/ipfs.js';
import type { FireblocksWebhookVerifier } from './providers/custody/fireblocks-webhook.js';
import { createKyc } from './providers/kyc/create-kyc.js';
import type { SandboxService } from './providers/kyc/sandbox/sandbox.service.js';
import { createSolana } from './providers/solana/create-solana.js';
import type { SolanaPort } from './providers/solana/solana.js';
import type { MailPort } from './providers/mail/mail.js';
import type { OidcPort } from './providers/oidc/oidc.js';
import { OpenIdClient } from './providers/oidc/oidc.openid-client.js';
import { OutboxMail } from './providers/mail/mail.embedded.js';
import type { MasterKey } from './secrets/envelope.js';
import { loadMasterKey } from './secrets/master-key.js';
import { SecretStore } from './secrets/secrets.repo.js';

/** What tests (or another deployment) may swap: the outside world, never the business rules. */
export interface ContainerOverrides {
  database?: Database;
  clock?: Clock;
  masterKey?: MasterKey;
  mail?: MailPort;
  chain?: ChainPort;
  solana?: SolanaPort;
  ipfs?: IpfsPort;
}

export interface Container {
  config: Config;
  clock: Clock;
  database: Database;
  masterKey: MasterKey;
  mail: MailPort;
  outbox: OutboxMail;
  jobs: JobQueue;
  /** Prometheus metrics of this process (GET /metrics, ADR 40). */
  metrics: Metrics;
  /** What the hourly clean-up job needs (jobs/housekeeping.jobs.ts). */
  housekeeping: Housekeeping;
  auth: AuthService;
  /** Google sign-in and registration (ADR 45); `enabled` only when configured. */
  google: GoogleSignIn;
  twoFactor: TwoFactorService;
  users: UsersService;
  settings: SettingsService;
  linkedWallets: LinkedWalletsService;
  events: EventHub;
  notifications: NotificationsService;
  dids: DidService;
  credentials: CredentialsService;
  revocation: RevocationService;
  kyc: KycService;
  /** Business verification: documents and the admins' review (ADR 0046). */
  kyb: KybService;
  /** The embedded KYC verification service, when it is the selected provider. */
  kycSandbox: SandboxService | undefined;
  vault: VaultService;
  sbt: SbtService;
  marketplace: MarketplaceService;
  issuer: IssuerService;
  purchases: PurchasesService;
  demo: DemoService;
  /** The admin console's reads and audited actions. */
  admin: AdminService;
  reconcile: ReconcileService;
  fireblocksWebhook: FireblocksWebhookVerifier | undefined;
  chain: ChainPort;
  /** Idempotent, crash-safe transactions from the platform or a vault address (ADR 0017). */
  chainSender: KeyedSender;
  /** Asset tokens, listing escrow and payment recorder, written through chainSender. */
  assetContracts: AssetContracts;
  /** SPL tokens: the embedded Solana VM or a Solana JSON-RPC node. */
  solana: SolanaPort;
  ipfs: IpfsPort;
  /** The block explorer pages, served only for the embedded chain. */
  explorer: ExplorerService | undefined;
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
  const fault = faultAt(config.faultAt);
  const jobs = new JobQueue(jobsRepo, clock, log, {
    observe: (queue, outcome, seconds) => metrics.jobRan(queue, outcome, seconds),
  });
  const tokens = new AccessTokens(
    await secrets.getOrCreate('auth.access-token-signing-key', generateSigningKey),
    config.publicUrl,
    config.session.accessTokenSeconds,
    clock,
  );
  const usersRepo = new UsersRepo(db);
  const profiles = new NotifiedCache<User>(MAX_CACHED_PROFILES);
  const unlistenProfiles = await database.listen('portal_profiles', profiles);
  const users = new UsersService(usersRepo, profiles);
  const twoFactorRepo = new TwoFactorRepo(db);
  const twoFactor = new TwoFactorService({ db, repo: twoFactorRepo, users: usersRepo, masterKey, clock });
  const settings = new SettingsService({
    db,
    repo: new SettingsRepo(db),
    users: usersRepo,
    twoFactorEnabled: (userId) => twoFactor.isEnabled(userId),
    clock,
  });
  users.addProfileSource((row) => settings.profileFields(row));
  const linkedWallets = new LinkedWalletsService({
    repo: new LinkedWalletsRepo(db),
    clock,
    publicUrl: config.publicUrl,
    log,
  });
  settings.addExportSource('linkedWallets', (userId) => linkedWallets.list(userId));
  const events = new EventHub();
  const notifications = new NotificationsService({
    repo: new NotificationsRepo(db),
    users: usersRepo,
    channels: (userId) => settings.channels(userId),
    hub: events,
    mail,
    clock,
    publicUrl: config.publicUrl,
    log,
  });

  const throttleRepo = new ThrottleRepo(db);
  const sessions = new SessionCache();
  const unlistenSessions = await database.listen('portal_sessions', sessions);
  const throttles = new AuthThrottles(throttleRepo, config.rateLimits, clock);
  const auth = new AuthService({
    db,
    sessions,
    auth: new AuthRepo(db),
    users: usersRepo,
    usersService: users,
    throttles,
    tokens,
    mail,
    masterKey,
    clock,
    config,
    log,
    alerts: { enabled: (userId) => settings.loginAlerts(userId), notify: notifications.notify },
    twoFactor,
    challenges: twoFactorRepo,
  });
  const oidcRepo = new OidcRepo(db);
  const googlePort: OidcPort | undefined = config.google
    ? new OpenIdClient({ name: 'google', ...config.google })
    : undefined;
  const google = new GoogleSignIn({
    db,
    port: googlePort,
    repo: oidcRepo,
    users: usersRepo,
    auth,
    throttles,
    masterKey,
    clock,
    log,
  });
  log.info({ google: googlePort ? config.google?.issuer : 'off' }, 'Google sign-in');

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
  const explorer = chain.kind === 'embedded' ? new ExplorerService(chain, new ChainRepo(db)) : undefined;
  const chainSender = new KeyedSender(chain, new ChainSendsRepo(db), (chainId, code) =>
    metrics.chainSendFailed(chainId, code),
  );
  const assetContracts = new AssetContracts(chain, chainSender);
  const vault = new VaultService({
    db,
    repo: new VaultRepo(db),
    custody,
    clock,
    log,
    fuel: async (ethAddress) => {
      await chain.fund(getAddress(ethAddress));
    },
    notify: notifications.notify,
  });
  users.addProfileSource((row) => vault.profileFields(row));

  const { port: kycPort, sandbox: kycSandbox } = await createKyc(config.kyc, {
    db,
    secrets,
    masterKey,
    clock,
    log,
    // The sandbox's decisions go through the same verification and handler as Sumsub's webhooks.
    deliver: (rawBody, headers) => kyc.receiveWebhook(rawBody, headers),
  });
  const kyc: KycService = new KycService({
    db,
    repo: new KycRepo(db),
    port: kycPort,
    masterKey,
    clock,
    log,
    notify: notifications.notify,
    observeWebhook: (outcome) => metrics.kycWebhook(outcome),
  });
  users.addProfileSource((row) => kyc.profile(row));

  log.info(
    { kyc: kycPort.name, autoApprove: kycSandbox ? config.kyc.sandboxAutoApprove : undefined },
    'KYC adapter selected',
  );
  if (kycSandbox && config.kyc.sandboxAutoApprove && config.env === 'production') {
    log.warn(
      'KYC sandbox approves every applicant automatically (KYC_SANDBOX_AUTO_APPROVE=true) in production',
    );
  }

  const dids = new DidService({ repo: new DidRepo(db), masterKey, clock });
  users.addProfileSource((row) => dids.profileFields(row));
  const credentials = new CredentialsService({
    issuer: await didKeyFromSeed(await secrets.getOrCreate('credentials.issuer-key', generateDidKeySeed)),
    repo: new CredentialsRepo(db),
    ipfs,
    users,
    dids,
    clock,
    publicUrl: config.publicUrl,
  });

  const revocation = new RevocationService({ db, credentials, jobs, log });
  kyc.onStatusApplied(revocation.onKycStatus);

  const soulBoundTokens = new SoulBoundTokens(chain, config.chain.replaceAfterMs);
  const sbt = new SbtService({
    db,
    repo: new SbtRepo(db),
    designs: await publishDesigns(ipfs),
    dids,
    kyc,
    vault,
    credentials,
    tokens: soulBoundTokens,
    chain,
    ipfs,
    jobs,
    clock,
    log,
    notify: notifications.notify,
    fault,
  });

  const ledgers = createLedgers({
    chain,
    sender: chainSender,
    assets: assetContracts,
    solana,
    vault,
    publicUrl: config.publicUrl,
  });
  const networks = new Networks(ledgers.engines);
  const marketplace = new MarketplaceService(
    new MarketplaceRepo(db),
    networks,
    clock,
    config.marketplaceCacheMs,
  );
  const listingsChanged = () => marketplace.changed();
  const issuerRepo = new IssuerRepo(db);
  const issuer = new IssuerService({
    db,
    repo: issuerRepo,
    vault,
    ledgers: ledgers.tokens,
    networks,
    jobs,
    clock,
    log,
    onListingsChanged: listingsChanged,
  });
  const purchases = new PurchasesService({
    onListingsChanged: listingsChanged,
    db,
    repo: new PurchasesRepo(db),
    issuer,
    payments: ledgers.payments,
    vault,
    ports: {
      issueCredential: async (userId, subject) =>
        (
          await credentials.issue({
            userId,
            type: 'TokenPurchaseCredential',
            subject: { id: String(subject.id), ...subject },
          })
        ).cid,
      credentialUrl: (cid) => ipfs.url(cid),
      changed: (userId, purchase) => {
        events.publish(userId, SERVER_EVENTS.purchase, purchase);
        if (purchase.status === 'COMPLETED' || purchase.status === 'FAILED') {
          const finished = purchase.completedAt ? Date.parse(purchase.completedAt) : clock.now().getTime();
          metrics.purchaseFinished(purchase.status, (finished - Date.parse(purchase.createdAt)) / 1000);
          void notifications.notify(
            userId,
            purchase.status === 'COMPLETED' ? 'purchase.settled' : 'purchase.failed',
            {
              amount: purchase.amount,
              symbol: purchase.tokenSymbol,
            },
          );
        }
      },
    },
    jobs,
    clock,
    log,
    fault,
  });
  const demo = new DemoService({ db, auth, users: usersRepo, vault, issuer, jobs, clock, log });
  issuer.onTokenDeployed = (issuerId, tokenId) => demo.tokenDeployed(issuerId, tokenId);

  settings.addExportSource('account', (userId) => users.getProfile(userId));
  settings.addExportSource('sessions', (userId) => auth.sessionHistory(userId));
  settings.addExportSource(
    'notifications',
    async (userId) => (await notifications.list(userId)).notifications,
  );
  settings.addExportSource('soulBoundTokens', (userId) => sbt.list(userId));

  const admin = new AdminService({
    db,
    repo: new AdminRepo(db),
    jobs,
    chain,
    solana,
    clock,
    onListingsChanged: listingsChanged,
  });
  const kyb = new KybService({
    db,
    repo: new KybRepo(db),
    masterKey,
    clock,
    audit: admin,
    notify: notifications.notify,
  });
  settings.addExportSource('kyb', (userId) => kyb.exportData(userId));

  return {
    config,
    clock,
    database,
    masterKey,
    mail,
    outbox,
    metrics,
    housekeeping: { db, jobs, clock, throttles: throttleRepo, outbox, oidcAttempts: oidcRepo, log },
    jobs,
    auth,
    google,
    twoFactor,
    users,
    settings,
    linkedWallets,
    events,
    notifications,
    dids,
    credentials,
    revocation,
    kyc,
    kycSandbox,
    vault,
    sbt,
    marketplace,
    issuer,
    purchases,
    demo,
    admin,
    kyb,
    reconcile: new ReconcileService(new ReconcileRepo(db), ledgers.tokens, soulBoundTokens),
    fireblocksWebhook,
    chain,
    chainSender,
    assetContracts,
    solana,
    ipfs,
    explorer,
    async close() {
      await jobs.stop();
      await unlistenSessions();
      await unlistenProfiles();
      await chain.close();
      await solana.close();
      await mail.drain?.();
      if (!overrides.database) await database.close();
    },
  };
}
