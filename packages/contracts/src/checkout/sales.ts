import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { positiveQuantitySchema, moneyMinorSchema } from '../catalog/quantities.js';

/**
 * The sale API. The till sends what was rung up and how it was paid; the server prices,
 * taxes and totals the sale itself with `priceCart` (checkout/pricing.ts), refuses a sale whose
 * client total disagrees (409 PRICE_CHANGED with the server's figures), takes the stock with guarded
 * decrements, numbers it from the store's gapless counter (`LEK-S000123`) and records one audit
 * event — all in one transaction. It needs an `Idempotency-Key`: a replay answers the first response,
 * the same key with another body is a 422, a missing key a 400. A sale the till completed while the
 * server could not be reached comes later with its `soldAt` and `offlineReference` and is accepted as
 * it was paid, each difference kept as a sale exception (sale-exceptions.ts; decision 0036).
 */

export const paymentMethods = ['cash', 'card', 'bank_transfer', 'mobile_money'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  mobile_money: 'Mobile money',
};

export const mobileMoneyProviders = ['mpesa', 'mtn_momo', 'airtel_money'] as const;
export type MobileMoneyProvider = (typeof mobileMoneyProviders)[number];

export const mobileMoneyProviderLabels: Record<MobileMoneyProvider, string> = {
  mpesa: 'M-Pesa',
  mtn_momo: 'MTN MoMo',
  airtel_money: 'Airtel Money',
};

/** An amount in minor units, or a percentage in basis points (10% = 1000). */
export const discountSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('amount'), value: moneyMinorSchema }),
  z.strictObject({
    type: z.literal('percent'),
    value: z.number().int('At most 2 decimals').min(0).max(10_000, 'At most 100%'),
  }),
]);

export const saleLineInputSchema = z.strictObject({
  variantId: z.string().uuid(),
  /** Whole for goods counted in units; up to 3 decimals for weighed goods. */
  quantity: positiveQuantitySchema,
  /** Needs checkout.discount. */
  discount: discountSchema.optional(),
  /**
   * An offline sale only (with `offlineReference`): the unit price the till charged from its copy of
   * the catalogue. The server records an offline sale at this price, as the customer paid it; without
   * an offline reference it is ignored (the server's price stands), so a till may always send it.
   */
  unitPriceMinor: moneyMinorSchema.optional(),
  /**
   * An offline sale only, like `unitPriceMinor`: the tax the till charged (rate in basis points, and
   * whether the price includes it). A rate changed while the till was offline stands as charged.
   */
  taxRateBasisPoints: z.number().int().min(0).max(10_000).optional(),
  taxInclusive: z.boolean().optional(),
});
export type SaleLineInput = z.infer<typeof saleLineInputSchema>;

/**
 * How money moved, besides its amount — the same fields for a tender of a sale and for a refund:
 * the method, and the terminal's or bank's reference, or the mobile money provider and phone.
 */
export const tenderDetailsShape = {
  method: z.enum(paymentMethods),
  /** Card, bank transfer, mobile money: the terminal's or the bank's reference. */
  reference: z.string().trim().max(80).optional(),
  provider: z.enum(mobileMoneyProviders).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{7,20}$/, 'Enter a phone number')
    .optional(),
};

/** Mobile money names its provider; the provider and phone belong to mobile money only. */
export function checkTenderDetails(
  t: { method: PaymentMethod; provider?: MobileMoneyProvider | undefined; phone?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (t.method === 'mobile_money' && !t.provider)
    ctx.addIssue({ code: 'custom', path: ['provider'], message: 'Choose the mobile money provider' });
  if (t.method !== 'mobile_money' && (t.provider || t.phone))
    ctx.addIssue({ code: 'custom', path: ['provider'], message: 'Only for mobile money' });
}

export const paymentInputSchema = z
  .strictObject({
    ...tenderDetailsShape,
    /** What this tender pays of the sale. */
    amountMinor: moneyMinorSchema.refine((v) => v > 0, 'Enter an amount above zero'),
    /** Cash only: what the customer handed over (at least the amount); the change is the difference. */
    tenderedMinor: moneyMinorSchema.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.method !== 'cash' && p.tenderedMinor !== undefined)
      ctx.addIssue({ code: 'custom', path: ['tenderedMinor'], message: 'Only cash is tendered' });
    if (p.method === 'cash' && p.tenderedMinor !== undefined && p.tenderedMinor < p.amountMinor)
      ctx.addIssue({ code: 'custom', path: ['tenderedMinor'], message: 'Less than the amount' });
    checkTenderDetails(p, ctx);
  });
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** How far ahead of the server's clock a till's `soldAt` may be (a device clock running fast). */
export const SOLD_AT_MAX_SKEW_MS = 2 * 60 * 1000;

/**
 * The reference a till gives a sale it completed without the server, printed on its receipt until
 * the final number comes: the store's alias, the register, `OFF` and the device's counter for that
 * register (`LEK-T1-OFF-0017`). Unique in the store.
 */
