import { and, asc, eq } from 'drizzle-orm';
import type { HeldCart } from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { heldSales } from '../../db/schema.js';

type Scope = { businessId: string; storeId: string };

export type HeldSaleRow = typeof heldSales.$inferSelect & { cart: HeldCart };

/** The held carts of a store, oldest first. */
export async function listHeldSaleRows(db: Executor, scope: Scope): Promise<HeldSaleRow[]> {
  return (await db
    .select()
    .from(heldSales)
    .where(and(eq(heldSales.businessId, scope.businessId), eq(heldSales.storeId, scope.storeId)))
    .orderBy(asc(heldSales.createdAt), asc(heldSales.id))) as HeldSaleRow[];
}

export async function insertHeldSale(tx: Executor, row: typeof heldSales.$inferInsert): Promise<HeldSaleRow> {
  const [inserted] = await tx.insert(heldSales).values(row).returning();
  return inserted as HeldSaleRow;
}

/**
 * Removes a held cart of this store and returns it; undefined when it is not there (another store's,
 * another tenant's, or already resumed by another till — the delete decides who gets it).
 */
export async function takeHeldSale(tx: Executor, scope: Scope, id: string): Promise<HeldSaleRow | undefined> {
  const [row] = await tx
    .delete(heldSales)
    .where(and(eq(heldSales.businessId, scope.businessId), eq(heldSales.storeId, scope.storeId), eq(heldSales.id, id)))
    .returning();
  return row as HeldSaleRow | undefined;
}
