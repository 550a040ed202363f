import { sql, type SQL } from 'drizzle-orm';
import { queryRows, withCustomPlan, type Executor } from '../../db/client.js';
import { cappedSearchPage, SEARCH_COUNT_CAP, type SellableRow } from '../catalog/products.repository.js';
import { likePrefix } from '../../lib/like-patterns.js';

/**
 * The SQL of the register's search. Items are VARIANTS of non-archived products; the products are
 * found exactly as the inventory list finds them (products.repository.ts listProductRows): the
 * trigram index on `products.search_text` collects up to SEARCH_COUNT_CAP matching products in one
 * scan, and past that the page comes from the name index in name order. Every statement is scoped by
 * `business_id` first, so another tenant's ids find nothing.
 */

export type SellableFilter = {
  businessId: string;
  storeId: string;
  /** The trigram pattern (already escaped and wrapped in %), or none. */
  pattern?: string;
  /** The raw search, for ranking an exact SKU and name prefixes first. */
  q?: string;
  /** Exactly these variants (a whole barcode was searched, or a cart is re-priced). */
  variantIds?: string[];
  categoryId?: string;
  limit: number;
  offset: number;
};

/** A sellable row with what the till prices by: its first barcode and its tax. */
export type RegisterSellableRow = SellableRow & {
  barcode: string | null;
  tax_rate_basis_points: string | number;
  tax_inclusive: boolean;
};

/** The non-archived variant of a non-archived product carrying this exact barcode (primary-key lookup). */
export async function findVariantIdByBarcode(
  db: Executor,
  businessId: string,
  code: string,
): Promise<string | undefined> {
  const [row] = await queryRows<{ variant_id: string }>(
    db,
    sql`select b.variant_id from product_barcodes b
          join product_variants v on v.business_id = b.business_id and v.id = b.variant_id
          join products p on p.business_id = b.business_id and p.id = b.product_id
         where b.business_id = ${businessId} and b.code = ${code} and not v.is_archived and not p.is_archived`,
  );
  return row?.variant_id;
}

/** Whether the category is the business's (archived or not). */
export async function categoryExists(db: Executor, businessId: string, categoryId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select c.id from categories c where c.business_id = ${businessId} and c.id = ${categoryId}`,
  );
  return rows.length > 0;
}

/** Conditions on the products (`p`): the business, not archived, the search, the category and its children. */
function productWhere(filter: SellableFilter): SQL {
  const parts: SQL[] = [sql`p.business_id = ${filter.businessId}`, sql`not p.is_archived`];
  if (filter.pattern) parts.push(sql`p.search_text like ${filter.pattern}`);
  if (filter.categoryId)
    parts.push(sql`p.category_id in (
      select c.id from categories c
       where c.business_id = ${filter.businessId} and (c.id = ${filter.categoryId} or c.parent_id = ${filter.categoryId}))`);
  return sql.join(parts, sql` and `);
}

const variantJoin = sql`join product_variants v
  on v.business_id = p.business_id and v.product_id = p.id and not v.is_archived`;

/**
 * One page of sellable variants, and how many there are.
 *
 * A name or SKU search takes the two paths of `cappedSearchPage` (the inventory list's): up to
 * SEARCH_COUNT_CAP matching products, one scan collects them (trigram index or sequential, the
 * planner's choice), their variants are counted, and the page is sorted with the best first: an exact
 * SKU, then names starting with the search, then by name (variants in their product's order).
 * Without a search (the category grid) or with a barcode, the page comes in name order with an exact count.
 */
export async function listSellableRows(
  db: Executor,
  filter: SellableFilter,
): Promise<{ rows: RegisterSellableRow[]; total: number; totalCapped: boolean }> {
  const where = productWhere(filter);
  const byName = sql`lower(p.name), p.id, v.position, v.id`;
  if (filter.pattern && !filter.variantIds) {
    const q = filter.q!;
    const { ids, total, totalCapped } = await cappedSearchPage(
      db,
      sql`
      with m as materialized (
        select p.id, lower(p.name) as n from products p where ${where} limit ${SEARCH_COUNT_CAP + 1}
      ), mv as materialized (
        select v.id, m.n, m.id as product_id, upper(v.sku) as s, v.position from m
          join product_variants v on v.business_id = ${filter.businessId} and v.product_id = m.id and not v.is_archived
      )
      select (select count(*) from m) as matched, (select count(*) from mv) as total, page.id
        from (select 1) one
        left join lateral (
          select mv.id from mv
           order by mv.s = ${q.toUpperCase()} desc, mv.n like ${likePrefix(q)} desc, mv.n, mv.product_id, mv.position, mv.id
           limit ${filter.limit} offset ${filter.offset}
        ) page on true`,
      sql`select v.id from products p ${variantJoin} where ${where}
           order by ${byName} limit ${filter.limit} offset ${filter.offset}`,
    );
    return { rows: await pageRows(db, filter, ids), total, totalCapped };
  }
  const whereVariant = filter.variantIds
    ? sql`${where} and v.id in (${sql.join(
        filter.variantIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : where;
  const [page, [count]] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      withCustomPlan(
        sql`select v.id from products p ${variantJoin} where ${whereVariant}
           order by ${byName} limit ${filter.limit} offset ${filter.offset}`,
        filter.pattern !== undefined,
      ),
    ),
    queryRows<{ total: number | string }>(
      db,
      withCustomPlan(
        sql`select count(*) as total from products p ${variantJoin} where ${whereVariant}`,
        filter.pattern !== undefined,
      ),
    ),
  ]);
  return {
    rows: await pageRows(
      db,
      filter,
      page.map((r) => r.id),
    ),
    total: Number(count?.total ?? 0),
    totalCapped: false,
  };
}

