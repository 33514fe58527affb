import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Test funds paid by the faucet (ADR 70): one row per request, written before anything is sent,
 * so a retry resumes the same keyed send and reconciliation compares every grant with the chain.
 */
export const faucetGrants = pgTable(
  'faucet_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The caller's Idempotency-Key, or the request id when none was sent. */
    idempotencyKey: text('idempotency_key').notNull(),
    asset: text('asset', { enum: ['ETH', 'SOL', 'tUSD'] }).notNull(),
    chain: text('chain', { enum: ['ethereum', 'solana'] }).notNull(),
    address: text('address').notNull(),
    /** Base units (wei, lamports, micro-tUSD). */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull(),
    txHash: text('tx_hash'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('faucet_grants_user_key_uq').on(t.userId, t.idempotencyKey),
    index('faucet_grants_user_asset_idx').on(t.userId, t.asset, t.createdAt),
    check('faucet_grants_status_ck', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('faucet_grants_amount_ck', sql`${t.amount} > 0`),
  ],
);
