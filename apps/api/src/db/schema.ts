/**
 * The database schema (PostgreSQL 15 dialect; runs on PGlite and on a PostgreSQL server).
 * Every tenant table carries `business_id` as the first column of its keys and indexes
 * (ARCHITECTURE.md section 4), so the schema can be distributed by tenant without a rewrite.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money in integer minor units (kobo, cents), never floats; read as a JS number (safe to 2^53). */
const money = (name: string) => bigint(name, { mode: 'number' });
/** A quantity with up to 3 decimals (weight, length); code works in integer thousandths. */
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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
    timeZone: text('time_zone').notNull().default('Africa/Lagos'),
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

// ---------------------------------------------------------------- catalogue: products and variants

/**
 * A product of the business-wide catalogue. What is sold, counted and stocked is a variant: a
 * product without options has exactly one (its "default" variant, with no option values); a
 * product with options (Size, Colour…) has one variant per sellable combination.
 */
export const products = pgTable(
  'products',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    categoryId: uuid('category_id'),
    /** each, kg, g, l, ml, m, pack (`productUnits` in the contracts). */
    unit: text('unit').notNull(),
    /** Null: not taxed. */
    taxRateId: uuid('tax_rate_id'),
    /** Whether stock is counted for it (services and made-to-order goods are not). */
    isTracked: boolean('is_tracked').notNull().default(true),
    /** Option names with their values, in order: `[{ name: 'Size', values: ['50cl', '1L'] }]`. */
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    /** Lower-cased name and every variant's SKU: what the trigram index searches. */
    searchText: text('search_text').notNull(),
    /** Bumped on every new image, so clients can cache `image?v=`. Null: no image. */
    imageVersion: integer('image_version'),
    /** The vendor contact it is usually bought from (decision 0030); null: none. */
    preferredVendorId: uuid('preferred_vendor_id'),
    isArchived: boolean('is_archived').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('products_id_key').on(t.id),
    index('products_preferred_vendor_idx').on(t.businessId, t.preferredVendorId),
    foreignKey({ columns: [t.businessId, t.preferredVendorId], foreignColumns: [contacts.businessId, contacts.id] }),
    index('products_name_idx').on(t.businessId, sql`lower(${t.name})`, t.id),
    index('products_category_idx').on(t.businessId, t.categoryId),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    foreignKey({ columns: [t.businessId, t.categoryId], foreignColumns: [categories.businessId, categories.id] }),
    foreignKey({ columns: [t.businessId, t.taxRateId], foreignColumns: [taxRates.businessId, taxRates.id] }),
    check('products_unit', sql`${t.unit} in ('each', 'kg', 'g', 'l', 'ml', 'm', 'pack')`),
  ],
);

/** A sellable variant: its own SKU, barcodes, prices and stock. */
export const productVariants = pgTable(
  'product_variants',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    productId: uuid('product_id').notNull(),
    /** Unique in the business, ignoring case. */
    sku: text('sku').notNull(),
    /** One value per option of the product, in the product's option order; empty for a default variant. */
    optionValues: text('option_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    costPriceMinor: money('cost_price_minor').notNull().default(0),
    sellingPriceMinor: money('selling_price_minor').notNull(),
    /** The preferred vendor's own code for this variant (printed on orders to that vendor). */
    vendorItemCode: text('vendor_item_code'),
    /** The unit cost of the last receipt from the product's preferred vendor; null: none yet. */
    lastCostMinor: money('last_cost_minor'),
    position: integer('position').notNull().default(0),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('product_variants_id_key').on(t.id),
    uniqueIndex('product_variants_sku_key').on(t.businessId, sql`upper(${t.sku})`),
    index('product_variants_product_idx').on(t.businessId, t.productId, t.position),
    foreignKey({ columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }),
    check('product_variants_prices', sql`${t.costPriceMinor} >= 0 and ${t.sellingPriceMinor} >= 0`),
  ],
);

/** Barcodes of variants; a code is unique in the business, found by exact lookup on the key. */
export const productBarcodes = pgTable(
  'product_barcodes',
  {
    businessId: uuid('business_id').notNull(),
    code: text('code').notNull(),
    /** EAN13, EAN8, UPCA or CODE128 (`barcodeSymbologies` in the contracts). */
    symbology: text('symbology').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.code] }),
    index('product_barcodes_variant_idx').on(t.businessId, t.variantId),
    foreignKey({
      columns: [t.businessId, t.variantId],
      foreignColumns: [productVariants.businessId, productVariants.id],
    }),
  ],
);

