import type { Logger } from 'pino';
import type { Config } from './config.js';
import { Contributions, servicesOf, type FeatureModule } from './feature-module.js';
import { createInfrastructure, type Infrastructure, type InfrastructureOverrides } from './infrastructure.js';
import { housekeepingModule } from './jobs/housekeeping.jobs.js';
import { adminModule } from './modules/admin/admin.module.js';
import { authModule, twoFactorModule } from './modules/auth/auth.module.js';
import { chainsModule } from './modules/chains/chains.module.js';
import { complianceModule } from './modules/compliance/compliance.module.js';
import { credentialsModule } from './modules/credentials/credentials.module.js';
import { demoModule } from './modules/demo/demo.module.js';
import { didModule } from './modules/did/did.module.js';
import { distributionsModule } from './modules/distributions/distributions.module.js';
import { explorerModule } from './modules/explorer/explorer.module.js';
import { faucetModule, Stablecoins } from './modules/faucet/faucet.module.js';
import { redemptionsModule } from './modules/redemptions/redemptions.module.js';
import { secondaryMarketModule } from './modules/secondary-market/secondary-market.module.js';
import { healthModule } from './modules/health/health.module.js';
import { holdingCredentialsModule } from './modules/holding-credentials/holding-credentials.module.js';
import { holdingsModule } from './modules/holdings/holdings.module.js';
import { ipfsModule } from './modules/ipfs/ipfs.module.js';
import { issuerModule } from './modules/issuer/issuer.module.js';
import { kybModule } from './modules/kyb/kyb.module.js';
import { kycModule } from './modules/kyc/kyc.module.js';
import { marketplaceModule } from './modules/marketplace/marketplace.module.js';
import { metricsModule } from './modules/metrics/metrics.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { offeringDocumentsModule } from './modules/offering-documents/offering-documents.module.js';
import { purchasesModule } from './modules/purchases/purchases.module.js';
import { reconcileModule } from './modules/reconcile/reconcile.module.js';
import { registerModule } from './modules/register/register.module.js';
import { sbtModule } from './modules/sbt/sbt.module.js';
import { settingsModule } from './modules/settings/settings.module.js';
import { statementsModule } from './modules/statements/statements.module.js';
import { transfersModule } from './modules/transfers/transfers.module.js';
import { usersModule } from './modules/users/users.module.js';
import { vaultModule } from './modules/vault/vault.module.js';

export type ContainerOverrides = InfrastructureOverrides;

/**
 * The composition root (docs/architecture.md): the infrastructure, then every feature module in
 * the order their dependencies allow. Each module builds its own services and declares its routes,
 * jobs, event subscriptions and contributions; `app.ts` and the job runner walk `modules`.
 */
