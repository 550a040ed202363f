import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { businesses } from '../../db/schema.js';

export interface PlanRow {
  plan: string;
  planVersion: number;
  planChangedAt: Date | null;
  currency: string;
}

/**
 * The business's plan. `lock` takes the business row FOR NO KEY UPDATE: plan changes and the counted
 * additions (stores, staff, products) of one business run one at a time, while rows that merely
 * reference the business (a sale's foreign key takes KEY SHARE) are never held up by it.
 */
export async function findPlanRow(
  db: Executor,
  businessId: string,
  { lock = false } = {},
): Promise<PlanRow | undefined> {
  const query = db
    .select({
      plan: businesses.plan,
      planVersion: businesses.planVersion,
      planChangedAt: businesses.planChangedAt,
      currency: businesses.currency,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

/** The business's plan and one count of its usage, read together without a lock (one round trip). */
export async function findPlanRowWithUsage(
  db: Executor,
  businessId: string,
  count: ReturnType<typeof countStores>,
): Promise<(PlanRow & { usage: number }) | undefined> {
  const [row] = await db
    .select({
      plan: businesses.plan,
      planVersion: businesses.planVersion,
      planChangedAt: businesses.planChangedAt,
      currency: businesses.currency,
      usage: sql<string>`${count}`.mapWith(Number),
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row;
}

export async function updatePlanRow(db: Executor, businessId: string, plan: string, at: Date) {
  await db
    .update(businesses)
    .set({ plan, planVersion: sql`${businesses.planVersion} + 1`, planChangedAt: at })
    .where(eq(businesses.id, businessId));
}

export const countStores = (businessId: string) => sql`(select count(*) from stores where business_id = ${businessId})`;

export const countActiveStaff = (businessId: string) =>
  sql`(select count(*) from staff_members where business_id = ${businessId} and deactivated_at is null)`;

export const countActiveProducts = (businessId: string) =>
  sql`(select count(*) from products where business_id = ${businessId} and not is_archived)`;

/**
 * Sales recorded this calendar month: each store's month in its own time zone, read from the day
 * summaries (at most 31 rows per store and cashier, on their primary key) rather than the sales.
 * A voided sale no longer counts, as everywhere else.
 */
export const countSalesThisMonth = (businessId: string) =>
  sql`(select coalesce(sum(t.sales_count), 0) from sales_day_totals t
        join stores s on s.business_id = t.business_id and s.id = t.store_id
       where t.business_id = ${businessId}
         and t.day >= date_trunc('month', now() at time zone s.time_zone)::date)`;

/** Every usage figure in one round trip. */
export async function usageOf(db: Executor, businessId: string) {
  const [row] = await queryRows<{ stores: string; staff: string; products: string; sales: string }>(
    db,
    sql`select ${countStores(businessId)} as stores, ${countActiveStaff(businessId)} as staff,
               ${countActiveProducts(businessId)} as products, ${countSalesThisMonth(businessId)} as sales`,
  );
  return {
    stores: Number(row!.stores),
    staff: Number(row!.staff),
    products: Number(row!.products),
    salesPerMonth: Number(row!.sales),
  };
}

/** One usage figure. */
export async function usageOfOne(db: Executor, businessId: string, count: ReturnType<typeof countStores>) {
  const [row] = await queryRows<{ n: string }>(db, sql`select ${count} as n`);
  return Number(row!.n);
}
