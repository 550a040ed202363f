import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { pageOf, pageQuerySchema } from '../http/pagination.js';
import { fieldErrorSchema } from '../http/problem.js';
import { csvUpload, importReportSchema, importRowSchema } from '../catalog/products.js';

/**
 * Contacts: the customers and vendors of a business (the contacts section, and the register, which
 * searches customers and creates one in a few keystrokes). Phone and email are not unique —
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
  /** So a screen can link to the right page (customer or vendor). */
  kind: z.enum(contactKinds),
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
 * may sell. Editing and archiving contacts needs contacts.manage.
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

// ---------------------------------------------------------------- the contacts section

const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const EMAIL = z.string().email();

/** An optional text field of a form: '' and absent both mean "none" (stored as null). */
const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).nullish();

/**
 * The fields a person edits on a contact. Empty phone, email and text fields are "none". A contact
 * needs only a name (a vendor may be known by name alone); the till's quick create asks for more.
 */
export const contactFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the name').max(120, 'Use at most 120 characters'),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE.test(v), 'Enter a phone number (digits, spaces, an optional +)')
    .nullish(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Use at most 254 characters')
    .refine((v) => v === '' || EMAIL.safeParse(v).success, 'Enter an email address')
    .nullish(),
  address: optionalText(500),
  taxId: optionalText(50),
  notes: optionalText(2000),
  /** True after the person saw the duplicate warning and wants this contact anyway. */
  allowDuplicate: z.boolean().default(false),
});

export const createContactBodySchema = contactFieldsSchema.extend({ kind: z.enum(contactKinds) });
export type CreateContactBody = z.input<typeof createContactBodySchema>;

export const createContact = defineEndpoint({
  method: 'POST',
  path: '/api/v1/contacts',
  summary:
    'Create a customer or vendor (409 CONTACT_DUPLICATE names contacts with the same phone or email, unless allowDuplicate)',
  tags: ['contacts'],
  access: 'contacts.manage',
  body: createContactBodySchema,
  status: 201,
  response: contactSchema,
});

/** An edit: every field as it should be now, with the version the person saw (409 VERSION_CONFLICT when stale). */
export const updateContactBodySchema = contactFieldsSchema.extend({ version: z.number().int().min(1) });
export type UpdateContactBody = z.input<typeof updateContactBodySchema>;

export const updateContact = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/contacts/:contactId',
  summary: 'Edit a contact (optimistic: a stale version is 409 VERSION_CONFLICT; duplicates as on create)',
  tags: ['contacts'],
  access: 'contacts.manage',
  params: contactParamsSchema,
  body: updateContactBodySchema,
  status: 200,
  response: contactSchema,
});

/**
 * Archive: hidden from searches and pickers (an archived vendor gets no new purchase orders, an
 * archived customer no new invoices: a 400 on the field), kept on its documents. Restore undoes it.
 * Both answer the contact; doing it twice changes nothing.
 */
export const archiveContact = defineEndpoint({
  method: 'POST',
  path: '/api/v1/contacts/:contactId/archive',
  summary: 'Archive a contact: hidden from pickers, kept on its documents',
  tags: ['contacts'],
  access: 'contacts.manage',
  params: contactParamsSchema,
  status: 200,
  response: contactSchema,
});

export const restoreContact = defineEndpoint({
  method: 'POST',
  path: '/api/v1/contacts/:contactId/restore',
  summary: 'Restore an archived contact',
  tags: ['contacts'],
  access: 'contacts.manage',
  params: contactParamsSchema,
  status: 200,
  response: contactSchema,
});

// ---------------------------------------------------------------- summaries

/** How many history rows a summary carries (the newest); `total` says how many there are. */
export const CONTACT_HISTORY_LIMIT = 50;

/** One row of a customer's purchase history: a completed sale (any store) or an issued invoice. */
export const customerHistoryItemSchema = z.object({
  kind: z.enum(['sale', 'invoice']),
  id: z.string().uuid(),
  number: z.string(),
  storeId: z.string().uuid(),
  storeName: z.string(),
  /** When it happened: the sale's completion, the invoice's issue. */
  at: z.string(),
  totalMinor: z.number().int(),
  /** Sales: refunded so far. Invoices: 0. */
  refundedMinor: z.number().int(),
  /** Invoices: paid so far. Sales: their total. */
  paidMinor: z.number().int(),
  /** Sales: 'completed'. Invoices: their state (unpaid, partially_paid, overdue, paid, void). */
  state: z.string(),
  /** Invoices: the due day (YYYY-MM-DD). */
  dueDate: z.string().nullable(),
});
export type CustomerHistoryItem = z.infer<typeof customerHistoryItemSchema>;

