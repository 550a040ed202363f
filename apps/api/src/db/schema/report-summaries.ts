import { boolean, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { money, quantity } from './columns.js';

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
