import { z } from 'zod';
import { defineEndpoint, noContent } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { entityEventsSchema } from '../audit/entity-events.js';
import { documentEmailBodySchema, documentEmailedSchema } from '../documents/document-mail.js';
import { moneyMinorSchema, positiveQuantitySchema } from '../catalog/quantities.js';
import { productUnits } from '../catalog/products.js';
import {
  checkTenderDetails,
  discountSchema,
  mobileMoneyProviders,
  paymentMethods,
  tenderDetailsShape,
} from '../checkout/sales.js';
import { checkDayRange, isoDateSchema } from '../stores/store-time.js';

/**
 * Invoices (`invoice` section): selling on credit to a customer. A draft is edited freely and has no
 * number and no stock effect; issuing numbers it (`LEK-INV000042`) and takes its product lines out of
 * stock (`sale` movements, ref_type `invoice`); payments in any method, partial or full, until it is
 * paid; voiding an issued invoice without payments (reason required) puts the stock back. Overdue is
 * derived: issued, not fully paid, and due before today in the store's time zone. Priced by the same
 * `priceCart` as the till (line and invoice discounts, inclusive or exclusive tax per line).
 */
export const invoiceStatuses = ['draft', 'issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** What a person reads: the status, with issued split by what is paid and when it is due. */
export const invoiceStates = ['draft', 'unpaid', 'partially_paid', 'overdue', 'paid', 'void'] as const;
export type InvoiceState = (typeof invoiceStates)[number];

export const invoiceStateLabels: Record<InvoiceState, string> = {
  draft: 'Draft',
  unpaid: 'Unpaid',
  partially_paid: 'Partly paid',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** The state of an invoice on a given day (YYYY-MM-DD, the store's today). */
export function invoiceState(
  invoice: { status: InvoiceStatus; dueDate: string; totalMinor: number; paidMinor: number },
  today: string,
): InvoiceState {
  if (invoice.status !== 'issued') return invoice.status;
  if (invoice.dueDate < today) return 'overdue';
  return invoice.paidMinor > 0 ? 'partially_paid' : 'unpaid';
}

const personSchema = z.object({ id: z.string().uuid(), name: z.string() });

export const invoiceParamsSchema = z.object({ invoiceId: z.string().uuid() });

// ---------------------------------------------------------------- drafts

/**
 * A product line names a variant (its name, SKU and tax rate come from the catalogue); a service
 * line has a description and an optional tax rate. Both carry the price charged (the store's price
 * is only the default on screen) and an optional discount.
 */
export const invoiceLineInputSchema = z
  .strictObject({
    variantId: z.string().uuid().optional(),
    description: z.string().trim().min(1, 'Describe the service').max(200, 'Use at most 200 characters').optional(),
    quantity: positiveQuantitySchema,
    unitPriceMinor: moneyMinorSchema,
    discount: discountSchema.optional(),
    /** Service lines only: a tax rate of the business; product lines use the product's. */
    taxRateId: z.string().uuid().optional(),
  })
  .superRefine((line, ctx) => {
    if (!line.variantId && !line.description)
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'Choose a product or describe the service' });
    if (line.variantId && line.taxRateId)
      ctx.addIssue({ code: 'custom', path: ['taxRateId'], message: "A product line uses the product's tax rate" });
  });
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

const draftFieldsShape = {
  /** A customer contact of the business (not archived). */
  customerId: z.string().uuid(),
  issueDate: isoDateSchema,
  dueDate: isoDateSchema,
  lines: z.array(invoiceLineInputSchema).min(1, 'Add a line').max(200),
  /** A discount on the whole invoice, shared over the lines like a cart discount. */
  cartDiscount: discountSchema.optional(),
  notes: z.string().trim().max(2000, 'Use at most 2000 characters').optional(),
  /** Payment terms printed on the invoice ("Pay within 14 days to …"). */
  terms: z.string().trim().max(2000, 'Use at most 2000 characters').optional(),
};

function checkDraft(
  body: { issueDate: string; dueDate: string; lines: { variantId?: string | undefined }[] },
  ctx: z.RefinementCtx,
) {
  if (body.dueDate < body.issueDate)
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'The due date is before the issue date' });
  const seen = new Set<string>();
  body.lines.forEach((line, i) => {
    if (!line.variantId) return;
    if (seen.has(line.variantId))
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i, 'variantId'],
        message: 'This product is already a line: change its quantity',
      });
    seen.add(line.variantId);
  });
}

