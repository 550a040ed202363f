import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { registerFavourites } from '../../db/schema.js';

/**
 * The SQL of the register's favourites and best sellers. Every statement is scoped by `business_id`
 * first and by the store, so another tenant's or another store's rows are never read.
 */

type StoreKey = { businessId: string; storeId: string };
export type RegisterFavouritesRow = typeof registerFavourites.$inferSelect;

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The store's pinned favourites row (locked for a change when asked); none while never pinned. */
export async function findFavouritesRow(
  db: Executor,
  key: StoreKey,
  options: { forUpdate?: boolean } = {},
): Promise<RegisterFavouritesRow | undefined> {
  const query = db
    .select()
    .from(registerFavourites)
    .where(and(eq(registerFavourites.businessId, key.businessId), eq(registerFavourites.storeId, key.storeId)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** The first pin of the store: the row is made at version 1. */
export async function insertFavouritesRow(
  db: Executor,
  row: StoreKey & { variantIds: string[]; updatedAt: Date | SQL; updatedBy: string | null },
) {
  await db.insert(registerFavourites).values({ ...row, version: 1 });
}

/** A new list at the next version (the caller holds the row's lock and has checked its version). */
export async function updateFavouritesRow(
  db: Executor,
  key: StoreKey,
  change: { variantIds: string[]; version: number; updatedAt: Date | SQL; updatedBy: string | null },
) {
  await db
    .update(registerFavourites)
    .set(change)
    .where(and(eq(registerFavourites.businessId, key.businessId), eq(registerFavourites.storeId, key.storeId)));
}

/** The business's variants among these ids, with their SKU and whether they (or their product) are archived. */
export async function variantsOfBusiness(
  db: Executor,
  businessId: string,
  ids: string[],
): Promise<Map<string, { sku: string; name: string; archived: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; sku: string; name: string; archived: boolean }>(
    db,
    sql`select v.id, v.sku, p.name, (v.is_archived or p.is_archived) as archived
          from product_variants v
          join products p on p.business_id = v.business_id and p.id = v.product_id
         where v.business_id = ${businessId} and v.id in (${idList(ids)})`,
  );
  return new Map(rows.map((r) => [r.id, { sku: r.sku, name: r.name, archived: r.archived }]));
}

/**
 * The store's best sellers over its days `from`..`to`: sellable variants by quantity sold less
 * refunded, most first (then by takings, then by id, so the order is stable), read from the report
 * summaries (`sales_day_variants`, decision 0014), not from the sale lines.
 */
export async function bestSellingVariantIds(
  db: Executor,
  where: StoreKey & { from: string; to: string; limit: number },
): Promise<string[]> {
  const rows = await queryRows<{ variant_id: string }>(
    db,
    sql`select s.variant_id
          from (select d.variant_id, sum(d.quantity - d.refund_quantity) as sold,
                       sum(d.total_minor - d.refund_total_minor) as takings
                  from sales_day_variants d
                 where d.business_id = ${where.businessId} and d.store_id = ${where.storeId}
                   and d.day between ${where.from}::date and ${where.to}::date
                 group by d.variant_id) s
          join product_variants v on v.business_id = ${where.businessId} and v.id = s.variant_id and not v.is_archived
          join products p on p.business_id = v.business_id and p.id = v.product_id and not p.is_archived
         where s.sold > 0
         order by s.sold desc, s.takings desc, s.variant_id
         limit ${where.limit}`,
  );
  return rows.map((r) => r.variant_id);
}
