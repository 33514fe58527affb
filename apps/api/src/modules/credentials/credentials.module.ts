import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { didKeyFromSeed, generateDidKeySeed } from '../did/did.module.js';
import type { DidService } from '../did/did.service.js';
import type { UsersService } from '../users/users.service.js';
import { CredentialsRepo } from './credentials.repo.js';
import { credentialsRoutes } from './credentials.routes.js';
import { CredentialsService } from './credentials.service.js';
import { RevocationService } from './revocation.service.js';

/**
 * Verifiable credentials signed by the platform's DID, their status lists, and revocation: a KYC
 * decision that withdraws a verification revokes them in the decision's own transaction.
 */
export async function credentialsModule(
  infra: Infrastructure,
  deps: { users: UsersService; dids: DidService },
) {
  const { config, ipfs } = infra;
  const credentials = new CredentialsService({
    issuer: await didKeyFromSeed(
      await infra.secrets.getOrCreate('credentials.issuer-key', generateDidKeySeed),
    ),
    repo: new CredentialsRepo(infra.db),
    ipfs,
    users: deps.users,
    dids: deps.dids,
    clock: infra.clock,
    publicUrl: config.publicUrl,
    // The engines the purchases settle on: payments and ERC tokens on the EVM, SPL on Solana.
    explorerTxUrl: (family, hash) =>
      family === 'ethereum'
        ? infra.chain.explorerTxUrl(hash as `0x${string}`)
        : family === 'solana'
          ? infra.solana.explorerTxUrl(hash)
          : undefined,
  });
  const revocation = new RevocationService({
    db: infra.db,
    credentials,
    jobs: infra.jobs,
    events: infra.events,
    log: infra.log,
  });
  infra.events.onTransaction('kyc.statusApplied', (tx, { userId, status }) =>
    revocation.onKycStatus(tx, userId, status),
  );
  return {
    name: 'credentials',
    credentials,
    revocation,
    routes: (app) =>
      credentialsRoutes(app, credentials, { verifyPerMinute: config.rateLimits.credentialVerifyPerMinute }),
    exports: { credentials: (userId) => credentials.exportData(userId) },
  } satisfies FeatureModule & Record<string, unknown>;
}
