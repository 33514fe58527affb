import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issuerTokens } from './market.js';
import { users } from './users.js';

const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * A holder's sell order on the secondary market (ADR 75). The whole tokens leave the seller's free
 * balance in the books when it is posted, and their vault for the secondary market's escrow on
 * chain (PENDING → OPEN); `remaining` is what no fill has reserved yet, taken down by one guarded
 * update per fill; a cancellation or the expiry returns what the escrow still holds.
 */
export const secondaryOrders = pgTable(
  'secondary_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The seller's vault address on the token's chain (the escrow listing's seller). */
    address: text('address').notNull(),
    /** Whole tokens posted, not yet reserved by a fill, and sold (settled fills). */
    amount: units('amount').notNull(),
    remaining: units('remaining').notNull(),
    filled: units('filled').notNull().default('0'),
    /** Wei per whole token. */
    price: units('price').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', {
      enum: ['PENDING', 'OPEN', 'CANCELLING', 'FILLED', 'CANCELLED', 'EXPIRED', 'FAILED'],
    }).notNull(),
    /** The escrow's listing id, once the lock is mined. */
    listingId: units('listing_id'),
    lockTx: text('lock_tx'),
    /** The cancellation (or expiry) that gave the unsold tokens back, and how many whole tokens. */
    returnTx: text('return_tx'),
    returned: units('returned'),
    idempotencyKey: text('idempotency_key').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('secondary_orders_user_key_uq').on(t.userId, t.idempotencyKey),
    index('secondary_orders_book_idx').on(t.tokenId, t.status, t.price, t.createdAt),
    index('secondary_orders_user_idx').on(t.userId, t.createdAt),
    check('secondary_orders_amounts_ck', sql`${t.amount} > 0 and ${t.price} > 0`),
    check(
      'secondary_orders_remaining_ck',
      sql`${t.remaining} >= 0 and ${t.filled} >= 0 and ${t.remaining} + ${t.filled} <= ${t.amount}`,
    ),
  ],
);

/**
 * A buyer's take of part or all of an order (ADR 75): reserved from the order's `remaining` in the
 * transaction that writes it with its settlement job; settled by one transaction of the escrow that
 * swaps the tokens and the ETH (PENDING → SETTLED), or FAILED with its reservation given back.
 */
export const secondaryFills = pgTable(
  'secondary_fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => secondaryOrders.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The buyer's vault address: it pays and receives. */
    buyerAddress: text('buyer_address').notNull(),
    /** Whole tokens, wei per token and their product. */
    amount: units('amount').notNull(),
    price: units('price').notNull(),
    total: units('total').notNull(),
    status: text('status', { enum: ['PENDING', 'SETTLED', 'FAILED'] }).notNull(),
    txHash: text('tx_hash'),
    idempotencyKey: text('idempotency_key').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('secondary_fills_buyer_key_uq').on(t.buyerId, t.idempotencyKey),
    index('secondary_fills_order_idx').on(t.orderId),
    index('secondary_fills_token_idx').on(t.tokenId, t.status, t.settledAt),
    index('secondary_fills_buyer_idx').on(t.buyerId, t.createdAt),
    check('secondary_fills_amounts_ck', sql`${t.amount} > 0 and ${t.total} = ${t.amount} * ${t.price}`),
  ],
);
