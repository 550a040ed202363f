import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { productVariants, products, stockTransferLines, stockTransfers } from '../../db/schema.js';

export type StockTransferRow = typeof stockTransfers.$inferSelect;

/** Visible to either end: a transfer out of or into the store. */
const touches = (storeId: string) => or(eq(stockTransfers.fromStoreId, storeId), eq(stockTransfers.toStoreId, storeId));

export async function findTransfer(db: Executor, businessId: string, storeId: string, id: string) {
  const [row] = await db
    .select()
    .from(stockTransfers)
    .where(and(eq(stockTransfers.businessId, businessId), eq(stockTransfers.id, id), touches(storeId)));
  return row;
}

export async function lockTransfer(tx: Executor, businessId: string, storeId: string, id: string) {
  const [row] = await tx
    .select()
    .from(stockTransfers)
    .where(and(eq(stockTransfers.businessId, businessId), eq(stockTransfers.id, id), touches(storeId)))
    .for('update');
  return row;
}

export async function insertTransfer(
  tx: Executor,
  row: typeof stockTransfers.$inferInsert,
  lines: { variantId: string; productId: string; quantity: string }[],
) {
  await tx.insert(stockTransfers).values(row);
  await tx
    .insert(stockTransferLines)
    .values(lines.map((l) => ({ businessId: row.businessId, transferId: row.id, ...l })));
}

export async function updateTransfer(
  tx: Executor,
  businessId: string,
  id: string,
  changes: Partial<Pick<StockTransferRow, 'status' | 'receivedBy' | 'receivedAt'>>,
) {
  await tx
    .update(stockTransfers)
    .set({ ...changes, version: sql`${stockTransfers.version} + 1` })
    .where(and(eq(stockTransfers.businessId, businessId), eq(stockTransfers.id, id)));
}

/** The lines of some transfers with their products, by product name. */
export async function transferLineRows(db: Executor, businessId: string, transferIds: string[]) {
  if (transferIds.length === 0) return [];
  return db
    .select({
      transferId: stockTransferLines.transferId,
      productId: stockTransferLines.productId,
      variantId: stockTransferLines.variantId,
      productName: products.name,
      optionValues: productVariants.optionValues,
      sku: productVariants.sku,
      isTracked: products.isTracked,
      quantity: stockTransferLines.quantity,
    })
    .from(stockTransferLines)
    .innerJoin(
      productVariants,
      and(
        eq(productVariants.businessId, stockTransferLines.businessId),
        eq(productVariants.id, stockTransferLines.variantId),
      ),
    )
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .where(and(eq(stockTransferLines.businessId, businessId), inArray(stockTransferLines.transferId, transferIds)))
    .orderBy(asc(sql`lower(${products.name})`), asc(productVariants.position), asc(productVariants.sku));
}

export async function listTransferRows(
  db: Executor,
  businessId: string,
  storeId: string,
  filter: { direction: 'outgoing' | 'incoming' | 'all'; status?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(stockTransfers.businessId, businessId),
    filter.direction === 'outgoing'
      ? eq(stockTransfers.fromStoreId, storeId)
      : filter.direction === 'incoming'
        ? eq(stockTransfers.toStoreId, storeId)
        : touches(storeId),
    filter.status ? eq(stockTransfers.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(stockTransfers)
      .where(where)
      .orderBy(desc(stockTransfers.sentAt), desc(stockTransfers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(stockTransfers).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
