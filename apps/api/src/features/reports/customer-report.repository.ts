import { sql } from 'drizzle-orm';
import { queryRowsWithCustomPlan, type Executor } from '../../db/client.js';
import { datesIn, storesIn, summaryRowsIn, type ResolvedReportScope } from './report-scope.js';

type Num = number | string;

/** Each named customer's days with sales or refunds in the period (not the zero rows voids leave). */
export function customerDays(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{
    customer_id: string;
    day: string;
    sales_count: Num;
    total_minor: Num;
    refund_total_minor: Num;
  }>(
    db,
    sql`select customer_id, to_char(day, 'YYYY-MM-DD') as day, sum(sales_count) as sales_count,
               sum(total_minor) as total_minor, sum(refund_total_minor) as refund_total_minor
          from sales_day_customers t where ${summaryRowsIn(scope, 't')}
         group by customer_id, day
        having sum(sales_count) <> 0 or sum(refund_total_minor) <> 0`,
  );
}

/** The first day each of these customers ever bought, in any store of the business. */
export function firstPurchaseDays(db: Executor, businessId: string, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return queryRowsWithCustomPlan<{ customer_id: string; first_day: string }>(
    db,
    sql`select customer_id, to_char(min(day), 'YYYY-MM-DD') as first_day from sales_day_customers
         where business_id = ${businessId} and sales_count > 0
           and customer_id in (${sql.join(
             customerIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
         group by customer_id`,
  );
}

/** Net sales of the period, walk-ins included. */
export async function allNetSales(db: Executor, scope: ResolvedReportScope): Promise<number> {
  const [row] = await queryRowsWithCustomPlan<{ net: Num | null }>(
    db,
    sql`select sum(total_minor - refund_total_minor) as net from sales_day_totals t where ${summaryRowsIn(scope, 't')}`,
  );
  return Number(row?.net ?? 0);
}

/** What each customer was invoiced in the period (issue date; issued or paid, not void). */
export function invoicedInPeriod(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{ customer_id: string; invoiced_minor: Num }>(
    db,
    sql`select i.customer_id, sum(i.total_minor) as invoiced_minor from invoices i
         where ${storesIn(scope, { businessId: sql`i.business_id`, storeId: sql`i.store_id` })}
           and ${datesIn(scope, sql`i.issue_date`)} and i.status in ('issued', 'paid')
         group by i.customer_id`,
  );
}

/**
 * Open balances now: issued invoices' total less payments, by customer and due date — the rule of a
 * customer's page (contacts' `customerFigures`: balance of issued invoices, overdue once past due).
 */
export function openBalances(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{ customer_id: string; due_date: string; balance_minor: Num }>(
    db,
    sql`select i.customer_id, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
               sum(i.total_minor - i.paid_minor) as balance_minor
          from invoices i
         where ${storesIn(scope, { businessId: sql`i.business_id`, storeId: sql`i.store_id` })}
           and i.status = 'issued' and i.total_minor > i.paid_minor
         group by i.customer_id, i.due_date`,
  );
}

/** Names and phones of customers of the business. */
export function customerNames(db: Executor, businessId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRowsWithCustomPlan<{ id: string; name: string; phone: string | null }>(
    db,
    sql`select id, name, phone from contacts where business_id = ${businessId}
          and id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
  );
}
