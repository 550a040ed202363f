import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ProductUnit } from '@ipos/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { writesInOneStatement, jsonRowsInsert, type FullRow } from '../../db/json-rows.js';
import {
  productVariants,
  purchaseOrderLines,
  purchaseOrderReceiptLines,
  purchaseOrderReceipts,
  purchaseOrderReturnLines,
  purchaseOrderReturns,
  purchaseOrders,
} from '../../db/schema.js';

type Scope = { businessId: string; storeId: string };

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;

/** An order of the active store (another store's or business's id is simply absent). */
export async function findOrder(db: Executor, scope: Scope, id: string): Promise<PurchaseOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.businessId, scope.businessId),
        eq(purchaseOrders.storeId, scope.storeId),
        eq(purchaseOrders.id, id),
      ),
    );
  return row;
}

/** The order row locked until the transaction ends: receipts, recalls and transitions of one order queue here. */
export async function lockOrder(tx: Executor, scope: Scope, id: string): Promise<PurchaseOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.businessId, scope.businessId),
        eq(purchaseOrders.storeId, scope.storeId),
        eq(purchaseOrders.id, id),
      ),
    )
    .for('update');
  return row;
}

export async function insertOrder(tx: Executor, row: typeof purchaseOrders.$inferInsert) {
  await tx.insert(purchaseOrders).values(row);
}

export async function updateOrder(
  tx: Executor,
  businessId: string,
  id: string,
  set: PgUpdateSetSource<typeof purchaseOrders>,
): Promise<PurchaseOrderRow> {
  const [row] = await tx
    .update(purchaseOrders)
    .set({ updatedAt: sql`now()`, ...set })
    .where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.id, id)))
    .returning();
  return row!;
}

export async function replaceLines(
  tx: Executor,
  businessId: string,
  orderId: string,
  lines: (typeof purchaseOrderLines.$inferInsert)[],
) {
  await tx
    .delete(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.businessId, businessId), eq(purchaseOrderLines.orderId, orderId)));
  if (lines.length > 0) await tx.insert(purchaseOrderLines).values(lines);
}

export interface OrderLineRow {
  lineNo: number;
  productId: string;
  variantId: string;
  name: string;
  sku: string;
  unit: ProductUnit;
  isTracked: boolean;
  quantityOrdered: string | number;
  quantityReceived: string | number;
  quantityReturned: string | number;
  unitCostMinor: number | string;
  /** The variant's vendor item code when the order's vendor is the product's preferred vendor. */
  vendorItemCode: string | null;
}

/** The order's lines with the product's unit and tracking, by line number. */
export async function orderLineRows(db: Executor, businessId: string, orderId: string): Promise<OrderLineRow[]> {
  return queryRows<OrderLineRow>(
    db,
    sql`select l.line_no as "lineNo", l.product_id as "productId", l.variant_id as "variantId", l.name, l.sku,
               p.unit, p.is_tracked as "isTracked",
               l.quantity_ordered as "quantityOrdered", l.quantity_received as "quantityReceived",
               l.quantity_returned as "quantityReturned", l.unit_cost_minor as "unitCostMinor",
               case when p.preferred_vendor_id = o.vendor_id then v.vendor_item_code end as "vendorItemCode"
          from purchase_order_lines l
          join purchase_orders o on o.business_id = l.business_id and o.id = l.order_id
          join products p on p.business_id = l.business_id and p.id = l.product_id
          join product_variants v on v.business_id = l.business_id and v.id = l.variant_id
         where l.business_id = ${businessId} and l.order_id = ${orderId}
         order by l.line_no`,
  );
}

export async function receiptRows(db: Executor, businessId: string, orderId: string) {
  const receipts = await db
    .select()
    .from(purchaseOrderReceipts)
    .where(and(eq(purchaseOrderReceipts.businessId, businessId), eq(purchaseOrderReceipts.orderId, orderId)))
    .orderBy(asc(purchaseOrderReceipts.receivedAt), asc(purchaseOrderReceipts.id));
  const lines = await db
    .select()
    .from(purchaseOrderReceiptLines)
    .where(and(eq(purchaseOrderReceiptLines.businessId, businessId), eq(purchaseOrderReceiptLines.orderId, orderId)))
    .orderBy(asc(purchaseOrderReceiptLines.lineNo));
  return { receipts, lines };
}

