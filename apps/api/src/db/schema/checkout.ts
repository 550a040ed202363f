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
import { createdAt, money, quantity, updatedAt } from './columns.js';
import { contacts } from './contacts.js';
import { stores } from './tenants.js';

// ---------------------------------------------------------------- checkout: registers, sales, payments

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
 * What a till's device last said about a register session's sales it still holds: waiting for the
 * server, or refused and needing attention (the device's sale outbox). One row per session and
 * device (an id the web makes once and keeps); each report replaces the last. Managers see it on the
 * open registers, so a till with sales stuck on it is noticed before the register is closed.
 */
export const registerDeviceReports = pgTable(
  'register_device_reports',
  {
    businessId: uuid('business_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    deviceId: text('device_id').notNull(),
    storeId: uuid('store_id').notNull(),
    pendingSales: integer('pending_sales').notNull(),
    needsAttention: integer('needs_attention').notNull(),
    /** When the device last had every sale it sent answered; null: never on this device. */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The server's time of the report. */
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    reportedBy: uuid('reported_by'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.sessionId, t.deviceId] }),
    foreignKey({
      columns: [t.businessId, t.sessionId],
      foreignColumns: [registerSessions.businessId, registerSessions.id],
    }),
    check('register_device_reports_counts', sql`${t.pendingSales} >= 0 and ${t.needsAttention} >= 0`),
  ],
);

/**
 * A store's register favourites: the variants a manager pinned, in the order the register's first
 * screen shows them (decision 0037). One row per store, versioned; the ids are checked against the
 * business's sellable variants when written, and one archived since is left out when read.
 */
export const registerFavourites = pgTable(
  'register_favourites',
  {
    businessId: uuid('business_id').notNull(),
    storeId: uuid('store_id').notNull(),
    variantIds: uuid('variant_ids').array().notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.storeId] }),
    foreignKey({ columns: [t.businessId, t.storeId], foreignColumns: [stores.businessId, stores.id] }),
    // REGISTER_FAVOURITES_MAX in the contracts.
    check('register_favourites_count', sql`cardinality(${t.variantIds}) <= 24`),
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
    /** When the sale was made: the till's time for a sale made offline (its `soldAt`), else when recorded. */
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the server recorded it (later than `completed_at` for a sale synced after being made offline). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The reference the device printed for a sale made offline (`LEK-T1-OFF-0017`); null otherwise. */
    offlineReference: text('offline_reference'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by'),
    voidReason: text('void_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('sales_number_key').on(t.businessId, t.storeId, t.number),
    uniqueIndex('sales_offline_reference_key')
      .on(t.businessId, t.storeId, t.offlineReference)
      .where(sql`${t.offlineReference} is not null`),
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
 * What the server accepted in a sale made offline that it would have refused online, one row per
 * sale line and kind: stock taken below zero, a price other than the store's, an item archived
 * since. The sale stands as paid; a manager looks into each and marks it resolved.
 */
export const saleExceptions = pgTable(
  'sale_exceptions',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    /** sold_offline_below_zero, sold_offline_at_old_price, sold_offline_archived. */
    kind: text('kind').notNull(),
    /** The facts of the difference: `{ paidUnitPriceMinor, serverUnitPriceMinor }`, `{ quantity, onHandAfter }`. */
    details: jsonb('details').$type<Record<string, number | boolean>>().notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('sale_exceptions_line_kind_key').on(t.businessId, t.saleId, t.variantId, t.kind),
    index('sale_exceptions_open_idx')
      .on(t.businessId, t.storeId, t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    index('sale_exceptions_store_idx').on(t.businessId, t.storeId, t.createdAt),
    foreignKey({ columns: [t.businessId, t.saleId], foreignColumns: [sales.businessId, sales.id] }),
    check(
      'sale_exceptions_kind',
      sql`${t.kind} in ('sold_offline_below_zero', 'sold_offline_at_old_price', 'sold_offline_archived')`,
    ),
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
