import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { systemRoleNames, type SystemRoleName } from '@ipos/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { businesses, memberships, roles, staffMembers, stores } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export async function insertBusiness(db: Executor, row: typeof businesses.$inferInsert) {
  await db.insert(businesses).values(row);
}

export async function insertStore(db: Executor, row: typeof stores.$inferInsert) {
  await db.insert(stores).values(row);
}

/** Every business gets its own rows for the three system roles; memberships point at them. */
export async function insertSystemRoles(db: Executor, businessId: string): Promise<Record<SystemRoleName, string>> {
  const ids = Object.fromEntries(systemRoleNames.map((name) => [name, newId()])) as Record<SystemRoleName, string>;
  await db.insert(roles).values(systemRoleNames.map((name) => ({ businessId, id: ids[name], name, isSystem: true })));
  return ids;
}

/** A membership, and the person's staff row in the business when it is their first store there. */
export async function insertMembership(db: Executor, row: typeof memberships.$inferInsert) {
  await db.insert(staffMembers).values({ businessId: row.businessId, accountId: row.accountId }).onConflictDoNothing();
  await db.insert(memberships).values(row);
}

const businessColumns = {
  id: businesses.id,
  name: businesses.name,
  currency: businesses.currency,
  country: businesses.country,
};

export type BusinessRow = { id: string; name: string; currency: string; country: string };

export async function countBusinessesOwnedBy(db: Executor, ownerAccountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(businesses).where(eq(businesses.ownerAccountId, ownerAccountId));
  return Number(row?.n ?? 0);
}