export const customerSummarySchema = z.object({
  contact: contactSchema,
  /** Completed sales' totals − their refunds + payments received on invoices. */
  totalSpentMinor: z.number().int(),
  /** Completed sales. */
  visits: z.number().int(),
  /** The last completed sale. */
  lastVisitAt: z.string().nullable(),
  /** Σ (total − paid) of issued invoices. */
  balanceMinor: z.number().int(),
  /** The part of the balance due before the active store's today. */
  overdueMinor: z.number().int(),
  history: z.object({ items: z.array(customerHistoryItemSchema), total: z.number().int() }),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const getCustomerSummary = defineEndpoint({
  method: 'GET',
  path: '/api/v1/contacts/:contactId/customer-summary',
  summary: 'A customer’s purchase history (sales of every store and invoices), total spent, visits and balance owed',
  tags: ['contacts'],
  access: 'contacts.view',
  params: contactParamsSchema,
  status: 200,
  response: customerSummarySchema,
});

export const vendorOrderSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  /** The spec's status number (purchaseOrderStatuses). */
  status: z.number().int().min(0).max(4),
  storeId: z.string().uuid(),
  storeName: z.string(),
  createdAt: z.string(),
  expectedOn: z.string().nullable(),
  /** Σ ordered × unit cost. */
  orderedMinor: z.number().int(),
  /** Σ received × the receipt's unit cost. */
  receivedMinor: z.number().int(),
  /** Σ returned × the line's unit cost. */
  returnedMinor: z.number().int(),
});
export type VendorOrder = z.infer<typeof vendorOrderSchema>;

export const vendorSummarySchema = z.object({
  contact: contactSchema,
  /** Over every order but the cancelled ones. */
  totals: z.object({
    orderedMinor: z.number().int(),
    receivedMinor: z.number().int(),
    returnedMinor: z.number().int(),
  }),
  /** The newest orders (every status); `total` counts them all. */
  orders: z.object({ items: z.array(vendorOrderSchema), total: z.number().int() }),
});
export type VendorSummary = z.infer<typeof vendorSummarySchema>;

export const getVendorSummary = defineEndpoint({
  method: 'GET',
  path: '/api/v1/contacts/:contactId/vendor-summary',
  summary: 'A vendor’s purchase orders with amounts ordered, received and returned',
  tags: ['contacts'],
  access: 'contacts.view',
  params: contactParamsSchema,
  status: 200,
  response: vendorSummarySchema,
});

// ---------------------------------------------------------------- CSV

/** The CSV columns, in order, for export and import. `id` updates that contact; without it, a row creates one. */
export const contactCsvColumns = [
  'id',
  'kind',
  'name',
  'phone',
  'email',
  'address',
  'tax_id',
  'notes',
  'archived',
] as const;
export type ContactCsvColumn = (typeof contactCsvColumns)[number];

/**
 * A row of a contacts import report: the products report's row (line, action, errors) with the
 * contact's name and kind, and warnings that do not stop the import (the same phone or email as
 * another row or an existing contact).
 */
export const contactImportRowSchema = importRowSchema.omit({ sku: true }).extend({
  /** The contact it updates (an `id` cell), or null for a new one. */
  id: z.string().nullable(),
  kind: z.string(),
  warnings: z.array(fieldErrorSchema),
});
export type ContactImportRow = z.infer<typeof contactImportRowSchema>;

export const contactImportReportSchema = importReportSchema.extend({
  rows: z.array(contactImportRowSchema),
  summary: importReportSchema.shape.summary.extend({ warnings: z.number().int() }),
});
export type ContactImportReport = z.infer<typeof contactImportReportSchema>;

export const previewContactImport = defineEndpoint({
  method: 'POST',
  path: '/api/v1/contacts/import/preview',
  summary: 'Check a contacts CSV: every row with its errors, warnings and what committing would do; writes nothing',
  tags: ['contacts'],
  access: 'contacts.manage',
  rawBody: csvUpload,
  status: 200,
  response: contactImportReportSchema,
});

/**
 * Commit, all-or-nothing. When any row has an error the answer is the problem 422 IMPORT_INVALID
 * carrying the same report in `report`, and nothing is written. Warnings do not stop it.
 */
export const commitContactImport = defineEndpoint({
  method: 'POST',
  path: '/api/v1/contacts/import',
  summary:
    'Import a contacts CSV all-or-nothing (update by id, else create). Any row error: 422 IMPORT_INVALID, nothing written',
  tags: ['contacts'],
  access: 'contacts.manage',
  rawBody: csvUpload,
  status: 200,
  response: contactImportReportSchema,
});

export const exportContacts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/contacts/export',
  summary: 'Contacts as CSV (streamed), the import’s columns; archived ones too with archived=yes',
  tags: ['contacts'],
  /** The whole customer list with phones and emails: for those who manage contacts, not every cashier. */
  access: 'contacts.manage',
  query: z.object({ kind: z.enum(contactKinds).optional() }),
  produces: 'text/csv',
  status: 200,
  response: z.unknown(),
});
