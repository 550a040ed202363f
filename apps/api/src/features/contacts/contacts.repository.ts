import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, withCustomPlan, type Executor } from '../../db/client.js';
import { contacts } from '../../db/schema.js';

export type ContactRow = typeof contacts.$inferSelect;

/** A contact as the service presents it: a drizzle row, or a raw-SQL row with the same names. */
export type ContactFields = {
  id: string;
  kind: string;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  taxId: string | null;
  notes: string | null;
  archivedAt: Date | string | null;
  createdAt: Date | string;
  version: number | string;
};

export type ContactFilter = {
  businessId: string;
  /** LIKE patterns (escaped, wrapped in %) any of which search_text must match. */
  patterns: string[];
  /** The lower-cased search, for ranking names that start with it first. */
  namePrefix?: string;
  kind?: 'customer' | 'vendor';
  archived: boolean;
  limit: number;
  offset: number;
};

/**
 * One page of contacts and the count. The search is a LIKE on `search_text` (lower name, phone
 * digits, lower email), which the trigram index answers; names starting with the search come first,
 * then by name. Every statement is scoped by business_id first, so another tenant's rows never match.
 */
export async function listContactRows(
  db: Executor,
  filter: ContactFilter,
): Promise<{ rows: ContactFields[]; total: number }> {
  const parts: SQL[] = [sql`c.business_id = ${filter.businessId}`];
  parts.push(filter.archived ? sql`c.archived_at is not null` : sql`c.archived_at is null`);
  if (filter.kind) parts.push(sql`c.kind = ${filter.kind}`);
  if (filter.patterns.length > 0)
    parts.push(
      sql`(${sql.join(
        filter.patterns.map((p) => sql`c.search_text like ${p}`),
        sql` or `,
      )})`,
    );
  const where = sql.join(parts, sql` and `);
  const rank = filter.namePrefix ? sql`(lower(c.name) like ${filter.namePrefix}) desc,` : sql``;
  const rows = await queryRows<ContactFields & { total: number | string }>(
    db,
    withCustomPlan(
      sql`select c.id, c.kind, c.name, c.phone, c.email, c.address, c.tax_id as "taxId", c.notes,
               c.archived_at as "archivedAt", c.created_at as "createdAt", c.version, count(*) over () as total
          from contacts c
         where ${where}
         order by ${rank} lower(c.name), c.id
         limit ${filter.limit} offset ${filter.offset}`,
      filter.patterns.length > 0,
    ),
  );
  let total = Number(rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count.
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      withCustomPlan(sql`select count(*) as n from contacts c where ${where}`, filter.patterns.length > 0),
    );
    total = Number(row?.n ?? 0);
  }
  return { rows: rows.map(({ total: _total, ...r }) => r), total };
}

export async function findContact(db: Executor, businessId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)));
  return row;
}

/** Non-archived contacts of the business sharing the phone (by its last 9 digits) or the email. */
export async function findDuplicateContacts(
  db: Executor,
  businessId: string,
  match: { phoneDigits: string | null; email: string | null },
  /** The contact being edited, which is no duplicate of itself. */
  excludeId?: string,
): Promise<ContactRow[]> {
  const either: SQL[] = [];
  if (match.phoneDigits) either.push(sql`${contacts.phoneDigits} = ${match.phoneDigits}`);
  if (match.email) either.push(sql`lower(${contacts.email}) = ${match.email}`);
  if (either.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, businessId),
        sql`${contacts.archivedAt} is null`,
        ...(excludeId ? [sql`${contacts.id} <> ${excludeId}`] : []),
        sql`(${sql.join(either, sql` or `)})`,
      ),
    )
    .orderBy(sql`lower(${contacts.name})`, contacts.id)
    .limit(5);
}

/** Inserts the contact; false when the id is already taken in the business (a retried create). */
export async function insertContact(tx: Executor, row: typeof contacts.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(contacts).values(row).onConflictDoNothing().returning({ id: contacts.id });
  return inserted.length > 0;
}

/** The contact's row under a lock, for an edit, an archive or a restore. */
export async function lockContact(tx: Executor, businessId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
    .for('update');
  return row;
}

