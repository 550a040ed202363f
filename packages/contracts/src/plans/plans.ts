/**
 * Plans (decision 0017): Free, Growth and Business, each with limits on what a
 * business may hold — stores, active staff, active products — and on the sales it records in a
 * calendar month. The API enforces them (409 PLAN_LIMIT_REACHED); settings/plan shows the plan, the
 * usage of each limit, the plans side by side, and changes the plan (settings.plan, administrators).
 *
 * Prices are a fixed list per currency for the currencies we launch in (NGN, KSD, TZS) and USD;
 * a business keeping its books in another currency (EUR, GBP) sees the USD price. No payment is
 * taken in the app: a change is recorded and applies at once, and billing follows it.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import type { CurrencyCode } from '../businesses/currencies.js';

export const planIds = ['free', 'growth', 'business'] as const;
export type PlanId = (typeof planIds)[number];

/** What a plan limits, in the order the screens show them. */
export const planResources = ['stores', 'staff', 'products', 'salesPerMonth'] as const;
export type PlanResource = (typeof planResources)[number];

export type PlanLimits = Record<PlanResource, number>;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** One line on who it is for. */
  summary: string;
  limits: PlanLimits;
  /** The monthly price in minor units, per currency of the price list (see `planPrice`). */
  monthlyPriceMinor: Record<PlanPriceCurrency, number>;
}

/** The currencies of the price list; any other business currency is shown the USD price. */
export const planPriceCurrencies = ['NGN', 'KSD', 'TZS', 'USD'] as const satisfies readonly CurrencyCode[];
export type PlanPriceCurrency = (typeof planPriceCurrencies)[number];

/** The plans, smallest first. A plan's limits never shrink across this list. */
export const plans: readonly PlanDefinition[] = [
  {
    id: 'free',
    name: 'Free',
    summary: 'One shop with a small team and catalogue.',
    limits: { stores: 1, staff: 3, products: 250, salesPerMonth: 1_000 },
    monthlyPriceMinor: { NGN: 0, KSD: 0, TZS: 0, USD: 0 },
  },
  {
    id: 'growth',
    name: 'Growth',
    summary: 'A few shops, their staff and a full catalogue.',
    limits: { stores: 3, staff: 15, products: 5_000, salesPerMonth: 10_000 },
    monthlyPriceMinor: { NGN: 15_000_00, KSD: 1_500_00, TZS: 25_000_00, USD: 10_00 },
  },
  {
    id: 'business',
    name: 'Business',
    summary: 'A chain of shops with many staff and a large catalogue.',
    limits: { stores: 20, staff: 200, products: 100_000, salesPerMonth: 200_000 },
    monthlyPriceMinor: { NGN: 45_000_00, KSD: 4_500_00, TZS: 75_000_00, USD: 30_00 },
  },
];

export const DEFAULT_PLAN: PlanId = 'free';

export function planOf(id: PlanId): PlanDefinition {
  const plan = plans.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export function isPlanId(value: string): value is PlanId {
  return (planIds as readonly string[]).includes(value);
}

/** What a plan costs a business a month: in its currency where the list has it, else in USD. */
export function planPrice(
  plan: PlanDefinition,
  currency: CurrencyCode,
): { currency: PlanPriceCurrency; amountMinor: number } {
  const listed = (planPriceCurrencies as readonly string[]).includes(currency)
    ? (currency as PlanPriceCurrency)
    : 'USD';
  return { currency: listed, amountMinor: plan.monthlyPriceMinor[listed] };
}

/** The names of the limits as people read them: "Stores: 2 of 3". */
export const planResourceLabels: Record<PlanResource, { name: string; unit: string; units: string }> = {
  stores: { name: 'Stores', unit: 'store', units: 'stores' },
  staff: { name: 'Staff', unit: 'active staff member', units: 'active staff members' },
  products: { name: 'Products', unit: 'active product', units: 'active products' },
  salesPerMonth: { name: 'Sales this month', unit: 'sale this month', units: 'sales this month' },
};

/** The limits a usage exceeds on a plan (a downgrade below them is refused). */
export function limitsExceeded(plan: PlanDefinition, usage: PlanLimits): PlanResource[] {
  return planResources.filter((r) => usage[r] > plan.limits[r]);
}

// ---------------------------------------------------------------- the endpoints

const priceSchema = z.object({ currency: z.enum(planPriceCurrencies), amountMinor: z.number().int() });
const limitsSchema = z.object({
  stores: z.number().int(),
  staff: z.number().int(),
  products: z.number().int(),
  salesPerMonth: z.number().int(),
});

export const planSummarySchema = z.object({
  id: z.enum(planIds),
  name: z.string(),
  summary: z.string(),
  limits: limitsSchema,
  price: priceSchema,
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const businessPlanSchema = z.object({
  plan: planSummarySchema,
  /** What the business holds now, per limit; sales count the current calendar month of each store. */
  usage: limitsSchema,
  /** Every plan, smallest first, priced for the business. */
  plans: z.array(planSummarySchema),
  /** When the plan last changed (null: since the business was created). */
  changedAt: z.string().nullable(),
  version: z.number().int(),
});
export type BusinessPlan = z.infer<typeof businessPlanSchema>;

export const changePlanBodySchema = z.strictObject({
  version: z.number().int().positive(),
  plan: z.enum(planIds, 'Choose a plan'),
});
export type ChangePlanBody = z.input<typeof changePlanBodySchema>;

export const getPlan = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plan',
  summary: 'The business’s plan, its limits, what the business uses of each, and every plan to compare',
  tags: ['plans'],
  access: 'settings.plan',
  status: 200,
  response: businessPlanSchema,
});

export const changePlan = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/plan',
  summary:
    'Change the plan at the version read; a plan below what the business uses is refused (409 PLAN_LIMIT_REACHED, naming what is over)',
  tags: ['plans'],
  access: 'settings.plan',
  body: changePlanBodySchema,
  status: 200,
  response: businessPlanSchema,
});

/** The extra fields of a 409 PLAN_LIMIT_REACHED problem. */
export const planLimitProblemSchema = z.object({
  plan: z.enum(planIds),
  /** The limits in the way: the one an action would pass, or every one a downgrade would. */
  limits: z.array(z.object({ resource: z.enum(planResources), limit: z.number().int(), usage: z.number().int() })),
});
export type PlanLimitProblem = z.infer<typeof planLimitProblemSchema>;
