import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';

/**
 * Contacts: the customers and vendors of a business (issue 6 builds their screens; the register
 * already searches customers and creates one in a few keystrokes). Phone and email are not unique —
 * a family shares a phone — so a second contact with the same phone or email is refused with 409
 * CONTACT_DUPLICATE naming the existing ones, unless the person confirms with `allowDuplicate`.
 */
export const contactKinds = ['customer', 'vendor'] as const;
export type ContactKind = (typeof contactKinds)[number];

export const contactPhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number (digits, spaces, an optional +)');

export const contactSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(contactKinds),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  notes: z.string().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Contact = z.infer<typeof contactSchema>;

/** What a duplicate warning names: enough to tell the person which contact already has it. */
export const contactDuplicateSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Which of the new contact's fields it shares. */
  matches: z.array(z.enum(['phone', 'email'])),
});
export type ContactDuplicate = z.infer<typeof contactDuplicateSchema>;

export const listContactsQuerySchema = pageQuerySchema.extend({
  /** Part of the name, phone digits or email. */
  q: z.string().trim().max(100).optional(),
  kind: z.enum(contactKinds).optional(),
  archived: z.enum(['true', 'false']).optional(),
});
export type ListContactsQuery = z.input<typeof listContactsQuerySchema>;

export const listContacts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/contacts',
  summary: 'Customers and vendors of the business: search by name, phone or email, filter by kind',
  tags: ['contacts'],
  access: 'contacts.view',
  query: listContactsQuerySchema,
  status: 200,
  response: pageOf(contactSchema),
});

export const contactParamsSchema = z.object({ contactId: z.string().uuid() });

export const getContact = defineEndpoint({
  method: 'GET',
  path: '/api/v1/contacts/:contactId',
  summary: 'One contact of the business',
  tags: ['contacts'],
  access: 'contacts.view',
  params: contactParamsSchema,
  status: 200,
  response: contactSchema,
});

/**
 * A customer created at the till: a name and a phone (or an email), nothing else, by anyone who
 * may sell. Editing and archiving contacts needs contacts.manage (issue 6).
 */
export const quickCreateCustomerBodySchema = z
  .strictObject({
    /** From the till, so a retried create is recognisably the same customer. */
    id: z.string().uuid(),
    name: z.string().trim().min(1, 'Enter the name').max(120, 'Use at most 120 characters'),
    phone: contactPhoneSchema.optional(),
    email: z.string().trim().toLowerCase().email('Enter an email address').max(254).optional(),
    /** True after the cashier saw the duplicate warning and wants a new customer anyway. */
    allowDuplicate: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (!body.phone && !body.email)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Enter a phone number or an email' });
  });
export type QuickCreateCustomerBody = z.input<typeof quickCreateCustomerBodySchema>;

export const quickCreateCustomer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/checkout/customers',
  summary:
    'Create a customer at the till with a name and a phone or email (409 CONTACT_DUPLICATE names a contact with the same phone or email, unless allowDuplicate)',
  tags: ['contacts'],
  access: 'checkout.sell',
  body: quickCreateCustomerBodySchema,
  status: 201,
  response: contactSchema,
});
