import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Every credential the portal issued: whose it is, where its bytes are (a private IPFS block),
 * and its entry in a W3C Bitstring Status List. A revoked credential keeps its row; the status
 * list is rebuilt from `revoked_at`.
 */
export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Set once the signed bytes are stored; the row comes first, as its id is the credential's id.
    cid: text('cid'),
    type: text('type').notNull(),
    statusList: integer('status_list').notNull(),
    // A random position, so neighbouring indexes say nothing about issuance order (herd privacy).
    statusIndex: integer('status_index').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revocationReason: text('revocation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credentials_cid_uq').on(t.cid),
    uniqueIndex('credentials_status_uq').on(t.statusList, t.statusIndex),
    index('credentials_user_ix').on(t.userId),
    check('credentials_status_index_ck', sql`${t.statusIndex} >= 0`),
  ],
);

/**
 * A holder's revocable, expiring link to one of their credentials. Only the SHA-256 of the
 * link's secret is stored, like refresh tokens.
 */
export const credentialShares = pgTable(
  'credential_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credential_shares_token_uq').on(t.tokenHash),
    index('credential_shares_user_ix').on(t.userId),
  ],
);