/** One image per product, kept in the database so every replica serves it. */
export const productImages = pgTable(
  'product_images',
  {
    businessId: uuid('business_id').notNull(),
    productId: uuid('product_id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.productId] }),
    foreignKey({ columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }),
  ],
);

// ---------------------------------------------------------------- stock: levels and the ledger

/**
 * A variant in a store: what is on hand (always equal to the sum of its movements, kept in the same
 * transaction), the store's reorder level and quantity, and the store's own selling price if any.
 * A row is created the first time a store touches the variant; no row means nothing on hand.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    businessId: uuid('business_id').notNull(),
    storeId: uuid('store_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    productId: uuid('product_id').notNull(),
    onHand: quantity('on_hand').notNull().default('0'),
    reorderLevel: quantity('reorder_level'),
    reorderQuantity: quantity('reorder_quantity'),
    /** Null: the variant's selling price. */
    sellingPriceMinor: money('selling_price_minor'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.storeId, t.variantId] }),
    index('stock_levels_product_idx').on(t.businessId, t.storeId, t.productId),
    foreignKey({ columns: [t.businessId, t.storeId], foreignColumns: [stores.businessId, stores.id] }),
    foreignKey({
      columns: [t.businessId, t.variantId],
      foreignColumns: [productVariants.businessId, productVariants.id],
    }),
    check('stock_levels_store_price', sql`${t.sellingPriceMinor} is null or ${t.sellingPriceMinor} >= 0`),
    check(
      'stock_levels_reorder',
      sql`(${t.reorderLevel} is null or ${t.reorderLevel} >= 0) and (${t.reorderQuantity} is null or ${t.reorderQuantity} >= 0)`,
    ),
  ],
);

/** The stock ledger, the truth about stock (append-only). `ref_type`/`ref_id` name the document. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    delta: quantity('delta').notNull(),
    /** On hand in this store right after this movement. */
    onHandAfter: quantity('on_hand_after').notNull(),
    /** sale, refund, void, purchase_receipt, vendor_return, waste, adjustment, count, transfer_in, transfer_out. */
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: uuid('ref_id'),
    note: text('note'),
    actorAccountId: uuid('actor_account_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('stock_movements_variant_idx').on(t.businessId, t.storeId, t.variantId, t.occurredAt, t.id),
    index('stock_movements_product_idx').on(t.businessId, t.productId, t.occurredAt, t.id),
    index('stock_movements_ref_idx').on(t.businessId, t.refType, t.refId),
    check(
      'stock_movements_reason',
      sql`${t.reason} in ('sale', 'refund', 'void', 'purchase_receipt', 'vendor_return', 'waste', 'adjustment', 'count', 'transfer_in', 'transfer_out')`,
    ),
    check('stock_movements_nonzero', sql`${t.delta} <> 0`),
  ],
);

/** Gapless per-store document numbers (`LEK-S000123`): one row per (store, kind), taken under a row lock. */
export const documentCounters = pgTable(
  'document_counters',
  {
    businessId: uuid('business_id').notNull(),
    storeId: uuid('store_id').notNull(),
    kind: text('kind').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.storeId, t.kind] }),
    foreignKey({ columns: [t.businessId, t.storeId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

/**
 * A business-wide sequence per kind (`sku`: generated SKUs), taken under a row lock like the
 * document counters (lib/document-numbers.ts `nextBusinessCounter`).
 */
export const businessCounters = pgTable(
  'business_counters',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    kind: text('kind').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.kind] })],
);

/** A stock adjustment: one or more lines (its movements) with one reason. */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    number: text('number').notNull(),
    /** `stockAdjustmentReasons` in the contracts. */
    reasonCode: text('reason_code').notNull(),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('stock_adjustments_number_key').on(t.businessId, t.storeId, t.number),
  ],
);

/** A stock count: open while counting, then posted (its variances become `count` movements) or cancelled. */
export const stockCounts = pgTable(
  'stock_counts',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    number: text('number').notNull(),
    /** open, posted, cancelled. */
    status: text('status').notNull().default('open'),
    note: text('note'),
    /** A blind count: expected quantities and variances are not shown until it is posted. */
    isBlind: boolean('is_blind').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    postedBy: uuid('posted_by'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('stock_counts_number_key').on(t.businessId, t.storeId, t.number),
    index('stock_counts_store_idx').on(t.businessId, t.storeId, t.createdAt),
    check('stock_counts_status', sql`${t.status} in ('open', 'posted', 'cancelled')`),
  ],
);

export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    businessId: uuid('business_id').notNull(),
    countId: uuid('count_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** Null until counted. */
    countedQuantity: quantity('counted_quantity'),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    /** On hand when the count was posted (the variance is counted minus this). */
    expectedQuantity: quantity('expected_quantity'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.countId, t.variantId] }),
    foreignKey({ columns: [t.businessId, t.countId], foreignColumns: [stockCounts.businessId, stockCounts.id] }),
  ],
);

/** A transfer between two stores of a business: in transit once sent, until received (or cancelled). */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    number: text('number').notNull(),
    fromStoreId: uuid('from_store_id').notNull(),
    toStoreId: uuid('to_store_id').notNull(),
    /** in_transit, received, cancelled. */
    status: text('status').notNull().default('in_transit'),
    note: text('note'),
    sentBy: uuid('sent_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: uuid('received_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('stock_transfers_number_key').on(t.businessId, t.fromStoreId, t.number),
    index('stock_transfers_from_idx').on(t.businessId, t.fromStoreId, t.sentAt),
    index('stock_transfers_to_idx').on(t.businessId, t.toStoreId, t.sentAt),
    check('stock_transfers_status', sql`${t.status} in ('in_transit', 'received', 'cancelled')`),
    check('stock_transfers_two_stores', sql`${t.fromStoreId} <> ${t.toStoreId}`),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    businessId: uuid('business_id').notNull(),
    transferId: uuid('transfer_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: quantity('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.transferId, t.variantId] }),
    foreignKey({
      columns: [t.businessId, t.transferId],
      foreignColumns: [stockTransfers.businessId, stockTransfers.id],
    }),
    check('stock_transfer_lines_positive', sql`${t.quantity} > 0`),
  ],
);

