import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { cursorInstant, olderThan } from '../../lib/keyset-cursor.js';
import { toInt } from '../checkout/sale-view.repository.js';

type Scope = { businessId: string; storeId: string };

// ---------------------------------------------------------------- the list

export interface SaleListFilters {
  from?: string | undefined;
  to?: string | undefined;
  cashierId?: string | undefined;
  method?: string | undefined;
  state?: 'completed' | 'partially_refunded' | 'refunded' | 'voided' | undefined;
  customerId?: string | undefined;
  /** A LIKE pattern on sales.number (case-insensitive), already built. */
  numberPattern?: string | undefined;
}

/**
 * The filtered set as a SQL fragment over `s` (sales) and `r` (refunded per sale, a grouped
 * subquery joined once): shared by the page and the totals so they always agree.
 */
function filteredSales(scope: Scope, f: SaleListFilters): SQL {
  const conditions: SQL[] = [sql`s.business_id = ${scope.businessId}`, sql`s.store_id = ${scope.storeId}`];
  // Days are the store's: [from 00:00, to + 1 day 00:00) in its time zone, computed once (an
  // init plan), so the range scans sales_store_time_idx.
  const zone = sql`(select st.time_zone from stores st where st.business_id = ${scope.businessId} and st.id = ${scope.storeId})`;
  if (f.from) conditions.push(sql`s.completed_at >= (${f.from}::date::timestamp at time zone ${zone})`);
  if (f.to) conditions.push(sql`s.completed_at < ((${f.to}::date + 1)::timestamp at time zone ${zone})`);
  if (f.cashierId) conditions.push(sql`s.cashier_account_id = ${f.cashierId}`);
  if (f.customerId) conditions.push(sql`s.customer_id = ${f.customerId}`);
  if (f.method)
    conditions.push(
      sql`exists (select 1 from sale_payments p
                  where p.business_id = s.business_id and p.sale_id = s.id and p.method = ${f.method})`,
    );
  if (f.numberPattern) conditions.push(sql`upper(s.number) like ${f.numberPattern}`);
  const refunded = sql`coalesce(r.refunded_minor, 0)`;
  if (f.state === 'voided') conditions.push(sql`s.status = 'voided'`);
  else if (f.state === 'completed') conditions.push(sql`s.status = 'completed' and ${refunded} = 0`);
  else if (f.state === 'partially_refunded')
    conditions.push(sql`s.status = 'completed' and ${refunded} > 0 and ${refunded} < s.total_minor`);
  else if (f.state === 'refunded')
    conditions.push(sql`s.status = 'completed' and ${refunded} > 0 and ${refunded} >= s.total_minor`);
  return sql`
    from sales s
    left join contacts c on c.business_id = s.business_id and c.id = s.customer_id
    left join (
      select rf.sale_id, sum(rf.total_minor) as refunded_minor from refunds rf
      where rf.business_id = ${scope.businessId} and rf.store_id = ${scope.storeId}
      group by rf.sale_id
    ) r on r.sale_id = s.id
    where ${sql.join(conditions, sql` and `)}`;
}

export interface SaleListRow {
  id: string;
  number: string;
  completed_at: Date | string;
  /** completed_at in UTC to the microsecond: the keyset position (a JS Date keeps only milliseconds). */
  cursor_at: string;
  status: string;
  cashier_account_id: string;
  customer_id: string | null;
  customer_name: string | null;
  line_count: unknown;
  total_minor: unknown;
  refunded_minor: unknown;
  /** Methods in payment order, comma separated. */
  methods: string | null;
}

/** One page, newest first (completed_at desc, id desc), after the keyset position if given. */
export async function listSaleRows(
  db: Executor,
  scope: Scope,
  filters: SaleListFilters,
  page: { after?: { at: string; id: string } | undefined; limit: number },
): Promise<SaleListRow[]> {
  const after = olderThan(sql`s.completed_at`, sql`s.id`, page.after);
  return queryRows<SaleListRow>(
    db,
    sql`
    select s.id, s.number, s.completed_at,
           ${cursorInstant(sql`s.completed_at`)} as cursor_at, s.status, s.cashier_account_id, s.customer_id, c.name as customer_name,
           (select count(*) from sale_lines sl where sl.business_id = s.business_id and sl.sale_id = s.id) as line_count,
           s.total_minor, coalesce(r.refunded_minor, 0)::bigint as refunded_minor,
           (select string_agg(p.method, ',' order by p.seq) from sale_payments p
             where p.business_id = s.business_id and p.sale_id = s.id) as methods
    ${filteredSales(scope, filters)}${after}
    order by s.completed_at desc, s.id desc
    limit ${page.limit}`,
  );
}

/** Count of the filtered set; money of its non-voided sales. */
export async function saleListTotals(db: Executor, scope: Scope, filters: SaleListFilters) {
  const [row] = await queryRows<{ count: unknown; total_minor: unknown; refunded_minor: unknown }>(
    db,
    sql`
    select count(*) as count,
           coalesce(sum(s.total_minor) filter (where s.status <> 'voided'), 0)::bigint as total_minor,
           coalesce(sum(r.refunded_minor) filter (where s.status <> 'voided'), 0)::bigint as refunded_minor
    ${filteredSales(scope, filters)}`,
  );
  return {
    count: toInt(row?.count),
    totalMinor: toInt(row?.total_minor),
    refundedMinor: toInt(row?.refunded_minor),
  };
}

/** The accounts that rang up sales in this store (an index-only scan of sales_cashier_idx), by name. */
export async function saleCashiers(db: Executor, scope: Scope) {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select a.id, a.name
          from (select distinct s.cashier_account_id as id from sales s
                 where s.business_id = ${scope.businessId} and s.store_id = ${scope.storeId}) c
          join accounts a on a.id = c.id
         order by lower(a.name), a.id`,
  );
}
