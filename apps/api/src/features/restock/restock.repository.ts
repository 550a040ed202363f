import { sql } from 'drizzle-orm';
import type { ProductUnit } from '@ipos/contracts';
import { queryRows, type Executor } from '../../db/client.js';

type Scope = { businessId: string; storeId: string };
type Num = number | string;

export interface ReorderRow {
  productId: string;
  variantId: string;
  productName: string;
  optionValues: string[];
  sku: string;
  unit: ProductUnit;
  onHand: string | number;
  reorderLevel: string | number;
  reorderQuantity: string | number | null;
  onOrder: string | number;
  costPriceMinor: number | string;
  lastCostMinor: number | string | null;
  vendorItemCode: string | null;
  /** The product's preferred vendor when it is not archived; null otherwise. */
  vendorId: string | null;
  vendorName: string | null;
}

/**
 * Tracked, non-archived variants of the store at or below their reorder level, with what OPEN orders
 * still expect and the product's preferred vendor (an archived one counts as none); with `vendorId`,
 * only the products that vendor is preferred for.
 */
export async function reorderRows(db: Executor, scope: Scope & { vendorId?: string }): Promise<ReorderRow[]> {
  const vendorFilter = scope.vendorId ? sql`and p.preferred_vendor_id = ${scope.vendorId}` : sql``;
  return queryRows<ReorderRow>(
    db,
    sql`select v.product_id as "productId", v.id as "variantId", p.name as "productName",
               v.option_values as "optionValues", v.sku, p.unit, s.on_hand as "onHand",
               s.reorder_level as "reorderLevel", s.reorder_quantity as "reorderQuantity",
               v.cost_price_minor as "costPriceMinor", v.last_cost_minor as "lastCostMinor",
               v.vendor_item_code as "vendorItemCode", c.id as "vendorId", c.name as "vendorName",
               coalesce((select sum(l.quantity_ordered - l.quantity_received)
                           from purchase_order_lines l
                           join purchase_orders o on o.business_id = l.business_id and o.id = l.order_id
                          where l.business_id = s.business_id and l.variant_id = s.variant_id
                            and o.store_id = s.store_id and o.status = 0), 0) as "onOrder"
          from stock_levels s
          join product_variants v on v.business_id = s.business_id and v.id = s.variant_id
          join products p on p.business_id = v.business_id and p.id = v.product_id
          left join contacts c on c.business_id = p.business_id and c.id = p.preferred_vendor_id
                              and c.archived_at is null
         where s.business_id = ${scope.businessId} and s.store_id = ${scope.storeId}
           and s.reorder_level is not null and s.on_hand <= s.reorder_level
           and p.is_tracked and not p.is_archived and not v.is_archived ${vendorFilter}
         order by lower(p.name), v.sku`,
  );
}

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
