import { z } from 'zod';

/**
 * Mailing a document's PDF (a purchase order to its vendor, an invoice to its customer): to the
 * contact's email unless another address is given, with an optional message above the text.
 */
export const documentEmailBodySchema = z.strictObject({
  to: z.string().trim().toLowerCase().email('Enter an email address').max(254).optional(),
  message: z.string().trim().max(1000).optional(),
});
export type DocumentEmailBody = z.input<typeof documentEmailBodySchema>;

/** When the mail was queued, and to whom. */
export const documentEmailedSchema = z.object({ sentAt: z.string(), to: z.string() });