/** Writes the edited fields and bumps the version (the caller checked it under the lock). */
export async function updateContactRow(
  tx: Executor,
  businessId: string,
  id: string,
  fields: Partial<Omit<typeof contacts.$inferInsert, 'businessId' | 'id' | 'version' | 'archivedAt'>> & {
    archivedAt?: Date | SQL | null;
  },
): Promise<ContactRow> {
  const [row] = await tx
    .update(contacts)
    .set({ ...fields, version: sql`${contacts.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
    .returning();
  return row!;
}

/** Contacts of the business by id (the import's `id` column); ids of other businesses find nothing. */
export async function findContactsByIds(db: Executor, businessId: string, ids: string[]): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), inArray(contacts.id, ids)));
}

/** Non-archived contacts sharing any of these phone keys or lower-cased emails (the import's warnings). */
export async function findContactsSharing(
  db: Executor,
  businessId: string,
  phoneKeys: string[],
  emails: string[],
): Promise<ContactRow[]> {
  const either: SQL[] = [];
  if (phoneKeys.length > 0) either.push(inArray(contacts.phoneDigits, phoneKeys));
  if (emails.length > 0) either.push(inArray(sql`lower(${contacts.email})`, emails));
  if (either.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), sql`${contacts.archivedAt} is null`, or(...either)));
}

/** One page of the export, keyset on (lower name, id): memory stays flat whatever the list's size. */
export async function contactExportPage(
  db: Executor,
  businessId: string,
  filter: { kind?: 'customer' | 'vendor'; after: { sortName: string; id: string } | null; limit: number },
): Promise<(ContactRow & { sortName: string })[]> {
  const parts: SQL[] = [sql`business_id = ${businessId}`];
  if (filter.kind) parts.push(sql`kind = ${filter.kind}`);
  if (filter.after) parts.push(sql`(lower(name), id) > (${filter.after.sortName}, ${filter.after.id})`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, kind, name, phone, email, address, tax_id, notes, archived_at, lower(name) as sort_name
          from contacts where ${sql.join(parts, sql` and `)}
         order by lower(name), id limit ${filter.limit}`,
  );
  return rows.map((r) => ({
    id: r.id as string,
    kind: r.kind as string,
    name: r.name as string,
    phone: r.phone as string | null,
    email: r.email as string | null,
    address: r.address as string | null,
    taxId: r.tax_id as string | null,
    notes: r.notes as string | null,
    archivedAt: r.archived_at as Date | null,
    sortName: r.sort_name as string,
  })) as (ContactRow & { sortName: string })[];
}

// ---------------------------------------------------------------- summaries

const num = (value: unknown) => Number(value ?? 0);

export type CustomerFigures = {
  salesMinor: number;
  refundsMinor: number;
  invoicePaymentsMinor: number;
  visits: number;
  lastVisitAt: Date | string | null;
  balanceMinor: number;
  overdueMinor: number;
};

/**
 * A customer's figures over every store of the business, in one statement: completed sales and
 * their refunds, invoice payments, the balance of issued invoices and the part due before `today`.
 */
export async function customerFigures(
  db: Executor,
  businessId: string,
  customerId: string,
  today: string,
): Promise<CustomerFigures> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
          (select coalesce(sum(s.total_minor), 0) from sales s
            where s.business_id = ${businessId} and s.customer_id = ${customerId} and s.status = 'completed') as sales,
          (select count(*) from sales s
            where s.business_id = ${businessId} and s.customer_id = ${customerId} and s.status = 'completed') as visits,
          (select max(s.completed_at) from sales s
            where s.business_id = ${businessId} and s.customer_id = ${customerId} and s.status = 'completed') as last_visit,
          (select coalesce(sum(r.total_minor), 0) from refunds r
             join sales s on s.business_id = r.business_id and s.id = r.sale_id
            where r.business_id = ${businessId} and s.customer_id = ${customerId} and s.status = 'completed') as refunds,
          (select coalesce(sum(p.amount_minor), 0) from invoice_payments p
             join invoices i on i.business_id = p.business_id and i.id = p.invoice_id
            where p.business_id = ${businessId} and i.customer_id = ${customerId}) as payments,
          (select coalesce(sum(i.total_minor - i.paid_minor), 0) from invoices i
            where i.business_id = ${businessId} and i.customer_id = ${customerId} and i.status = 'issued') as balance,
          (select coalesce(sum(i.total_minor - i.paid_minor), 0) from invoices i
            where i.business_id = ${businessId} and i.customer_id = ${customerId} and i.status = 'issued'
              and i.due_date < ${today}::date) as overdue`,
  );
  return {
    salesMinor: num(row?.sales),
    refundsMinor: num(row?.refunds),
    invoicePaymentsMinor: num(row?.payments),
    visits: num(row?.visits),
    lastVisitAt: (row?.last_visit as Date | string | null) ?? null,
    balanceMinor: num(row?.balance),
    overdueMinor: num(row?.overdue),
  };
}

export type CustomerHistoryRow = {
  kind: 'sale' | 'invoice';
  id: string;
  number: string;
  storeId: string;
  storeName: string;
  at: Date | string;
  totalMinor: number;
  refundedMinor: number;
  paidMinor: number;
  status: string;
  dueDate: string | null;
};

/** The newest completed sales and issued (or paid, or void) invoices of a customer, and how many there are. */
export async function customerHistory(
  db: Executor,
  businessId: string,
  customerId: string,
  limit: number,
): Promise<{ rows: CustomerHistoryRow[]; total: number }> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select h.*, count(*) over () as total from (
          select 'sale' as kind, s.id, s.number, s.store_id, st.name as store_name, s.completed_at as at,
                 s.total_minor, coalesce((select sum(r.total_minor) from refunds r
                   where r.business_id = s.business_id and r.sale_id = s.id), 0) as refunded,
                 s.total_minor as paid, s.status, null::text as due_date
            from sales s join stores st on st.business_id = s.business_id and st.id = s.store_id
           where s.business_id = ${businessId} and s.customer_id = ${customerId} and s.status = 'completed'
          union all
          select 'invoice', i.id, i.number, i.store_id, st.name, coalesce(i.issued_at, i.created_at),
                 i.total_minor, 0, i.paid_minor, i.status, i.due_date::text
            from invoices i join stores st on st.business_id = i.business_id and st.id = i.store_id
           where i.business_id = ${businessId} and i.customer_id = ${customerId}
             and i.status in ('issued', 'paid', 'void')
        ) h
        order by h.at desc, h.id desc
        limit ${limit}`,
  );
  return {
    rows: rows.map((r) => ({
      kind: r.kind as 'sale' | 'invoice',
      id: r.id as string,
      number: r.number as string,
      storeId: r.store_id as string,
      storeName: r.store_name as string,
      at: r.at as Date | string,
      totalMinor: num(r.total_minor),
      refundedMinor: num(r.refunded),
      paidMinor: num(r.paid),
      status: r.status as string,
      dueDate: (r.due_date as string | null) ?? null,
    })),
    total: num(rows[0]?.total),
  };
}