/** One page of the businesses an account owns, by name. */
export async function listBusinessesOwnedBy(
  db: Executor,
  ownerAccountId: string,
  page: { limit: number; offset: number },
): Promise<BusinessRow[]> {
  return db
    .select(businessColumns)
    .from(businesses)
    .where(eq(businesses.ownerAccountId, ownerAccountId))
    .orderBy(asc(businesses.name), asc(businesses.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** A business only if this account owns it: another owner's business is indistinguishable from none. */
export async function findBusinessOwnedBy(
  db: Executor,
  ownerAccountId: string,
  businessId: string,
): Promise<BusinessRow | undefined> {
  const [row] = await db
    .select(businessColumns)
    .from(businesses)
    .where(and(eq(businesses.ownerAccountId, ownerAccountId), eq(businesses.id, businessId)));
  return row;
}

/** The version of the business's logo; null when it has none. */
export async function findLogoVersion(db: Executor, businessId: string): Promise<number | null> {
  const [row] = await db
    .select({ logoVersion: businesses.logoVersion })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.logoVersion ?? null;
}

// ---------------------------------------------------------------- admin mode's figures

/** bigint/numeric aggregates come back as strings from node-postgres and numbers from PGlite. */
type Num = number | string;

/** Every business an account owns, by name (the dashboard shows them all). */
export async function listAllBusinessesOwnedBy(db: Executor, ownerAccountId: string): Promise<BusinessRow[]> {
  return db
    .select(businessColumns)
    .from(businesses)
    .where(eq(businesses.ownerAccountId, ownerAccountId))
    .orderBy(asc(businesses.name), asc(businesses.id));
}

/**
 * Each store's sales on one day of its own calendar, from the report summaries (decision 0014):
 * completed sales (voids already taken out) and refunds paid out that day.
 */
export async function salesOnStoreDays(
  db: Executor,
  days: { businessId: string; storeId: string; day: string }[],
): Promise<{ storeId: string; salesCount: number; salesMinor: number; refundsMinor: number }[]> {
  if (days.length === 0) return [];
  const wanted = sql.join(
    days.map((d) => sql`(${d.businessId}::uuid, ${d.storeId}::uuid, ${d.day}::date)`),
    sql`, `,
  );
  const rows = await queryRows<{ store_id: string; sales_count: Num; sales_minor: Num; refunds_minor: Num }>(
    db,
    sql`select t.store_id, coalesce(sum(t.sales_count), 0) as sales_count,
               coalesce(sum(t.total_minor), 0) as sales_minor, coalesce(sum(t.refund_total_minor), 0) as refunds_minor
          from sales_day_totals t
          join (values ${wanted}) as w(business_id, store_id, day)
            on t.business_id = w.business_id and t.store_id = w.store_id and t.day = w.day
         group by t.store_id`,
  );
  return rows.map((r) => ({
    storeId: r.store_id,
    salesCount: Number(r.sales_count),
    salesMinor: Number(r.sales_minor),
    refundsMinor: Number(r.refunds_minor),
  }));
}

/**
 * Active people (not deactivated) per business and per store of these businesses. A business's count
 * is of people, once however many of its stores they work in.
 */
export async function staffCountsOf(db: Executor, businessIds: string[]) {
  if (businessIds.length === 0) return { byBusiness: new Map<string, number>(), byStore: new Map<string, number>() };
  const ids = sql.join(
    businessIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [perBusiness, perStore] = await Promise.all([
    queryRows<{ business_id: string; n: Num }>(
      db,
      sql`select s.business_id, count(*) as n from staff_members s
           where s.business_id in (${ids}) and s.deactivated_at is null group by s.business_id`,
    ),
    queryRows<{ store_id: string; n: Num }>(
      db,
      sql`select m.store_id, count(*) as n from memberships m
            join staff_members s on s.business_id = m.business_id and s.account_id = m.account_id
           where m.business_id in (${ids}) and s.deactivated_at is null group by m.store_id`,
    ),
  ]);
  return {
    byBusiness: new Map(perBusiness.map((r) => [r.business_id, Number(r.n)])),
    byStore: new Map(perStore.map((r) => [r.store_id, Number(r.n)])),
  };
}

/** People who work in any of these businesses (active), each counted once. */
export async function countPeopleOf(db: Executor, businessIds: string[]): Promise<number> {
  if (businessIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<Num>`count(distinct ${staffMembers.accountId})` })
    .from(staffMembers)
    .where(and(inArray(staffMembers.businessId, businessIds), sql`${staffMembers.deactivatedAt} is null`));
  return Number(row?.n ?? 0);
}

/**
 * The low and out-of-stock counts over stock rows `l` (a variant without one has 0): at or below a
 * reorder level that is set, and at or below zero. The store dashboard and admin mode count alike.
 */
export const stockAlertCounts = sql`count(*) filter (where l.reorder_level is not null and coalesce(l.on_hand, 0) <= l.reorder_level) as low,
               count(*) filter (where coalesce(l.on_hand, 0) <= 0) as out`;

/**
 * Per store of these businesses: tracked, non-archived variants at or below their reorder level (a
 * level set), and at or below zero — the store dashboard's rule (a variant without a stock row has 0).
 */
export async function stockAlertsOfStores(db: Executor, businessIds: string[]) {
  if (businessIds.length === 0) return new Map<string, { low: number; out: number }>();
  const ids = sql.join(
    businessIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ store_id: string; low: Num; out: Num }>(
    db,
    sql`select st.id as store_id, ${stockAlertCounts}
          from stores st
          join products p on p.business_id = st.business_id and p.is_tracked and not p.is_archived
          join product_variants v on v.business_id = p.business_id and v.product_id = p.id and not v.is_archived
          left join stock_levels l on l.business_id = v.business_id and l.store_id = st.id and l.variant_id = v.id
         where st.business_id in (${ids})
         group by st.id`,
  );
  return new Map(rows.map((r) => [r.store_id, { low: Number(r.low), out: Number(r.out) }]));
}

/** The variants furthest below their reorder level in the stores of these businesses. */
export async function lowStockRows(db: Executor, businessIds: string[], limit: number) {
  if (businessIds.length === 0) return [];
  const ids = sql.join(
    businessIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<{
    business_id: string;
    business_name: string;
    store_id: string;
    store_name: string;
    product_id: string;
    variant_id: string;
    product_name: string;
    option_values: string[];
    sku: string;
    on_hand: Num;
    reorder_level: Num;
  }>(
    db,
    sql`select b.id as business_id, b.name as business_name, st.id as store_id, st.name as store_name,
               p.id as product_id, v.id as variant_id, p.name as product_name, v.option_values, v.sku,
               l.on_hand, l.reorder_level
          from stock_levels l
          join businesses b on b.id = l.business_id
          join stores st on st.business_id = l.business_id and st.id = l.store_id
          join product_variants v on v.business_id = l.business_id and v.id = l.variant_id and not v.is_archived
          join products p on p.business_id = v.business_id and p.id = v.product_id and p.is_tracked and not p.is_archived
         where l.business_id in (${ids}) and l.reorder_level is not null and l.on_hand <= l.reorder_level
         order by l.on_hand - l.reorder_level, p.name, st.name, v.id
         limit ${limit}`,
  );
}
