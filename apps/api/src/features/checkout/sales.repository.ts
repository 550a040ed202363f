import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { variantColumns, type StockVariantRow } from '../inventory/stock-variants.repository.js';
import { productVariants, products, saleLines, salePayments, sales, stockLevels, taxRates } from '../../db/schema.js';

type Scope = { businessId: string; storeId: string };

/** What a sale needs to know about a variant in a store: catalogue facts, the store's price, the tax. */
export interface SaleVariantRow extends StockVariantRow {
  /** The store's own selling price, else the variant's. */
  unitPriceMinor: number;
  taxRateId: string | null;
  /** 0 when the product is not taxed. */
  taxRateBasisPoints: number;
  taxInclusive: boolean;
}

/** Variants of this business by id, priced for the store; another business's ids are absent. */
export async function findSaleVariants(
  tx: Executor,
  scope: Scope,
  variantIds: string[],
): Promise<Map<string, SaleVariantRow>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      ...variantColumns,
      storePriceMinor: stockLevels.sellingPriceMinor,
      variantPriceMinor: productVariants.sellingPriceMinor,
      taxRateId: products.taxRateId,
      taxRateBasisPoints: taxRates.rateBasisPoints,
      taxInclusive: taxRates.isInclusive,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .leftJoin(taxRates, and(eq(taxRates.businessId, products.businessId), eq(taxRates.id, products.taxRateId)))
    .leftJoin(
      stockLevels,
      and(
        eq(stockLevels.businessId, productVariants.businessId),
        eq(stockLevels.storeId, scope.storeId),
        eq(stockLevels.variantId, productVariants.id),
      ),
    )
    .where(
      and(eq(productVariants.businessId, scope.businessId), inArray(productVariants.id, [...new Set(variantIds)])),
    );
  return new Map(
    rows.map(({ storePriceMinor, variantPriceMinor, taxRateBasisPoints, taxInclusive, ...r }) => [
      r.variantId,
      {
        ...r,
        // bigint columns in mode number; coalesced here so both drivers agree.
        unitPriceMinor: Number(storePriceMinor ?? variantPriceMinor),
        costPriceMinor: Number(r.costPriceMinor),
        taxRateBasisPoints: r.taxRateId === null ? 0 : (taxRateBasisPoints ?? 0),
        taxInclusive: r.taxRateId === null ? true : (taxInclusive ?? true),
      },
    ]),
  );
}

/** Whether a sale with this id exists in the business (any store). */
export async function saleIdTaken(tx: Executor, businessId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.businessId, businessId), eq(sales.id, id)));
  return Boolean(row);
}

/** Inserts the sale header; false when a sale with this id already exists (a concurrent one included). */
export async function insertSale(tx: Executor, row: typeof sales.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(sales).values(row).onConflictDoNothing().returning({ id: sales.id });
  return inserted.length > 0;
}

export async function insertSaleLines(tx: Executor, rows: (typeof saleLines.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(saleLines).values(rows);
}

export async function insertSalePayments(tx: Executor, rows: (typeof salePayments.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(salePayments).values(rows);
}

export type SaleRow = typeof sales.$inferSelect;
export type SaleLineRow = typeof saleLines.$inferSelect;
export type SalePaymentRow = typeof salePayments.$inferSelect;

/** A sale of this store with its lines and payments, in order; undefined for any other store's or tenant's. */
export async function findSale(
  db: Executor,
  scope: Scope,
  id: string,
): Promise<{ sale: SaleRow; lines: SaleLineRow[]; payments: SalePaymentRow[] } | undefined> {
  const [sale] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.businessId, scope.businessId), eq(sales.storeId, scope.storeId), eq(sales.id, id)));
  if (!sale) return undefined;
  const [lines, payments] = await Promise.all([
    db
      .select()
      .from(saleLines)
      .where(and(eq(saleLines.businessId, scope.businessId), eq(saleLines.saleId, id)))
      .orderBy(asc(saleLines.lineNo)),
    db
      .select()
      .from(salePayments)
      .where(and(eq(salePayments.businessId, scope.businessId), eq(salePayments.saleId, id)))
      .orderBy(asc(salePayments.seq)),
  ]);
  return { sale, lines, payments };
}
