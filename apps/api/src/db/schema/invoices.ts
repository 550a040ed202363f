import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { createdAt, updatedAt, money, quantity } from './columns.js';
import { contacts } from './contacts.js';
import { stores } from './tenants.js';

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
