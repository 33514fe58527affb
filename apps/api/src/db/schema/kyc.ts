import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The portal's view of each investor's verification: one applicant per user at the selected
 * provider, the state machine's current status and the time of the last provider event applied.
 */
export const kycApplicants = pgTable(
  'kyc_applicants',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'sumsub'] }).notNull(),
    applicantId: text('applicant_id').notNull(),
    status: text('status', { enum: ['not_started', 'pending', 'verified', 'rejected', 'rejected_final'] })
      .notNull()
      .default('not_started'),
    reviewStatus: text('review_status'),
    reviewAnswer: text('review_answer', { enum: ['GREEN', 'RED'] }),
    rejectType: text('reject_type', { enum: ['RETRY', 'FINAL'] }),
    moderationComment: text('moderation_comment'),
    /** Events created before this instant are stale (Sumsub: check createdAtMs). */
    lastEventAt: timestamp('last_event_at', { withTimezone: true, precision: 3 }),
    /** Verified identity (name, date of birth, country), envelope-encrypted; AAD binds it to this row. */
    verifiedDataSealed: text('verified_data_sealed'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('kyc_applicants_applicant_uq').on(t.provider, t.applicantId),
    check(
      'kyc_applicants_status_ck',
      sql`${t.status} in ('not_started', 'pending', 'verified', 'rejected', 'rejected_final')`,
    ),
  ],
);

/**
 * Every authentic provider event, deduplicated by a digest of its exact body (Sumsub events carry
 * no id), with what it did to the state.
 */
export const kycEvents = pgTable(
  'kyc_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['sandbox', 'sumsub'] }).notNull(),
    applicantId: text('applicant_id').notNull(),
    bodyDigest: text('body_digest').notNull(),
    type: text('type').notNull(),
    reviewStatus: text('review_status'),
    reviewAnswer: text('review_answer'),
    eventAt: timestamp('event_at', { withTimezone: true, precision: 3 }).notNull(),
    outcome: text('outcome', { enum: ['applied', 'stale', 'ignored', 'unknown_applicant'] }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_events_dedupe_uq').on(t.provider, t.applicantId, t.bodyDigest)],
);

// -----------------------------------------------------------------------------------------------
// The embedded sandbox: a local verification service with Sumsub's data model. It is "the
// provider" of a local setup, so it references no portal table (applicants are keyed by
// externalUserId, as at Sumsub).

export const kycSandboxApplicants = pgTable(
  'kyc_sandbox_applicants',
  {
    id: text('id').primaryKey(),
    externalUserId: text('external_user_id').notNull(),
    levelName: text('level_name').notNull(),
    reviewStatus: text('review_status', { enum: ['init', 'pending', 'completed'] })
      .notNull()
      .default('init'),
    reviewAnswer: text('review_answer', { enum: ['GREEN', 'RED'] }),
    rejectType: text('reject_type', { enum: ['RETRY', 'FINAL'] }),
    moderationComment: text('moderation_comment'),
    /** What the applicant submitted (names, date of birth, country, document), envelope-encrypted. */
    infoSealed: text('info_sealed'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Time of the last event sent, so that the next one is always later (ordering at the receiver). */
    lastEventAt: timestamp('last_event_at', { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('kyc_sandbox_applicants_external_uq').on(t.externalUserId),
    index('kyc_sandbox_applicants_review_idx').on(t.reviewStatus, t.submittedAt),
  ],
);

/** The uploaded document image, envelope-encrypted, deleted once the review is decided. */
export const kycSandboxDocuments = pgTable('kyc_sandbox_documents', {
  applicantId: text('applicant_id')
    .primaryKey()
    .references(() => kycSandboxApplicants.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  envelope: jsonb('envelope').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** WebSDK access tokens: opaque, stored as sha256, short-lived, bound to one applicant. */
export const kycSandboxTokens = pgTable(
  'kyc_sandbox_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => kycSandboxApplicants.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_sandbox_tokens_applicant_idx').on(t.applicantId)],
);
