/**
 * Admin mode's DashboardLanding (spec section 2): figures across every business the
 * owner owns — today's sales per business and per store (each store's own day, the business's
 * currency), stores, staff and the stock that needs reordering.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { businessSummarySchema } from '../businesses/businesses.js';

/** A variant at or below its reorder level in a store. */
export const lowStockAlertSchema = z.object({
  businessId: z.string().uuid(),
  businessName: z.string(),
  storeId: z.string().uuid(),
  storeName: z.string(),
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  /** The product's name with the variant's option values ("T-shirt — M / Red"). */
  name: z.string(),
  sku: z.string(),
  onHand: z.number(),
  reorderLevel: z.number(),
});
export type LowStockAlert = z.infer<typeof lowStockAlertSchema>;

/** At most this many alerts are listed (the lowest first); the counts say how many there are. */
export const ADMIN_LOW_STOCK_ALERTS = 20;

export const adminDashboardSchema = z.object({
  businessCount: z.number().int(),
  storeCount: z.number().int(),
  /** People, counted once however many businesses they work in. */
  staffCount: z.number().int(),
  lowStockCount: z.number().int(),
  /** Every business the owner owns, by name, with its stores' figures. */
  businesses: z.array(businessSummarySchema),
  /** The variants furthest below their reorder level across the businesses, lowest first. */
  lowStock: z.array(lowStockAlertSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const getAdminDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/dashboard',
  summary: 'Admin mode: today’s sales per business and store, stores, staff and low-stock alerts',
  tags: ['dashboard'],
  access: 'businesses.manage',
  status: 200,
  response: adminDashboardSchema,
});
