import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Each user's one DID (did:key, Ed25519). The primary key on user_id is the one-DID-per-user guard
 * under concurrency. The private key seed is envelope-encrypted, bound to the user and the DID.
 */
export const dids = pgTable(
  'dids',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    did: text('did').notNull(),
    keyEnvelope: jsonb('key_envelope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dids_did_uq').on(t.did)],
);
