import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

// ---------------------------------------------------------------- accounts (global, not tenant)

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** scrypt; null for accounts that only sign in through an external issuer. */
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    pinHash: text('pin_hash'),
    pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
    pinLockedAt: timestamp('pin_locked_at', { withTimezone: true }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /**
     * "Sign out of every device": access tokens issued (or signed in, `auth_time`) before this are
     * refused, and the embedded provider's sessions and refresh tokens of the account were deleted then.
     */
    sessionsRevokedAt: timestamp('sessions_revoked_at', { withTimezone: true }),
    /**
     * The first time the account used iPos after signing in; null for an account nobody has signed in
     * to yet. A business may set or re-send a default password only while this is null (decision 0022).
     */
    firstSignedInAt: timestamp('first_signed_in_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`)],
);

/** Maps an identity provider's (issuer, subject) to an account. */
export const accountIdentities = pgTable(
  'account_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('account_identities_account_idx').on(t.accountId)],
);
