import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ProfileRow } from '../users/users.repo.js';
import type { User } from '@portal/shared/auth';
import type {
  KycStatus,
  KycSyncResponse,
  KycTokenResponse,
  KycVerificationStatusResponse,
} from '@portal/shared/kyc';
import { messages } from '@portal/shared/messages';
import type { Clock } from '../../clock.js';
import type { EventBus } from '../../events.js';
import type { Db, Tx } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { KycIdentity, KycPort, KycReview } from '../../providers/kyc/kyc.js';
import type { MasterKey } from '../../secrets/envelope.js';
import { outcomeOf, statusFromEvent, statusFromReview } from './kyc-state.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { KycApplicantRow, KycEventOutcome, KycRepo } from './kyc.repo.js';

export interface KycDeps {
  db: Db;
  repo: KycRepo;
  port: KycPort;
  masterKey: MasterKey;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Tells the user when their verification is decided. */
  notify?: Notify;
  /** Told what became of each webhook: an outcome, or 'rejected' (bad signature or body). */
  observeWebhook?: (outcome: WebhookOutcome | 'rejected') => void;
  /** `kyc.statusApplied` runs its subscribers (e.g. revocation) inside the decision's transaction. */
  events: Pick<EventBus, 'publishIn'>;
}

export type WebhookOutcome = KycEventOutcome | 'duplicate';

/** Decisions only a webhook (or an explicit sync) changes; every other state is polled. */
const LASTING = new Set<KycStatus>(['verified', 'rejected_final']);

const SYNC_MESSAGES: Record<KycStatus, string> = {
  not_started: messages.kycNotStarted,
  pending: messages.kycPending,
  verified: messages.kycSynced,
  rejected: messages.kycRejected,
  rejected_final: messages.kycRejectedFinal,
};

/** The ciphertext of a verified identity opens only in the row it was written for. */
const identityAad = (row: Pick<KycApplicantRow, 'userId' | 'applicantId'>) =>
  `kyc_applicants|${row.userId}|${row.applicantId}`;

/**
 * Identity verification: applicants at the provider, the state machine fed by signed webhooks
 * and status polls, and the verified identity kept (encrypted) for the profile and credentials.
 */
export class KycService {
  constructor(private readonly deps: KycDeps) {}

  /** docs/product.md §4.6: verified is the provider's GREEN (completed) decision, as last applied. */
  async isVerified(userId: string): Promise<boolean> {
    return (await this.deps.repo.findByUser(userId))?.status === 'verified';
  }

  private async applied(tx: Tx, userId: string, status: KycStatus): Promise<void> {
    await this.deps.events.publishIn(tx, 'kyc.statusApplied', { userId, status });
  }

  get port(): KycPort {
    return this.deps.port;
  }

  /** POST /api/kyc/token: creates the applicant on first use, then a fresh WebSDK token. */
  async token(userId: string): Promise<Omit<KycTokenResponse, 'success'>> {
    const { port, repo, clock } = this.deps;
    let row = await repo.findByUser(userId);
    if (!row || row.provider !== port.name) {
      const { applicantId } = await port.createApplicant(userId);
      await repo.upsertApplicant(userId, port.name, applicantId, clock.now());
      row = await repo.findByUser(userId);
      if (!row) throw new DomainError('INTERNAL', messages.internalError);
    }
    return {
      token: await port.accessToken(userId, row.applicantId),
      applicantId: row.applicantId,
      websdkUrl: port.websdkUrl,
    };
  }

  /**
   * GET /api/kyc/verification-status. Until there is a lasting decision the provider is asked
   * too, so a lost webhook cannot leave an investor waiting; if it cannot be reached, the stored
   * state is answered.
   */
  async verificationStatus(userId: string): Promise<Omit<KycVerificationStatusResponse, 'success'>> {
    let row = await this.deps.repo.findByUser(userId);
    if (row && row.provider === this.deps.port.name && !LASTING.has(row.status)) {
      try {
        row = await this.observe(row, await this.deps.port.applicantStatus(row.applicantId));
        if (row.status === 'verified') row = await this.refresh(row);
      } catch (error) {
        this.deps.log.warn({ err: error, applicantId: row.applicantId }, 'KYC status refresh failed');
      }
    }
    return {
      status: row?.status ?? 'not_started',
      data: {
        isVerified: row?.status === 'verified',
        applicantId: row?.applicantId ?? null,
        reviewStatus: row?.reviewStatus ?? null,
        reviewAnswer: row?.reviewAnswer ?? null,
        rejectType: row?.rejectType ?? null,
        moderationComment: row?.moderationComment ?? null,
      },
    };
  }

