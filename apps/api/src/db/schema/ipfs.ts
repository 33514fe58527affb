import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Content-addressed documents: the exact bytes under their CIDv1 (raw codec, sha256). Kept in
 * every IPFS mode, so the portal's own gateway can always serve them. A document with an owner
 * holds personal data (a credential): it is served only to that owner and admins, and never
 * pinned remotely; one without an owner (designs, token metadata) is public.
 */
export const ipfsBlocks = pgTable('ipfs_blocks', {
  cid: text('cid').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  // The remote service that also pins the block (kubo, pinata), if any.
  pinnedBy: text('pinned_by'),
  ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
