import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { credentials } from './credentials.js';
import { issuerTokens } from './market.js';
import { users } from './users.js';

/**
 * A holding credential (ADR 74): the signed credential (its row in `credentials` holds the status
 * list entry and the revocation) promising that its holder holds at least `threshold` base units
 * of a token. Kept so that a drop in the books can find and revoke the promises it breaks.
 */
export const holdingCredentials = pgTable(
  'holding_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => issuerTokens.id, { onDelete: 'cascade' }),
    threshold: numeric('threshold', { precision: 78, scale: 0 }).notNull(),
    discloseDid: boolean('disclose_did').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('holding_credentials_credential_uq').on(t.credentialId),
    index('holding_credentials_holder_ix').on(t.userId, t.tokenId),
    check('holding_credentials_threshold_ck', sql`${t.threshold} > 0`),
  ],
);
