import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  KYC_DOCUMENT_CONTENT_TYPES,
  KYC_DOCUMENT_MAX_BYTES,
  type KycDocumentContentType,
  type KycReviewItem,
  type RejectType,
  type ReviewAnswer,
  type SandboxApplicant,
  type SandboxApplicantInfo,
} from '@portal/shared/kyc';
import { messages } from '@portal/shared/messages';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { DomainError } from '../../../errors.js';
import type { Envelope, MasterKey } from '../../../secrets/envelope.js';
import { readUpload } from '../../../uploads.js';
import { KYC_ACCESS_TOKEN_TTL_SECONDS, type KycIdentity, type KycReview } from '../kyc.js';
import { formatCreatedAtMs, payloadDigest, reviewResultJson, verifyPayloadDigest } from '../sumsub-wire.js';
import type { SandboxApplicantRow, SandboxRepo } from './sandbox.repo.js';

export const SANDBOX_LEVEL_NAME = 'basic-kyc-level';
/** The sandbox signs its webhooks the way Sumsub does by default. */
export const SANDBOX_WEBHOOK_ALG = 'HMAC_SHA256_HEX';

/** Where decisions go: the portal's webhook handler (the same one POST /api/kyc/webhook calls). */
export type WebhookSink = (rawBody: Buffer, headers: IncomingHttpHeaders) => Promise<unknown>;

export interface SandboxDeps {
  db: Db;
  repo: SandboxRepo;
  masterKey: MasterKey;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Decide every submission at once (GREEN) instead of waiting for a reviewer. */
  autoApprove: boolean;
  webhookSecret: Buffer;
  deliver: WebhookSink;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const infoAad = (applicantId: string) => `kyc_sandbox_applicants|${applicantId}`;
const documentAad = (applicantId: string) => `kyc_sandbox_documents|${applicantId}`;

/**
 * The embedded verification service: a local stand-in for Sumsub with its data model (applicants
 * keyed by externalUserId, reviews, access tokens), the page's submissions, a reviewer queue,
 * and decisions delivered as signed Sumsub webhooks.
 */
export class SandboxService {
  constructor(private readonly deps: SandboxDeps) {}

  // ----- the provider API (what SandboxKyc exposes through the port) -----

  async createApplicant(externalUserId: string): Promise<string> {
    const { repo, clock } = this.deps;
    const now = clock.now();
    await repo.insertApplicant({
      id: randomBytes(12).toString('hex'),
      externalUserId,
      levelName: SANDBOX_LEVEL_NAME,
      createdAt: now,
      updatedAt: now,
    });
    const row = await repo.findByExternalUserId(externalUserId);
    if (!row) throw new Error('Sandbox applicant was not stored');
    return row.id;
  }

  async issueToken(externalUserId: string, applicantId: string): Promise<string> {
    const row = await this.applicant(applicantId);
    if (row.externalUserId !== externalUserId)
      throw new DomainError('BAD_GATEWAY', messages.kycProviderUnavailable);
    // Shaped like Sumsub's sandbox tokens, but opaque: the WebSDK reads no base URL from it.
    const token = `_act-sbx-${randomBytes(32).toString('base64url')}`;
    const now = this.deps.clock.now();
    await this.deps.repo.insertToken(
      sha256(token),
      applicantId,
      new Date(now.getTime() + KYC_ACCESS_TOKEN_TTL_SECONDS * 1000),
      now,
    );
    return token;
  }

  /** Like Sumsub's 404 for an unknown applicant, seen by the portal as a provider error. */
  async applicant(applicantId: string): Promise<SandboxApplicantRow> {
    const row = await this.deps.repo.findById(applicantId);
    if (!row) throw new DomainError('BAD_GATEWAY', messages.kycProviderUnavailable);
    return row;
  }

  review(row: SandboxApplicantRow): KycReview {
    return {
      reviewStatus: row.reviewStatus,
      reviewAnswer: row.reviewAnswer ?? undefined,
      rejectType: row.rejectType ?? undefined,
      moderationComment: row.moderationComment ?? undefined,
    };
  }

