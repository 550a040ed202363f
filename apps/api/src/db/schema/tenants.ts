import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money, bytea, DEFAULT_TIME_ZONE } from './columns.js';
import { accounts } from './accounts.js';

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
    /** Printed on receipts and invoices (VAT/TIN/KRA PIN); edited in settings. */
    taxId: text('tax_id'),
    phone: text('phone'),
    email: text('email'),
    /** Receipt texts: a header line under the store name and a footer (returns policy, thanks). */
    receiptHeader: text('receipt_header'),
    receiptFooter: text('receipt_footer'),
    address: text('address'),
    /** Bumped with every new logo (`business_logos`); null when there is none. */
    logoVersion: integer('logo_version'),
    ownerAccountId: uuid('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The plan (`planIds` in the contracts: free, growth, business) and its limits; decision 0017. */
    plan: text('plan').notNull().default('free'),
    /** The plan's own version, so a plan change and the profile form do not make each other stale. */
    planVersion: integer('plan_version').notNull().default(1),
    planChangedAt: timestamp('plan_changed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('businesses_owner_idx').on(t.ownerAccountId),
    check('businesses_plan_known', sql`${t.plan} in ('free', 'growth', 'business')`),
  ],
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
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    address: text('address'),
    phone: text('phone'),
    /** The name printed on receipts and invoices ("Demo Mart Lekki"); the store's name when null. */
    displayName: text('display_name'),
    allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
    /**
     * Waste worth more than this (at cost), recorded by someone without waste.approve, waits for a
     * manager's approval before it moves stock.
     */
    wasteApprovalThresholdMinor: money('waste_approval_threshold_minor').notNull().default(500_000),
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

/** The business's logo, kept in the database so every replica serves it. */
export const businessLogos = pgTable('business_logos', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  byteSize: integer('byte_size').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A person's place in a business's staff: one row per (business, account) holding memberships,
 * with its version and whether it is active. A deactivated person keeps their memberships (so that
 * reactivation gives back the same role and stores) but they open nothing.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** When the invitation (with a default password) was last mailed; null for people who signed up. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.accountId] }), index('staff_members_account_idx').on(t.accountId)],
);

/**
 * A business's invitation of a person into its staff (decision 0022). Until the person accepts, the
 * business knows only what it typed (email, name, phone), holds no membership and changes nothing of
 * the account; accepting makes the `staff_members` row and memberships from the role and stores here.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull(),
    /** What the business typed: all it is shown of the person while the invitation is pending. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** The account invited: found by the address, or made for it. Never shown to the business. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /**
     * This invitation made the account (the address had none), so it mails a default password: set and
     * re-sent only while nobody has signed in to the account and it belongs to no business.
     */
    createdAccount: boolean('created_account').notNull(),
    roleId: uuid('role_id').notNull(),
    storeIds: uuid('store_ids').array().notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => accounts.id),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** pending | accepted | declined | withdrawn */
    status: text('status').notNull().default('pending'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    // One open invitation per person and business; the person's own list reads by account.
    uniqueIndex('staff_invitations_pending_key')
      .on(t.businessId, t.accountId)
      .where(sql`status = 'pending'`),
    index('staff_invitations_account_idx').on(t.accountId, t.status),
    foreignKey({ columns: [t.businessId, t.roleId], foreignColumns: [roles.businessId, roles.id] }),
    check('staff_invitations_status_check', sql`${t.status} in ('pending', 'accepted', 'declined', 'withdrawn')`),
  ],
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
    foreignKey({
      columns: [t.businessId, t.accountId],
      foreignColumns: [staffMembers.businessId, staffMembers.accountId],
    }),
  ],
);
