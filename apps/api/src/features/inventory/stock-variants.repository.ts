import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProductUnit } from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { productBarcodes, productVariants, products, stockLevels, stores } from '../../db/schema.js';

/** What the stock documents need to know about a variant: its product, unit, tracking and cost. */
export interface StockVariantRow {
  variantId: string;
  productId: string;
  productName: string;
  optionValues: string[];
  sku: string;
  unit: ProductUnit;
  isTracked: boolean;
  isArchived: boolean;
  costPriceMinor: number;
}

export const variantColumns = {
  variantId: productVariants.id,
  productId: productVariants.productId,
  productName: products.name,
  optionValues: productVariants.optionValues,
  sku: productVariants.sku,
  unit: sql<ProductUnit>`${products.unit}`,
  isTracked: products.isTracked,
  isArchived: sql<boolean>`(${products.isArchived} or ${productVariants.isArchived})`,
  costPriceMinor: productVariants.costPriceMinor,
};

/** The variant's label: its option values joined ("50cl / Red"); empty for a product without options. */
export const variantLabel = (optionValues: string[]) => optionValues.join(' / ');

/** Product name with the variant label: "Coca-Cola (50cl)". */
export const variantDisplayName = (row: { productName: string; optionValues: string[] }) =>
  row.optionValues.length > 0 ? `${row.productName} (${variantLabel(row.optionValues)})` : row.productName;

/** Variants of this business by id; another business's ids are simply absent from the map. */
export async function findVariants(
  db: Executor,
  businessId: string,
  variantIds: string[],
): Promise<Map<string, StockVariantRow>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, [...new Set(variantIds)])));
  return new Map(rows.map((r) => [r.variantId, r]));
}

/** The variant a barcode of this business belongs to. */
export async function findVariantByBarcode(
  db: Executor,
  businessId: string,
  code: string,
): Promise<StockVariantRow | undefined> {
  const [row] = await db
    .select(variantColumns)
    .from(productBarcodes)
    .innerJoin(
      productVariants,
      and(
        eq(productVariants.businessId, productBarcodes.businessId),
        eq(productVariants.id, productBarcodes.variantId),
      ),
    )
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .where(and(eq(productBarcodes.businessId, businessId), eq(productBarcodes.code, code)));
  return row;
}

export async function productExists(db: Executor, businessId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.id, productId)));
  return Boolean(row);
}

/**
 * Makes sure a stock-level row exists for each variant in the store and locks them, in variant-id
 * order (the order moveStock uses, so this cannot deadlock with it). Returns on hand as stored, and
 * whether the store lets tracked goods go below zero (read in the same statement: a sale's stock is
 * one round trip when its rows exist, as they do once the store has had the goods).
 */
export async function lockStockLevels(
  tx: Executor,
  scope: { businessId: string; storeId: string },
  variants: { variantId: string; productId: string }[],
): Promise<{ levels: { variantId: string; onHand: string | number }[]; storeAllowsNegative: boolean }> {
  if (variants.length === 0) return { levels: [], storeAllowsNegative: false };
  const sorted = [...variants].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  const ids = [...new Set(sorted.map((v) => v.variantId))];
  const lock = () =>
    tx
      .select({
        variantId: stockLevels.variantId,
        onHand: stockLevels.onHand,
        storeAllowsNegative: sql<boolean>`(select ${stores.allowNegativeStock} from ${stores}
          where ${stores.businessId} = ${scope.businessId} and ${stores.id} = ${scope.storeId})`.mapWith(Boolean),
      })
      .from(stockLevels)
      .where(
        and(
          eq(stockLevels.businessId, scope.businessId),
          eq(stockLevels.storeId, scope.storeId),
          inArray(stockLevels.variantId, ids),
        ),
      )
      .orderBy(asc(stockLevels.variantId))
      .for('update', { of: stockLevels });
  let rows = await lock();
  if (rows.length < ids.length) {
    // A variant the store never had: its row first (nothing to lock), then all of them again, in order.
    const have = new Set(rows.map((r) => r.variantId));
    await tx
      .insert(stockLevels)
      .values(
        sorted
          .filter((v) => !have.has(v.variantId))
          .map((v) => ({ ...scope, variantId: v.variantId, productId: v.productId })),
      )
      .onConflictDoNothing();
    rows = await lock();
  }
  return {
    levels: rows.map(({ variantId, onHand }) => ({ variantId, onHand })),
    storeAllowsNegative: rows[0]?.storeAllowsNegative ?? false,
  };
}
