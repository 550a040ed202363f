/**
 * Admin mode (spec `business`, `business/view/{id}`): the businesses an owner owns,
 * each with its stores, people and today's figures; a new business; a new store in one of them.
 * Every endpoint answers only for businesses the caller owns: another owner's id is a 404.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { countryCodeSchema, currencyCodes, businessNameSchema } from './currencies.js';
import { contactPhoneSchema } from '../contacts/contacts.js';
import { storeAliasSchema, timeZoneSchema } from '../stores/store-settings.js';
import { businessPlanSchema } from '../plans/plans.js';

/**
 * Today's sales of a store on its own calendar (its time zone), in the business's currency, from the
 * report summaries: completed sales less voids, and refunds paid out today. For a business, the sum of
 * its stores' todays (stores in different zones each count their own day).
 */
export const todayFiguresSchema = z.object({
  salesCount: z.number().int(),
  salesMinor: z.number().int(),
  refundsMinor: z.number().int(),
  /** What customers paid today less what was refunded today. */
  netSalesMinor: z.number().int(),
});
export type TodayFigures = z.infer<typeof todayFiguresSchema>;

/** A store as an owner sees it in admin mode, with its figures. */
export const storeSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** Prefix of the store's document numbers (2–5 capital letters, unique in the business). */
  alias: z.string(),
  /** IANA zone used for "today" and report buckets. */
  timeZone: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** The store's own date of "today" (YYYY-MM-DD in its zone). */
  today: z.string(),
  todayFigures: todayFiguresSchema,
  /** Active people who work in the store (the owner counts where they hold a membership). */
  staffCount: z.number().int(),
  /** Tracked variants at or below their reorder level here; and at or below zero. */
  lowStockCount: z.number().int(),
  outOfStockCount: z.number().int(),
});
export type StoreSummary = z.infer<typeof storeSummarySchema>;

export const businessSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  currency: z.enum(currencyCodes),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  storeCount: z.number().int(),
  /** Active people of the business (deactivated people left out). */
  staffCount: z.number().int(),
  todayFigures: todayFiguresSchema,
  lowStockCount: z.number().int(),
  outOfStockCount: z.number().int(),
  stores: z.array(storeSummarySchema),
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;

/** A person of the business on its page: role and stores, as the staff screens show them. */
export const businessStaffSchema = z.object({
  accountId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  stores: z.array(z.object({ id: z.string().uuid(), name: z.string(), alias: z.string() })),
  status: z.enum(['active', 'invited', 'inactive']),
  isOwner: z.boolean(),
});
export type BusinessStaff = z.infer<typeof businessStaffSchema>;

export const businessDetailSchema = businessSummarySchema.extend({
  staff: z.array(businessStaffSchema),
  /** The plan, its limits and what the business uses of each (as Settings → Plan shows it). */
  plan: businessPlanSchema,
});
export type BusinessDetail = z.infer<typeof businessDetailSchema>;

export const businessParamsSchema = z.object({ businessId: z.string().uuid() });

export const listBusinesses = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/businesses',
  summary: 'Admin mode: the businesses I own, each with its stores, staff count and today’s figures',
  tags: ['businesses'],
  access: 'businesses.manage',
  query: pageQuerySchema,
  status: 200,
  response: pageOf(businessSummarySchema),
});

export const getBusiness = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/businesses/:businessId',
  summary: "Admin mode: one business I own with its stores, staff, plan and figures (another owner's is a 404)",
  tags: ['businesses'],
  access: 'businesses.manage',
  params: businessParamsSchema,
  status: 200,
  response: businessDetailSchema,
});

// ---------------------------------------------------------------- new business, new store

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** A new store: its name, code (unique in the business), where it is and the calendar it keeps. */
export const newStoreBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the store’s name').max(80, 'The name is at most 80 characters'),
  alias: storeAliasSchema,
  address: optionalText(300, 'The address'),
  phone: z
    .union([contactPhoneSchema, z.literal('')])
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  timeZone: timeZoneSchema,
});
export type NewStoreBody = z.input<typeof newStoreBodySchema>;

export const createBusinessBodySchema = z.strictObject({
  name: businessNameSchema,
  country: countryCodeSchema,
  currency: z.enum(currencyCodes),
  /** Its first store. */
  store: newStoreBodySchema,
});
export type CreateBusinessBody = z.input<typeof createBusinessBodySchema>;

export const createdBusinessSchema = z.object({ businessId: z.string().uuid(), storeId: z.string().uuid() });

export const createBusiness = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/businesses',
  summary: 'Admin mode: another business I own, with its system roles and first store',
  tags: ['businesses'],
  access: 'businesses.manage',
  body: createBusinessBodySchema,
  status: 201,
  response: createdBusinessSchema,
});

/** A store as added: what the locations list shows. */
export const addedStoreSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  alias: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  timeZone: z.string(),
});
export type AddedStore = z.infer<typeof addedStoreSchema>;

export const addBusinessStore = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/businesses/:businessId/stores',
  summary: 'Admin mode: a new store in a business I own (409 ALIAS_TAKEN when its code is in use there)',
  tags: ['businesses'],
  access: 'businesses.manage',
  params: businessParamsSchema,
  body: newStoreBodySchema,
  status: 201,
  response: addedStoreSchema,
});