  identity(row: SandboxApplicantRow): KycIdentity {
    const info = this.openInfo(row);
    return info
      ? { firstName: info.firstName, lastName: info.lastName, dob: info.dob, country: info.country }
      : {};
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): boolean {
    return verifyPayloadDigest(rawBody, headers, this.deps.webhookSecret, SANDBOX_WEBHOOK_ALG);
  }

  // ----- the verification page (authenticated by its WebSDK access token) -----

  async authenticate(token: string | undefined): Promise<SandboxApplicantRow> {
    const row = token ? await this.deps.repo.findByToken(sha256(token), this.deps.clock.now()) : undefined;
    if (!row) throw new DomainError('UNAUTHENTICATED', messages.kycAccessTokenInvalid);
    return row;
  }

  async view(applicantId: string): Promise<SandboxApplicant> {
    const row = await this.applicant(applicantId);
    const document = (await this.deps.repo.documentMeta([row.id])).get(row.id) ?? null;
    return {
      id: row.id,
      levelName: row.levelName,
      reviewStatus: row.reviewStatus,
      reviewResult: reviewResultJson(this.review(row)) ?? null,
      createDate: row.createdAt.toISOString(),
      reviewDate: row.reviewedAt?.toISOString() ?? null,
      document,
    };
  }

  async uploadDocument(
    applicantId: string,
    upload: { contentType: KycDocumentContentType; data: string },
  ): Promise<SandboxApplicant> {
    // The file type by its first bytes: what the browser claims is not trusted.
    const { bytes } = readUpload(upload, {
      allowed: KYC_DOCUMENT_CONTENT_TYPES,
      maxBytes: KYC_DOCUMENT_MAX_BYTES,
      tooLarge: messages.kycDocumentTooLarge,
      unsupported: messages.kycDocumentUnsupported,
      unreadable: messages.kycDocumentUnreadable,
    });
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      assertEditable(await repo.lock(applicantId));
      await repo.putDocument(
        applicantId,
        { contentType: upload.contentType, size: bytes.length },
        this.deps.masterKey.seal(bytes, documentAad(applicantId)),
      );
    });
    bytes.fill(0);
    return this.view(applicantId);
  }

  /** Sends the applicant for review (Sumsub: applicantPending), decided at once with auto-approve. */
  async submit(applicantId: string, info: SandboxApplicantInfo): Promise<SandboxApplicant> {
    const submitted = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const row = assertEditable(await repo.lock(applicantId));
      const documents = await repo.documentMeta([row.id]);
      if (!documents.has(row.id)) {
        throw new DomainError('VALIDATION_ERROR', messages.kycDocumentRequired, {
          fields: { document: messages.kycDocumentRequired },
        });
      }
      const now = this.deps.clock.now();
      return repo.update(row.id, {
        reviewStatus: 'pending',
        reviewAnswer: null,
        rejectType: null,
        moderationComment: null,
        infoSealed: this.deps.masterKey.sealToString(Buffer.from(JSON.stringify(info)), infoAad(row.id)),
        submittedAt: now,
        reviewedAt: null,
        lastEventAt: nextEventAt(row, now),
        updatedAt: now,
      });
    });
    await this.emit('applicantPending', submitted);
    if (this.deps.autoApprove) await this.decide(applicantId, 'GREEN');
    return this.view(applicantId);
  }

  // ----- the reviewer queue (admins) -----

  async pending(limit: number): Promise<KycReviewItem[]> {
    const rows = await this.deps.repo.listPending(limit);
    const documents = await this.deps.repo.documentMeta(rows.map((row) => row.id));
    return rows.flatMap((row) => {
      const info = this.openInfo(row);
      if (!info || !row.submittedAt) return [];
      return [
        {
          applicantId: row.id,
          externalUserId: row.externalUserId,
          ...info,
          document: documents.get(row.id) ?? null,
          submittedAt: row.submittedAt.toISOString(),
        },
      ];
    });
  }

  async document(applicantId: string): Promise<{ contentType: string; bytes: Buffer }> {
    const row = await this.deps.repo.readDocument(applicantId);
    if (!row) throw new DomainError('NOT_FOUND', messages.notFound);
    return {
      contentType: row.contentType,
      bytes: this.deps.masterKey.open(row.envelope as Envelope, documentAad(applicantId)),
    };
  }

  approve(applicantId: string) {
    return this.decide(applicantId, 'GREEN');
  }

  /** Rejects a pending applicant, or revokes an approval (Sumsub lets a reviewer do both). */
  reject(applicantId: string, reason: string, final: boolean) {
    return this.decide(applicantId, 'RED', final ? 'FINAL' : 'RETRY', reason);
  }

  /** Records the decision, deletes the document image, then delivers applicantReviewed. */
  private async decide(applicantId: string, answer: ReviewAnswer, rejectType?: RejectType, comment?: string) {
    const decided = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const row = await repo.lock(applicantId);
      if (!row) throw new DomainError('NOT_FOUND', messages.notFound);
      const revocable = answer === 'RED' && row.reviewStatus === 'completed' && row.reviewAnswer === 'GREEN';
      if (row.reviewStatus !== 'pending' && !revocable) {
        throw new DomainError('CONFLICT', messages.kycNotAwaitingReview);
      }
      const now = this.deps.clock.now();
      await repo.deleteDocument(row.id);
      return repo.update(row.id, {
        reviewStatus: 'completed',
        reviewAnswer: answer,
        rejectType: rejectType ?? null,
        moderationComment: comment ?? null,
        reviewedAt: now,
        lastEventAt: nextEventAt(row, now),
        updatedAt: now,
      });
    });
    await this.emit('applicantReviewed', decided);
    return {
      applicantId: decided.id,
      reviewStatus: 'completed' as const,
      reviewResult: reviewResultJson({ ...this.review(decided), reviewAnswer: answer }),
    };
  }

  /**
   * Signs and delivers a Sumsub-shaped event. A failed delivery does not undo the decision: the
   * portal also asks the provider for the status, and picks it up there (as with a lost webhook).
   */
  private async emit(
    type: 'applicantPending' | 'applicantReviewed',
    row: SandboxApplicantRow,
  ): Promise<void> {
    const body = Buffer.from(
      JSON.stringify({
        applicantId: row.id,
        inspectionId: row.id,
        applicantType: 'individual',
        correlationId: randomUUID(),
        levelName: row.levelName,
        externalUserId: row.externalUserId,
        type,
        sandboxMode: true,
        reviewStatus: row.reviewStatus,
        ...(row.reviewAnswer ? { reviewResult: reviewResultJson(this.review(row)) } : {}),
        createdAtMs: formatCreatedAtMs(row.lastEventAt ?? this.deps.clock.now()),
      }),
    );
    const headers = {
      'content-type': 'application/json',
      'x-payload-digest': payloadDigest(this.deps.webhookSecret, SANDBOX_WEBHOOK_ALG, body),
      'x-payload-digest-alg': SANDBOX_WEBHOOK_ALG,
    };
    try {
      await this.deps.deliver(body, headers);
    } catch (error) {
      this.deps.log.error({ err: error, applicantId: row.id, type }, 'KYC sandbox webhook delivery failed');
    }
  }

  private openInfo(row: SandboxApplicantRow): SandboxApplicantInfo | undefined {
    if (!row.infoSealed) return undefined;
    return JSON.parse(
      this.deps.masterKey.openString(row.infoSealed, infoAad(row.id)).toString('utf8'),
    ) as SandboxApplicantInfo;
  }
}

/** The applicant may (re)submit only before a review, or after a rejection they may retry. */
function assertEditable(row: SandboxApplicantRow | undefined): SandboxApplicantRow {
  if (!row) throw new DomainError('UNAUTHENTICATED', messages.kycAccessTokenInvalid);
  if (row.reviewStatus === 'pending') throw new DomainError('CONFLICT', messages.kycAlreadySubmitted);
  if (row.reviewStatus === 'completed') {
    if (row.reviewAnswer === 'GREEN') throw new DomainError('CONFLICT', messages.kycAlreadyVerified);
    if (row.rejectType === 'FINAL') throw new DomainError('CONFLICT', messages.kycFinalRejection);
  }
  return row;
}

/** Each event of an applicant is later than the one before, even within one millisecond. */
function nextEventAt(row: SandboxApplicantRow, now: Date): Date {
  const last = row.lastEventAt?.getTime() ?? 0;
  return new Date(Math.max(now.getTime(), last + 1));
}