export type VendorOrderRow = {
  id: string;
  number: string;
  status: number;
  storeId: string;
  storeName: string;
  createdAt: Date | string;
  expectedOn: string | null;
  orderedMinor: number;
  receivedMinor: number;
  returnedMinor: number;
};

/**
 * What each order of a vendor is worth: ordered (the order's kept total), received (Σ receipt
 * quantity × its unit cost, each line rounded to the minor unit) and returned (the same over returns).
 */
const orderAmounts = sql`
  coalesce((select sum(round(rl.quantity * rl.unit_cost_minor)) from purchase_order_receipt_lines rl
             where rl.business_id = po.business_id and rl.order_id = po.id), 0) as received,
  coalesce((select sum(round(tl.quantity * tl.unit_cost_minor)) from purchase_order_return_lines tl
             where tl.business_id = po.business_id and tl.order_id = po.id), 0) as returned`;

export async function vendorOrders(
  db: Executor,
  businessId: string,
  vendorId: string,
  limit: number,
): Promise<{ rows: VendorOrderRow[]; total: number }> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select po.id, po.number, po.status, po.store_id, st.name as store_name, po.created_at,
               po.expected_on::text as expected_on, po.ordered_total_minor, ${orderAmounts},
               count(*) over () as total
          from purchase_orders po join stores st on st.business_id = po.business_id and st.id = po.store_id
         where po.business_id = ${businessId} and po.vendor_id = ${vendorId}
         order by po.created_at desc, po.id desc
         limit ${limit}`,
  );
  return {
    rows: rows.map((r) => ({
      id: r.id as string,
      number: r.number as string,
      status: num(r.status),
      storeId: r.store_id as string,
      storeName: r.store_name as string,
      createdAt: r.created_at as Date | string,
      expectedOn: (r.expected_on as string | null) ?? null,
      orderedMinor: num(r.ordered_total_minor),
      receivedMinor: num(r.received),
      returnedMinor: num(r.returned),
    })),
    total: num(rows[0]?.total),
  };
}

/** A vendor's totals over every order but the cancelled ones (status 1). */
export async function vendorTotals(
  db: Executor,
  businessId: string,
  vendorId: string,
): Promise<{ orderedMinor: number; receivedMinor: number; returnedMinor: number }> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(o.ordered_total_minor), 0) as ordered, coalesce(sum(o.received), 0) as received,
               coalesce(sum(o.returned), 0) as returned
          from (select po.ordered_total_minor, ${orderAmounts}
                  from purchase_orders po
                 where po.business_id = ${businessId} and po.vendor_id = ${vendorId} and po.status <> 1) o`,
  );
  return { orderedMinor: num(row?.ordered), receivedMinor: num(row?.received), returnedMinor: num(row?.returned) };
}
