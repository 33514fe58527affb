import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Application secrets (signing keys, seeds), envelope-encrypted under the master key. */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  envelope: jsonb('envelope').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every API process (login, registration, reset throttles). */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  consecutive: integer('consecutive').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * What the embedded mail transport sent: metadata only. The message itself (it may hold a
 * password-reset link) is in DATA_DIR/mail/<id>.eml, readable by the machine's owner only.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  transport: text('transport').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
