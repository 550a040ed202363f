import { sql } from 'drizzle-orm';
import { queryRowsWithCustomPlan, type Executor } from '../../db/client.js';
import { instantsIn, summaryRowsIn, type ResolvedReportScope } from './report-scope.js';

type Num = number | string;

/** The instant a waste record took stock off the shelf: its approval, or its recording. */
const leftAt = sql`coalesce(w.decided_at, w.recorded_at)`;

/**
 * Waste that moved stock in the period, per variant, reason and store day: the record's own name
 * and SKU (as recorded) and the product's current category (under its parent's name).
 */
export function recordedWaste(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{
    variant_id: string;
    name: string;
    sku: string;
    category: string | null;
    reason: string;
    day: string;
    records: Num;
    quantity: Num;
    value_minor: Num;
  }>(
    db,
    sql`select w.variant_id, max(w.name) as name, max(w.sku) as sku,
               max(case when parent.name is null then c.name else parent.name || ' › ' || c.name end) as category,
               w.reason, to_char((${leftAt} at time zone st.time_zone)::date, 'YYYY-MM-DD') as day,
               count(*) as records, sum(w.quantity) as quantity, sum(w.value_minor) as value_minor
          from waste_records w
          join stores st on st.business_id = w.business_id and st.id = w.store_id
          join products p on p.business_id = w.business_id and p.id = w.product_id
          left join categories c on c.business_id = p.business_id and c.id = p.category_id
          left join categories parent on parent.business_id = c.business_id and parent.id = c.parent_id
         where w.status = 'recorded'
           and ${instantsIn(scope, { businessId: sql`w.business_id`, storeId: sql`w.store_id`, at: leftAt })}
         group by w.variant_id, w.reason, 6`,
  );
}

/** Records waiting for a manager's approval that were recorded in the period. */
export async function pendingWaste(db: Executor, scope: ResolvedReportScope) {
  const [row] = await queryRowsWithCustomPlan<{ records: Num; value_minor: Num | null }>(
    db,
    sql`select count(*) as records, sum(w.value_minor) as value_minor from waste_records w
         where w.status = 'pending'
           and ${instantsIn(scope, { businessId: sql`w.business_id`, storeId: sql`w.store_id`, at: sql`w.recorded_at` })}`,
  );
  return { count: Number(row?.records ?? 0), valueMinor: Number(row?.value_minor ?? 0) };
}

/** Net sales before tax per store day (sales less refunds), from the summaries. */
export function netSalesExTaxByDay(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{ day: string; net_ex_tax_minor: Num }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day,
               sum(total_minor - tax_minor - refund_total_minor + refund_tax_minor) as net_ex_tax_minor
          from sales_day_totals t where ${summaryRowsIn(scope, 't')}
         group by day`,
  );
}
