import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ipfsBlocks } from './ipfs.js';
import { issuerTokens } from './market.js';
import { users } from './users.js';

/**
 * A token's offering documents (ADR 73), one row per version: the PDF's bytes live in ipfs_blocks
 * under their CID (public offering material, nothing personal), `sha256` is the hash the chain
 * records (ERC-1643 on the EVM). A version is PENDING until its job has recorded it, then CURRENT
 * (the previous one SUPERSEDED); removing one goes through REMOVING to REMOVED. At most one
 * operation per name is under way at a time (the partial unique index).
 */
export const offeringDocuments = pgTable(
  'offering_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    cid: text('cid')
      .notNull()
      .references(() => ipfsBlocks.cid, { onDelete: 'restrict' }),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    status: text('status').notNull().default('PENDING'),
    txHash: text('tx_hash'),
    removeTxHash: text('remove_tx_hash'),
    error: text('error'),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('offering_documents_token_idx').on(t.tokenId, t.status),
    uniqueIndex('offering_documents_version_uq').on(t.tokenId, t.name, t.version),
    uniqueIndex('offering_documents_busy_uq')
      .on(t.tokenId, t.name)
      .where(sql`${t.status} in ('PENDING', 'REMOVING')`),
    uniqueIndex('offering_documents_key_uq').on(t.tokenId, t.uploadedBy, t.idempotencyKey),
    check(
      'offering_documents_status_ck',
      sql`${t.status} in ('PENDING', 'CURRENT', 'SUPERSEDED', 'REMOVING', 'REMOVED', 'FAILED')`,
    ),
  ],
);

/**
 * A buyer's acknowledgement of a token's terms: the hashes of the documents they saw, and when.
 * It stays current while every current document's hash is among them (ADR 73). The buyer's own
 * data: owner-only, in "Download my data".
 */
export const offeringAcknowledgements = pgTable(
  'offering_acknowledgements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'cascade' }),
    documentHashes: text('document_hashes').array().notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offering_acknowledgements_user_idx').on(t.userId, t.tokenId)],
);
