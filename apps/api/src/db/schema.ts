/**
 * The database schema (PostgreSQL 15 dialect; runs on PGlite and on a PostgreSQL server).
 * Every tenant table carries `business_id` as the first column of its keys and indexes
 * (ARCHITECTURE.md section 4), so the schema can be distributed by tenant without a rewrite.
 */

// The tables by section, one file each under schema/ (their shared column builders in schema/columns.ts).
export * from './schema/accounts.js';
export * from './schema/tenants.js';
export * from './schema/catalog.js';
export * from './schema/stock.js';
export * from './schema/contacts.js';
export * from './schema/checkout.js';
export * from './schema/purchase-orders.js';
export * from './schema/waste.js';
export * from './schema/invoices.js';
export * from './schema/report-summaries.js';
export * from './schema/audit.js';
export * from './schema/credentials-and-mail.js';
export * from './schema/oidc.js';
