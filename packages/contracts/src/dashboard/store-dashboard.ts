import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { paymentMethods } from '../checkout/sales.js';

/**
 * The store dashboard (non-admin DashboardLanding): today's trading and the last 7 days in the
 * store's time zone, from completed sales net of refunds; voided sales count for nothing.
 */
export const storeDashboardSchema = z.object({
  /** The store's IANA zone, in which "today" and the days below are taken. */
  timeZone: z.string(),
  /** Today's date in that zone, YYYY-MM-DD. */
  today: z.string(),
  /** Completed (not voided) sales today. */
  salesCount: z.number().int(),
  /** Sum of today's sale totals. */
  salesMinor: z.number().int(),
  /** Refunded today (of any day's sales). */
  refundsMinor: z.number().int(),
  /** salesMinor − refundsMinor. */
  netSalesMinor: z.number().int(),
  /** salesMinor / salesCount, rounded half away from zero; 0 without sales. */
  averageBasketMinor: z.number().int(),
  /** Today's payments by method (cash net of change), every method listed, zero included. */
  paymentMix: z.array(
    z.object({ method: z.enum(paymentMethods), amountMinor: z.number().int(), count: z.number().int() }),
  ),
  /** Today's best sellers by sales value (at most 5). */
  topProducts: z.array(
    z.object({
      productId: z.string().uuid(),
      variantId: z.string().uuid(),
      name: z.string(),
      quantity: z.number(),
      salesMinor: z.number().int(),
    }),
  ),
  /** The last 7 days, oldest first, today last; days without sales are present with zeros. */
  last7Days: z.array(z.object({ date: z.string(), salesMinor: z.number().int(), salesCount: z.number().int() })),
  /** Tracked variants of this store at or below their reorder level (out of stock included). */
  lowStockCount: z.number().int(),
  outOfStockCount: z.number().int(),
  /** Sale exceptions of the store not yet resolved (differences accepted in sales made offline). */
  openSaleExceptionsCount: z.number().int(),
  /** The 8 newest sales of the store. */
  recentSales: z.array(
    z.object({
      id: z.string().uuid(),
      number: z.string(),
      completedAt: z.string(),
      status: z.enum(['completed', 'voided']),
      totalMinor: z.number().int(),
      cashierName: z.string(),
      customerName: z.string().nullable(),
    }),
  ),
});
export type StoreDashboard = z.infer<typeof storeDashboardSchema>;

export const getStoreDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/v1/dashboard/store',
  summary:
    "The active store's figures: today's sales, baskets, payment mix, best sellers, 7 days, low stock, recent sales",
  tags: ['dashboard'],
  access: 'dashboard.view',
  status: 200,
  response: storeDashboardSchema,
});