export async function returnRows(db: Executor, businessId: string, orderId: string) {
  const returns = await db
    .select()
    .from(purchaseOrderReturns)
    .where(and(eq(purchaseOrderReturns.businessId, businessId), eq(purchaseOrderReturns.orderId, orderId)))
    .orderBy(asc(purchaseOrderReturns.returnedAt), asc(purchaseOrderReturns.id));
  const lines = await db
    .select()
    .from(purchaseOrderReturnLines)
    .where(and(eq(purchaseOrderReturnLines.businessId, businessId), eq(purchaseOrderReturnLines.orderId, orderId)))
    .orderBy(asc(purchaseOrderReturnLines.lineNo));
  return { returns, lines };
}

export async function receiptIdTaken(db: Executor, businessId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: purchaseOrderReceipts.id })
    .from(purchaseOrderReceipts)
    .where(and(eq(purchaseOrderReceipts.businessId, businessId), eq(purchaseOrderReceipts.id, id)));
  return row !== undefined;
}

export async function returnIdTaken(db: Executor, businessId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: purchaseOrderReturns.id })
    .from(purchaseOrderReturns)
    .where(and(eq(purchaseOrderReturns.businessId, businessId), eq(purchaseOrderReturns.id, id)));
  return row !== undefined;
}

const insertReceiptLineRows = jsonRowsInsert(purchaseOrderReceiptLines);
const insertReturnLineRows = jsonRowsInsert(purchaseOrderReturnLines);

/**
 * A delivery and its lines in one statement; the lines' part is of fixed text whatever their
 * number. (The header goes through the builder: a live one is stamped by the database's clock.)
 */
export async function insertReceipt(
  tx: Executor,
  receipt: typeof purchaseOrderReceipts.$inferInsert,
  lines: FullRow<typeof purchaseOrderReceiptLines>[],
) {
  const header = tx.insert(purchaseOrderReceipts).values(receipt).getSQL();
  await tx.execute(writesInOneStatement({ writes: [header], then: insertReceiptLineRows(lines) }));
}

/** A return to the vendor and its lines in one statement, as `insertReceipt`. */
export async function insertReturn(
  tx: Executor,
  ret: typeof purchaseOrderReturns.$inferInsert,
  lines: FullRow<typeof purchaseOrderReturnLines>[],
) {
  const header = tx.insert(purchaseOrderReturns).values(ret).getSQL();
  await tx.execute(writesInOneStatement({ writes: [header], then: insertReturnLineRows(lines) }));
}

/** Adds to the received or returned quantity of lines, in one statement. */
export async function addToLines(
  tx: Executor,
  businessId: string,
  orderId: string,
  column: 'quantity_received' | 'quantity_returned',
  deltas: { lineNo: number; numeric: string }[],
) {
  const target = sql.identifier(column);
  await tx.execute(
    sql`update purchase_order_lines l
           set ${target} = l.${target} + d.delta
          from (values ${sql.join(
            deltas.map((d) => sql`(${d.lineNo}::int, ${d.numeric}::numeric)`),
            sql`, `,
          )}) as d(line_no, delta)
         where l.business_id = ${businessId} and l.order_id = ${orderId} and l.line_no = d.line_no`,
  );
}

/**
 * The variants' cost prices, their rows locked (in id order) so two receipts of the same variant
 * average one after the other, with on hand summed over every store of the business.
 */
export async function lockVariantCosts(
  tx: Executor,
  businessId: string,
  variantIds: string[],
): Promise<Map<string, { costPriceMinor: number; onHandAllStores: string | number }>> {
  if (variantIds.length === 0) return new Map();
  const ids = [...new Set(variantIds)].sort();
  const locked = await tx
    .select({ id: productVariants.id, costPriceMinor: productVariants.costPriceMinor })
    .from(productVariants)
    .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, ids)))
    .orderBy(asc(productVariants.id))
    // NO KEY UPDATE: sales inserting movements (a foreign key's KEY SHARE on the variant) never wait on it.
    .for('no key update');
  const onHand = await queryRows<{ variant_id: string; on_hand: string | number }>(
    tx,
    sql`select variant_id, sum(on_hand) as on_hand from stock_levels
         where business_id = ${businessId} and variant_id in (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )}) group by variant_id`,
  );
  const sums = new Map(onHand.map((r) => [r.variant_id, r.on_hand]));
  return new Map(
    locked.map((r) => [r.id, { costPriceMinor: Number(r.costPriceMinor), onHandAllStores: sums.get(r.id) ?? 0 }]),
  );
}

/**
 * The receipt's unit costs become the variants' last costs, for the variants whose product's
 * preferred vendor is the order's vendor (another vendor's price is not "the vendor's last cost").
 */