export const createInvoiceBodySchema = z
  .strictObject({
    /** From the client, so a retried create is the same draft. */
    id: z.string().uuid(),
    ...draftFieldsShape,
  })
  .superRefine(checkDraft);
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;

export const updateInvoiceBodySchema = z
  .strictObject({ ...draftFieldsShape, version: z.number().int().min(1) })
  .superRefine(checkDraft);
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBodySchema>;

// ---------------------------------------------------------------- the invoice as read

export const invoiceLineSchema = z.object({
  lineNo: z.number().int(),
  kind: z.enum(['product', 'service']),
  productId: z.string().uuid().nullable(),
  variantId: z.string().uuid().nullable(),
  description: z.string(),
  sku: z.string().nullable(),
  /** each for a service. */
  unit: z.enum(productUnits),
  quantity: z.number(),
  unitPriceMinor: z.number().int(),
  discount: discountSchema.nullable(),
  grossMinor: z.number().int(),
  lineDiscountMinor: z.number().int(),
  cartDiscountMinor: z.number().int(),
  taxRateId: z.string().uuid().nullable(),
  taxRateBasisPoints: z.number().int(),
  taxInclusive: z.boolean(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePaymentSchema = z.object({
  id: z.string().uuid(),
  method: z.enum(paymentMethods),
  amountMinor: z.number().int(),
  reference: z.string().nullable(),
  provider: z.enum(mobileMoneyProviders).nullable(),
  phone: z.string().nullable(),
  paidOn: z.string(),
  note: z.string().nullable(),
  recordedBy: personSchema,
  createdAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceSummarySchema = z.object({
  id: z.string().uuid(),
  /** Null while a draft. */
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  state: z.enum(invoiceStates),
  customer: personSchema,
  issueDate: z.string(),
  dueDate: z.string(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  /** total − paid for issued invoices; 0 for drafts, paid and void ones. */
  balanceMinor: z.number().int(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  storeId: z.string().uuid(),
  /** The seller's tax id from the business profile, printed under the seller; null when it has none. */
  businessTaxId: z.string().nullable(),
  customer: personSchema.extend({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    taxId: z.string().nullable(),
  }),
  lines: z.array(invoiceLineSchema),
  cartDiscount: discountSchema.nullable(),
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  payments: z.array(invoicePaymentSchema),
  createdBy: personSchema.nullable(),
  issuedAt: z.string().nullable(),
  issuedBy: personSchema.nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: personSchema.nullable(),
  voidReason: z.string().nullable(),
  version: z.number().int(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

// ---------------------------------------------------------------- endpoints

export const listInvoicesQuerySchema = pageQuerySchema
  .extend({
    state: z.enum(invoiceStates).optional(),
    customerId: z.string().uuid().optional(),
    /** Issue date from and to, inclusive. */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** A whole number (`LEK-INV000042`) or its digits. */
    number: z.string().trim().max(40).optional(),
  })
  .superRefine(checkDayRange);
export type ListInvoicesQuery = z.input<typeof listInvoicesQuerySchema>;

export const listInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/invoices',
  summary:
    'Invoices of the active store, newest first: filter by state, customer, issue dates, number; with what is outstanding and overdue',
  tags: ['invoices'],
  access: 'invoices.view',
  query: listInvoicesQuerySchema,
  status: 200,
  response: pageOf(invoiceSummarySchema).extend({
    /** Over the whole filtered set, not only this page: balances of issued invoices. */
    totals: z.object({
      outstandingMinor: z.number().int(),
      outstandingCount: z.number().int(),
      overdueMinor: z.number().int(),
      overdueCount: z.number().int(),
    }),
  }),
});

export const getInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/v1/invoices/:invoiceId',
  summary: 'One invoice with its lines and payments',
  tags: ['invoices'],
  access: 'invoices.view',
  params: invoiceParamsSchema,
  status: 200,
  response: invoiceSchema,
});

export const listInvoiceEvents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/invoices/:invoiceId/events',
  summary: "The invoice's timeline (its audit trail), oldest first",
  tags: ['invoices'],
  access: 'invoices.view',
  params: invoiceParamsSchema,
  status: 200,
  response: entityEventsSchema,
});

export const createInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/invoices',
  summary: 'A draft invoice for a customer of the business (no number, no stock effect yet)',
  tags: ['invoices'],
  access: 'invoices.manage',
  body: createInvoiceBodySchema,
  status: 201,
  response: invoiceSchema,
});

export const updateInvoice = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/invoices/:invoiceId',
  summary: 'Change a draft (409 INVOICE_NOT_DRAFT once issued; VERSION_CONFLICT on a stale version)',
  tags: ['invoices'],
  access: 'invoices.manage',
  params: invoiceParamsSchema,
  body: updateInvoiceBodySchema,
  status: 200,
  response: invoiceSchema,
});

