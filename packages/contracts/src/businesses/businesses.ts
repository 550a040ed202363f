import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { currencyCodes } from '../identity/currencies.js';

/** A store as an owner sees it in admin mode. */
export const storeSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** Prefix of the store's document numbers and its display name on receipts. */
  alias: z.string(),
  /** IANA zone used for "today" and report buckets. */
  timeZone: z.string(),
});
export type StoreSummary = z.infer<typeof storeSummarySchema>;

export const businessSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  currency: z.enum(currencyCodes),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  stores: z.array(storeSummarySchema),
});
export type Business = z.infer<typeof businessSchema>;

export const businessParamsSchema = z.object({ businessId: z.string().uuid() });

export const listBusinesses = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/businesses',
  summary: 'Admin mode: the businesses I own, each with its stores',
  tags: ['businesses'],
  access: 'businesses.manage',
  query: pageQuerySchema,
  status: 200,
  response: pageOf(businessSchema),
});

export const getBusiness = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/businesses/:businessId',
  summary: "Admin mode: one business I own with its stores (another owner's business is a 404)",
  tags: ['businesses'],
  access: 'businesses.manage',
  params: businessParamsSchema,
  status: 200,
  response: businessSchema,
});
