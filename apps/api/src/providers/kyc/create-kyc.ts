import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { KycConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { MasterKey } from '../../secrets/envelope.js';
import type { SecretStore } from '../../secrets/secrets.repo.js';
import type { KycPort } from './kyc.js';
import { SandboxKyc } from './kyc.sandbox.js';
import { SumsubKyc } from './kyc.sumsub.js';
import { SandboxRepo } from './sandbox/sandbox.repo.js';
import { SandboxService, type WebhookSink } from './sandbox/sandbox.service.js';

export const SANDBOX_WEBHOOK_SECRET = 'kyc.sandbox-webhook-secret';

export interface SelectedKyc {
  port: KycPort;
  /** The embedded verification service, when it is the provider. */
  sandbox: SandboxService | undefined;
}

export async function createKyc(
  config: KycConfig,
  deps: {
    db: Db;
    secrets: SecretStore;
    masterKey: MasterKey;
    clock: Clock;
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    /** Where the sandbox delivers its signed webhooks (the portal's webhook handler). */
    deliver: WebhookSink;
  },
): Promise<SelectedKyc> {
  if (config.sumsub) return { port: new SumsubKyc(config.sumsub, deps.log), sandbox: undefined };
  const sandbox = new SandboxService({
    db: deps.db,
    repo: new SandboxRepo(deps.db),
    masterKey: deps.masterKey,
    clock: deps.clock,
    log: deps.log,
    autoApprove: config.sandboxAutoApprove,
    webhookSecret: await deps.secrets.getOrCreate(SANDBOX_WEBHOOK_SECRET, () => randomBytes(32)),
    deliver: deps.deliver,
  });
  return { port: new SandboxKyc(sandbox), sandbox };
}
