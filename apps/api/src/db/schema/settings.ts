import { sql } from 'drizzle-orm';
import { boolean, check, customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * What a user changed on the account-settings page. No row means every default of docs/product.md §9
 * (notification switches and login alerts on; theme and language as the browser chose).
 */
export const accountSettings = pgTable(
  'account_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    company: text('company'),
    theme: text('theme', { enum: ['light', 'dark'] }),
    language: text('language', { enum: ['en', 'ar', 'fr'] }),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(true),
    notifyWallet: boolean('notify_wallet').notNull().default(true),
    loginAlerts: boolean('login_alerts').notNull().default(true),
    /** Consent to show the name to the issuers of tokens the user holds (ADR 69): private by default. */
    showNameToIssuers: boolean('show_name_to_issuers').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('account_settings_theme_ck', sql`${t.theme} in ('light', 'dark')`),
    check('account_settings_language_ck', sql`${t.language} in ('en', 'ar', 'fr')`),
  ],
);

/** Profile pictures, checked by content on upload; one per user, replaced in place. */
export const avatars = pgTable('avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
