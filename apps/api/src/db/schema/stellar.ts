import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every Stellar transaction the portal sends, under the caller's idempotency key (the twin of
 * xrpl_sends, docs/decisions/0066-xrpl-and-stellar.md). The signed envelope is stored before it
 * is submitted, so a re-run with the same key submits the same envelope (never a second payment)
 * or, once it provably cannot land (a ledger closed after its maxTime without it, or its sequence
 * number went to another transaction), signs a replacement.
 */
export const stellarSends = pgTable(
  'stellar_sends',
  {
    key: text('key').primaryKey(),
    hash: text('hash').notNull(),
    account: text('account').notNull(),
    /** A Stellar sequence number is a signed 64-bit integer: kept as its decimal digits. */
    sequence: text('sequence').notNull(),
    envelopeXdr: text('envelope_xdr').notNull(),
    /** The transaction's time bounds' maxTime: no ledger closing after it can include it. */
    maxTime: timestamp('max_time', { withTimezone: true }).notNull(),
    // pending | validated | failed
    status: text('status').notNull(),
    /** tx_success, or the result codes of a transaction that failed in a ledger. */
    result: text('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stellar_sends_hash_uq').on(t.hash)],
);
