import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The embedded chain's write-ahead journal: every signed raw transaction, in the order it was
 * executed. Replaying it on boot rebuilds the same blocks, hashes and state. A row is written
 * before its transaction runs; the block columns are filled once it has been mined.
 */
export const chainJournal = pgTable(
  'chain_journal',
  {
    chainId: integer('chain_id').notNull(),
    seq: integer('seq').notNull(),
    txHash: text('tx_hash').notNull(),
    rawTx: text('raw_tx').notNull(),
    // Seconds since the epoch; replay pins each block to it, which keeps block hashes identical.
    blockTimestamp: bigint('block_timestamp', { mode: 'number' }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    contractAddress: text('contract_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.seq] }),
    uniqueIndex('chain_journal_tx_hash_uq').on(t.chainId, t.txHash),
    index('chain_journal_from_idx').on(t.chainId, t.fromAddress),
    index('chain_journal_to_idx').on(t.chainId, t.toAddress),
  ],
);

/**
 * Platform contracts deployed by the portal, per chain. A chain is identified by its genesis
 * block hash, so the embedded chain, a local node and Sepolia never share a record even when
 * their chain ids coincide.
 */
export const chainContracts = pgTable(
  'chain_contracts',
  {
    genesisHash: text('genesis_hash').notNull(),
    name: text('name').notNull(),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    deployTxHash: text('deploy_tx_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.genesisHash, t.name] })],
);

/**
 * Every transaction the keyed sender signs, under the caller's idempotency key. The signed raw
 * transaction is stored before it is broadcast, so a re-run after a crash re-broadcasts the same
 * transaction (same hash) instead of signing a second one. `status`: signed (stored, not yet
 * accepted by the node), sent (accepted), rejected (refused for good; the key may sign again).
 */
export const chainSends = pgTable(
  'chain_sends',
  {
    chainId: integer('chain_id').notNull(),
    key: text('key').notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    toAddress: text('to_address'),
    data: text('data').notNull(),
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
    rawTx: text('raw_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    status: text('status', { enum: ['signed', 'sent', 'rejected'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.key] }),
    uniqueIndex('chain_sends_tx_hash_uq').on(t.chainId, t.txHash),
    index('chain_sends_pending_idx')
      .on(t.chainId, t.fromAddress, t.nonce)
      .where(sql`status = 'signed'`),
  ],
);

/**
 * One sender per address across processes: a lease row per (chain, address), taken with one
 * atomic upsert and given back when the send is done; a crashed holder's lease expires.
 */
export const chainSenders = pgTable(
  'chain_senders',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    holder: text('holder'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);