export const OFFLINE_REFERENCE_MAX = 40;
export const offlineReferenceSchema = z
  .string()
  .max(OFFLINE_REFERENCE_MAX)
  .regex(/^[A-Z]{2,5}-[A-Z0-9]{1,12}-OFF-[0-9]{1,12}$/, 'An offline reference looks like LEK-T1-OFF-0017');

export const createSaleBodySchema = z
  .strictObject({
    /** Generated by the till (UUID v7), so a retried sale is recognisably the same one. */
    id: z.string().uuid(),
    /** An open register session of the active store. */
    sessionId: z.string().uuid(),
    lines: z.array(saleLineInputSchema).min(1, 'Add an item').max(500),
    /** Needs checkout.discount. */
    cartDiscount: discountSchema.optional(),
    /** A customer contact of the business; none for a walk-in. */
    customerId: z.string().uuid().optional(),
    /** They add up to the total exactly; none only when the total is zero (everything discounted or free). */
    payments: z.array(paymentInputSchema).max(10),
    /** The total the till showed; the server's own total must match it, else 409 PRICE_CHANGED. */
    expectedTotalMinor: moneyMinorSchema,
    note: z.string().trim().max(500).optional(),
    /**
     * When the sale was made, if earlier than now: a sale completed on the device while the server
     * could not be reached. At most two minutes ahead of the server's clock and within the register
     * session; the sale counts on the store's day of this time. Absent: now.
     */
    soldAt: z.string().datetime({ offset: true }).optional(),
    /**
     * The reference the device printed for a sale it completed offline; with it the server accepts
     * the sale as it was paid (the lines' `unitPriceMinor`, stock below zero, an item archived since)
     * and records each difference as a sale exception.
     */
    offlineReference: offlineReferenceSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.lines.forEach((line, i) => {
      if (seen.has(line.variantId))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'variantId'],
          message: 'This item is already a line: change its quantity',
        });
      seen.add(line.variantId);
    });
    if (body.payments.length === 0 && body.expectedTotalMinor !== 0)
      ctx.addIssue({ code: 'custom', path: ['payments'], message: 'Add a payment' });
  });
export type CreateSaleBody = z.input<typeof createSaleBodySchema>;

const personSchema = z.object({ id: z.string().uuid(), name: z.string() });

export const saleLineSchema = z.object({
  lineNo: z.number().int(),
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  unitPriceMinor: z.number().int(),
  grossMinor: z.number().int(),
  lineDiscountMinor: z.number().int(),
  cartDiscountMinor: z.number().int(),
  taxRateId: z.string().uuid().nullable(),
  taxRateBasisPoints: z.number().int(),
  taxInclusive: z.boolean(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const salePaymentSchema = z.object({
  method: z.enum(paymentMethods),
  amountMinor: z.number().int(),
  tenderedMinor: z.number().int().nullable(),
  changeMinor: z.number().int(),
  reference: z.string().nullable(),
  provider: z.enum(mobileMoneyProviders).nullable(),
  phone: z.string().nullable(),
});

export const saleSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  storeId: z.string().uuid(),
  sessionId: z.string().uuid(),
  status: z.enum(['completed', 'voided']),
  cashier: personSchema,
  customerId: z.string().uuid().nullable(),
  lines: z.array(saleLineSchema),
  cartDiscount: discountSchema.nullable(),
  payments: z.array(salePaymentSchema),
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  changeMinor: z.number().int(),
  note: z.string().nullable(),
  /** When the sale was made (for an offline sale, the till's time of sale). */
  completedAt: z.string(),
  /** When the server recorded it: later than `completedAt` for a sale synced after being made offline. */
  recordedAt: z.string().nullable(),
  /** The reference the device printed while offline (`LEK-T1-OFF-0017`); null for a sale the server answered at once. */
  offlineReference: z.string().nullable(),
});
export type Sale = z.infer<typeof saleSchema>;

/** The server's figures, sent with 409 PRICE_CHANGED so the till can show what changed. */
export const priceChangedSchema = z.object({
  lines: z.array(
    z.object({ variantId: z.string().uuid(), unitPriceMinor: z.number().int(), totalMinor: z.number().int() }),
  ),
  totalMinor: z.number().int(),
});

/**
 * The `shortages` sent with 409 INSUFFICIENT_STOCK (the stock ledger's refusal): the on hand now of
 * each variant that would go below zero, and what was asked, so the till can show the line to fix.
 */
export const stockShortagesSchema = z.array(
  z.object({ variantId: z.string().uuid(), onHand: z.number(), requested: z.number() }),
);

export const createSale = defineEndpoint({
  method: 'POST',
  path: '/api/v1/sales',
  summary:
    'Complete a sale in the active store (Idempotency-Key required): priced by the server, fully paid, stock taken, numbered LEK-S000123',
  tags: ['checkout'],
  access: 'checkout.sell',
  idempotent: true,
  body: createSaleBodySchema,
  status: 201,
  response: saleSchema,
});
