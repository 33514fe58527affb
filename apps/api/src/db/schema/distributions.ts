import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { issuerTokens, units } from './market.js';
import { users } from './users.js';

/**
 * Distributions (dividends, coupons, yield) an issuer declares on a token (ADR 71): written with
 * the snapshot job that runs at the record date; the payment job runs at the payment date. Amounts
 * are base units of the currency (wei, micro-tUSD).
 */
export const distributions = pgTable(
  'distributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'restrict' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the declared body: the same key with another body is refused (422). */
    requestHash: text('request_hash').notNull(),
    currency: text('currency', { enum: ['ETH', 'tUSD'] }).notNull(),
    /** 'total': `amount` is shared pro rata; 'rate': `amount` per whole token held. */
    basis: text('basis', { enum: ['total', 'rate'] }).notNull(),
    amount: units('amount').notNull(),
    recordDate: timestamp('record_date', { withTimezone: true }).notNull(),
    paymentDate: timestamp('payment_date', { withTimezone: true }).notNull(),
    memo: text('memo').notNull().default(''),
    status: text('status', {
      enum: ['declared', 'snapshot', 'paying', 'paid', 'failed', 'cancelled'],
    }).notNull(),
    failureReason: text('failure_reason'),
    /** What the snapshot fixed: the holders' balances summed, the total owed, holders paid something. */
    snapshotBalance: units('snapshot_balance'),
    total: units('total'),
    holderCount: integer('holder_count'),
    paid: units('paid').notNull().default('0'),
    /** What the floor per holder leaves with the issuer (never sent). */
    remainder: units('remainder'),
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('distributions_issuer_key_uq').on(t.issuerId, t.idempotencyKey),
    index('distributions_token_idx').on(t.tokenId, t.createdAt),
    check('distributions_amount_ck', sql`${t.amount} > 0`),
    check('distributions_dates_ck', sql`${t.recordDate} <= ${t.paymentDate}`),
    check('distributions_paid_ck', sql`${t.paid} >= 0 and (${t.total} is null or ${t.paid} <= ${t.total})`),
  ],
);

/**
 * The record-date snapshot, one row per holder (balances read from the chain, summed over the
 * holder's addresses) and what they are owed; a later transfer never changes it.
 */
export const distributionHolders = pgTable(
  'distribution_holders',
  {
    distributionId: uuid('distribution_id')
      .notNull()
      .references(() => distributions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The address paid: the holder's vault address on Ethereum (ADR 71). */
    payee: text('payee').notNull(),
    balance: units('balance').notNull(),
    amount: units('amount').notNull(),
    batch: integer('batch').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The holder's signed distribution credential (IPFS CID), issued once paid. */
    vcCid: text('vc_cid'),
    /** When the holder was told (once, even when the job runs again). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.distributionId, t.userId] }),
    index('distribution_holders_user_idx').on(t.userId, t.paidAt),
    index('distribution_holders_batch_idx').on(t.distributionId, t.batch),
    check('distribution_holders_amount_ck', sql`${t.balance} > 0 and ${t.amount} >= 0`),
  ],
);

/**
 * One on-chain payment transaction (BatchPayer) per batch, journaled before it is sent: its send
 * key makes a re-run after a crash find the same transaction instead of paying again.
 */
export const distributionBatches = pgTable(
  'distribution_batches',
  {
    distributionId: uuid('distribution_id')
      .notNull()
      .references(() => distributions.id, { onDelete: 'cascade' }),
    batch: integer('batch').notNull(),
    holders: integer('holders').notNull(),
    total: units('total').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'paid'] }).notNull(),
    txHash: text('tx_hash'),
    gasUsed: units('gas_used'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.distributionId, t.batch] })],
);
