import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { reorderRows } from '../purchase-orders/purchase-orders.repository.js';

type Num = number | string;

/**
 * The store's variants at or below their reorder level, with what its OPEN purchase orders still
 * bring: the purchase orders' own selection (`reorderRows`: tracked, not archived, reorder level set),
 * so the report and the reorder suggestions of a new order never disagree on what needs reordering.
 */
export const restockCandidates = (db: Executor, businessId: string, storeId: string) =>
  reorderRows(db, { businessId, storeId });

/** Sold less refunded per variant over the store's days `from`..`to`, from the report summaries. */
export function netSoldByVariant(
  db: Executor,
  where: { businessId: string; storeId: string; from: string; to: string; variantIds: string[] },
) {
  if (where.variantIds.length === 0) return Promise.resolve([]);
  return queryRows<{ variant_id: string; sold: Num }>(
    db,
    sql`select v.variant_id, sum(v.quantity - v.refund_quantity) as sold
          from sales_day_variants v
         where v.business_id = ${where.businessId} and v.store_id = ${where.storeId}
           and v.day between ${where.from}::date and ${where.to}::date
           and v.variant_id in (${sql.join(
             where.variantIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
         group by v.variant_id`,
  );
}

/** The products' current categories, under their parent's name ("Drinks › Soft drinks"). */
export function productCategories(db: Executor, businessId: string, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return queryRows<{ product_id: string; category: string | null }>(
    db,
    sql`select p.id as product_id,
               case when parent.name is null then c.name else parent.name || ' › ' || c.name end as category
          from products p
          left join categories c on c.business_id = p.business_id and c.id = p.category_id
          left join categories parent on parent.business_id = c.business_id and parent.id = c.parent_id
         where p.business_id = ${businessId}
           and p.id in (${sql.join(
             productIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
  );
}
