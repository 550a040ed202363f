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
import { createdAt, money, quantity, bytea } from './columns.js';
import { productVariants } from './catalog.js';
import { stores } from './tenants.js';

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
