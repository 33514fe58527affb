import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The embedded Solana VM's write-ahead journal: every signed transaction (wire format, base64) in
 * execution order. A row is written before its transaction runs; `outcome` ('ok' or the error)
 * is filled once it has run, and a replay on boot must reproduce it.
 */
export const solanaJournal = pgTable(
  'solana_journal',
  {
    seq: integer('seq').primaryKey(),
    signature: text('signature').notNull(),
    wireTx: text('wire_tx').notNull(),
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('solana_journal_signature_uq').on(t.signature)],
);

/**
 * Every Solana transaction the portal sends, under the caller's idempotency key. The signed
 * transaction is stored before it is sent, so a re-run with the same key re-sends the same bytes
 * (never a second transfer) or, once the old one provably cannot land, signs a replacement.
 */
export const solanaSends = pgTable(
  'solana_sends',
  {
    key: text('key').primaryKey(),
    signature: text('signature').notNull(),
    wireTx: text('wire_tx').notNull(),
    blockhash: text('blockhash').notNull(),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'bigint' }).notNull(),
    // pending | confirmed | failed
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('solana_sends_signature_uq').on(t.signature)],
);
