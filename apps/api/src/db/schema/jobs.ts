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

/** Durable background jobs (mint a token, settle a purchase, …), claimed with SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    // Enqueuing twice with the same key is a no-op: retried requests never double a job.
    dedupeKey: text('dedupe_key'),
    // The request that enqueued the job: its logs carry the same id.
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_runnable_idx').on(t.queue, t.status, t.runAt),
    index('jobs_failed_idx')
      .on(t.updatedAt)
      .where(sql`status = 'failed'`),
    uniqueIndex('jobs_dedupe_uq').on(t.queue, t.dedupeKey),
    check('jobs_status_ck', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
