import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { accounts } from './accounts.js';
import { businesses } from './tenants.js';

// ---------------------------------------------------------------- credentials and mail

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** sha256 of the token sent by mail; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/**
 * A sign-up waiting for its address to be proved (decision 0022): the form as submitted (the password
 * already hashed) until the single-use link mailed to the address is opened, which makes the account
 * and the business. Sign-up answers the same whether or not the address has an account.
 */
export const signUpRequests = pgTable(
  'sign_up_requests',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** sha256 of the token sent by mail; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The rest of the sign-up form: owner name, phone, business name, country, currency. */
    details: jsonb('details').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sign_up_requests_hash_key').on(t.tokenHash), index('sign_up_requests_email_idx').on(t.email)],
);

/** A change of an account's email, waiting for the single-use link mailed to the new address. */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    newEmail: text('new_email').notNull(),
    /** sha256 of the token sent by mail; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Cancelled by the person, or replaced by a newer change. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_change_tokens_hash_key').on(t.tokenHash),
    index('email_change_tokens_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** A message to the support team, kept as sent; also mailed to SUPPORT_EMAIL. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The active store's business and the store, when the app named one (checked membership). */
    businessId: uuid('business_id').references(() => businesses.id),
    storeId: uuid('store_id'),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    message: text('message').notNull(),
    /** What the app reported about itself (version, browser, page) plus the business and store names. */
    systemInfo: jsonb('system_info').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_requests_business_idx').on(t.businessId, t.createdAt),
    index('support_requests_account_idx').on(t.accountId, t.createdAt),
  ],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  /** Files sent with the mail (a receipt PDF): `[{ filename, contentType, base64 }]`. */
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; base64: string }[]>(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** A sender (any replica) owns the row until then; a crashed sender's claim simply runs out. */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
});

/**
 * Counters for sign-in, PIN and sign-up limits, shared by every replica: fixed windows
 * (`window_started_at` starts the window) or, for sign-in, growing waits (it is the last attempt).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
