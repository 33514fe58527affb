import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Amounts are integers in base units (token base units, wei): numeric(78,0) holds any uint256. */
export const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** An issuer's token, deployed by a job to the issuer's own vault address on the token's chain. */
export const issuerTokens = pgTable(
  'issuer_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    description: text('description').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    tokenType: text('token_type', {
      enum: ['ERC20', 'ERC721', 'ERC1155', 'SPL', 'MPT', 'STELLAR'],
    }).notNull(),
    assetCategory: text('asset_category').notNull(),
    decimals: integer('decimals').notNull(),
    totalSupply: units('total_supply').notNull(),
    blockchain: text('blockchain', { enum: ['ethereum', 'solana', 'ripple', 'stellar'] }).notNull(),
    // The issuer's vault address on the token's chain: the supply is minted there.
    treasuryAddress: text('treasury_address').notNull(),
    status: text('status', { enum: ['CREATING', 'DEPLOYING', 'DEPLOYED', 'FAILED'] })
      .notNull()
      .default('CREATING'),
    contractAddress: text('contract_address'),
    // ERC-721: the next item id not yet given to a listing (items are listed in runs, in order).
    nextItem: integer('next_item').notNull().default(1),
    deployTxHash: text('deploy_tx_hash'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('issuer_tokens_issuer_idx').on(t.issuerId, t.createdAt),
    check('issuer_tokens_supply_ck', sql`${t.totalSupply} > 0`),
  ],
);

/**
 * Tokens offered for sale: held by the escrow (kind 'escrow') or sold from the issuer's treasury
 * (kind 'direct'). `reserved` counts every token a purchase has claimed and not given back; the
 * check constraint is the last line against overselling, the guarded update the first.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'restrict' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['escrow', 'direct'] }).notNull(),
    tokenAmount: units('token_amount').notNull(),
    reserved: units('reserved').notNull().default('0'),
    sold: units('sold').notNull().default('0'),
    // What the escrow gave back to the issuer when the listing closed.
    returned: units('returned').notNull().default('0'),
    priceWei: units('price_wei').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['PENDING', 'DEPLOYING', 'DEPLOYED', 'FAILED', 'CLOSED'] })
      .notNull()
      .default('PENDING'),
    // ERC-721: the listing holds items firstItem .. firstItem + tokenAmount - 1.
    firstItem: integer('first_item'),
    // The escrow contract's listing id (EVM) or the escrow token account (SPL).
    escrowRef: text('escrow_ref'),
    txHash: text('tx_hash'),
    closeTxHash: text('close_tx_hash'),
    error: text('error'),
    // Set by an administrator: hidden from the marketplace and closed to purchases until lifted.
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    // The administrator's reason, shown to the issuer while the listing is suspended.
    suspensionReason: text('suspension_reason'),
    // name, symbol and description lower-cased: the marketplace search runs on one column.
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_created_idx').on(t.createdAt, t.id),
    index('listings_token_idx').on(t.tokenId),
    index('listings_issuer_idx').on(t.issuerId, t.createdAt),
    check('listings_reserved_ck', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.tokenAmount}`),
    check('listings_sold_ck', sql`${t.sold} >= 0 and ${t.sold} <= ${t.reserved}`),
    check('listings_amount_ck', sql`${t.tokenAmount} > 0 and ${t.priceWei} > 0`),
  ],
);

/** A purchase: reserved in one transaction, settled by a job (PENDING → SETTLING → COMPLETED | FAILED). */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'restrict' }),
    amount: units('amount').notNull(),
    costWei: units('cost_wei').notNull(),
    investorDid: text('investor_did').notNull(),
    // The buyer's vault address on the token's chain (delivery) and on Ethereum (payment).
    deliveryAddress: text('delivery_address').notNull(),
    paymentAddress: text('payment_address').notNull(),
    status: text('status', { enum: ['PENDING', 'SETTLING', 'COMPLETED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    paymentTxHash: text('payment_tx_hash'),
    deliveryTxHash: text('delivery_tx_hash'),
    // ERC-721 purchases: the item ids delivered.
    itemIds: jsonb('item_ids').$type<string[]>(),
    vcCid: text('vc_cid'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.createdAt),
    index('purchases_listing_idx').on(t.listingId, t.status),
    check('purchases_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * Idempotency keys (docs/product.md §4.7, ADR 20): scope user + route. The row is written in the same transaction as
 * the purchase it answers, so a key can never exist without its effect (nor the effect twice).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.route, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
