import { sql } from 'drizzle-orm';
import { queryRowsWithCustomPlan, type Executor } from '../../db/client.js';
import { summaryRowsIn, type ResolvedReportScope } from './report-scope.js';

/** bigint and numeric sums: numbers from PGlite, strings from node-postgres. */
type Num = number | string;

/** The money sums every sales slice reads from sales_day_totals or sales_day_variants. */
export interface SalesSums {
  gross_minor: Num;
  discount_minor: Num;
  tax_minor: Num;
  total_minor: Num;
  cost_minor: Num;
  refund_total_minor: Num;
  refund_tax_minor: Num;
  refund_cost_minor: Num;
}

const sums = sql.raw(`sum(gross_minor) as gross_minor, sum(discount_minor) as discount_minor,
  sum(tax_minor) as tax_minor, sum(total_minor) as total_minor, sum(cost_minor) as cost_minor,
  sum(refund_total_minor) as refund_total_minor, sum(refund_tax_minor) as refund_tax_minor,
  sum(refund_cost_minor) as refund_cost_minor`);

/** Per store and day: the trend, the stores and the summary are sums of these (≤ 366 rows a store). */
export function salesByStoreDay(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<SalesSums & { store_id: string; day: string; sales_count: Num; refunds_count: Num }>(
    db,
    sql`select store_id, to_char(day, 'YYYY-MM-DD') as day, sum(sales_count) as sales_count,
               sum(refunds_count) as refunds_count, ${sums}
          from sales_day_totals t where ${summaryRowsIn(scope, 't')}
         group by store_id, day`,
  );
}

/**
 * Per person: the cashier of sales, the person who paid refunds out; with the current name. Summary
 * rows a void left at zero are not a row of the report (here and per variant).
 */
export function salesByAccount(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<
    SalesSums & { account_id: string; name: string | null; sales_count: Num; refunds_count: Num }
  >(
    db,
    sql`select t.account_id, max(a.name) as name, sum(t.sales_count) as sales_count,
               sum(t.refunds_count) as refunds_count, ${sums}
          from sales_day_totals t
          left join accounts a on a.id = t.account_id
         where ${summaryRowsIn(scope, 't')}
         group by t.account_id
        having sum(t.sales_count) <> 0 or sum(t.refunds_count) <> 0`,
  );
}

/** Per variant, with its product's current name, options, SKU and category (a child category under its parent's name). */
export function salesByVariant(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<
    SalesSums & {
      variant_id: string;
      product_id: string;
      product_name: string;
      option_values: string[] | string;
      sku: string;
      category: string | null;
      quantity: Num;
      refund_quantity: Num;
    }
  >(
    db,
    sql`select v.variant_id, v.product_id, p.name as product_name, pv.option_values, pv.sku,
               case when parent.name is null then c.name else parent.name || ' › ' || c.name end as category,
               v.quantity, v.refund_quantity, v.gross_minor, v.discount_minor, v.tax_minor, v.total_minor,
               v.cost_minor, v.refund_total_minor, v.refund_tax_minor, v.refund_cost_minor
          from (select variant_id, product_id, sum(quantity) as quantity, sum(refund_quantity) as refund_quantity, ${sums}
                  from sales_day_variants t where ${summaryRowsIn(scope, 't')}
                 group by variant_id, product_id
                having sum(quantity) <> 0 or sum(refund_quantity) <> 0) v
          join products p on p.business_id = ${scope.businessId} and p.id = v.product_id
          join product_variants pv on pv.business_id = ${scope.businessId} and pv.id = v.variant_id
          left join categories c on c.business_id = p.business_id and c.id = p.category_id
          left join categories parent on parent.business_id = c.business_id and parent.id = c.parent_id`,
  );
}

/** Per payment method: taken (net of change) and refunded. */
export function salesByPaymentMethod(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<{
    method: string;
    payments_count: Num;
    amount_minor: Num;
    refunds_count: Num;
    refund_minor: Num;
  }>(
    db,
    sql`select method, sum(payments_count) as payments_count, sum(amount_minor) as amount_minor,
               sum(refunds_count) as refunds_count, sum(refund_minor) as refund_minor
          from sales_day_payments t where ${summaryRowsIn(scope, 't')}
         group by method`,
  );
}

/** Tax added on top of exclusive prices on the period's sales. */
export async function exclusiveSalesTax(db: Executor, scope: ResolvedReportScope): Promise<number> {
  const [row] = await queryRowsWithCustomPlan<{ tax: Num | null }>(
    db,
    sql`select sum(tax_minor) as tax from sales_day_taxes t
         where ${summaryRowsIn(scope, 't')} and not t.inclusive`,
  );
  return Number(row?.tax ?? 0);
}
