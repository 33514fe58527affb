import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TokenRules } from '@portal/shared/compliance';
import { issuerTokens } from './market.js';
import { users } from './users.js';

const units = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * A token's transfer rules as the issuer last set them (whole-token amounts, as entered) and
 * whether it is paused. The chain holds the same in the Compliance contract; `onChain` says
 * whether the last change has been written there (docs/architecture.md, "Compliance").
 */
export const tokenRules = pgTable('token_rules', {
  tokenId: uuid('token_id')
    .primaryKey()
    .references(() => issuerTokens.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<TokenRules>().notNull(),
  paused: boolean('paused').notNull().default(false),
  pauseReason: text('pause_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The books of who holds what: one row per token and holder address, written in the transaction
 * that completes a delivery or an enforcement action. Frozen amounts and lock-ups are the chain's
 * rules mirrored here, so the pre-trade answer needs no chain read; reconcile compares both.
 */
export const tokenHoldings = pgTable(
  'token_holdings',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    balance: units('balance').notNull().default('0'),
    frozen: units('frozen').notNull().default('0'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenId, t.address] }),
    index('token_holdings_user_idx').on(t.userId),
    check('token_holdings_amounts_ck', sql`${t.balance} >= 0 and ${t.frozen} >= 0`),
  ],
);

/**
 * What issuers (and the platform) did to a token: rule changes, pauses, freezes, forced transfers,
 * recoveries, eligibility withdrawn on revocation. Written at once (PENDING) with the job that
 * carries it out on chain; append-only apart from its outcome.
 */
export const tokenActions = pgTable(
  'token_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    status: text('status', { enum: ['PENDING', 'DONE', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    holderId: uuid('holder_id').references(() => users.id, { onDelete: 'set null' }),
    /** The holder address acted on (freeze, forced transfer's source, recovery's lost address). */
    address: text('address'),
    /** Forced transfer's receiver or recovery's new address. */
    toAddress: text('to_address'),
    toHolderId: uuid('to_holder_id').references(() => users.id, { onDelete: 'set null' }),
    /** Base units. */
    amount: units('amount'),
    /** What the job writes on chain (rules in base units, the pause flag). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The Idempotency-Key the request came with: the same key answers the same action. */
    idempotencyKey: text('idempotency_key'),
    txHash: text('tx_hash'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('token_actions_token_idx').on(t.tokenId, t.createdAt),
    index('token_actions_holder_idx').on(t.holderId, t.createdAt),
    uniqueIndex('token_actions_key_uq').on(t.tokenId, t.requestedBy, t.idempotencyKey),
  ],
);

/**
 * The identity registry as the portal keeps it: one identity per verified investor (the key is
 * derived from the DID with a platform secret, so the chain never learns who it is), its country,
 * validity and accreditation, and the wallets registered to it. `syncedAt` null = the chain has not
 * caught up with this row yet (a job is queued).
 */
export const identityRegistrations = pgTable('identity_registrations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  identityKey: text('identity_key').notNull(),
  /** ISO 3166-1 alpha-3 from KYC; null when KYC reported none. */
  country: text('country'),
  /** Verified while this is in the future; the epoch when withdrawn. */
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  accredited: boolean('accredited').notNull().default(false),
  wallets: jsonb('wallets').$type<string[]>().notNull().default([]),
  /** An administrator revoked the identity: withdrawn until KYC verifies it again after this. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  /** Counts the row's changes: the job writing version n sends under its own key, whatever the clock says. */
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Administrators' accreditation decisions (audited in admin_audit). */
export const accreditations = pgTable('accreditations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accredited: boolean('accredited').notNull(),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
