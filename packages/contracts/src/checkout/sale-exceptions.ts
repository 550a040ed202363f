import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';

/**
 * Sale exceptions: what the server accepted, in a sale made offline, that it would have refused
 * online. The goods have left the shop, so the sale stands as it was paid; each difference is kept
 * here, one row per sale line and kind, for a manager to look into and mark resolved.
 */

export const saleExceptionKinds = [
  'sold_offline_below_zero',
  'sold_offline_at_old_price',
  'sold_offline_archived',
] as const;
export type SaleExceptionKind = (typeof saleExceptionKinds)[number];

export const saleExceptionKindLabels: Record<SaleExceptionKind, string> = {
  sold_offline_below_zero: 'Sold offline below zero',
  sold_offline_at_old_price: 'Sold offline at an old price',
  sold_offline_archived: 'Sold offline after being archived',
};

/** The facts of the difference; which are present depends on the kind. */
export const saleExceptionDetailsSchema = z.object({
  /** At an old price: what the till charged for one, and the store's price when the server recorded it. */
  paidUnitPriceMinor: z.number().int().optional(),
  serverUnitPriceMinor: z.number().int().optional(),
  /** At an old tax: the rate the till charged and the product's rate when the server recorded it. */
  paidTaxRateBasisPoints: z.number().int().optional(),
  serverTaxRateBasisPoints: z.number().int().optional(),
  paidTaxInclusive: z.boolean().optional(),
  serverTaxInclusive: z.boolean().optional(),
  /** Below zero: the quantity sold and the on hand it left in the store. */
  quantity: z.number().optional(),
  onHandAfter: z.number().optional(),
});
export type SaleExceptionDetails = z.infer<typeof saleExceptionDetailsSchema>;

export const saleExceptionSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(saleExceptionKinds),
  sale: z.object({
    id: z.string().uuid(),
    number: z.string(),
    offlineReference: z.string().nullable(),
    /** When it was sold (the till's time) and when the server recorded it. */
    completedAt: z.string(),
    recordedAt: z.string().nullable(),
    /** Who sold it (null when the account is gone). */
    cashier: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  }),
  variantId: z.string().uuid(),
  /** The line's name as sold. */
  name: z.string(),
  sku: z.string(),
  details: saleExceptionDetailsSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  resolutionNote: z.string().nullable(),
});
export type SaleException = z.infer<typeof saleExceptionSchema>;

export const saleExceptionStates = ['open', 'resolved', 'all'] as const;

export const listSaleExceptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sale-exceptions',
  summary:
    'Differences accepted in sales made offline in the active store (below zero, at an old price, archived since), newest first; open ones by default, optionally of one kind',
  tags: ['checkout'],
  access: 'reports.view',
  query: pageQuerySchema.extend({
    state: z.enum(saleExceptionStates).default('open'),
    /** One kind only (the stock screen's "sold offline below zero"). */
    kind: z.enum(saleExceptionKinds).optional(),
  }),
  status: 200,
  response: pageOf(saleExceptionSchema),
});

export const saleExceptionParamsSchema = z.object({ exceptionId: z.string().uuid() });

export const resolveSaleException = defineEndpoint({
  method: 'POST',
  path: '/api/v1/sale-exceptions/:exceptionId/resolve',
  summary:
    'Mark a sale exception of the active store looked into (audited); resolving a resolved one answers it unchanged',
  tags: ['checkout'],
  access: 'inventory.adjust',
  params: saleExceptionParamsSchema,
  body: z.strictObject({ note: z.string().trim().max(500).optional() }),
  status: 200,
  response: saleExceptionSchema,
});
