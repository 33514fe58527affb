import {
  bigint,
  index,
  integer,
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
