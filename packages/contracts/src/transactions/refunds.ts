import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { positiveQuantitySchema, toThousandths } from '../catalog/quantities.js';
import { mulDivRound } from '../checkout/pricing.js';
import { checkTenderDetails, mobileMoneyProviders, paymentMethods, tenderDetailsShape } from '../checkout/sales.js';

/**
 * Refunds (transactions.refund): chosen lines and quantities of a completed sale, never more than
 * sold minus already refunded; each line back on the shelf (a `refund` movement) or not (damaged);
 * paid back by one method. A line's refunded amount and tax are its exact share of what was paid:
 * refunding all of a line over several refunds returns its total to the kobo. A cash refund comes
 * out of an open register of the store (`sessionId`), whose expected cash it lowers. Idempotent:
 * the till sends an `Idempotency-Key` and its own refund id.
 */
/**
 * The part of a sale line's amount (its total, or its tax) that refunding `quantity` more pays back,
 * after `refundedBefore` was already refunded of `soldQuantity`:
 *   round(amount × (refundedBefore + quantity) / sold) − round(amount × refundedBefore / sold)
 * rounded half away from zero. Taking the difference of cumulative shares means the refunds of a whole
 * line add up to its amount exactly, however it is split. Quantities are exact to 3 decimals
 * (integer thousandths inside). The server charges this and the web previews it: one formula.
 */
export function refundShareMinor(args: {
  amountMinor: number;
  soldQuantity: number;
  refundedBefore: number;
  quantity: number;
}): number {
  const sold = toThousandths(args.soldQuantity);
  if (sold <= 0) return 0;
  const before = toThousandths(args.refundedBefore);
  const after = before + toThousandths(args.quantity);
  return mulDivRound(args.amountMinor, after, sold) - mulDivRound(args.amountMinor, before, sold);
}

export const refundLineInputSchema = z.strictObject({
  /** The sale line (its lineNo). */
  lineNo: z.number().int().min(1),
  quantity: positiveQuantitySchema,
  /** True: the goods go back into stock; false: they are not sellable (damaged, opened). */
  restock: z.boolean(),
});

export const createRefundBodySchema = z
  .strictObject({
    id: z.string().uuid(),
    lines: z.array(refundLineInputSchema).min(1, 'Choose what is refunded').max(500),
    ...tenderDetailsShape,
    /** Required for cash: the open register session that pays it out. */
    sessionId: z.string().uuid().optional(),
    reason: z.string().trim().min(1, 'Say why').max(200, 'Use at most 200 characters'),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.lines.forEach((line, i) => {
      if (seen.has(line.lineNo))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'lineNo'], message: 'This line is already chosen' });
      seen.add(line.lineNo);
    });
    if (body.method === 'cash' && !body.sessionId)
      ctx.addIssue({ code: 'custom', path: ['sessionId'], message: 'Cash is refunded from an open register' });
    checkTenderDetails(body, ctx);
  });
export type CreateRefundBody = z.input<typeof createRefundBodySchema>;

export const refundSchema = z.object({
  id: z.string().uuid(),
  /** `LEK-RF000001`. */
  number: z.string(),
  saleId: z.string().uuid(),
  sessionId: z.string().uuid().nullable(),
  createdAt: z.string(),
  by: z.object({ id: z.string().uuid(), name: z.string() }),
  reason: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string().nullable(),
  provider: z.enum(mobileMoneyProviders).nullable(),
  phone: z.string().nullable(),
  totalMinor: z.number().int(),
  taxMinor: z.number().int(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      variantId: z.string().uuid(),
      name: z.string(),
      quantity: z.number(),
      totalMinor: z.number().int(),
      taxMinor: z.number().int(),
      restocked: z.boolean(),
    }),
  ),
});
export type Refund = z.infer<typeof refundSchema>;

export const saleParamsSchema = z.object({ saleId: z.string().uuid() });

export const createRefund = defineEndpoint({
  method: 'POST',
  path: '/api/v1/sales/:saleId/refunds',
  summary:
    'Refund chosen lines and quantities of a sale (Idempotency-Key required): never more than sold minus refunded (409 REFUND_EXCEEDS_SALE), restocked or not, numbered LEK-RF000001',
  tags: ['transactions'],
  access: 'transactions.refund',
  idempotent: true,
  params: saleParamsSchema,
  body: createRefundBodySchema,
  status: 201,
  response: refundSchema,
});

export const voidSale = defineEndpoint({
  method: 'POST',
  path: '/api/v1/sales/:saleId/void',
  summary:
    'Void a sale while its register session is still open (Idempotency-Key required): every line back in stock, its payments no longer counted (409 VOID_SESSION_CLOSED, SALE_HAS_REFUNDS, SALE_VOIDED)',
  tags: ['transactions'],
  access: 'transactions.void',
  idempotent: true,
  params: saleParamsSchema,
  body: z.strictObject({ reason: z.string().trim().min(1, 'Say why').max(200, 'Use at most 200 characters') }),
  status: 200,
  response: z.object({ id: z.string().uuid(), status: z.literal('voided'), voidedAt: z.string() }),
});
