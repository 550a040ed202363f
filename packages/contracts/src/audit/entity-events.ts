import { z } from 'zod';

/**
 * One event of a document's audit trail (a sale, a purchase order, an invoice, a waste record), as
 * its page shows it in a timeline: what happened, who did it, and the changed fields.
 */
export const entityEventSchema = z.object({
  id: z.string().uuid(),
  occurredAt: z.string(),
  /** sale.completed, purchase_order.received, invoice.paid… */
  action: z.string(),
  actor: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type EntityEvent = z.infer<typeof entityEventSchema>;

export const entityEventsSchema = z.object({ items: z.array(entityEventSchema) });
