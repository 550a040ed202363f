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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money, bytea } from './columns.js';
import { contacts } from './contacts.js';
import { businesses } from './tenants.js';

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
    // The device catalogue's changes since a time, and the products of a changed tax rate.
    index('products_updated_idx').on(t.businessId, t.updatedAt),
    index('products_tax_rate_idx').on(t.businessId, t.taxRateId),
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
    // The device catalogue's changes since a time.
    index('product_variants_updated_idx').on(t.businessId, t.updatedAt),
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
