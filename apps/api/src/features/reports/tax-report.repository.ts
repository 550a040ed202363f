import { sql } from 'drizzle-orm';
import { queryRowsWithCustomPlan, type Executor } from '../../db/client.js';
import { datesIn, storesIn, summaryRowsIn, type ResolvedReportScope } from './report-scope.js';

type Num = number | string;

/** The key of a rate as it was on the lines: its id (the nil uuid when untaxed), basis points, inclusive. */
export interface RateKey {
  tax_rate_id: string;
  basis_points: number;
  inclusive: boolean;
}

/** Tax by rate and day from the summaries of till sales and refunds (not the zero rows voids leave). */
export function salesTaxByRateDay(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<
    RateKey & { day: string; taxable_minor: Num; tax_minor: Num; refund_taxable_minor: Num; refund_tax_minor: Num }
  >(
    db,
    sql`select tax_rate_id, basis_points, inclusive, to_char(day, 'YYYY-MM-DD') as day,
               sum(taxable_minor) as taxable_minor, sum(tax_minor) as tax_minor,
               sum(refund_taxable_minor) as refund_taxable_minor, sum(refund_tax_minor) as refund_tax_minor
          from sales_day_taxes t where ${summaryRowsIn(scope, 't')}
         group by tax_rate_id, basis_points, inclusive, day
        having sum(taxable_minor) <> 0 or sum(tax_minor) <> 0
            or sum(refund_taxable_minor) <> 0 or sum(refund_tax_minor) <> 0`,
  );
}

/**
 * Tax by rate and issue date of the invoices issued in the period that stand (issued or paid; a
 * voided invoice is as if never issued, a draft has no tax yet).
 */
export function invoiceTaxByRateDay(db: Executor, scope: ResolvedReportScope) {
  return queryRowsWithCustomPlan<RateKey & { day: string; taxable_minor: Num; tax_minor: Num }>(
    db,
    sql`select coalesce(l.tax_rate_id, '00000000-0000-0000-0000-000000000000'::uuid) as tax_rate_id,
               l.tax_rate_basis_points as basis_points, l.tax_inclusive as inclusive,
               to_char(i.issue_date, 'YYYY-MM-DD') as day,
               sum(l.total_minor - l.tax_minor) as taxable_minor, sum(l.tax_minor) as tax_minor
          from invoices i
          join invoice_lines l on l.business_id = i.business_id and l.invoice_id = i.id
         where ${storesIn(scope, { businessId: sql`i.business_id`, storeId: sql`i.store_id` })}
           and ${datesIn(scope, sql`i.issue_date`)} and i.status in ('issued', 'paid')
         group by 1, 2, 3, 4`,
  );
}

/** The current names of the business's tax rates. */
export function taxRateNames(db: Executor, businessId: string) {
  return queryRowsWithCustomPlan<{ id: string; name: string }>(
    db,
    sql`select id, name from tax_rates where business_id = ${businessId}`,
  );
}
