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
import { createdAt, updatedAt, money, quantity } from './columns.js';
import { productVariants } from './catalog.js';
import { businesses, stores } from './tenants.js';

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
    // The device catalogue's changes since a time: a store's stock rows moved since.
    index('stock_levels_updated_idx').on(t.businessId, t.storeId, t.updatedAt),
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