export async function setLastCosts(
  tx: Executor,
  businessId: string,
  vendorId: string,
  costs: { variantId: string; cost: number }[],
) {
  if (costs.length === 0) return;
  await tx.execute(
    sql`update product_variants v set last_cost_minor = d.cost, updated_at = now()
          from (values ${sql.join(
            costs.map((c) => sql`(${c.variantId}::uuid, ${c.cost}::bigint)`),
            sql`, `,
          )}) as d(variant_id, cost), products p
         where v.business_id = ${businessId} and v.id = d.variant_id
           and p.business_id = v.business_id and p.id = v.product_id and p.preferred_vendor_id = ${vendorId}`,
  );
}

export async function setVariantCosts(tx: Executor, businessId: string, costs: { variantId: string; cost: number }[]) {
  if (costs.length === 0) return;
  await tx.execute(
    sql`update product_variants v set cost_price_minor = d.cost, updated_at = now()
          from (values ${sql.join(
            costs.map((c) => sql`(${c.variantId}::uuid, ${c.cost}::bigint)`),
            sql`, `,
          )}) as d(variant_id, cost)
         where v.business_id = ${businessId} and v.id = d.variant_id`,
  );
}

export interface OrderSummaryRow {
  id: string;
  number: string;
  status: number;
  vendorId: string;
  vendorName: string;
  expectedOn: string | null;
  createdAt: Date | string;
  lineCount: number | string;
  orderedMinor: number | string;
  receivedMinor: number | string;
  returnedMinor: number | string;
}

/** A list row: the summary with Σ units ordered and received (numeric: a string from pg, a number from PGlite). */
export interface OrderListRow extends OrderSummaryRow {
  quantityOrdered: number | string;
  quantityReceived: number | string;
}

export interface OrderFilter {
  status?: number | undefined;
  vendorId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  number?: string | undefined;
  limit: number;
  offset: number;
}

const summaryColumns = sql`o.id, o.number, o.status, o.vendor_id as "vendorId", c.name as "vendorName",
       o.expected_on::text as "expectedOn", o.created_at as "createdAt",
       (select count(*) from purchase_order_lines l where l.business_id = o.business_id and l.order_id = o.id) as "lineCount",
       o.ordered_total_minor as "orderedMinor",
       (select coalesce(sum(round(rl.quantity * rl.unit_cost_minor)), 0) from purchase_order_receipt_lines rl
         where rl.business_id = o.business_id and rl.order_id = o.id) as "receivedMinor",
       (select coalesce(sum(round(l.quantity_returned * l.unit_cost_minor)), 0) from purchase_order_lines l
         where l.business_id = o.business_id and l.order_id = o.id) as "returnedMinor"`;

const listQuantityColumns = sql`(select coalesce(sum(l.quantity_ordered), 0) from purchase_order_lines l
         where l.business_id = o.business_id and l.order_id = o.id) as "quantityOrdered",
       (select coalesce(sum(l.quantity_received), 0) from purchase_order_lines l
         where l.business_id = o.business_id and l.order_id = o.id) as "quantityReceived"`;

/** One page of the store's orders, newest first, with the count. */
export async function listOrderRows(
  db: Executor,
  scope: Scope,
  filter: OrderFilter,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const parts: SQL[] = [sql`o.business_id = ${scope.businessId}`, sql`o.store_id = ${scope.storeId}`];
  if (filter.status !== undefined) parts.push(sql`o.status = ${filter.status}`);
  if (filter.vendorId) parts.push(sql`o.vendor_id = ${filter.vendorId}`);
  if (filter.from) parts.push(sql`(o.created_at at time zone s.time_zone)::date >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`(o.created_at at time zone s.time_zone)::date <= ${filter.to}::date`);
  if (filter.number) {
    const digits = filter.number.replace(/\D/g, '');
    parts.push(
      /^\d+$/.test(filter.number) && digits
        ? sql`o.number ~ ${`PO0*${digits.replace(/^0+/, '')}$`}`
        : sql`upper(o.number) = ${filter.number.toUpperCase()}`,
    );
  }
  const where = sql.join(parts, sql` and `);
  const from = sql`purchase_orders o
    join stores s on s.business_id = o.business_id and s.id = o.store_id
    join contacts c on c.business_id = o.business_id and c.id = o.vendor_id`;
  const rows = await queryRows<OrderListRow>(
    db,
    sql`select ${summaryColumns}, ${listQuantityColumns} from ${from} where ${where}
         order by o.created_at desc, o.number desc limit ${filter.limit} offset ${filter.offset}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${from} where ${where}`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The summary columns of one order (the detail adds to them). */
export async function orderSummaryRow(db: Executor, businessId: string, id: string) {
  const [row] = await queryRows<OrderSummaryRow>(
    db,
    sql`select ${summaryColumns} from purchase_orders o
          join contacts c on c.business_id = o.business_id and c.id = o.vendor_id
         where o.business_id = ${businessId} and o.id = ${id}`,
  );
  return row;
}
