/**
 * The database schema (PostgreSQL 15 dialect; runs on PGlite and on a PostgreSQL server).
 * Every tenant table carries `business_id` as the first column of its keys and indexes
 * (ARCHITECTURE.md section 4), so the schema can be distributed by tenant without a rewrite.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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

// ---------------------------------------------------------------- tenants

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** One of the spec's currency codes; one currency per business. */
    currency: text('currency').notNull(),
    ownerAccountId: uuid('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('businesses_owner_idx').on(t.ownerAccountId)],
);

export const stores = pgTable(
  'stores',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** Short code: prefix of document numbers and display name on receipts. */
    alias: text('alias').notNull(),
    timeZone: text('time_zone').notNull().default('Africa/Lagos'),
    address: text('address'),
    allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('stores_id_key').on(t.id),
    uniqueIndex('stores_alias_key').on(t.businessId, sql`upper(${t.alias})`),
    check('stores_alias_format', sql`${t.alias} ~ '^[A-Z0-9]{2,6}$'`),
  ],
);

/** Roles of a business: its copies of the system roles plus custom ones. */
export const roles = pgTable(
  'roles',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    isSystem: boolean('is_system').notNull().default(false),
    /** Custom roles only; a system role's permissions come from the catalogue in code. */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), uniqueIndex('roles_name_key').on(t.businessId, t.name)],
);

export const memberships = pgTable(
  'memberships',
  {
    businessId: uuid('business_id').notNull(),
    storeId: uuid('store_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    roleId: uuid('role_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.storeId, t.accountId] }),
    index('memberships_account_idx').on(t.accountId),
    foreignKey({ columns: [t.businessId, t.storeId], foreignColumns: [stores.businessId, stores.id] }),
    foreignKey({ columns: [t.businessId, t.roleId], foreignColumns: [roles.businessId, roles.id] }),
  ],
);

// ---------------------------------------------------------------- catalogue: taxes and categories

/**
 * Named tax rates of a business. Rates are basis points (7.5% = 750); an inclusive rate is already in
 * the selling price, an exclusive one is added to it. A rate is never deleted once it exists (sales
 * and invoices refer to it): it is deactivated. At most one active rate is the business default.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    isInclusive: boolean('is_inclusive').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('tax_rates_id_key').on(t.id),
    uniqueIndex('tax_rates_name_key').on(t.businessId, sql`lower(${t.name})`),
    uniqueIndex('tax_rates_one_default')
      .on(t.businessId)
      .where(sql`${t.isDefault}`),
    check('tax_rates_rate_range', sql`${t.rateBasisPoints} >= 0 and ${t.rateBasisPoints} <= 10000`),
    check('tax_rates_default_is_active', sql`not ${t.isDefault} or ${t.isActive}`),
  ],
);

/** Product categories: top-level ones and, one level down, their children; ordered by `position`. */
export const categories = pgTable(
  'categories',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    isArchived: boolean('is_archived').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('categories_id_key').on(t.id),
    // A name is unique among its siblings (top level: parent is null).
    uniqueIndex('categories_sibling_name_key').on(
      t.businessId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    index('categories_parent_idx').on(t.businessId, t.parentId, t.position),
    foreignKey({ columns: [t.businessId, t.parentId], foreignColumns: [t.businessId, t.id] }),
    check('categories_not_own_parent', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

// ---------------------------------------------------------------- audit (append-only)

export const auditEvents = pgTable(
  'audit_events',
  {
    /** Null only for actions on an account itself (PIN, password) outside any business. */
    businessId: uuid('business_id'),
    id: uuid('id').notNull().primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorAccountId: uuid('actor_account_id'),
    storeId: uuid('store_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_events_business_idx').on(t.businessId, t.occurredAt, t.id),
    index('audit_events_entity_idx').on(t.businessId, t.entity, t.entityId),
  ],
);

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

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** A sender (any replica) owns the row until then; a crashed sender's claim simply runs out. */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
});

/** Fixed-window counters for sign-in, PIN and sign-up limits, shared by every replica. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- embedded OpenID provider state

export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Signing keys (JWKS) and cookie keys of the embedded provider, created once. */
export const oidcSecrets = pgTable('oidc_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});
