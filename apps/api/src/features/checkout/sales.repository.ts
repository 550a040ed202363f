import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertsInOneStatement, jsonRowsInsert, type FullRow } from '../../db/json-rows.js';
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

/** Inserts the sale header: the row as written; undefined when a sale with its id exists already (a concurrent one included). */
export async function insertSale(tx: Executor, row: typeof sales.$inferInsert) {
  const [inserted] = await tx.insert(sales).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Gives a sale of the store the offline reference its paper receipt was printed with. */
export async function setSaleOfflineReference(tx: Executor, scope: Scope, id: string, reference: string) {
  await tx
    .update(sales)
    .set({ offlineReference: reference })
    .where(and(eq(sales.businessId, scope.businessId), eq(sales.storeId, scope.storeId), eq(sales.id, id)));
}

const insertLines = jsonRowsInsert(saleLines);
const insertPayments = jsonRowsInsert(salePayments);

export type SaleLineRow = FullRow<typeof saleLines>;
export type SalePaymentRow = FullRow<typeof salePayments>;

/**
 * A sale's lines and payments in one statement of fixed text (the lines' insert a data-modifying
 * CTE of the payments'): one trip for both, the same prepared statement whatever the counts. The
 * rows as written are the rows given, so nothing is read back.
 */
export async function insertSaleLinesAndPayments(tx: Executor, lines: SaleLineRow[], payments: SalePaymentRow[]) {
  await tx.execute(insertsInOneStatement(insertLines(lines), insertPayments(payments)));
}
