import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { InvoiceState, ProductUnit } from '@ipos/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { invoiceLines, invoicePayments, invoices, products, taxRates } from '../../db/schema.js';

type Scope = { businessId: string; storeId: string };
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect & { unit: ProductUnit | null };
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

const ofScope = (scope: Scope, id: string) =>
  and(eq(invoices.businessId, scope.businessId), eq(invoices.storeId, scope.storeId), eq(invoices.id, id));

/** An invoice of the active store; another store's or business's is absent. */
export async function findInvoice(db: Executor, scope: Scope, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(ofScope(scope, id));
  return row;
}

/** The invoice row, locked until the transaction ends: changes to one invoice queue here. */
export async function lockInvoice(tx: Executor, scope: Scope, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(ofScope(scope, id)).for('update');
  return row;
}

/** An invoice with this id anywhere in the business (a create's id is the business's, not the store's). */
export async function findInvoiceInBusiness(tx: Executor, businessId: string, id: string) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.businessId, businessId), eq(invoices.id, id)));
  return row;
}

/** The row as written; undefined when an invoice with its id exists already (a concurrent create). */
export async function insertInvoice(tx: Executor, row: typeof invoices.$inferInsert) {
  const [inserted] = await tx.insert(invoices).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateInvoiceRow(
  tx: Executor,
  scope: Scope,
  id: string,
  values: { [K in keyof typeof invoices.$inferInsert]?: (typeof invoices.$inferInsert)[K] | SQL },
) {
  await tx
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(ofScope(scope, id));
}

export async function deleteInvoiceRow(tx: Executor, scope: Scope, id: string) {
  await tx
    .delete(invoiceLines)
    .where(and(eq(invoiceLines.businessId, scope.businessId), eq(invoiceLines.invoiceId, id)));
  await tx.delete(invoices).where(ofScope(scope, id));
}

/** Replaces the lines of a draft. */
export async function replaceInvoiceLines(
  tx: Executor,
  businessId: string,
  invoiceId: string,
  rows: (typeof invoiceLines.$inferInsert)[],
) {
  await tx
    .delete(invoiceLines)
    .where(and(eq(invoiceLines.businessId, businessId), eq(invoiceLines.invoiceId, invoiceId)));
  if (rows.length > 0) await tx.insert(invoiceLines).values(rows);
}

export async function setLineCost(
  tx: Executor,
  businessId: string,
  invoiceId: string,
  lineNo: number,
  unitCostMinor: number,
) {
  await tx
    .update(invoiceLines)
    .set({ unitCostMinor })
    .where(
      and(
        eq(invoiceLines.businessId, businessId),
        eq(invoiceLines.invoiceId, invoiceId),
        eq(invoiceLines.lineNo, lineNo),
      ),
    );
}

/** The lines in order, each with its product's unit (null for a service line). */
export async function invoiceLineRows(db: Executor, businessId: string, invoiceId: string): Promise<InvoiceLineRow[]> {
  const rows = await db
    .select({ line: invoiceLines, unit: products.unit })
    .from(invoiceLines)
    .leftJoin(products, and(eq(products.businessId, invoiceLines.businessId), eq(products.id, invoiceLines.productId)))
    .where(and(eq(invoiceLines.businessId, businessId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.lineNo));
  return rows.map((r) => ({ ...r.line, unit: (r.unit as ProductUnit | null) ?? null }));
}

export async function invoicePaymentRows(db: Executor, businessId: string, invoiceId: string) {
  return db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.businessId, businessId), eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
}

export async function paymentIdTaken(tx: Executor, businessId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.businessId, businessId), eq(invoicePayments.id, id)));
  return Boolean(row);
}

export async function insertPayment(tx: Executor, row: typeof invoicePayments.$inferInsert) {
  const [inserted] = await tx.insert(invoicePayments).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** A tax rate of the business by id. */
export async function findTaxRate(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.businessId, businessId), eq(taxRates.id, id)));
  return row;
}

/** The SQL of a derived state on a given day (see `invoiceState` in the contracts). */
export function stateCondition(state: InvoiceState, today: string): SQL {
  switch (state) {
    case 'draft':
    case 'paid':
    case 'void':
      return sql`i.status = ${state}`;
    case 'overdue':
      return sql`i.status = 'issued' and i.due_date < ${today}::date`;
    case 'partially_paid':
      return sql`i.status = 'issued' and i.due_date >= ${today}::date and i.paid_minor > 0`;
    case 'unpaid':
      return sql`i.status = 'issued' and i.due_date >= ${today}::date and i.paid_minor = 0`;
  }
}

export interface InvoiceListFilter {
  businessId: string;
  storeId: string;
  today: string;
  state?: InvoiceState | undefined;
  customerId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Exact number (lower-cased), or the digits of one. */
  number?: { exact: string } | { digits: string } | undefined;
}

export interface InvoiceListRow {
  id: string;
  number: string | null;
  status: string;
  customer_id: string;
  customer_name: string;
  issue_date: string;
  due_date: string;
  total_minor: string | number;
  paid_minor: string | number;
  created_at: Date | string;
}

function listWhere(f: InvoiceListFilter): SQL {
  const parts: SQL[] = [sql`i.business_id = ${f.businessId}`, sql`i.store_id = ${f.storeId}`];
  if (f.state) parts.push(sql`(${stateCondition(f.state, f.today)})`);
  if (f.customerId) parts.push(sql`i.customer_id = ${f.customerId}`);
  if (f.from) parts.push(sql`i.issue_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`i.issue_date <= ${f.to}::date`);
  if (f.number && 'exact' in f.number) parts.push(sql`lower(i.number) = ${f.number.exact}`);
  if (f.number && 'digits' in f.number)
    parts.push(sql`right(i.number, ${Math.max(f.number.digits.length, 6)}) = ${f.number.digits.padStart(6, '0')}`);
  return sql.join(parts, sql` and `);
}

/** A page of invoices, newest first, with the count and what is outstanding and overdue over the whole filter. */
export async function listInvoiceRows(db: Executor, f: InvoiceListFilter, page: { limit: number; offset: number }) {
  const where = listWhere(f);
  const rows = await queryRows<InvoiceListRow>(
    db,
    sql`select i.id, i.number, i.status, i.customer_id, c.name as customer_name,
               i.issue_date::text as issue_date, i.due_date::text as due_date,
               i.total_minor, i.paid_minor, i.created_at
          from invoices i
          join contacts c on c.business_id = i.business_id and c.id = i.customer_id
         where ${where}
         order by i.issue_date desc, i.created_at desc, i.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
  const [totals] = await queryRows<{
    total: string | number;
    outstanding_minor: string | number;
    outstanding_count: string | number;
    overdue_minor: string | number;
    overdue_count: string | number;
  }>(
    db,
    sql`select count(*) as total,
               coalesce(sum(i.total_minor - i.paid_minor) filter (where i.status = 'issued'), 0) as outstanding_minor,
               count(*) filter (where i.status = 'issued') as outstanding_count,
               coalesce(sum(i.total_minor - i.paid_minor) filter (where i.status = 'issued' and i.due_date < ${f.today}::date), 0) as overdue_minor,
               count(*) filter (where i.status = 'issued' and i.due_date < ${f.today}::date) as overdue_count
          from invoices i
         where ${where}`,
  );
  return { rows, totals: totals! };
}
