import { z } from 'zod';
import { defineEndpoint, noContent } from '../http/endpoint.js';
import { discountSchema, saleLineInputSchema } from './sales.js';

/**
 * Held sales: a till puts a cart aside (the customer went back for the milk) and any till of the
 * same store resumes it later. Resuming takes it off the list, so two tills cannot both ring it up;
 * the till re-prices it (prices may have changed) before payment.
 */
export const heldCartSchema = z.strictObject({
  lines: z.array(saleLineInputSchema).min(1, 'Add an item').max(500),
  cartDiscount: discountSchema.optional(),
  /** The customer attached to the cart, if any: a customer contact of the business. */
  customerId: z.string().uuid().optional(),
  note: z.string().trim().max(500).optional(),
});
export type HeldCart = z.infer<typeof heldCartSchema>;

export const heldSaleSchema = z.object({
  id: z.string().uuid(),
  /** A short name for the list ("Mama Titi", "blue bag"); null when none was given. */
  label: z.string().nullable(),
  heldBy: z.object({ id: z.string().uuid(), name: z.string() }),
  createdAt: z.string(),
  lineCount: z.number().int(),
  cart: heldCartSchema,
});
export type HeldSale = z.infer<typeof heldSaleSchema>;

export const heldSaleParamsSchema = z.object({ heldSaleId: z.string().uuid() });

export const listHeldSales = defineEndpoint({
  method: 'GET',
  path: '/api/v1/held-sales',
  summary: 'Carts held in the active store, oldest first (the queue at the counter)',
  tags: ['checkout'],
  access: 'checkout.sell',
  status: 200,
  response: z.object({ items: z.array(heldSaleSchema) }),
});

export const holdSale = defineEndpoint({
  method: 'POST',
  path: '/api/v1/held-sales',
  summary:
    'Put a cart aside in the active store, for any of its tills to resume; its ids are checked against the business (400), its discounts need checkout.discount (403)',
  tags: ['checkout'],
  access: 'checkout.sell',
  body: z.strictObject({
    label: z.string().trim().max(60, 'Use at most 60 characters').optional(),
    cart: heldCartSchema,
  }),
  status: 201,
  response: heldSaleSchema,
});

export const resumeHeldSale = defineEndpoint({
  method: 'POST',
  path: '/api/v1/held-sales/:heldSaleId/resume',
  summary: 'Take a held cart back to this till: it leaves the list (a second resume is a 404)',
  tags: ['checkout'],
  access: 'checkout.sell',
  params: heldSaleParamsSchema,
  status: 200,
  response: heldSaleSchema,
});

export const discardHeldSale = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/held-sales/:heldSaleId',
  summary: 'Throw a held cart away',
  tags: ['checkout'],
  access: 'checkout.sell',
  params: heldSaleParamsSchema,
  status: 204,
  response: noContent,
});
