/**
 * A store's own settings (spec `settings/store-details/location/{id}`): where it is,
 * how it is reached, the calendar its days are counted in, whether stock may go below zero, and above
 * what value waste waits for approval. Read by anyone working in the store; changed with
 * `settings.store` there.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { moneyMinorSchema } from '../catalog/quantities.js';
import { contactPhoneSchema } from '../contacts/contacts.js';
import { isTimeZone } from './store-time.js';

/** A store's time zone: an IANA Region/City the runtime knows. */
export const timeZoneSchema = z
  .string()
  .refine(isTimeZone, 'Choose a time zone from the list (Region/City, e.g. Africa/Lagos)');

/** The zones offered first: where iPos's shops are. */
export const commonStoreTimeZones = [
  'Africa/Lagos',
  'Africa/Nairobi',
  'Africa/Dar_es_Salaam',
  'Africa/Kampala',
  'Africa/Accra',
  'Africa/Johannesburg',
  'Africa/Cairo',
  'Europe/London',
] as const;

export const storeSettingsSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  alias: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** The store's calendar: its days, reports, due dates and document dates. */
  timeZone: z.string(),
  /** Whether tracked goods may go below zero here (sales, adjustments, transfers out). */
  allowNegativeStock: z.boolean(),
  /** Waste worth more than this, recorded without waste.approve, waits for a manager's approval. */
  wasteApprovalThresholdMinor: z.number().int(),
  version: z.number().int(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

export const storeParamsSchema = z.object({ storeId: z.string().uuid() });

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

export const updateStoreSettingsBodySchema = z.strictObject({
  /** The version read; a store changed since is a 409 VERSION_CONFLICT. */
  version: z.number().int().positive(),
  name: z.string().trim().min(1, 'Enter the store’s name').max(80, 'The name is at most 80 characters').optional(),
  address: optionalText(300, 'The address').optional(),
  phone: contactPhoneSchema.nullable().optional(),
  timeZone: timeZoneSchema.optional(),
  allowNegativeStock: z.boolean().optional(),
  wasteApprovalThresholdMinor: moneyMinorSchema.optional(),
});
export type UpdateStoreSettingsBody = z.input<typeof updateStoreSettingsBodySchema>;

export const getStoreSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stores/:storeId/settings',
  summary: 'A store’s settings: name, address, phone, time zone, negative stock, waste approval threshold',
  tags: ['stores'],
  access: 'dashboard.view',
  params: storeParamsSchema,
  status: 200,
  response: storeSettingsSchema,
});

export const updateStoreSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/stores/:storeId/settings',
  summary:
    'Change a store’s settings (the fields sent); a new time zone moves its past sales to the days of that zone in the reports',
  tags: ['stores'],
  access: 'settings.store',
  params: storeParamsSchema,
  body: updateStoreSettingsBodySchema,
  status: 200,
  response: storeSettingsSchema,
});

// ---------------------------------------------------------------- the alias (spec `settings/alias`)

/** The store's code: 2–5 capital letters, unique in the business; the prefix of its document numbers. */
export const storeAliasSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2,5}$/, 'Use 2 to 5 letters (A–Z), e.g. LEK'));

export const storeAliasResponseSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  alias: z.string(),
  /** The name printed on receipts, invoices and purchase orders; the store's name when null. */
  displayName: z.string().nullable(),
  version: z.number().int(),
});
export type StoreAlias = z.infer<typeof storeAliasResponseSchema>;

export const updateStoreAliasBodySchema = z.strictObject({
  version: z.number().int().positive(),
  alias: storeAliasSchema,
  displayName: z
    .string()
    .trim()
    .max(80, 'The display name is at most 80 characters')
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type UpdateStoreAliasBody = z.input<typeof updateStoreAliasBodySchema>;

/** "LEK-S000001": what a store's next numbers look like under an alias. */
export const exampleDocumentNumber = (alias: string) => `${alias}-S000001`;

export const getStoreAlias = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stores/:storeId/alias',
  summary: 'A store’s alias (its document numbers’ prefix) and the display name on its documents',
  tags: ['stores'],
  access: 'settings.alias',
  params: storeParamsSchema,
  status: 200,
  response: storeAliasResponseSchema,
});

export const updateStoreAlias = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/stores/:storeId/alias',
  summary:
    'Change a store’s alias (used by its next document numbers; earlier numbers stay) and display name; 409 ALIAS_TAKEN when another store of the business has it',
  tags: ['stores'],
  access: 'settings.alias',
  params: storeParamsSchema,
  body: updateStoreAliasBodySchema,
  status: 200,
  response: storeAliasResponseSchema,
});
