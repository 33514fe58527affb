import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A user's custodial vault. The unique user id is the one-vault-per-user guard under concurrency:
 * a create first claims the row ('creating'), calls the custody provider, then activates it.
 */
export const vaults = pgTable(
  'vaults',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'fireblocks'] }).notNull(),
    // The provider's vault account id; null while the claim is still being created.
    providerVaultId: text('provider_vault_id'),
    name: text('name').notNull(),
    autoFuel: boolean('auto_fuel').notNull(),
    status: text('status', { enum: ['creating', 'active'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vaults_user_uq').on(t.userId),
    uniqueIndex('vaults_provider_vault_uq').on(t.provider, t.providerVaultId),
    check('vaults_status_ck', sql`${t.status} in ('creating', 'active')`),
    check(
      'vaults_active_has_provider_id_ck',
      sql`${t.status} <> 'active' or ${t.providerVaultId} is not null`,
    ),
  ],
);

/** The deposit address of each asset wallet of a vault, as the custody provider reported it. */
export const vaultWallets = pgTable(
  'vault_wallets',
  {
    vaultId: uuid('vault_id')
      .notNull()
      .references(() => vaults.id, { onDelete: 'cascade' }),
    assetId: text('asset_id').notNull(),
    address: text('address').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vaultId, t.assetId] })],
);

/**
 * Local HD custody's vault accounts. The identity column hands out the BIP44 account index, so two
 * vaults never share keys, across processes too; customerRefId makes a retried create idempotent.
 */
export const localCustodyAccounts = pgTable(
  'local_custody_accounts',
  {
    accountIndex: integer('account_index')
      .primaryKey()
      .generatedAlwaysAsIdentity({ startWith: 0, minValue: 0 }),
    customerRefId: text('customer_ref_id').notNull(),
    name: text('name').notNull(),
    autoFuel: boolean('auto_fuel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('local_custody_accounts_customer_ref_uq').on(t.customerRefId)],
);

/** Verified custody webhook events; the primary key deduplicates redeliveries. */
export const custodyWebhookEvents = pgTable(
  'custody_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    resourceId: text('resource_id'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
