import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { currencyCodes } from '../businesses/currencies.js';
import { saleDetailSchema } from '../transactions/transactions.js';
import { saleParamsSchema } from '../transactions/refunds.js';

/**
 * Receipts: what is printed on 58 mm or 80 mm thermal paper (the browser prints the receipt view
 * with a print stylesheet), downloaded as a PDF of the same layout, or mailed to the customer.
 */
export const receiptPaperWidths = ['58', '80'] as const;
export type ReceiptPaperWidth = (typeof receiptPaperWidths)[number];

export const receiptSchema = z.object({
  store: z.object({
    /** The store's display name, else "<business> <store>". */
    displayName: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    /** The IANA zone the sale's date and time are printed in. */
    timeZone: z.string(),
  }),
  business: z.object({
    name: z.string(),
    currency: z.enum(currencyCodes),
    taxId: z.string().nullable(),
    header: z.string().nullable(),
    footer: z.string().nullable(),
    /** The logo printed at the top (GET /business-profile/logo); null when the business has none. */
    logoVersion: z.number().int().nullable(),
  }),
  sale: saleDetailSchema,
  /** The sale's tax by rate, as printed ("VAT 7.5% (incl.)"), in the order the rates first appear. */
  taxes: z.array(
    z.object({
      name: z.string(),
      rateBasisPoints: z.number().int(),
      inclusive: z.boolean(),
      taxMinor: z.number().int(),
    }),
  ),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const getReceipt = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sales/:saleId/receipt',
  summary: 'What the receipt of a sale prints: store and business header, the sale, its payments and refunds',
  tags: ['checkout'],
  access: 'transactions.view',
  params: saleParamsSchema,
  status: 200,
  response: receiptSchema,
});

export const getReceiptPdf = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sales/:saleId/receipt.pdf',
  summary:
    'The receipt as a PDF, 58 mm or 80 mm wide (the sale number also as a Code 128 barcode); copy=true marks a reprint COPY',
  tags: ['checkout'],
  access: 'transactions.view',
  params: saleParamsSchema,
  query: z.object({
    width: z.enum(receiptPaperWidths).default('80'),
    /**
     * A reprint: the slip says COPY. Only the till asks without it, for the receipt it shows right
     * after completing the sale (the original); every later showing (Transactions) asks with it.
     */
    copy: z.enum(['true', 'false']).optional(),
  }),
  produces: 'application/pdf',
  status: 200,
  response: z.unknown(),
});

export const emailReceipt = defineEndpoint({
  method: 'POST',
  path: '/api/v1/sales/:saleId/receipt/email',
  summary:
    'Mail the receipt (text, with the PDF attached) to an address; copy=true marks a reprint COPY as the PDF does; recorded in the sale’s audit trail; at most 5 per sale and 20 per person an hour (429 RATE_LIMITED)',
  tags: ['checkout'],
  access: 'transactions.view',
  params: saleParamsSchema,
  body: z.strictObject({
    email: z.string().trim().toLowerCase().email('Enter an email address').max(254),
    /** A reprint (as the PDF's `copy`): the mailed text and its PDF say COPY. */
    copy: z.boolean().optional(),
  }),
  status: 202,
  response: z.object({ queued: z.literal(true) }),
});
