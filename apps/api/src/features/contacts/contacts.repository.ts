import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { contacts } from '../../db/schema.js';

export type ContactRow = typeof contacts.$inferSelect;

/** Columns as raw SQL answers them (snake case), mapped in the service. */
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
    sql`select c.id, c.kind, c.name, c.phone, c.email, c.address, c.tax_id as "taxId", c.notes,
               c.archived_at as "archivedAt", c.created_at as "createdAt", c.version, count(*) over () as total
          from contacts c
         where ${where}
         order by ${rank} lower(c.name), c.id
         limit ${filter.limit} offset ${filter.offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count.
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from contacts c where ${where}`);
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
