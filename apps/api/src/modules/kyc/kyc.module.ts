import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { createKyc } from '../../providers/kyc/create-kyc.js';
import type { AdminService } from '../admin/admin.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import { KycRepo } from './kyc.repo.js';
import { kycRoutes } from './kyc.routes.js';
import { KycService } from './kyc.service.js';

/**
 * Identity verification at the configured provider. With the embedded sandbox, its reviewer queue
 * (`/api/admin/kyc/*`) and verification page are registered here too; the sandbox's decisions reach
 * the same signed-webhook handler as Sumsub's.
 */
export async function kycModule(
  infra: Infrastructure,
  deps: { notify: Notify; audit: Pick<AdminService, 'record'> },
) {
  const { config, log, metrics } = infra;
  const { port, sandbox } = await createKyc(config.kyc, {
    db: infra.db,
    secrets: infra.secrets,
    masterKey: infra.masterKey,
    clock: infra.clock,
    log,
    deliver: (rawBody, headers) => kyc.receiveWebhook(rawBody, headers),
  });
  const kyc: KycService = new KycService({
    db: infra.db,
    repo: new KycRepo(infra.db),
    port,
    masterKey: infra.masterKey,
    clock: infra.clock,
    log,
    notify: deps.notify,
    observeWebhook: (outcome) => metrics.kycWebhook(outcome),
    events: infra.events,
  });
  log.info(
    { kyc: port.name, autoApprove: sandbox ? config.kyc.sandboxAutoApprove : undefined },
    'KYC adapter selected',
  );
  if (sandbox && config.kyc.sandboxAutoApprove && config.env === 'production') {
    log.warn(
      'KYC sandbox approves every applicant automatically (KYC_SANDBOX_AUTO_APPROVE=true) in production',
    );
  }
  return {
    name: 'kyc',
    kyc,
    kycSandbox: sandbox,
    routes: (app) => kycRoutes(app, { kyc, sandbox, websdkDir: config.kyc.websdkDir, audit: deps.audit }),
    profile: (row) => kyc.profile(row),
    exports: { kyc: (userId) => kyc.exportData(userId) },
  } satisfies FeatureModule & Record<string, unknown>;
}
