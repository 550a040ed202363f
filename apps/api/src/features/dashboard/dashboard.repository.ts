import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { stockAlertCounts } from '../businesses/businesses.repository.js';

type Scope = { businessId: string; storeId: string };

/** A span of local days in the store's zone: [from 00:00, to 00:00) as wall-clock dates. */
export type LocalSpan = { timeZone: string; fromDate: string; toDate: string };

/** bigint/numeric aggregates come back as strings from node-postgres and numbers from PGlite. */
type Num = number | string;

/** The instant a local date starts in the zone (a timestamptz expression). */
const startOf = (date: string, timeZone: string) => sql`((${date}::date)::timestamp at time zone ${timeZone})`;

/** Completed sales of the store within the span (the sales_store_time_idx range). */
const completedSalesIn = (scope: Scope, span: LocalSpan, alias: string) => {
  const s = sql.raw(alias);
  return sql`${s}.business_id = ${scope.businessId} and ${s}.store_id = ${scope.storeId} and ${s}.status = 'completed'
    and ${s}.completed_at >= ${startOf(span.fromDate, span.timeZone)}
    and ${s}.completed_at < ${startOf(span.toDate, span.timeZone)}`;
};

/** Count and total of completed sales per local day of the span (days without sales absent). */
export async function dailySales(db: Executor, scope: Scope, span: LocalSpan) {
  return queryRows<{ day: string; sales_count: Num; sales_minor: Num }>(
    db,
    sql`select to_char((s.completed_at at time zone ${span.timeZone})::date, 'YYYY-MM-DD') as day,
               count(*) as sales_count, coalesce(sum(s.total_minor), 0) as sales_minor
          from sales s
         where ${completedSalesIn(scope, span, 's')}
         group by 1`,
  );
}

/** Refunds paid out in the store within the span (of sales of any day). */
export async function refundedIn(db: Executor, scope: Scope, span: LocalSpan): Promise<number> {
  const [row] = await queryRows<{ total: Num }>(
    db,
    sql`select coalesce(sum(r.total_minor), 0) as total from refunds r
         where r.business_id = ${scope.businessId} and r.store_id = ${scope.storeId}
           and r.created_at >= ${startOf(span.fromDate, span.timeZone)}
           and r.created_at < ${startOf(span.toDate, span.timeZone)}`,
  );
  return Number(row?.total ?? 0);
}

/** Payments of the span's completed sales by method; a payment's amount is already net of change. */
export async function paymentsByMethod(db: Executor, scope: Scope, span: LocalSpan) {
  return queryRows<{ method: string; amount_minor: Num; count: Num }>(
    db,
    sql`select p.method, coalesce(sum(p.amount_minor), 0) as amount_minor, count(*) as count
          from sales s
          join sale_payments p on p.business_id = s.business_id and p.sale_id = s.id
         where ${completedSalesIn(scope, span, 's')}
         group by p.method`,
  );
}

/** The best sellers of the span by sales value (line totals), then by name. */
export async function topProducts(db: Executor, scope: Scope, span: LocalSpan, limit: number) {
  return queryRows<{ product_id: string; variant_id: string; name: string; quantity: Num; sales_minor: Num }>(
    db,
    sql`select l.product_id, l.variant_id, max(l.name) as name, sum(l.quantity) as quantity,
               sum(l.total_minor) as sales_minor
          from sales s
          join sale_lines l on l.business_id = s.business_id and l.sale_id = s.id
         where ${completedSalesIn(scope, span, 's')}
         group by l.product_id, l.variant_id
         order by sum(l.total_minor) desc, max(l.name), l.variant_id
         limit ${limit}`,
  );
}

/**
 * Tracked, non-archived variants of the store at or below their reorder level (a level set), and
 * those at or below zero. A variant with no stock row in the store has none there (0), as the
 * inventory list counts it.
 */
export async function stockAlerts(db: Executor, scope: Scope): Promise<{ low: number; out: number }> {
  const [row] = await queryRows<{ low: Num; out: Num }>(
    db,
    sql`select ${stockAlertCounts}
          from products p
          join product_variants v on v.business_id = p.business_id and v.product_id = p.id and not v.is_archived
          left join stock_levels l on l.business_id = v.business_id and l.store_id = ${scope.storeId} and l.variant_id = v.id
         where p.business_id = ${scope.businessId} and p.is_tracked and not p.is_archived`,
  );
  return { low: Number(row?.low ?? 0), out: Number(row?.out ?? 0) };
}

/** The newest sales of the store (completed or voided) with the cashier's and customer's names. */
export async function recentSales(db: Executor, scope: Scope, limit: number) {
  return queryRows<{
    id: string;
    number: string;
    completed_at: Date | string;
    status: string;
    total_minor: Num;
    cashier_name: string | null;
    customer_name: string | null;
  }>(
    db,
    sql`select s.id, s.number, s.completed_at, s.status, s.total_minor, a.name as cashier_name, c.name as customer_name
          from sales s
          left join accounts a on a.id = s.cashier_account_id
          left join contacts c on c.business_id = s.business_id and c.id = s.customer_id
         where s.business_id = ${scope.businessId} and s.store_id = ${scope.storeId}
         order by s.completed_at desc, s.id desc
         limit ${limit}`,
  );
}
