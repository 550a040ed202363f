import { sql } from 'drizzle-orm';
import { queryRowsWithCustomPlan, type Executor } from '../../db/client.js';

/** The products' current categories, under their parent's name ("Drinks › Soft drinks"). */
export function productCategories(db: Executor, businessId: string, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return queryRowsWithCustomPlan<{ product_id: string; category: string | null }>(
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
