import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Who Demo Mart buys each category from (indexes into the demo vendors, demo-history.ts), and the
 * prefix of that vendor's item codes. Spices and seasoning come from the market, from no one vendor:
 * they show the restock report's "no preferred vendor" group.
 */
const categoryVendors: [category: string, vendor: number][] = [
  ['Rice & Grains', 0],
  ['Canned Food', 0],
  ['Beer & Wine', 1],
  ['Flour & Baking', 2],
  ['Baby', 3],
  ['Frozen', 4],
  ['Toiletries', 5],
  ['Household', 5],
  ['Soft Drinks', 6],
  ['Water', 6],
  ['Juice', 6],
  ['Bakery', 7],
];
const codePrefixes = ['OLM', 'NB', 'DFM', 'NES', 'M12', 'PZC', 'NBC', 'LBS'];

/**
 * Gives the demo products their preferred vendor by category, and each variant that vendor's item
 * code (its prefix and the SKU's number), before the purchasing history runs, so deliveries from
 * the preferred vendor leave their last costs.
 */
export async function assignDemoPreferredVendors(tx: Executor, businessId: string, vendors: { id: string }[]) {
  const mapping = sql.join(
    categoryVendors.map(
      ([category, vendor]) =>
        sql`(${category}, ${vendors[vendor % vendors.length]!.id}::uuid, ${codePrefixes[vendor % codePrefixes.length]!})`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`update products p set preferred_vendor_id = m.vendor_id
          from (values ${mapping}) as m(category, vendor_id, prefix), categories c
         where p.business_id = ${businessId} and c.business_id = p.business_id and c.id = p.category_id
           and c.name = m.category`,
  );
  await tx.execute(
    sql`update product_variants v set vendor_item_code = m.prefix || '-' || regexp_replace(v.sku, '^.*-', '')
          from (values ${mapping}) as m(category, vendor_id, prefix), products p
         where v.business_id = ${businessId} and p.business_id = v.business_id and p.id = v.product_id
           and p.preferred_vendor_id = m.vendor_id`,
  );
}
