import { sql } from 'drizzle-orm';
import { queryRowsWithCustomPlan, type Executor } from '../../db/client.js';
import { instantsIn, storesIn, type ResolvedReportScope } from './report-scope.js';

type Num = number | string;

/** Deliveries of the period: their vendor, store day, value at the delivery's cost, and lead time. */
export function receiptsIn(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{ vendor_id: string; day: string; lead_seconds: Num; value_minor: Num }>(
    db,
    sql`select o.vendor_id, to_char((r.received_at at time zone st.time_zone)::date, 'YYYY-MM-DD') as day,
               extract(epoch from (r.received_at - o.created_at)) as lead_seconds,
               sum(round(l.quantity * l.unit_cost_minor)) as value_minor
          from purchase_order_receipts r
          join purchase_orders o on o.business_id = r.business_id and o.id = r.order_id
          join stores st on st.business_id = r.business_id and st.id = r.store_id
          join purchase_order_receipt_lines l on l.business_id = r.business_id and l.receipt_id = r.id
         where ${instantsIn(scope, { businessId: sql`r.business_id`, storeId: sql`r.store_id`, at: sql`r.received_at` })}
         group by r.id, o.vendor_id, 2, 3`,
  );
}

/** Returns to vendors of the period, valued at the order line's cost. */
export function returnsIn(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{ vendor_id: string; day: string; value_minor: Num }>(
    db,
    sql`select o.vendor_id, to_char((r.returned_at at time zone st.time_zone)::date, 'YYYY-MM-DD') as day,
               sum(round(l.quantity * ol.unit_cost_minor)) as value_minor
          from purchase_order_returns r
          join purchase_orders o on o.business_id = r.business_id and o.id = r.order_id
          join stores st on st.business_id = r.business_id and st.id = r.store_id
          join purchase_order_return_lines l on l.business_id = r.business_id and l.return_id = r.id
          join purchase_order_lines ol on ol.business_id = l.business_id and ol.order_id = l.order_id and ol.line_no = l.line_no
         where ${instantsIn(scope, { businessId: sql`r.business_id`, storeId: sql`r.store_id`, at: sql`r.returned_at` })}
         group by r.id, o.vendor_id, 2`,
  );
}

/** Orders created in the period by vendor and status, with their ordered value. */
export function ordersPlaced(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{ vendor_id: string; status: number; orders: Num; value_minor: Num }>(
    db,
    sql`select o.vendor_id, o.status, count(*) as orders, sum(o.ordered_total_minor) as value_minor
          from purchase_orders o
         where ${instantsIn(scope, { businessId: sql`o.business_id`, storeId: sql`o.store_id`, at: sql`o.created_at` })}
         group by o.vendor_id, o.status`,
  );
}

/** Orders open now, with what they have yet to deliver at cost. */
export function openOrders(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{
    id: string;
    number: string;
    vendor_id: string;
    ordered_on: string;
    expected_on: string | null;
    outstanding_minor: Num;
  }>(
    db,
    sql`select o.id, o.number, o.vendor_id,
               to_char((o.created_at at time zone st.time_zone)::date, 'YYYY-MM-DD') as ordered_on,
               to_char(o.expected_on, 'YYYY-MM-DD') as expected_on,
               coalesce(sum(round((l.quantity_ordered - l.quantity_received) * l.unit_cost_minor)), 0) as outstanding_minor
          from purchase_orders o
          join stores st on st.business_id = o.business_id and st.id = o.store_id
          left join purchase_order_lines l on l.business_id = o.business_id and l.order_id = o.id
         where ${storesIn(scope, { businessId: sql`o.business_id`, storeId: sql`o.store_id` })} and o.status = 0
         group by o.id, o.number, o.vendor_id, 4, 5
         order by 5 nulls last, o.number`,
  );
}

/** Names of vendors of the business. */
export function vendorNames(db: Executor, businessId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRowsWithCustomPlan<{ id: string; name: string }>(
    db,
    sql`select id, name from contacts where business_id = ${businessId}
          and id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
  );
}
