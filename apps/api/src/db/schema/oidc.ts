import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** An outside OpenID provider's account (Google's `sub`) linked to a portal user. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('oidc_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in or registration started at the provider: the state (stored hashed), the nonce and the
 * PKCE verifier, single use and short-lived. In the database so any API process can finish it.
 */
export const oidcAttempts = pgTable(
  'oidc_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    intent: text('intent', { enum: ['login', 'register'] }).notNull(),
    nonce: text('nonce').notNull(),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('oidc_attempts_intent_ck', sql`${t.intent} in ('login', 'register')`),
    index('oidc_attempts_expires_idx').on(t.expiresAt),
  ],
);