/**
 * The sellable variants (neither they nor their product archived) among these ids, priced, taxed and
 * stocked for the store, in the order given (the register's favourites and best sellers).
 */
export async function sellableRowsInOrder(
  db: Executor,
  scope: Pick<SellableFilter, 'businessId' | 'storeId'>,
  ids: string[],
): Promise<RegisterSellableRow[]> {
  if (ids.length === 0) return [];
  const sellable = await queryRows<{ id: string }>(
    db,
    sql`select v.id from products p ${variantJoin}
         where p.business_id = ${scope.businessId} and not p.is_archived and v.id in (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
  const kept = new Set(sellable.map((r) => r.id));
  return pageRows(
    db,
    scope,
    ids.filter((id) => kept.has(id)),
  );
}

/** The page's variants priced, taxed and stocked for the store, in the order of the ids given. */
async function pageRows(
  db: Executor,
  filter: Pick<SellableFilter, 'businessId' | 'storeId'>,
  ids: string[],
): Promise<RegisterSellableRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<RegisterSellableRow>(
    db,
    sql`
    select p.id as product_id, v.id as variant_id, p.name, v.option_values, v.sku,
           (select b.code from product_barcodes b
             where b.business_id = v.business_id and b.variant_id = v.id
             order by b.created_at, b.code limit 1) as barcode,
           p.unit, coalesce(l.selling_price_minor, v.selling_price_minor) as price_minor,
           v.cost_price_minor, p.tax_rate_id,
           coalesce(t.rate_basis_points, 0) as tax_rate_basis_points, coalesce(t.is_inclusive, true) as tax_inclusive,
           p.is_tracked, l.on_hand, p.image_version
      from product_variants v
      join products p on p.business_id = v.business_id and p.id = v.product_id
      left join stock_levels l on l.business_id = v.business_id and l.store_id = ${filter.storeId}
                               and l.variant_id = v.id
      left join tax_rates t on t.business_id = p.business_id and t.id = p.tax_rate_id
     where v.business_id = ${filter.businessId} and v.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`,
  );
  const byId = new Map(rows.map((r) => [r.variant_id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
