import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { entityEventSchema, entityEventsSchema } from '../audit/entity-events.js';
import { checkDayRange, isoDateSchema } from '../stores/store-time.js';
import { paymentMethods, saleLineSchema, saleSchema } from '../checkout/sales.js';
import { refundSchema, saleParamsSchema } from './refunds.js';

/**
 * Transactions: the sales of the active store as history — a filtered list with the totals of the
 * whole filtered set (keyset pages, newest first), one sale with its refunds and void, and its
 * audit trail.
 */
const personSchema = z.object({ id: z.string().uuid(), name: z.string() });

/** Derived, for filtering and badges: a sale with refunds is `partially_refunded` or `refunded`. */
export const saleStates = ['completed', 'partially_refunded', 'refunded', 'voided'] as const;
export type SaleState = (typeof saleStates)[number];

export const saleStateLabels: Record<SaleState, string> = {
  completed: 'Completed',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  voided: 'Voided',
};

export const listSalesQuerySchema = z
  .object({
    /** First and last day, inclusive, in the store's time zone. */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    cashierId: z.string().uuid().optional(),
    /** Sales with at least one payment by this method. */
    method: z.enum(paymentMethods).optional(),
    state: z.enum(saleStates).optional(),
    customerId: z.string().uuid().optional(),
    /** A whole sale number (`LEK-S000123`) or its digits (`123`). */
    number: z.string().trim().max(40).optional(),
    /** From the previous page's `nextCursor`. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(checkDayRange);
export type ListSalesQuery = z.input<typeof listSalesQuerySchema>;

export const saleSummarySchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  completedAt: z.string(),
  state: z.enum(saleStates),
  cashier: personSchema,
  customer: personSchema.nullable(),
  /** Number of lines. */
  lineCount: z.number().int(),
  totalMinor: z.number().int(),
  refundedMinor: z.number().int(),
  /** The methods it was paid with, in payment order, without repeats. */
  methods: z.array(z.enum(paymentMethods)),
});
export type SaleSummary = z.infer<typeof saleSummarySchema>;

export const salesTotalsSchema = z.object({
  /** Sales in the filtered set (voided ones included in count, not in money). */
  count: z.number().int(),
  /** Sum of totals of the filtered, non-voided sales. */
  totalMinor: z.number().int(),
  /** Refunded of those sales. */
  refundedMinor: z.number().int(),
  /** totalMinor − refundedMinor. */
  netMinor: z.number().int(),
});

export const listSales = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sales',
  summary:
    'Sales of the active store, newest first, in keyset pages: by days (store time zone), cashier, payment method, state, customer or number, with the totals of the filtered set',
  tags: ['transactions'],
  access: 'transactions.view',
  query: listSalesQuerySchema,
  status: 200,
  response: z.object({
    items: z.array(saleSummarySchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    totals: salesTotalsSchema,
  }),
});

export const listSaleCashiers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sales/cashiers',
  summary: 'Everyone who has rung up a sale in the active store (for the cashier filter), by name',
  tags: ['transactions'],
  access: 'transactions.view',
  status: 200,
  response: z.object({ items: z.array(personSchema) }),
});

export const saleDetailSchema = saleSchema.extend({
  state: z.enum(saleStates),
  customer: z
    .object({ id: z.string().uuid(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  session: z.object({ id: z.string().uuid(), registerName: z.string(), status: z.enum(['open', 'closed']) }),
  lines: z.array(
    saleLineSchema.extend({
      /** Already refunded of this line; at most its quantity. */
      refundedQuantity: z.number(),
      /** The product's unit ("each", "kg"), for quantity input. */
      unit: z.string(),
    }),
  ),
  refunds: z.array(refundSchema),
  refundedMinor: z.number().int(),
  voided: z.object({ at: z.string(), by: personSchema, reason: z.string() }).nullable(),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

export const getSale = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sales/:saleId',
  summary: 'One sale of the active store with its customer, refunds and void',
  tags: ['transactions'],
  access: 'transactions.view',
  params: saleParamsSchema,
  status: 200,
  response: saleDetailSchema,
});

/** A sale's audit trail: sale.completed, sale.refunded, sale.voided, sale.receipt_emailed… */
export const saleEventSchema = entityEventSchema;
export type SaleEvent = z.infer<typeof saleEventSchema>;

export const listSaleEvents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sales/:saleId/events',
  summary: 'The audit trail of one sale, oldest first',
  tags: ['transactions'],
  access: 'transactions.view',
  params: saleParamsSchema,
  status: 200,
  response: entityEventsSchema,
});