  /** POST /api/kyc/store-data: syncs the caller's own applicant (another user's id is not found). */
  async storeData(userId: string, applicantId: string): Promise<Omit<KycSyncResponse, 'success'>> {
    const row = await this.deps.repo.findOwned(userId, applicantId);
    if (!row) throw new DomainError('NOT_FOUND', messages.notFound);
    return this.sync(row);
  }

  /** POST /api/kyc/enhanced-storage: syncs the caller's applicant, if there is one. */
  async enhancedStorage(userId: string): Promise<Omit<KycSyncResponse, 'success'>> {
    const row = await this.deps.repo.findByUser(userId);
    if (!row) return { status: 'not_started', message: messages.kycNotStarted };
    return this.sync(row);
  }

  /**
   * POST /api/kyc/webhook, and the sandbox's deliveries: authenticity first (the exact bytes),
   * then dedupe on the body digest, ordering on createdAtMs, and the state change in one
   * transaction. A verified applicant's identity is fetched right after.
   */
  async receiveWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookOutcome> {
    const { port, clock, log } = this.deps;
    if (!port.verifyWebhook(rawBody, headers)) {
      this.deps.observeWebhook?.('rejected');
      throw new DomainError('UNAUTHENTICATED', messages.webhookSignatureInvalid);
    }
    const event = port.parseWebhook(rawBody);
    if (!event) {
      this.deps.observeWebhook?.('rejected');
      throw new DomainError('BAD_REQUEST', messages.validationFailed);
    }
    const eventAt = event.createdAt ?? clock.now();
    const next = statusFromEvent(event);
    const bodyDigest = createHash('sha256').update(rawBody).digest('hex');

    const result = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const row = await repo.lockByApplicant(port.name, event.applicantId);
      let outcome: KycEventOutcome;
      if (!row) outcome = 'unknown_applicant';
      else if (event.externalUserId !== undefined && event.externalUserId !== row.userId) outcome = 'ignored';
      else outcome = outcomeOf(next, eventAt, row.lastEventAt);
      const fresh = await repo.insertEvent({
        provider: port.name,
        applicantId: event.applicantId,
        bodyDigest,
        type: event.type,
        review: event.review,
        eventAt,
        outcome,
      });
      if (!fresh) return { outcome: 'duplicate' as const, row };
      if (outcome === 'applied' && row && next) {
        await repo.applyStatus(row.userId, next, event.review, eventAt, clock.now());
        await this.applied(tx, row.userId, next);
      }
      return { outcome, row };
    });

    log.info({ applicantId: event.applicantId, type: event.type, outcome: result.outcome }, 'KYC webhook');
    this.deps.observeWebhook?.(result.outcome);
    if (result.outcome === 'applied' && result.row && next && next !== result.row.status) {
      if (next === 'verified') await this.deps.notify?.(result.row.userId, 'kyc.verified');
      if (next === 'rejected' || next === 'rejected_final')
        await this.deps.notify?.(result.row.userId, 'kyc.rejected');
    }
    if (result.outcome === 'applied' && next === 'verified' && result.row) {
      try {
        await this.storeIdentity(result.row, (await port.applicantData(event.applicantId)).identity);
      } catch (error) {
        // The status stands; the identity is fetched again on the next sync.
        log.warn({ err: error, applicantId: event.applicantId }, 'KYC identity fetch failed');
      }
    }
    return result.outcome;
  }

  /** 'Download my data': the KYC application, its review and the verified identity it holds. */
  async exportData(userId: string): Promise<Record<string, unknown> | null> {
    const row = await this.deps.repo.findByUser(userId);
    if (!row) return null;
    return {
      provider: row.provider,
      applicantId: row.applicantId,
      status: row.status,
      reviewStatus: row.reviewStatus,
      reviewAnswer: row.reviewAnswer,
      rejectType: row.rejectType,
      moderationComment: row.moderationComment,
      submittedAt: row.createdAt.toISOString(),
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      verifiedIdentity: this.openIdentity(row) ?? null,
    };
  }

  /** The country KYC verified (ISO 3166-1 alpha-3), for the identity registry; null until verified. */
  async verifiedCountry(userId: string): Promise<string | null> {
    const row = await this.deps.repo.findByUser(userId);
    if (row?.status !== 'verified') return null;
    return this.openIdentity(row)?.country ?? null;
  }

  /** The KYC status and, once verified, the verified name and country (from the profile query). */
  profile({ user, kyc: row }: ProfileRow): Partial<User> {
    if (!row) return { kycStatus: 'not_started' };
    const identity = row.status === 'verified' ? this.openIdentity({ ...row, userId: user.id }) : undefined;
    const name = [identity?.firstName, identity?.lastName].filter(Boolean).join(' ');
    return {
      kycStatus: row.status,
      ...(name ? { kycVerifiedName: name } : {}),
      ...(identity?.country ? { kycCountry: identity.country } : {}),
    };
  }

  private async sync(row: KycApplicantRow): Promise<Omit<KycSyncResponse, 'success'>> {
    // An applicant left at a provider no longer configured: the next token call starts over.
    if (row.provider !== this.deps.port.name)
      return { status: 'not_started', message: messages.kycNotStarted };
    const current = await this.refresh(row);
    return { status: current.status, message: SYNC_MESSAGES[current.status] };
  }

  /** Pulls the applicant's current review and, when verified, the identity. */
  private async refresh(row: KycApplicantRow): Promise<KycApplicantRow> {
    const data = await this.deps.port.applicantData(row.applicantId);
    if (data.externalUserId !== row.userId) {
      this.deps.log.warn(
        { applicantId: row.applicantId },
        'KYC applicant belongs to another user at the provider',
      );
      throw new DomainError('BAD_GATEWAY', messages.kycProviderUnavailable);
    }
    const current = await this.observe(row, data.review);
    if (current.status !== 'verified') return current;
    await this.storeIdentity(current, data.identity);
    return (await this.deps.repo.findByUser(current.userId)) ?? current;
  }

  /**
   * Applies a status the provider reports now, through the same ordering rule as webhooks: the
   * observation is as of now, so webhooks created before it are stale afterwards.
   */
  private async observe(row: KycApplicantRow, review: KycReview): Promise<KycApplicantRow> {
    const next = statusFromReview(review);
    return this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const locked = await repo.lockByApplicant(row.provider, row.applicantId);
      if (!locked) return row;
      const now = this.deps.clock.now();
      const unchanged = next === locked.status && locked.reviewStatus === review.reviewStatus;
      if (next === undefined || unchanged || outcomeOf(next, now, locked.lastEventAt) !== 'applied')
        return locked;
      await repo.applyStatus(locked.userId, next, review, now, now);
      await this.applied(tx, locked.userId, next);
      return (await repo.lockByApplicant(row.provider, row.applicantId)) ?? locked;
    });
  }

  private async storeIdentity(row: KycApplicantRow, identity: KycIdentity): Promise<void> {
    const { masterKey, repo, clock } = this.deps;
    const sealed = masterKey.sealToString(Buffer.from(JSON.stringify(identity)), identityAad(row));
    await repo.storeVerifiedData(row.userId, row.applicantId, sealed, clock.now());
  }

  /** A ciphertext that cannot be opened (wrong key, moved row) hides the identity, not the profile. */
  private openIdentity(
    row: Pick<KycApplicantRow, 'userId' | 'applicantId' | 'verifiedDataSealed'>,
  ): KycIdentity | undefined {
    if (!row.verifiedDataSealed) return undefined;
    try {
      const plaintext = this.deps.masterKey.openString(row.verifiedDataSealed, identityAad(row));
      return JSON.parse(plaintext.toString('utf8')) as KycIdentity;
    } catch (error) {
      this.deps.log.warn(
        { err: error, applicantId: row.applicantId },
        'KYC verified identity cannot be opened',
      );
      return undefined;
    }
  }
}
