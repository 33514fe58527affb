import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Content-addressed documents (verifiable credentials): the exact bytes under their CIDv1
 * (raw codec, sha256). Kept in every IPFS mode, so the portal's own gateway can always serve them.
 */
export const ipfsBlocks = pgTable('ipfs_blocks', {
  cid: text('cid').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  // The remote service that also pins the block (kubo, pinata), if any.
  pinnedBy: text('pinned_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
