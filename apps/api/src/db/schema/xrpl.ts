import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every XRP Ledger transaction the portal sends, under the caller's idempotency key. The signed
 * blob is stored before it is submitted, so a re-run with the same key submits the same bytes
 * (never a second payment) or, once they provably cannot land (the validated ledger passed their
 * LastLedgerSequence, or their Sequence was used by another transaction), signs a replacement.
 */
export const xrplSends = pgTable(
  'xrpl_sends',
  {
    key: text('key').primaryKey(),
    hash: text('hash').notNull(),
    account: text('account').notNull(),
    sequence: integer('sequence').notNull(),
    txBlob: text('tx_blob').notNull(),
    lastLedgerSequence: integer('last_ledger_sequence').notNull(),
    // pending | validated | failed
    status: text('status').notNull(),
    /** The transaction's result code (tesSUCCESS, tec…) once validated. */
    result: text('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('xrpl_sends_hash_uq').on(t.hash)],
);
