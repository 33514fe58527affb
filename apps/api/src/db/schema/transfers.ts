import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issuerTokens } from './market.js';
import { users } from './users.js';

/**
 * Each investor's transfer handle (ADR 76): a random code they give to whoever should send them
 * tokens. Not derived from anything personal; regenerating it makes the old one unknown.
 */
export const transferHandles = pgTable('transfer_handles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  handle: text('handle').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A transfer out of a sender's vault (ADR 76): to another investor's vault (`peer`) or to the
 * sender's own linked wallet (`withdrawal`, self-custody). The amount leaves the sender's books
 * in the transaction that writes the row and its job; the job sends it with a keyed send and
 * records the hash. ERC-721 item ids are journaled before the send.
 */
export const tokenTransfers = pgTable(
  'token_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['peer', 'withdrawal'] }).notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The sender's vault address on the token's chain. */
    fromAddress: text('from_address').notNull(),
    /** The receiver: another investor, or the sender for a withdrawal. */
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    toAddress: text('to_address').notNull(),
    /** The handle the sender typed (peer transfers), shown back to the sender only. */
    handle: text('handle'),
    /** Base units (items for ERC-721 and ERC-1155). */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** ERC-721: the item sent, chosen and journaled before the send. */
    itemId: numeric('item_id', { precision: 78, scale: 0 }),
    status: text('status', { enum: ['PENDING', 'COMPLETED', 'FAILED'] }).notNull(),
    txHash: text('tx_hash'),
    error: text('error'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('token_transfers_sender_key_uq').on(t.senderId, t.idempotencyKey),
    index('token_transfers_sender_idx').on(t.senderId, t.createdAt),
    index('token_transfers_recipient_idx').on(t.recipientId, t.createdAt),
    index('token_transfers_token_idx').on(t.tokenId, t.status),
    check('token_transfers_amount_ck', sql`${t.amount} > 0`),
  ],
);
