import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import { contacts } from './contacts.js';
import { stores } from './tenants.js';

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
