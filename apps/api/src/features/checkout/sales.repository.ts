import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, uniqueViolation, type Executor } from '../../db/client.js';
import { jsonRowsInsert, writesInOneStatement, type FullRow } from '../../db/json-rows.js';
import { documentNumberCtes } from '../../lib/document-numbers.js';
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

/** When a sale numbered and written by `insertNumberedSale` was recorded, and its number. */
export interface NumberedSale {
  number: string;
  /** The database's clock at the transaction's start: the header's `recorded_at` (and `completed_at` unless given). */
  recordedAt: Date;
}

/**
 * A sale in one statement: the store's next number (the counter row stays locked until the
 * transaction ends, so what follows it is kept short), the header with that number, its lines and its
 * payments; the lines' and payments' inserts are of fixed text whatever their counts. The rows as
 * written are the rows given, so only the number and the clock come back. Undefined when a sale with
 * this id exists already (a concurrent one under another key committed first; the statement failed,
 * and the caller must end its transaction).
 */
export async function insertNumberedSale(
  tx: Executor,
  scope: Scope,
  header: Omit<typeof sales.$inferInsert, 'number' | 'businessId' | 'storeId'>,
  lines: SaleLineRow[],
  payments: SalePaymentRow[],
): Promise<NumberedSale | undefined> {
  const headerInsert = tx
    .insert(sales)
    .values({ ...header, ...scope, number: sql`(select number from document_number)` })
    .getSQL();
  try {
    const [row] = await queryRows<{ number: string; recorded_at: Date | string }>(
      tx,
      writesInOneStatement({
        with: documentNumberCtes(scope, 'sale'),
        writes: [headerInsert, insertLines(lines), insertPayments(payments)],
        then: sql`SELECT number, now() AS recorded_at FROM document_number`,
      }),
    );
    if (!row) throw new Error(`Store ${scope.storeId} not found for a sale number`);
    return { number: row.number, recordedAt: new Date(row.recorded_at) };
  } catch (error) {
    // Any unique key of the sale or its rows: its id (or its offline reference) is taken.
    if (uniqueViolation(error)) return undefined;
    throw error;
  }
}
