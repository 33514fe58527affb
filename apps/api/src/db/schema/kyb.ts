import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Know Your Business: a company investor's verification. One row per user once they upload a
 * first document; 'pending' until an administrator decides.
 */
export const kybApplications = pgTable(
  'kyb_applications',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The reviewer's reason, shown to the user on a rejection. */
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('kyb_applications_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('kyb_applications_status_idx').on(t.status, t.submittedAt),
  ],
);

/** Business documents, checked by content on upload and envelope-encrypted at rest. */
export const kybDocuments = pgTable(
  'kyb_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    envelope: jsonb('envelope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyb_documents_user_idx').on(t.userId, t.createdAt)],
);

/**
 * An issuer's application to issue (ADR 0051): the organisation it speaks for, beside the KYB
 * documents and the person's KYC. A self-registered issuer may sign in to the console but deploys
 * and lists nothing until an administrator approves it; an administrator granting the role approves it.
 */
export const issuerApplications = pgTable(
  'issuer_applications',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationName: text('organisation_name'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The reviewer's reason, shown to the issuer on a rejection. */
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('issuer_applications_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('issuer_applications_status_idx').on(t.status, t.submittedAt),
  ],
);
