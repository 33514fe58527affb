import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { RejectTypeSchema, ReviewAnswerSchema, type RejectType, type ReviewAnswer } from '@portal/shared/kyc';
import type { KycApplicantData, KycEvent, KycReview } from './kyc.js';

/**
 * Sumsub's wire protocol, spoken by the Sumsub adapter and by the embedded sandbox alike:
 * request signatures, webhook digests, and the JSON shapes of reviews, applicants and events.
 */

/** `X-App-Access-Sig`: hex HMAC-SHA256 over ts + METHOD + path with query + exact body. */
export function signRequest(
  secretKey: string,
  ts: number,
  method: string,
  pathWithQuery: string,
  body: string,
): string {
  return createHmac('sha256', secretKey)
    .update(`${ts}${method.toUpperCase()}${pathWithQuery}${body}`)
    .digest('hex');
}

/** The digest algorithms we accept; HMAC_SHA1_HEX is deliberately absent. */
export const WEBHOOK_ALGORITHMS = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;
export type WebhookAlgorithm = keyof typeof WEBHOOK_ALGORITHMS;

export function payloadDigest(secret: string | Buffer, algorithm: WebhookAlgorithm, rawBody: Buffer): string {
  return createHmac(WEBHOOK_ALGORITHMS[algorithm], secret).update(rawBody).digest('hex');
}

/**
 * `X-Payload-Digest` over the raw bytes, with the algorithm pinned by configuration: a request
 * naming any other algorithm (`X-Payload-Digest-Alg`, attacker-controlled) is refused.
 */
export function verifyPayloadDigest(
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  secret: string | Buffer,
  algorithm: WebhookAlgorithm,
): boolean {
  const digest = headers['x-payload-digest'];
  const named = headers['x-payload-digest-alg'];
  if (typeof digest !== 'string' || !/^[0-9a-f]+$/i.test(digest)) return false;
  if (named !== undefined && named !== algorithm) return false;
  const expected = Buffer.from(payloadDigest(secret, algorithm, rawBody), 'hex');
  const given = Buffer.from(digest, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Sumsub's `createdAtMs`: "yyyy-MM-dd HH:mm:ss.SSS" in UTC. */
export function formatCreatedAtMs(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

export function parseCreatedAtMs(value: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?)(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (!match) return undefined;
  const zone = match[3] ?? 'Z';
  const date = new Date(
    `${match[1]}T${match[2]}${zone === 'Z' ? 'Z' : zone.replace(/(\d{2})(\d{2})$/, '$1:$2')}`,
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const ReviewResultSchema = z
  .object({
    // Unknown answers (YELLOW on some products) are read as "no answer".
    reviewAnswer: ReviewAnswerSchema.optional().catch(undefined),
    reviewRejectType: RejectTypeSchema.optional().catch(undefined),
    moderationComment: z.string().max(2000).optional().catch(undefined),
  })
  .optional()
  .catch(undefined);

const ReviewSchema = z.object({ reviewStatus: z.string().default('init'), reviewResult: ReviewResultSchema });

function toReview(review: z.infer<typeof ReviewSchema>): KycReview {
  return {
    reviewStatus: review.reviewStatus,
    reviewAnswer: review.reviewResult?.reviewAnswer,
    rejectType: review.reviewResult?.reviewRejectType,
    moderationComment: review.reviewResult?.moderationComment,
  };
}

/** GET /resources/applicants/{id}/status */
export function parseStatus(json: unknown): KycReview {
  return toReview(ReviewSchema.parse(json));
}

export interface ReviewResultJson {
  reviewAnswer: ReviewAnswer;
  reviewRejectType?: RejectType;
  moderationComment?: string;
}

/** Serialises a review's result the way Sumsub does (the sandbox answers with this). */
export function reviewResultJson(review: KycReview & { reviewAnswer: ReviewAnswer }): ReviewResultJson;
export function reviewResultJson(review: KycReview): ReviewResultJson | undefined;
export function reviewResultJson(review: KycReview): ReviewResultJson | undefined {
  if (!review.reviewAnswer) return undefined;
  return {
    reviewAnswer: review.reviewAnswer,
    ...(review.rejectType ? { reviewRejectType: review.rejectType } : {}),
    ...(review.moderationComment ? { moderationComment: review.moderationComment } : {}),
  };
}

const IdentitySchema = z
  .object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    dob: z.string().optional(),
    country: z.string().optional(),
  })
  .optional();

const ApplicantSchema = z.object({
  id: z.string(),
  externalUserId: z.string(),
  // `info` is what the provider established from the documents; `fixedInfo` what we supplied.
  info: IdentitySchema,
  fixedInfo: IdentitySchema,
  review: ReviewSchema.optional(),
});

/** GET /resources/applicants/{id}/one */
export function parseApplicant(json: unknown): KycApplicantData {
  const applicant = ApplicantSchema.parse(json);
  const info = { ...applicant.fixedInfo, ...applicant.info };
  return {
    id: applicant.id,
    externalUserId: applicant.externalUserId,
    identity: { firstName: info.firstName, lastName: info.lastName, dob: info.dob, country: info.country },
    review: applicant.review ? toReview(applicant.review) : { reviewStatus: 'init' },
  };
}

/** A KYC webhook body (Sumsub's applicant event), parsed only after its signature is checked. */
export const KycWebhookEventSchema = z.object({
  type: z.string().min(1).max(100),
  applicantId: z.string().min(1).max(100),
  externalUserId: z.string().max(100).optional(),
  reviewStatus: z.string().max(100).optional(),
  reviewResult: ReviewResultSchema,
  createdAtMs: z.string().max(40).optional(),
});

/** A webhook body; undefined when it is not JSON or not an applicant event. */
export function parseEvent(rawBody: Buffer): KycEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = KycWebhookEventSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const event = parsed.data;
  return {
    type: event.type,
    applicantId: event.applicantId,
    externalUserId: event.externalUserId,
    review: event.reviewStatus
      ? toReview({ reviewStatus: event.reviewStatus, reviewResult: event.reviewResult })
      : undefined,
    createdAt: event.createdAtMs ? parseCreatedAtMs(event.createdAtMs) : undefined,
  };
}
