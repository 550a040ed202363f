import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';

/** 100% in basis points: a rate is 0..10000 (7.5% = 750). */
export const MAX_TAX_RATE_BASIS_POINTS = 10_000;

export const taxRateNameSchema = z.string().trim().min(1, 'Enter a name').max(60, 'Use at most 60 characters');

export const rateBasisPointsSchema = z
  .number({ error: 'Enter a rate from 0 to 100 with at most 2 decimals' })
  .int('Enter a rate with at most 2 decimals')
  .min(0, 'A rate cannot be negative')
  .max(MAX_TAX_RATE_BASIS_POINTS, 'A rate cannot be more than 100%');

/** The optimistic-concurrency token of a record: send back the version you read; a stale one is a 409. */
const versionSchema = z.number().int().min(1);

/** A named tax rate of the business. Never deleted (sales refer to it): it is deactivated. */
export const taxRateSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** 7.5% = 750. */
  rateBasisPoints: z.number().int().min(0).max(MAX_TAX_RATE_BASIS_POINTS),
  /** Inclusive: already in the selling price. Exclusive: added on top of it. */
  isInclusive: z.boolean(),
  /** The business default (at most one; always active). */
  isDefault: z.boolean(),
  isActive: z.boolean(),
  /** Referenced by products or documents: its rate and inclusiveness can no longer change. */
  isUsed: z.boolean(),
  version: z.number().int(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const taxRateParamsSchema = z.object({ taxRateId: z.string().uuid() });

export const listTaxRatesQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
  /** `true` lists deactivated rates too; by default only active ones (what the register may charge). */
  includeInactive: z.enum(['true', 'false']).optional(),
});

export const listTaxRates = defineEndpoint({
  method: 'GET',
  path: '/api/v1/tax-rates',
  summary: 'The tax rates of the business of the active store (the default first, then by name)',
  tags: ['taxes'],
  access: 'inventory.view',
  query: listTaxRatesQuerySchema,
  status: 200,
  response: pageOf(taxRateSchema),
});

export const createTaxRateBodySchema = z.strictObject({
  name: taxRateNameSchema,
  rateBasisPoints: rateBasisPointsSchema,
  isInclusive: z.boolean(),
  /** Making it the default unsets the previous default. */
  isDefault: z.boolean().default(false),
});
export type CreateTaxRateBody = z.input<typeof createTaxRateBodySchema>;

export const createTaxRate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/tax-rates',
  summary: 'Create a tax rate (a duplicate name is 409 TAX_RATE_NAME_TAKEN)',
  tags: ['taxes'],
  access: 'settings.tax',
  body: createTaxRateBodySchema,
  status: 201,
  response: taxRateSchema,
});

export const updateTaxRateBodySchema = z.strictObject({
  version: versionSchema,
  name: taxRateNameSchema.optional(),
  /** Only while the rate is unused (409 TAX_RATE_IN_USE otherwise). */
  rateBasisPoints: rateBasisPointsSchema.optional(),
  /** Only while the rate is unused (409 TAX_RATE_IN_USE otherwise). */
  isInclusive: z.boolean().optional(),
  /** Makes this (active) rate the default and unsets the previous one; to move the default, set another. */
  isDefault: z.literal(true).optional(),
});
export type UpdateTaxRateBody = z.input<typeof updateTaxRateBodySchema>;

export const updateTaxRate = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/tax-rates/:taxRateId',
  summary: 'Rename a tax rate, change its rate while unused, or make it the default (stale version: 409)',
  tags: ['taxes'],
  access: 'settings.tax',
  params: taxRateParamsSchema,
  body: updateTaxRateBodySchema,
  status: 200,
  response: taxRateSchema,
});

export const taxRateVersionBodySchema = z.strictObject({ version: versionSchema });

export const deactivateTaxRate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/tax-rates/:taxRateId/deactivate',
  summary: 'Deactivate a tax rate (the default cannot be: 409 TAX_RATE_IS_DEFAULT); rates are never deleted',
  tags: ['taxes'],
  access: 'settings.tax',
  params: taxRateParamsSchema,
  body: taxRateVersionBodySchema,
  status: 200,
  response: taxRateSchema,
});

export const reactivateTaxRate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/tax-rates/:taxRateId/reactivate',
  summary: 'Reactivate a deactivated tax rate',
  tags: ['taxes'],
  access: 'settings.tax',
  params: taxRateParamsSchema,
  body: taxRateVersionBodySchema,
  status: 200,
  response: taxRateSchema,
});

// ---------------------------------------------------------------- percent <-> basis points, exactly

const PERCENT = /^(\d{1,3})(?:[.,](\d{0,2}))?$/;

/**
 * A percentage typed by a person ("7.5", "12.25", "0", "100") as basis points, by string arithmetic so
 * no float rounding can creep in (7.5 → 750, 12.25 → 1225). NaN for anything else, including more than
 * 2 decimals ("7.125") or a sign; the range is the schema's to check.
 */
export function percentToBasisPoints(text: string): number {
  const match = PERCENT.exec(text.trim());
  if (!match) return Number.NaN;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Basis points as a percentage with up to 2 decimals and no trailing zeros: 750 → "7.5", 1225 → "12.25". */
export function basisPointsToPercent(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