export const deleteInvoice = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/invoices/:invoiceId',
  summary: 'Discard a draft (an issued invoice is voided, never deleted)',
  tags: ['invoices'],
  access: 'invoices.manage',
  params: invoiceParamsSchema,
  status: 204,
  response: noContent,
});

export const issueInvoiceBodySchema = z.strictObject({ version: z.number().int().min(1) });

export const issueInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/invoices/:invoiceId/issue',
  summary: 'Issue a draft: numbered LEK-INV000042, product lines leave stock (409 INSUFFICIENT_STOCK)',
  tags: ['invoices'],
  access: 'invoices.manage',
  params: invoiceParamsSchema,
  body: issueInvoiceBodySchema,
  status: 200,
  response: invoiceSchema,
});

export const recordInvoicePaymentBodySchema = z
  .strictObject({
    /** From the client, so a retried payment is the same one. */
    id: z.string().uuid(),
    ...tenderDetailsShape,
    /** At most the balance (409 INVOICE_OVERPAYMENT). */
    amountMinor: moneyMinorSchema.refine((v) => v > 0, 'Enter an amount above zero'),
    /** The day the money came in; today (store's zone) when left out. */
    paidOn: isoDateSchema.optional(),
    note: z.string().trim().max(500).optional(),
  })
  .superRefine(checkTenderDetails);
export type RecordInvoicePaymentBody = z.input<typeof recordInvoicePaymentBodySchema>;

export const recordInvoicePayment = defineEndpoint({
  method: 'POST',
  path: '/api/v1/invoices/:invoiceId/payments',
  summary:
    'Record a payment on an issued invoice (Idempotency-Key required); paid in full → paid. 409 INVOICE_OVERPAYMENT above the balance',
  tags: ['invoices'],
  access: 'invoices.manage',
  idempotent: true,
  params: invoiceParamsSchema,
  body: recordInvoicePaymentBodySchema,
  status: 201,
  response: invoiceSchema,
});

export const voidInvoiceBodySchema = z.strictObject({
  version: z.number().int().min(1),
  reason: z.string().trim().min(1, 'Say why').max(200, 'Use at most 200 characters'),
});
export type VoidInvoiceBody = z.input<typeof voidInvoiceBodySchema>;

export const voidInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/invoices/:invoiceId/void',
  summary: 'Void an issued invoice without payments: stock comes back (409 INVOICE_HAS_PAYMENTS)',
  tags: ['invoices'],
  access: 'invoices.manage',
  params: invoiceParamsSchema,
  body: voidInvoiceBodySchema,
  status: 200,
  response: invoiceSchema,
});

export const invoicePdf = defineEndpoint({
  method: 'GET',
  path: '/api/v1/invoices/:invoiceId/pdf',
  summary: 'The invoice as an A4 PDF (store, customer, lines, taxes, totals, payments, balance, terms)',
  tags: ['invoices'],
  access: 'invoices.view',
  params: invoiceParamsSchema,
  produces: 'application/pdf',
  status: 200,
  response: z.unknown(),
});

/** The customer's email unless another is given. */
export const emailInvoiceBodySchema = documentEmailBodySchema;
export type EmailInvoiceBody = z.input<typeof emailInvoiceBodySchema>;

export const emailInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/v1/invoices/:invoiceId/email',
  summary: 'Email the invoice PDF to the customer (issued, paid or void; 422 without an address)',
  tags: ['invoices'],
  access: 'invoices.manage',
  params: invoiceParamsSchema,
  body: emailInvoiceBodySchema,
  status: 200,
  response: documentEmailedSchema,
});