// ---------------------------------------------------------------- checkout: registers, sales, payments

// ---------------------------------------------------------------- contacts

/**
 * Customers and vendors of a business. Phone and email are not unique (two people share a shop
 * phone); a duplicate is a warning the person confirms. `phone_digits` (digits only, last 9 kept by
 * the service so +234 803… and 0803… match) and lower(email) find duplicates; `search_text` (lower
 * name, phone digits, email) has a trigram index for the till's customer search.
 */
export const contacts = pgTable(
  'contacts',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull(),
    /** customer, vendor. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    phoneDigits: text('phone_digits'),
    email: text('email'),
    address: text('address'),
    taxId: text('tax_id'),
    notes: text('notes'),
    searchText: text('search_text').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('contacts_name_idx').on(t.businessId, t.kind, sql`lower(${t.name})`, t.id),
    index('contacts_phone_idx').on(t.businessId, t.phoneDigits),
    index('contacts_email_idx').on(t.businessId, sql`lower(${t.email})`),
    index('contacts_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('contacts_kind', sql`${t.kind} in ('customer', 'vendor')`),
  ],
);

/**
 * A register session: a cashier's till from opening (with a counted float) to closing (cash counted,
 * expected computed, variance kept). Selling needs an open session; one open session per register.
 */
export const registerSessions = pgTable(
  'register_sessions',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    /** The till's name in the store ("Till 1"). */
    registerName: text('register_name').notNull(),
    /** open, closed. */
    status: text('status').notNull().default('open'),
    openedBy: uuid('opened_by').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openingFloatMinor: money('opening_float_minor').notNull(),
    closedBy: uuid('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Cash counted at closing, and what the session's cash sales, refunds and movements say it should be. */
    countedCashMinor: money('counted_cash_minor'),
    expectedCashMinor: money('expected_cash_minor'),
    /** The count by denomination, if the cashier gave one: `{ "100000": 3, "50000": 1 }` (note value in minor units → how many). */
    countedDenominations: jsonb('counted_denominations').$type<Record<string, number>>(),
    closingNote: text('closing_note'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('register_sessions_one_open')
      .on(t.businessId, t.storeId, sql`lower(${t.registerName})`)
      .where(sql`${t.status} = 'open'`),
    index('register_sessions_store_idx').on(t.businessId, t.storeId, t.openedAt),
    foreignKey({ columns: [t.businessId, t.storeId], foreignColumns: [stores.businessId, stores.id] }),
    check('register_sessions_status', sql`${t.status} in ('open', 'closed')`),
    check('register_sessions_float', sql`${t.openingFloatMinor} >= 0`),
  ],
);

/** Cash put into or taken out of a till during a session, with its reason. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    sessionId: uuid('session_id').notNull(),
    storeId: uuid('store_id').notNull(),
    /** cash_in, cash_out. */
    kind: text('kind').notNull(),
    amountMinor: money('amount_minor').notNull(),
    reason: text('reason').notNull(),
    actorAccountId: uuid('actor_account_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('cash_movements_session_idx').on(t.businessId, t.sessionId, t.occurredAt),
    foreignKey({
      columns: [t.businessId, t.sessionId],
      foreignColumns: [registerSessions.businessId, registerSessions.id],
    }),
    check('cash_movements_kind', sql`${t.kind} in ('cash_in', 'cash_out')`),
    check('cash_movements_amount', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A completed sale (immutable: refunds and voids are new records that point at it). The id comes
 * from the till; the number from the store's gapless counter (`LEK-S000123`). Totals are the sums of
 * the lines, as the server priced them.
 */
export const sales = pgTable(
  'sales',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    number: text('number').notNull(),
    /** completed, voided. */
    status: text('status').notNull().default('completed'),
    cashierAccountId: uuid('cashier_account_id').notNull(),
    /** A customer contact; null: walk-in. */
    customerId: uuid('customer_id'),
    subtotalMinor: money('subtotal_minor').notNull(),
    discountMinor: money('discount_minor').notNull(),
    taxMinor: money('tax_minor').notNull(),
    totalMinor: money('total_minor').notNull(),
    paidMinor: money('paid_minor').notNull(),
    changeMinor: money('change_minor').notNull(),
    /** The cart discount as given: `{ type: 'percent', value: 1000 }` (basis points) or `{ type: 'amount', value: 50000 }`. */
    cartDiscount: jsonb('cart_discount').$type<{ type: 'amount' | 'percent'; value: number }>(),
    note: text('note'),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by'),
    voidReason: text('void_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('sales_number_key').on(t.businessId, t.storeId, t.number),
    index('sales_store_time_idx').on(t.businessId, t.storeId, t.completedAt, t.id),
    index('sales_session_idx').on(t.businessId, t.sessionId),
    index('sales_customer_idx').on(t.businessId, t.customerId),
    index('sales_cashier_idx').on(t.businessId, t.storeId, t.cashierAccountId, t.completedAt),
    foreignKey({
      columns: [t.businessId, t.sessionId],
      foreignColumns: [registerSessions.businessId, registerSessions.id],
    }),
    foreignKey({ columns: [t.businessId, t.customerId], foreignColumns: [contacts.businessId, contacts.id] }),
    check('sales_status', sql`${t.status} in ('completed', 'voided')`),
    check(
      'sales_amounts',
      sql`${t.subtotalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.totalMinor} >= 0 and ${t.paidMinor} >= ${t.totalMinor} and ${t.changeMinor} >= 0`,
    ),
  ],
);

/** A line of a sale, with everything needed to explain it later (prices and tax as they were). */
export const saleLines = pgTable(
  'sale_lines',
  {
    businessId: uuid('business_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    /** Product name with the variant label, and the SKU, as sold. */
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantity: quantity('quantity').notNull(),
    unitPriceMinor: money('unit_price_minor').notNull(),
    /** Quantity × unit price, rounded. */
    grossMinor: money('gross_minor').notNull(),
    lineDiscountMinor: money('line_discount_minor').notNull(),
    /** This line's share of the cart discount. */
    cartDiscountMinor: money('cart_discount_minor').notNull(),
    taxRateId: uuid('tax_rate_id'),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    taxInclusive: boolean('tax_inclusive').notNull().default(true),
    taxMinor: money('tax_minor').notNull(),
    /** What the customer pays for the line (tax included either way). */
    totalMinor: money('total_minor').notNull(),
    /** Unit cost at the time of sale, for the cost of goods sold. */
    unitCostMinor: money('unit_cost_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.saleId, t.lineNo] }),
    index('sale_lines_variant_idx').on(t.businessId, t.variantId),
    foreignKey({ columns: [t.businessId, t.saleId], foreignColumns: [sales.businessId, sales.id] }),
    check('sale_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/** How a sale was paid: one row per tender (a split payment has several). */
export const salePayments = pgTable(
  'sale_payments',
  {
    businessId: uuid('business_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    seq: integer('seq').notNull(),
    /** cash, card, bank_transfer, mobile_money. */
    method: text('method').notNull(),
    /** What this tender pays of the total (cash: the tendered amount minus the change). */
    amountMinor: money('amount_minor').notNull(),
    /** Cash only: what the customer handed over. */
    tenderedMinor: money('tendered_minor'),
    reference: text('reference'),
    /** Mobile money: mpesa, mtn_momo, airtel_money. */
    provider: text('provider'),
    phone: text('phone'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.saleId, t.seq] }),
    foreignKey({ columns: [t.businessId, t.saleId], foreignColumns: [sales.businessId, sales.id] }),
    check('sale_payments_method', sql`${t.method} in ('cash', 'card', 'bank_transfer', 'mobile_money')`),
    check('sale_payments_amount', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A refund of some lines of a completed sale (a sale is never edited). Amounts are the refunded
 * share of each line's total and tax, so refunding a whole line returns exactly what was paid for
 * it. A cash refund names the open register session whose drawer paid it out.
 */
export const refunds = pgTable(
  'refunds',
  {
    businessId: uuid('business_id').notNull(),
    /** From the client, like a sale's id, so a retried refund is the same one. */
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    /** The register session that paid it out; required for cash, optional otherwise. */
    sessionId: uuid('session_id'),
    /** `LEK-RF000001`, from the store's gapless counter. */
    number: text('number').notNull(),
    refundedBy: uuid('refunded_by').notNull(),
    reason: text('reason').notNull(),
    /** cash, card, bank_transfer, mobile_money. */
    method: text('method').notNull(),
    reference: text('reference'),
    provider: text('provider'),
    phone: text('phone'),
    totalMinor: money('total_minor').notNull(),
    taxMinor: money('tax_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('refunds_number_key').on(t.businessId, t.storeId, t.number),
    index('refunds_sale_idx').on(t.businessId, t.saleId),
    index('refunds_store_time_idx').on(t.businessId, t.storeId, t.createdAt),
    index('refunds_session_idx').on(t.businessId, t.sessionId),
    foreignKey({ columns: [t.businessId, t.saleId], foreignColumns: [sales.businessId, sales.id] }),
    foreignKey({
      columns: [t.businessId, t.sessionId],
      foreignColumns: [registerSessions.businessId, registerSessions.id],
    }),
    check('refunds_method', sql`${t.method} in ('cash', 'card', 'bank_transfer', 'mobile_money')`),
    check('refunds_amounts', sql`${t.totalMinor} > 0 and ${t.taxMinor} >= 0`),
  ],
);

/** A refunded quantity of one sale line; `restocked` says whether it went back on the shelf. */
export const refundLines = pgTable(
  'refund_lines',
  {
    businessId: uuid('business_id').notNull(),
    refundId: uuid('refund_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    /** The sale line refunded. */
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    quantity: quantity('quantity').notNull(),
    totalMinor: money('total_minor').notNull(),
    taxMinor: money('tax_minor').notNull(),
    restocked: boolean('restocked').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.refundId, t.lineNo] }),
    index('refund_lines_sale_idx').on(t.businessId, t.saleId, t.lineNo),
    foreignKey({ columns: [t.businessId, t.refundId], foreignColumns: [refunds.businessId, refunds.id] }),
    foreignKey({
      columns: [t.businessId, t.saleId, t.lineNo],
      foreignColumns: [saleLines.businessId, saleLines.saleId, saleLines.lineNo],
    }),
    check('refund_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/** A cart put aside at a till, kept per store so another till can resume it. */
export const heldSales = pgTable(
  'held_sales',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    heldBy: uuid('held_by').notNull(),
    /** A short label for the list ("Mama Titi", "blue bag"). */
    label: text('label'),
    /** The cart as the till had it (lines, discounts, customer), re-priced when resumed. */
    cart: jsonb('cart').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('held_sales_store_idx').on(t.businessId, t.storeId, t.createdAt),
  ],
);

/**
 * Idempotency keys of requests with money or stock effects (ARCHITECTURE.md section 4): written in the
 * transaction of the effect; a replay answers the stored response; the same key with another body is
 * a 422. Kept at least 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    businessId: uuid('business_id').notNull(),
    key: text('key').notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    /** The response body exactly as first sent. */
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- purchase orders

/**
 * An order to a vendor for one store. `status` holds the spec's numbers (OPEN 0, CANCELLED 1,
 * CLOSED 2, FULLY RECALLED 3, PARTIALLY RECALLED 4; `purchaseOrderStatus` in the contracts); the
 * transitions are `purchaseOrderTransitions` in the contracts. Lines carry ordered, received and
 * returned quantities; receipts and returns are their own records (with lines) pointing at it.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    /** `LEK-PO000007`. */
    number: text('number').notNull(),
    status: integer('status').notNull().default(0),
    expectedOn: date('expected_on', { mode: 'string' }),
    notes: text('notes'),
    /** Σ ordered × unit cost of the lines, kept by the service. */
    orderedTotalMinor: money('ordered_total_minor').notNull().default(0),
    /** Last time it was emailed to the vendor. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
    /** Why a manager closed it short (null when closed because everything arrived). */
    closeReason: text('close_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    cancelReason: text('cancel_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('purchase_orders_number_key').on(t.businessId, t.storeId, t.number),
    index('purchase_orders_store_idx').on(t.businessId, t.storeId, t.createdAt, t.id),
    index('purchase_orders_vendor_idx').on(t.businessId, t.vendorId, t.createdAt),
    foreignKey({ columns: [t.businessId, t.storeId], foreignColumns: [stores.businessId, stores.id] }),
    foreignKey({ columns: [t.businessId, t.vendorId], foreignColumns: [contacts.businessId, contacts.id] }),
    check('purchase_orders_status', sql`${t.status} between 0 and 4`),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    businessId: uuid('business_id').notNull(),
    orderId: uuid('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    /** Product name with the variant label, and the SKU, as ordered. */
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantityOrdered: quantity('quantity_ordered').notNull(),
    quantityReceived: quantity('quantity_received').notNull().default('0'),
    quantityReturned: quantity('quantity_returned').notNull().default('0'),
    unitCostMinor: money('unit_cost_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.orderId, t.lineNo] }),
    index('purchase_order_lines_variant_idx').on(t.businessId, t.variantId),
    foreignKey({
      columns: [t.businessId, t.orderId],
      foreignColumns: [purchaseOrders.businessId, purchaseOrders.id],
    }),
    foreignKey({
      columns: [t.businessId, t.variantId],
      foreignColumns: [productVariants.businessId, productVariants.id],
    }),
    check(
      'purchase_order_lines_quantities',
      sql`${t.quantityOrdered} > 0 and ${t.quantityReceived} >= 0 and ${t.quantityReceived} <= ${t.quantityOrdered} and ${t.quantityReturned} >= 0 and ${t.quantityReturned} <= ${t.quantityReceived}`,
    ),
    check('purchase_order_lines_cost', sql`${t.unitCostMinor} >= 0`),
  ],
);

/** Goods received against an order (one delivery): its lines became `purchase_receipt` movements. */
export const purchaseOrderReceipts = pgTable(
  'purchase_order_receipts',
  {
    businessId: uuid('business_id').notNull(),
    /** From the client, like a sale's id, so a retried receipt is the same one. */
    id: uuid('id').notNull(),
    orderId: uuid('order_id').notNull(),
    storeId: uuid('store_id').notNull(),
    /** The vendor's delivery note or invoice number. */
    reference: text('reference'),
    note: text('note'),
    receivedBy: uuid('received_by').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('purchase_order_receipts_order_idx').on(t.businessId, t.orderId, t.receivedAt),
    index('purchase_order_receipts_store_idx').on(t.businessId, t.storeId, t.receivedAt),
    foreignKey({
      columns: [t.businessId, t.orderId],
      foreignColumns: [purchaseOrders.businessId, purchaseOrders.id],
    }),
  ],
);

export const purchaseOrderReceiptLines = pgTable(
  'purchase_order_receipt_lines',
  {
    businessId: uuid('business_id').notNull(),
    receiptId: uuid('receipt_id').notNull(),
    orderId: uuid('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    variantId: uuid('variant_id').notNull(),
    quantity: quantity('quantity').notNull(),
    /** What this delivery cost per unit (the order line's cost unless the vendor charged another). */
    unitCostMinor: money('unit_cost_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.receiptId, t.lineNo] }),
    foreignKey({
      columns: [t.businessId, t.receiptId],
      foreignColumns: [purchaseOrderReceipts.businessId, purchaseOrderReceipts.id],
    }),
    foreignKey({
      columns: [t.businessId, t.orderId, t.lineNo],
      foreignColumns: [purchaseOrderLines.businessId, purchaseOrderLines.orderId, purchaseOrderLines.lineNo],
    }),
    check('purchase_order_receipt_lines_quantity', sql`${t.quantity} > 0 and ${t.unitCostMinor} >= 0`),
  ],
);

/** Received goods sent back to the vendor (a recall): its lines became `vendor_return` movements. */
export const purchaseOrderReturns = pgTable(
  'purchase_order_returns',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    orderId: uuid('order_id').notNull(),
    storeId: uuid('store_id').notNull(),
    reason: text('reason').notNull(),
    returnedBy: uuid('returned_by').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('purchase_order_returns_order_idx').on(t.businessId, t.orderId, t.returnedAt),
    index('purchase_order_returns_store_idx').on(t.businessId, t.storeId, t.returnedAt),
    foreignKey({
      columns: [t.businessId, t.orderId],
      foreignColumns: [purchaseOrders.businessId, purchaseOrders.id],
    }),
  ],
);

export const purchaseOrderReturnLines = pgTable(
  'purchase_order_return_lines',
  {
    businessId: uuid('business_id').notNull(),
    returnId: uuid('return_id').notNull(),
    orderId: uuid('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    variantId: uuid('variant_id').notNull(),
    quantity: quantity('quantity').notNull(),
    /** Valued at the order line's unit cost (what the vendor credits). */
    unitCostMinor: money('unit_cost_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.returnId, t.lineNo] }),
    foreignKey({
      columns: [t.businessId, t.returnId],
      foreignColumns: [purchaseOrderReturns.businessId, purchaseOrderReturns.id],
    }),
    foreignKey({
      columns: [t.businessId, t.orderId, t.lineNo],
      foreignColumns: [purchaseOrderLines.businessId, purchaseOrderLines.orderId, purchaseOrderLines.lineNo],
    }),
    check('purchase_order_return_lines_quantity', sql`${t.quantity} > 0 and ${t.unitCostMinor} >= 0`),
  ],
);

// ---------------------------------------------------------------- waste

/**
 * Stock written off (expired, damaged, spoiled, theft, other), valued at cost when recorded.
 * `recorded`: its `waste` movement is in the ledger. `pending`: worth more than the store's approval
 * threshold and recorded by someone without waste.approve — no movement until a manager approves
 * (then `recorded`) or rejects it (`rejected`, never moves stock).
 */
export const wasteRecords = pgTable(
  'waste_records',
  {
    businessId: uuid('business_id').notNull(),
    /** From the client, so a retried record is the same one. */
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    /** `LEK-WST000001`. */
    number: text('number').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    quantity: quantity('quantity').notNull(),
    /** expired, damaged, spoiled, theft, other (`wasteReasons` in the contracts). */
    reason: text('reason').notNull(),
    note: text('note'),
    unitCostMinor: money('unit_cost_minor').notNull(),
    /** quantity × unit cost, rounded. */
    valueMinor: money('value_minor').notNull(),
    /** pending, recorded, rejected. */
    status: text('status').notNull(),
    hasPhoto: boolean('has_photo').notNull().default(false),
    recordedBy: uuid('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('waste_records_number_key').on(t.businessId, t.storeId, t.number),
    index('waste_records_store_idx').on(t.businessId, t.storeId, t.recordedAt, t.id),
    index('waste_records_status_idx').on(t.businessId, t.storeId, t.status),
    foreignKey({ columns: [t.businessId, t.storeId], foreignColumns: [stores.businessId, stores.id] }),
    foreignKey({
      columns: [t.businessId, t.variantId],
      foreignColumns: [productVariants.businessId, productVariants.id],
    }),
    check('waste_records_reason', sql`${t.reason} in ('expired', 'damaged', 'spoiled', 'theft', 'other')`),
    check('waste_records_status', sql`${t.status} in ('pending', 'recorded', 'rejected')`),
    check('waste_records_amounts', sql`${t.quantity} > 0 and ${t.unitCostMinor} >= 0 and ${t.valueMinor} >= 0`),
  ],
);

/** The optional photo of a waste record (JPEG, PNG or WebP), kept in the database like product images. */
export const wastePhotos = pgTable(
  'waste_photos',
  {
    businessId: uuid('business_id').notNull(),
    wasteId: uuid('waste_id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.wasteId] }),
    foreignKey({ columns: [t.businessId, t.wasteId], foreignColumns: [wasteRecords.businessId, wasteRecords.id] }),
  ],
);

// ---------------------------------------------------------------- invoices

/**
 * A sale on credit to a customer. `draft` (editable, unnumbered, no stock effect) → `issued`
 * (numbered `LEK-INV000042`, product lines leave stock as `sale` movements with ref_type `invoice`)
 * → `paid` once payments reach the total; `void` (an issued invoice without payments cancelled,
 * stock back as `void` movements). Overdue is derived: issued and due before today in the store's zone.
 */
export const invoices = pgTable(
  'invoices',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    /** Null while a draft. */
    number: text('number'),
    customerId: uuid('customer_id').notNull(),
    /** draft, issued, paid, void. */
    status: text('status').notNull().default('draft'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    terms: text('terms'),
    /** The invoice discount as given (like a sale's cart discount). */
    cartDiscount: jsonb('cart_discount').$type<{ type: 'amount' | 'percent'; value: number }>(),
    subtotalMinor: money('subtotal_minor').notNull(),
    discountMinor: money('discount_minor').notNull(),
    taxMinor: money('tax_minor').notNull(),
    totalMinor: money('total_minor').notNull(),
    /** Σ payments, kept by the service in the payment's transaction. */
    paidMinor: money('paid_minor').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    issuedBy: uuid('issued_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedBy: uuid('voided_by'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('invoices_number_key').on(t.businessId, t.storeId, t.number),
    index('invoices_store_idx').on(t.businessId, t.storeId, t.issueDate, t.id),
    index('invoices_customer_idx').on(t.businessId, t.customerId),
    foreignKey({ columns: [t.businessId, t.storeId], foreignColumns: [stores.businessId, stores.id] }),
    foreignKey({ columns: [t.businessId, t.customerId], foreignColumns: [contacts.businessId, contacts.id] }),
    check('invoices_status', sql`${t.status} in ('draft', 'issued', 'paid', 'void')`),
    check('invoices_numbered', sql`(${t.status} = 'draft') = (${t.number} is null)`),
    check('invoices_dates', sql`${t.dueDate} >= ${t.issueDate}`),
    check(
      'invoices_amounts',
      sql`${t.subtotalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.totalMinor} >= 0 and ${t.paidMinor} >= 0 and ${t.paidMinor} <= ${t.totalMinor}`,
    ),
  ],
);

/** A line of an invoice: a product variant, or a free-text service (no variant, no stock). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    businessId: uuid('business_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** Null for a service line. */
    productId: uuid('product_id'),
    variantId: uuid('variant_id'),
    /** The product's name and variant label, or the service's description. */
    description: text('description').notNull(),
    sku: text('sku'),
    quantity: quantity('quantity').notNull(),
    unitPriceMinor: money('unit_price_minor').notNull(),
    discount: jsonb('discount').$type<{ type: 'amount' | 'percent'; value: number }>(),
    grossMinor: money('gross_minor').notNull(),
    lineDiscountMinor: money('line_discount_minor').notNull(),
    cartDiscountMinor: money('cart_discount_minor').notNull(),
    taxRateId: uuid('tax_rate_id'),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    taxInclusive: boolean('tax_inclusive').notNull().default(true),
    taxMinor: money('tax_minor').notNull(),
    totalMinor: money('total_minor').notNull(),
    /** Unit cost when issued (product lines), for the cost of goods sold. */
    unitCostMinor: money('unit_cost_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.invoiceId, t.lineNo] }),
    index('invoice_lines_variant_idx').on(t.businessId, t.variantId),
    foreignKey({ columns: [t.businessId, t.invoiceId], foreignColumns: [invoices.businessId, invoices.id] }),
    check('invoice_lines_quantity', sql`${t.quantity} > 0 and ${t.unitPriceMinor} >= 0`),
    check('invoice_lines_kind', sql`(${t.variantId} is null) = (${t.productId} is null)`),
  ],
);

/** Money received against an issued invoice, in any method; Σ amounts never exceeds the total. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    businessId: uuid('business_id').notNull(),
    /** From the client, so a retried payment is the same one. */
    id: uuid('id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    storeId: uuid('store_id').notNull(),
    /** cash, card, bank_transfer, mobile_money. */
    method: text('method').notNull(),
    amountMinor: money('amount_minor').notNull(),
    reference: text('reference'),
    provider: text('provider'),
    phone: text('phone'),
    /** The day the money came in (store's calendar); may be before the day it was recorded. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    note: text('note'),
    recordedBy: uuid('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('invoice_payments_invoice_idx').on(t.businessId, t.invoiceId, t.createdAt),
    index('invoice_payments_store_idx').on(t.businessId, t.storeId, t.paidOn),
    foreignKey({ columns: [t.businessId, t.invoiceId], foreignColumns: [invoices.businessId, invoices.id] }),
    check('invoice_payments_method', sql`${t.method} in ('cash', 'card', 'bank_transfer', 'mobile_money')`),
    check('invoice_payments_amount', sql`${t.amountMinor} > 0`),
  ],
);

// ---------------------------------------------------------------- report summaries

/*
 * Sales summaries by store and local day (the store's time zone), kept in the transaction of every
 * sale, refund and void by features/reports/sales-summaries.ts, so a year's report reads a few
 * thousand rows instead of a million sale lines (decision 0014). Each is exactly the sum of the raw
 * rows it summarises: `salesSummaryMismatches` proves it and the tests check it after every change.
 * Sales count on the day they completed; refunds on the day they were paid out; a void takes its
 * sale back out of the sale's day. Money is minor units; `cost` is the cost of the goods at the time
 * of sale (quantity × unit cost, rounded per line); `refundCost` the cost of refunded goods that
 * went back on the shelf.
 */

const summaryKey = () => ({
  businessId: uuid('business_id').notNull(),
  storeId: uuid('store_id').notNull(),
  /** The store's calendar day of the sale (or refund). */
  day: date('day', { mode: 'string' }).notNull(),
});
const zeroMoney = (name: string) => money(name).notNull().default(0);
const zeroCount = (name: string) => integer(name).notNull().default(0);

/** Per store, day and person (the cashier of a sale, the person who paid out a refund). */
export const salesDayTotals = pgTable(
  'sales_day_totals',
  {
    ...summaryKey(),
    accountId: uuid('account_id').notNull(),
    salesCount: zeroCount('sales_count'),
    grossMinor: zeroMoney('gross_minor'),
    discountMinor: zeroMoney('discount_minor'),
    taxMinor: zeroMoney('tax_minor'),
    totalMinor: zeroMoney('total_minor'),
    costMinor: zeroMoney('cost_minor'),
    refundsCount: zeroCount('refunds_count'),
    refundTotalMinor: zeroMoney('refund_total_minor'),
    refundTaxMinor: zeroMoney('refund_tax_minor'),
    refundCostMinor: zeroMoney('refund_cost_minor'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.storeId, t.day, t.accountId] })],
);

/** Per store, day and variant (with its product, for categories). */
export const salesDayVariants = pgTable(
  'sales_day_variants',
  {
    ...summaryKey(),
    variantId: uuid('variant_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: quantity('quantity').notNull().default('0'),
    grossMinor: zeroMoney('gross_minor'),
    discountMinor: zeroMoney('discount_minor'),
    taxMinor: zeroMoney('tax_minor'),
    totalMinor: zeroMoney('total_minor'),
    costMinor: zeroMoney('cost_minor'),
    refundQuantity: quantity('refund_quantity').notNull().default('0'),
    refundTotalMinor: zeroMoney('refund_total_minor'),
    refundTaxMinor: zeroMoney('refund_tax_minor'),
    refundCostMinor: zeroMoney('refund_cost_minor'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.storeId, t.day, t.variantId] })],
);

/** Per store, day and payment method: what came in (net of change) and went out as refunds. */
export const salesDayPayments = pgTable(
  'sales_day_payments',
  {
    ...summaryKey(),
    method: text('method').notNull(),
    paymentsCount: zeroCount('payments_count'),
    amountMinor: zeroMoney('amount_minor'),
    refundsCount: zeroCount('refunds_count'),
    refundMinor: zeroMoney('refund_minor'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.storeId, t.day, t.method] })],
);

/**
 * Per store, day and tax rate as it was on the line (the rate's id — the nil uuid for untaxed lines —,
 * its basis points and whether it was inclusive): the taxable amount (line total less its tax) and
 * the tax, for the VAT return.
 */
export const salesDayTaxes = pgTable(
  'sales_day_taxes',
  {
    ...summaryKey(),
    taxRateId: uuid('tax_rate_id').notNull(),
    basisPoints: integer('basis_points').notNull(),
    inclusive: boolean('inclusive').notNull(),
    taxableMinor: zeroMoney('taxable_minor'),
    taxMinor: zeroMoney('tax_minor'),
    refundTaxableMinor: zeroMoney('refund_taxable_minor'),
    refundTaxMinor: zeroMoney('refund_tax_minor'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.storeId, t.day, t.taxRateId, t.basisPoints, t.inclusive] })],
);

/** Per store, day and customer (named sales only; walk-ins are not summarised here). */
export const salesDayCustomers = pgTable(
  'sales_day_customers',
  {
    ...summaryKey(),
    customerId: uuid('customer_id').notNull(),
    salesCount: zeroCount('sales_count'),
    totalMinor: zeroMoney('total_minor'),
    refundTotalMinor: zeroMoney('refund_total_minor'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.storeId, t.day, t.customerId] }),
    index('sales_day_customers_customer_idx').on(t.businessId, t.customerId, t.day),
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
    // The trail's filters by person and by section, newest first, over millions of events.
    index('audit_events_actor_idx').on(t.businessId, t.actorAccountId, t.occurredAt, t.id),
    index('audit_events_section_idx').on(t.businessId, t.entity, t.occurredAt, t.id),
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
