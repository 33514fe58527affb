import type { FastifyBaseLogger } from 'fastify';
import type { KycStatus } from '@portal/shared/kyc';
import type { Db, Tx } from '../../db/client.js';
import type { EventBus } from '../../events.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { CredentialsService } from './credentials.service.js';

/** KYC decisions that withdraw a verification: RED, whether a retry is allowed or not. */
const WITHDRAWN = new Set<KycStatus>(['rejected', 'rejected_final']);

/**
 * Withdraws everything a verification backed: the user's credentials are revoked in the status
 * list at once (same transaction as the decision), and `identity.revoked` tells the other features
 * in that transaction (the SBT module queues the burn).
 */
export class RevocationService {
  constructor(
    private readonly deps: {
      db: Db;
      credentials: Pick<CredentialsService, 'revokeAll'>;
      jobs: Pick<JobQueue, 'notify'>;
      events: Pick<EventBus, 'publishIn'>;
      log: Pick<FastifyBaseLogger, 'info'>;
    },
  ) {}

  /** Subscribed to `kyc.statusApplied`. */
  readonly onKycStatus = async (tx: Tx, userId: string, status: KycStatus): Promise<void> => {
    if (WITHDRAWN.has(status)) await this.revokeIn(tx, userId, `kyc_${status}`);
  };

  /** An admin's decision. */
  async revoke(userId: string, reason: string): Promise<number> {
    const count = await this.deps.db.transaction((tx) => this.revokeIn(tx, userId, reason));
    this.deps.jobs.notify();
    return count;
  }

  private async revokeIn(tx: Tx, userId: string, reason: string): Promise<number> {
    const count = await this.deps.credentials.revokeAll(userId, reason, tx);
    await this.deps.events.publishIn(tx, 'identity.revoked', { userId });
    this.deps.log.info({ userId, reason, credentials: count }, 'identity revoked');
    return count;
  }
}
