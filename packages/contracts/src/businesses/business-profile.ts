/**
 * The business profile (spec `settings/store-details`): name, logo, address, phone,
 * email, country, currency (changeable only before the first sale), tax id, receipt header and footer.
 * Read and changed with settings.business (administrators); the logo is read by anyone working there
 * (it may be printed on their documents).
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { addedStoreSchema, newStoreBodySchema } from './businesses.js';
import { businessNameSchema, countryCodeSchema, currencyCodes } from './currencies.js';

export const businessProfileSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  country: z.string(),
  currency: z.enum(currencyCodes),
  taxId: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  receiptHeader: z.string().nullable(),
  receiptFooter: z.string().nullable(),
  /** Changes with every new logo (null: none), so a cached copy is never stale. */
  logoVersion: z.number().int().nullable(),
  /** A sale was made: the currency can no longer change. */
  currencyLocked: z.boolean(),
  version: z.number().int(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

/** Optional text: trimmed, empty means none. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const updateBusinessProfileBodySchema = z.strictObject({
  version: z.number().int().positive(),
  name: businessNameSchema,
  country: countryCodeSchema,
  currency: z.enum(currencyCodes, 'Choose a currency'),
  taxId: optionalText(40, 'At most 40 characters'),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+0-9 ()-]*$/, 'Digits, spaces and + ( ) - only')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === '' || z.string().email().safeParse(v).success, 'Enter an email address')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  address: optionalText(200, 'At most 200 characters'),
  receiptHeader: optionalText(200, 'At most 200 characters'),
  receiptFooter: optionalText(300, 'At most 300 characters'),
});
export type UpdateBusinessProfileBody = z.input<typeof updateBusinessProfileBodySchema>;

/** PNG and JPEG only: the logo is printed on receipts, invoices and purchase orders, whose PDFs take no WebP. */
export const businessLogoTypes = ['image/jpeg', 'image/png'] as const;
export const MAX_BUSINESS_LOGO_BYTES = 512 * 1024;

export const getBusinessProfile = defineEndpoint({
  method: 'GET',
  path: '/api/v1/business-profile',
  summary: 'The active store’s business: its profile, and whether its currency is locked by a sale',
  tags: ['businesses'],
  access: 'settings.business',
  status: 200,
  response: businessProfileSchema,
});

export const updateBusinessProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/business-profile',
  summary: 'Change the business profile at the version read (409 CURRENCY_LOCKED after the first sale)',
  tags: ['businesses'],
  access: 'settings.business',
  body: updateBusinessProfileBodySchema,
  status: 200,
  response: businessProfileSchema,
});

export const putBusinessLogo = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/business-profile/logo',
  summary: 'Upload the business logo (JPEG or PNG, at most 512 kB; the bytes must match the type)',
  tags: ['businesses'],
  access: 'settings.business',
  rawBody: { contentTypes: businessLogoTypes, maxBytes: MAX_BUSINESS_LOGO_BYTES },
  status: 200,
  response: businessProfileSchema,
});

export const deleteBusinessLogo = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/business-profile/logo',
  summary: 'Remove the business logo',
  tags: ['businesses'],
  access: 'settings.business',
  status: 200,
  response: businessProfileSchema,
});

export const getBusinessLogo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/business-profile/logo',
  summary: 'The logo bytes (send ?v=<logoVersion>: the answer for a version never changes)',
  tags: ['businesses'],
  access: 'dashboard.view',
  query: z.object({ v: z.coerce.number().int().min(0).optional() }),
  produces: 'image/*',
  status: 200,
  response: z.unknown(),
});

/** A store of the business with where it is: the same shape a new store is answered with. */
export const businessProfileStoreSchema = addedStoreSchema;
export type BusinessProfileStore = z.infer<typeof businessProfileStoreSchema>;

export const listBusinessProfileStores = defineEndpoint({
  method: 'GET',
  path: '/api/v1/business-profile/locations',
  summary: 'The business’s stores with where they are, for store details',
  tags: ['businesses'],
  access: 'settings.business',
  status: 200,
  response: z.object({ items: z.array(businessProfileStoreSchema) }),
});

export const addBusinessProfileStore = defineEndpoint({
  method: 'POST',
  path: '/api/v1/business-profile/locations',
  summary: 'Add a store to the business (409 ALIAS_TAKEN when its code is in use there)',
  tags: ['businesses'],
  access: 'settings.business',
  body: newStoreBodySchema,
  status: 201,
  response: businessProfileStoreSchema,
});
