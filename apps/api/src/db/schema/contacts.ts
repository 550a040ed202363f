import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { businesses } from './tenants.js';

// ---------------------------------------------------------------- contacts

/**
 * Customers and vendors of a business. Phone and email are not unique (two people share a shop
 * phone); a duplicate is a warning the person confirms. `phone_digits` (digits only, last 9 kept by
 * the service so +234 803… and 0803… match) and lower(email) find duplicates; `search_text` (lower
 * name, phone digits, email) has a trigram index for the till's customer search.
 */
export const contacts = pgTable(
  'contacts',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull(),
    /** customer, vendor. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    phoneDigits: text('phone_digits'),
    email: text('email'),
    address: text('address'),
    taxId: text('tax_id'),
    notes: text('notes'),
    searchText: text('search_text').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('contacts_name_idx').on(t.businessId, t.kind, sql`lower(${t.name})`, t.id),
    index('contacts_phone_idx').on(t.businessId, t.phoneDigits),
    index('contacts_email_idx').on(t.businessId, sql`lower(${t.email})`),
    index('contacts_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('contacts_kind', sql`${t.kind} in ('customer', 'vendor')`),
  ],
);