export async function createContainer(config: Config, log: Logger, overrides: ContainerOverrides = {}) {
  const infra = await createInfrastructure(config, log, overrides);
  const modules: FeatureModule[] = [];
  const contributions = new Contributions(modules);
  const add = <M extends FeatureModule>(module: M): M => {
    modules.push(module);
    return module;
  };

  add(metricsModule(infra));
  const health = add(healthModule(infra));
  const users = add(await usersModule(infra, { profileSources: () => contributions.profileSources() }));
  const usersRepo = users.repo;
  const twoFactor = add(twoFactorModule(infra, { usersRepo }));
  const settings = add(
    settingsModule(infra, {
      usersRepo,
      twoFactor: twoFactor.twoFactor,
      exportSources: () => contributions.exportSources(),
    }),
  );
  const notifications = add(
    notificationsModule(infra, {
      usersRepo,
      settings: settings.settings,
      isLive: (sessionId): Promise<boolean> => auth.auth.isLive(sessionId),
    }),
  );
  const { notify } = notifications.notifications;
  const auth = add(
    await authModule(infra, {
      users: users.users,
      usersRepo,
      settings: settings.settings,
      notifications: notifications.notifications,
      twoFactor,
    }),
  );
  // The test stablecoin (ADR 70): new vaults get some with the auto-fuel, the faucet pays it out.
  const stablecoins = new Stablecoins(infra.chain, infra.solana, infra.config.faucet);
  const vault = add(vaultModule(infra, { notify, stablecoins }));
  const did = add(didModule(infra));
  const credentials = add(await credentialsModule(infra, { users: users.users, dids: did.dids }));
  const admin = add(adminModule(infra, { revocation: credentials.revocation }));
  const audit = admin.admin;
  const kyc = add(await kycModule(infra, { notify, audit }));
  const kyb = add(kybModule(infra, { notify, audit }));
  const chains = add(chainsModule(infra, { vault: vault.vault }));
  const sbt = add(
    await sbtModule(infra, {
      dids: did.dids,
      kyc: kyc.kyc,
      vault: vault.vault,
      credentials: credentials.credentials,
      soulBoundTokens: chains.soulBoundTokens,
      notify,
    }),
  );
  const issuer = add(issuerModule(infra, { vault: vault.vault, ...chains, audit }));
  const compliance = add(
    await complianceModule(infra, {
      issuer: issuer.issuer,
      kyc: kyc.kyc,
      vault: vault.vault,
      notify,
      audit,
      ...chains,
    }),
  );
  const marketplace = add(
    marketplaceModule(infra, {
      networks: chains.networks,
      eligibility: (userId, tokens) => compliance.compliance.eligibilityOf(userId, tokens),
    }),
  );
  const offering = add(
    offeringDocumentsModule(infra, { ...chains, issuer: issuer.issuer, vault: vault.vault, audit }),
  );
  const purchases = add(
    purchasesModule(infra, {
      ...chains,
      issuer: issuer.issuer,
      vault: vault.vault,
      credentials: credentials.credentials,
      compliance: compliance.compliance,
      terms: offering.offeringDocuments,
    }),
  );
  const holdings = add(
    holdingsModule(infra, {
      tokenLedgers: chains.tokenLedgers,
      networks: chains.networks,
      xrplNode: chains.xrplNode,
      stellarNode: chains.stellarNode,
      compliance: compliance.compliance,
      vault: vault.vault,
      stablecoins,
    }),
  );
  const faucet = add(
    faucetModule(infra, { vault: vault.vault, chainSender: chains.chainSender, stablecoins }),
  );
  const redemptions = add(
    redemptionsModule(infra, {
      ...chains,
      issuer: issuer.issuer,
      vault: vault.vault,
      compliance: compliance.compliance,
      stablecoins,
      notify,
    }),
  );
  const transfers = add(
    transfersModule(infra, {
      ...chains,
      issuer: issuer.issuer,
      vault: vault.vault,
      compliance: compliance.compliance,
      notify,
      audit,
    }),
  );
  const register = add(registerModule(infra));
  const secondaryMarket = add(
    secondaryMarketModule(infra, {
      ...chains,
      issuer: issuer.issuer,
      vault: vault.vault,
      compliance: compliance.compliance,
      notify,
    }),
  );
  const distributions = add(
    distributionsModule(infra, {
      vault: vault.vault,
      chainSender: chains.chainSender,
      tokenLedgers: chains.tokenLedgers,
      stablecoins,
      credentials: credentials.credentials,
      dids: did.dids,
      notify,
    }),
  );
  const demo = add(
    demoModule(infra, {
      auth: auth.auth,
      usersRepo,
      vault: vault.vault,
      issuer: issuer.issuer,
      onboarding: issuer.onboarding,
      compliance: compliance.compliance,
    }),
  );
  const reconcile = add(
    reconcileModule(infra, {
      ...chains,
      compliance: compliance.compliance,
      faucet: faucet.faucet,
      redemptions: redemptions.redemptions,
      distributions: distributions.distributions,
      secondaryMarket: secondaryMarket.secondaryMarket,
      transfers: transfers.transfers,
    }),
  );
  const holdingCredentials = add(
    holdingCredentialsModule(infra, { credentials: credentials.credentials, dids: did.dids }),
  );
  const statements = add(statementsModule(infra, { contributions }));
  const explorer = add(explorerModule(infra));
  add(ipfsModule(credentials));
  const housekeeping = add(
    housekeepingModule(infra, { throttles: auth.throttleRepo, oidcAttempts: auth.oidcRepo }),
  );

  return {
    ...infra,
    modules: modules as readonly FeatureModule[],
    // What tests and the command-line tools reach directly: each module's services.
    ...servicesOf(health, users, twoFactor, settings, notifications, auth, vault, did, credentials, admin),
    ...servicesOf(
      kyc,
      kyb,
      chains,
      sbt,
      marketplace,
      issuer,
      compliance,
      purchases,
      offering,
      holdings,
      faucet,
      redemptions,
      transfers,
      register,
      secondaryMarket,
      distributions,
      demo,
      reconcile,
      holdingCredentials,
      statements,
      explorer,
      housekeeping,
    ),
    async close() {
      await infra.jobs.stop();
      for (const module of [...modules].reverse()) await module.close?.();
      // What was handed in belongs to whoever built it (a second app in a test shares them).
      if (!overrides.chain) await infra.chain.close();
      if (!overrides.solana) await infra.solana.close();
      await infra.mail.drain?.();
      if (!overrides.database) await infra.database.close();
    },
  };
}

export type Container = Infrastructure & Awaited<ReturnType<typeof createContainer>>;
