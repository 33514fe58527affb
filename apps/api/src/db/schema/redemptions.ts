import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issuerTokens } from './market.js';
import { users } from './users.js';

const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * An issuer's offer to buy back its token (ADR 72): a price per whole token in ETH or tUSD base
 * units, a cap in whole tokens, and the dates between which holders may ask. Settled once, by a
 * job queued for the closing date.
 */
export const redemptionWindows = pgTable(
  'redemption_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'cascade' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency', { enum: ['ETH', 'tUSD'] }).notNull(),
    /** Currency base units (wei, micro-tUSD) paid per whole token. */
    price: units('price').notNull(),
    /** The most whole tokens the window redeems. */
    cap: units('cap').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['OPEN', 'SETTLING', 'SETTLED'] })
      .notNull()
      .default('OPEN'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('redemption_windows_token_idx').on(t.tokenId, t.closesAt),
    uniqueIndex('redemption_windows_issuer_key_uq').on(t.issuerId, t.idempotencyKey),
    check('redemption_windows_amounts_ck', sql`${t.price} > 0 and ${t.cap} > 0`),
    check('redemption_windows_dates_ck', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/**
 * A holder's request to redeem whole tokens in a window. The tokens leave the holder's vault for
 * the platform's redemption hold when it is made (LOCKING → LOCKED); cancelling sends them back;
 * settlement journals `accepted` and `payment` before it sends anything, then records each hash.
 */
export const redemptionRequests = pgTable(
  'redemption_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    windowId: uuid('window_id')
      .notNull()
      .references(() => redemptionWindows.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The holder's vault address on the token's chain. */
    address: text('address').notNull(),
    /** Whole tokens asked for. */
    amount: units('amount').notNull(),
    status: text('status', {
      enum: ['LOCKING', 'LOCKED', 'CANCELLING', 'CANCELLED', 'SETTLING', 'SETTLED', 'FAILED'],
    }).notNull(),
    /** Whole tokens the issuer takes (after any cut-back), journaled at close. */
    accepted: units('accepted'),
    /** Currency base units owed for them (accepted × price), journaled at close. */
    payment: units('payment'),
    lockTx: text('lock_tx'),
    /** The transaction that gave tokens back: the cancellation or the cut-back. */
    returnTx: text('return_tx'),
    /** The accepted tokens moved to the issuer's treasury. */
    redeemTx: text('redeem_tx'),
    paymentTx: text('payment_tx'),
    idempotencyKey: text('idempotency_key').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('redemption_requests_user_key_uq').on(t.userId, t.idempotencyKey),
    index('redemption_requests_window_idx').on(t.windowId, t.createdAt),
    index('redemption_requests_user_idx').on(t.userId, t.createdAt),
    check('redemption_requests_amount_ck', sql`${t.amount} > 0`),
    check(
      'redemption_requests_accepted_ck',
      sql`${t.accepted} is null or (${t.accepted} >= 0 and ${t.accepted} <= ${t.amount})`,
    ),
  ],
);
