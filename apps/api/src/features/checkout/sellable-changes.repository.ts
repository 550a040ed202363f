import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import type { SellableRow } from '../catalog/products.repository.js';

/**
 * The SQL of the device's catalogue: a store's sellable variants a page at a time, in variant-id
 * order (keyset: `id > after`), either all of them (the full download) or those changed since a
 * time. Every statement is scoped by `business_id` first, and stock by the store.
 *
 * What a variant's row shows comes from five rows, and each of them moves its own `updated_at` on
 * every change: the variant (price, SKU, archived), its product (name, unit, tax rate, category,
 * archived, and its barcodes, which a product's update deletes and writes again), the store's
 * `stock_levels` row (store price; on hand, which the stock ledger moves), and the tax rate (rate,
 * inclusive). So "changed since" is the union of the variants reached from each one changed since.
 * A category's own changes (its name, its place) show on no row and are not followed.
 */

export type CatalogueRow = SellableRow & {
  barcodes: string[];
  category_id: string | null;
  tax_rate_basis_points: string | number;
  tax_inclusive: boolean;
  archived: boolean;
};

export type CataloguePageFilter = {
  businessId: string;
  storeId: string;
  /** Changed after this time (a timestamptz as PostgreSQL wrote it); none: the full download. */
  since: string | null;
  /** The last variant id of the previous page. */
  after: string | null;
  limit: number;
};

/** The database's clock less a margin, as PostgreSQL writes a timestamptz: the next delta's `since`. */
export async function clockLess(db: Executor, seconds: number): Promise<string> {
  const [row] = await queryRows<{ at: string }>(
    db,
    sql`select (statement_timestamp() - make_interval(secs => ${seconds}))::text as at`,
  );
  return row!.at;
}

/** The ids of one page (one more than the limit, to know whether another page follows). */
function pageIds(filter: CataloguePageFilter): SQL {
  const { businessId, storeId, since, after } = filter;
  const afterClause = after ? sql`and id > ${after}::uuid` : sql``;
  if (since === null)
    return sql`
      select v.id from product_variants v
        join products p on p.business_id = v.business_id and p.id = v.product_id
       where v.business_id = ${businessId} and not v.is_archived and not p.is_archived
             ${after ? sql`and v.id > ${after}::uuid` : sql``}
       order by v.id limit ${filter.limit + 1}`;
  const t = sql`${since}::timestamptz`;
  return sql`
    select id from (
      select v.id from product_variants v where v.business_id = ${businessId} and v.updated_at > ${t}
      union
      select v.id from products p
        join product_variants v on v.business_id = p.business_id and v.product_id = p.id
       where p.business_id = ${businessId} and p.updated_at > ${t}
      union
      select l.variant_id from stock_levels l
       where l.business_id = ${businessId} and l.store_id = ${storeId} and l.updated_at > ${t}
      union
      select v.id from tax_rates r
        join products p on p.business_id = r.business_id and p.tax_rate_id = r.id
        join product_variants v on v.business_id = p.business_id and v.product_id = p.id
       where r.business_id = ${businessId} and r.updated_at > ${t}
    ) changed
    where true ${afterClause}
    order by id limit ${filter.limit + 1}`;
}

/** One page of the store's catalogue, priced, taxed and stocked for the store, in variant-id order. */
export async function listCataloguePage(db: Executor, filter: CataloguePageFilter): Promise<CatalogueRow[]> {
  return queryRows<CatalogueRow>(
    db,
    sql`
    with page as materialized (${pageIds(filter)})
    select p.id as product_id, v.id as variant_id, p.name, v.option_values, v.sku,
           coalesce((select array_agg(b.code order by b.created_at, b.code) from product_barcodes b
                      where b.business_id = v.business_id and b.variant_id = v.id), '{}') as barcodes,
           p.unit, coalesce(l.selling_price_minor, v.selling_price_minor) as price_minor,
           0 as cost_price_minor, p.tax_rate_id, p.category_id,
           coalesce(r.rate_basis_points, 0) as tax_rate_basis_points, coalesce(r.is_inclusive, true) as tax_inclusive,
           p.is_tracked, l.on_hand, p.image_version, (v.is_archived or p.is_archived) as archived
      from page
      join product_variants v on v.business_id = ${filter.businessId} and v.id = page.id
      join products p on p.business_id = v.business_id and p.id = v.product_id
      left join stock_levels l on l.business_id = v.business_id and l.store_id = ${filter.storeId}
                               and l.variant_id = v.id
      left join tax_rates r on r.business_id = p.business_id and r.id = p.tax_rate_id
     order by v.id`,
  );
}
