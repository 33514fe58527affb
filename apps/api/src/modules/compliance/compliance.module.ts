import { randomBytes } from 'node:crypto';
import type { ChainFamily } from '@portal/shared/chain-families';
import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { defineJob } from '../../jobs/queue.js';
import type { AdminService } from '../admin/admin.service.js';
import type { AssetContracts } from '../chains/asset-contracts.js';
import type { ComplianceContracts } from '../chains/compliance-contracts.js';
import type { TokenLedger } from '../chains/ledger.js';
import type { SplLedger } from '../chains/ledger.spl.js';
import type { Networks } from '../chains/networks.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { KycService } from '../kyc/kyc.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { VaultService } from '../vault/vault.service.js';
import { ComplianceRepo } from './compliance.repo.js';
import { complianceRoutes } from './compliance.routes.js';
import { actionJob, ComplianceService, identityJob } from './compliance.service.js';
import { ChainEnforcement } from './compliance.chains.js';

/**
 * Who may hold a token (docs/product.md §4.12; ADR 61): the identity registry follows
 * every KYC decision and revocation inside its transaction (a durable job writes the chain), the
 * issuer's rules and enforcement actions run as jobs, and purchases ask before any money moves.
 */
export async function complianceModule(
  infra: Infrastructure,
  deps: {
    issuer: IssuerService;
    kyc: KycService;
    vault: VaultService;
    notify: Notify;
    audit: AdminService;
    assetContracts: AssetContracts;
    complianceContracts: ComplianceContracts;
    splLedger: SplLedger;
    tokenLedgers: Map<ChainFamily, TokenLedger>;
    networks: Networks;
  },
) {
  const { jobs, events } = infra;
  const compliance = new ComplianceService({
    db: infra.db,
    repo: new ComplianceRepo(infra.db),
    issuer: deps.issuer,
    vault: deps.vault,
    verifiedCountry: (userId) => deps.kyc.verifiedCountry(userId),
    chain: new ChainEnforcement({
      assets: deps.assetContracts,
      registry: deps.complianceContracts,
      spl: deps.splLedger,
      ledgers: deps.tokenLedgers,
      vault: deps.vault,
      networks: deps.networks,
    }),
    jobs,
    clock: infra.clock,
    notify: deps.notify,
    audit: (adminId, action, target, detail, tx) => deps.audit.record(adminId, action, target, detail, tx),
    identitySecret: await infra.secrets.getOrCreate('compliance.identity-key', () => randomBytes(32)),
    log: infra.log,
    events,
  });
  // Queued in the decision's own transaction, so a crash cannot forget a withdrawal.
  events.onTransaction('kyc.statusApplied', (tx, { userId }) => compliance.queueIdentitySync(tx, userId));
  events.onTransaction('identity.revoked', (tx, { userId }) => compliance.revoked(tx, userId));
  return {
    name: 'compliance',
    compliance,
    routes: (app) => complianceRoutes(app, compliance),
    statement: { lines: (userId, period) => compliance.statementLines(userId, period) },
    jobs: [
      defineJob(identityJob, ({ userId }) => compliance.syncIdentity(userId)),
      defineJob(actionJob, ({ actionId }, job) => compliance.carryOut(actionId, job)),
    ],
  } satisfies FeatureModule & Record<string, unknown>;
}
