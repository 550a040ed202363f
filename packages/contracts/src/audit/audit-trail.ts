/**
 * The audit trail (spec `settings/audit-trail`): every audit event of the business,
 * newest first in keyset pages, filtered by person, action, section, record, store and days, each
 * with what it changed (before and after); CSV export of the filtered set. Read with settings.audit.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { checkDayRange, isoDateSchema } from '../stores/store-time.js';

/** The sections of the trail: the kinds of record events are about, in people's words. */
export const auditSections = {
  business: 'Business',
  store: 'Stores',
  account: 'People',
  membership: 'Store memberships',
  product: 'Products',
  product_import: 'Product imports',
  category: 'Categories',
  tax_rate: 'Tax rates',
  stock_adjustment: 'Stock adjustments',
  stock_count: 'Stock counts',
  stock_transfer: 'Stock transfers',
  register_session: 'Registers',
  held_sale: 'Held sales',
  sale: 'Sales and refunds',
  contact: 'Contacts',
  purchase_order: 'Purchase orders',
  waste: 'Waste',
  invoice: 'Invoices',
  role: 'Roles',
  staff: 'Staff',
  staff_invitation: 'Staff invitations',
  support_request: 'Support requests',
  backup: 'Backups',
} as const;
export type AuditSection = keyof typeof auditSections;

export const auditSectionLabel = (entity: string) => auditSections[entity as AuditSection] ?? entity;

const auditFilterShape = {
  /** Days in the active store's calendar, both included. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  actorId: z.string().uuid().optional(),
  /** An action (`sale.completed`) or its beginning (`sale.`). */
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_.]*$/, 'Letters, dots and underscores, as in sale.completed')
    .optional(),
  section: z.enum(Object.keys(auditSections) as [AuditSection, ...AuditSection[]]).optional(),
  /** The record's id (a sale, a product…), with or without a section. */
  recordId: z.string().trim().max(100).optional(),
  storeId: z.string().uuid().optional(),
};

export const listAuditEventsQuerySchema = z
  .strictObject({
    ...auditFilterShape,
    /** From the previous page's `nextCursor`. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(checkDayRange);
export type ListAuditEventsQuery = z.input<typeof listAuditEventsQuerySchema>;

const personSchema = z.object({ id: z.string().uuid(), name: z.string() });

export const auditEventSchema = z.object({
  id: z.string().uuid(),
  occurredAt: z.string(),
  action: z.string(),
  section: z.string(),
  recordId: z.string(),
  store: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  actor: personSchema.nullable(),
  /** The fields the change touched, as they were and as they became (secrets redacted). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const listAuditEvents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/audit-events',
  summary:
    'The business’s audit trail, newest first in keyset pages: by days, person, action, section, record and store',
  tags: ['audit'],
  access: 'settings.audit',
  query: listAuditEventsQuerySchema,
  status: 200,
  response: z.object({
    items: z.array(auditEventSchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  }),
});

/** The CSV export takes the filters of the list (no cursor, no limit): the whole filtered set. */
export const exportAuditEventsQuerySchema = z.strictObject(auditFilterShape).superRefine(checkDayRange);

export const exportAuditEvents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/audit-events/export',
  summary: 'The filtered audit trail as CSV (UTF-8, RFC 4180), newest first, streamed',
  tags: ['audit'],
  access: 'settings.audit',
  query: exportAuditEventsQuerySchema,
  produces: 'text/csv',
  status: 200,
  response: z.unknown(),
});

/** Everyone who appears in the business's trail, for the person filter (former staff included). */
export const listAuditPeople = defineEndpoint({
  method: 'GET',
  path: '/api/v1/audit-events/people',
  summary: 'The people who appear in the business’s audit trail, by name',
  tags: ['audit'],
  access: 'settings.audit',
  status: 200,
  response: z.object({ items: z.array(personSchema) }),
});
