import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Soul-bound tokens. The unique user_id among tokens that are not revoked is the
 * one-SBT-per-account rule, also under races; after a revocation a new approval may bring a new one.
 */
export const sbts = pgTable(
  'sbts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: text('image_id').notNull(),
    // The vault ETH address the token is (to be) minted to.
    holderAddress: text('holder_address').notNull(),
    status: text('status', { enum: ['created', 'minting', 'minted', 'failed', 'revoked'] })
      .notNull()
      .default('created'),
    // Each (re)start of minting is a new job; the dedupe key includes this counter.
    mintRuns: integer('mint_runs').notNull().default(0),
    vcCid: text('vc_cid'),
    contractAddress: text('contract_address'),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }),
    txHash: text('tx_hash'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mintedAt: timestamp('minted_at', { withTimezone: true }),
    revokeTxHash: text('revoke_tx_hash'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sbts_user_active_uq')
      .on(t.userId)
      .where(sql`${t.status} <> 'revoked'`),
    check('sbts_status_ck', sql`${t.status} in ('created', 'minting', 'minted', 'failed', 'revoked')`),
  ],
);
