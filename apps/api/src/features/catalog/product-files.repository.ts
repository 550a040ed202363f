import { parseThousandths, type ProductUnit } from '@ipos/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  businesses,
  categories,
  contacts,
  productBarcodes,
  products,
  productVariants,
  stockLevels,
  stores,
  taxRates,
} from '../../db/schema.js';

/** The SQL of import, export and labels: batch reads of whole products, and the few writes of their own. */

export interface VariantState {
  id: string;
  sku: string;
  optionValues: string[];
  costPriceMinor: number;
  sellingPriceMinor: number;
  vendorItemCode: string | null;
  isArchived: boolean;
  barcodes: { code: string; symbology: string }[];
  /** In the active store: its own price, reorder point and quantity (thousandths), on hand (thousandths). */
  storePriceMinor: number | null;
  reorderLevel: number | null;
  reorderQuantity: number | null;
  onHand: number;
}

export interface ProductState {
  id: string;
  name: string;
  categoryId: string | null;
  unit: ProductUnit;
  taxRateId: string | null;
  isTracked: boolean;
  options: { name: string; values: string[] }[];
  preferredVendorId: string | null;
  isArchived: boolean;
  version: number;
  /** In position order, archived ones included. */
  variants: VariantState[];
}

const CHUNK = 1000;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Whole products of this business (another business's ids find nothing), with the active store's figures. */
export async function loadProductStates(
  db: Executor,
  scope: { businessId: string; storeId: string },
  productIds: string[],
): Promise<Map<string, ProductState>> {
  const result = new Map<string, ProductState>();
  for (const ids of chunks([...new Set(productIds)])) {
    const productRows = await db
      .select({
        id: products.id,
        name: products.name,
        categoryId: products.categoryId,
        unit: products.unit,
        taxRateId: products.taxRateId,
        isTracked: products.isTracked,
        options: products.options,
        preferredVendorId: products.preferredVendorId,
        isArchived: products.isArchived,
        version: products.version,
      })
      .from(products)
      .where(and(eq(products.businessId, scope.businessId), inArray(products.id, ids)));
    if (productRows.length === 0) continue;
    const variantRows = await db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        optionValues: productVariants.optionValues,
        costPriceMinor: productVariants.costPriceMinor,
        sellingPriceMinor: productVariants.sellingPriceMinor,
        vendorItemCode: productVariants.vendorItemCode,
        isArchived: productVariants.isArchived,
        storePriceMinor: stockLevels.sellingPriceMinor,
        reorderLevel: stockLevels.reorderLevel,
        reorderQuantity: stockLevels.reorderQuantity,
        onHand: stockLevels.onHand,
      })
      .from(productVariants)
      .leftJoin(
        stockLevels,
        and(
          eq(stockLevels.businessId, productVariants.businessId),
          eq(stockLevels.storeId, scope.storeId),
          eq(stockLevels.variantId, productVariants.id),
        ),
      )
      .where(and(eq(productVariants.businessId, scope.businessId), inArray(productVariants.productId, ids)))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
    const barcodeRows = await db
      .select({
        variantId: productBarcodes.variantId,
        code: productBarcodes.code,
        symbology: productBarcodes.symbology,
      })
      .from(productBarcodes)
      .where(and(eq(productBarcodes.businessId, scope.businessId), inArray(productBarcodes.productId, ids)))
      .orderBy(asc(productBarcodes.createdAt), asc(productBarcodes.code));
    const barcodesOf = new Map<string, { code: string; symbology: string }[]>();
    for (const b of barcodeRows) {
      const list = barcodesOf.get(b.variantId) ?? [];
      list.push({ code: b.code, symbology: b.symbology });
      barcodesOf.set(b.variantId, list);
    }
    for (const p of productRows) result.set(p.id, { ...p, unit: p.unit as ProductUnit, variants: [] });
    for (const v of variantRows) {
      result.get(v.productId)?.variants.push({
        id: v.id,
        sku: v.sku,
        optionValues: v.optionValues,
        costPriceMinor: v.costPriceMinor,
        sellingPriceMinor: v.sellingPriceMinor,
        vendorItemCode: v.vendorItemCode,
        isArchived: v.isArchived,
        barcodes: barcodesOf.get(v.id) ?? [],
        storePriceMinor: v.storePriceMinor ?? null,
        reorderLevel: v.reorderLevel === null ? null : parseThousandths(v.reorderLevel),
        reorderQuantity: v.reorderQuantity === null ? null : parseThousandths(v.reorderQuantity),
        onHand: v.onHand === null ? 0 : parseThousandths(v.onHand),
      });
    }
  }
  return result;
}

/** Variants of this business carrying these SKUs (compared upper-case, as the unique index does). */
export async function findVariantsBySkus(db: Executor, businessId: string, skus: string[]) {
  const rows: { sku: string; variantId: string; productId: string }[] = [];
  for (const part of chunks([...new Set(skus.map((s) => s.toUpperCase()))])) {
    rows.push(
      ...(await db
        .select({ sku: productVariants.sku, variantId: productVariants.id, productId: productVariants.productId })
        .from(productVariants)
        .where(
          and(eq(productVariants.businessId, businessId), inArray(sql<string>`upper(${productVariants.sku})`, part)),
        )),
    );
  }
  return rows;
}

/** Which products of this business carry these barcodes. */
export async function findBarcodeOwners(db: Executor, businessId: string, codes: string[]) {
  const rows: { code: string; productId: string; variantId: string }[] = [];
  for (const part of chunks([...new Set(codes)])) {
    rows.push(
      ...(await db
        .select({
          code: productBarcodes.code,
          productId: productBarcodes.productId,
          variantId: productBarcodes.variantId,
        })
        .from(productBarcodes)
        .where(and(eq(productBarcodes.businessId, businessId), inArray(productBarcodes.code, part)))),
    );
  }
  return rows;
}

export interface CatalogRefs {
  categories: { id: string; parentId: string | null; name: string; isArchived: boolean }[];
  taxRates: { id: string; name: string; isActive: boolean }[];
  vendors: { id: string; name: string; isArchived: boolean }[];
}

/** Every category, tax rate and vendor of the business (a few dozen rows): names are resolved in memory. */
export async function loadCatalogRefs(db: Executor, businessId: string): Promise<CatalogRefs> {
  return {
    categories: await db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        name: categories.name,
        isArchived: categories.isArchived,
      })
      .from(categories)
      .where(eq(categories.businessId, businessId)),
    taxRates: await db
      .select({ id: taxRates.id, name: taxRates.name, isActive: taxRates.isActive })
      .from(taxRates)
      .where(eq(taxRates.businessId, businessId)),
    vendors: await db
      .select({ id: contacts.id, name: contacts.name, isArchived: sql<boolean>`${contacts.archivedAt} is not null` })
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.kind, 'vendor'))),
  };
}

/** The active store's alias and time zone, and the business currency. */
export async function storeInfo(db: Executor, scope: { businessId: string; storeId: string }) {
  const [row] = await db
    .select({ alias: stores.alias, storeName: stores.name, timeZone: stores.timeZone, currency: businesses.currency })
    .from(stores)
    .innerJoin(businesses, eq(businesses.id, stores.businessId))
    .where(and(eq(stores.businessId, scope.businessId), eq(stores.id, scope.storeId)));
  if (!row) throw new Error(`Store ${scope.storeId} not found`);
  return row;
}

/**
 * One page of product ids for the export, in name order, after the last one of the previous page
 * (keyset on the products_name_idx columns: it stays fast at any depth).
 */
export async function productIdPage(
  db: Executor,
  businessId: string,
  options: { archived: 'false' | 'true' | 'all'; after: { name: string; id: string } | null; limit: number },
) {
  return db
    .select({ id: products.id, sortName: sql<string>`lower(${products.name})` })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        options.archived === 'all' ? undefined : eq(products.isArchived, options.archived === 'true'),
        options.after
          ? sql`(lower(${products.name}), ${products.id}) > (${options.after.name}, ${options.after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`lower(${products.name})`, asc(products.id))
    .limit(options.limit);
}

/** Archives or restores a product; the caller audits it. Returns the new version. */
export async function setProductArchived(tx: Executor, businessId: string, productId: string, archived: boolean) {
  const [row] = await tx
    .update(products)
    .set({ isArchived: archived, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(products.businessId, businessId), eq(products.id, productId)))
    .returning({ version: products.version });
  return row?.version;
}

/** The variants named for labels, with their product, in this business only. */
export async function findLabelVariants(db: Executor, businessId: string, variantIds: string[]) {
  if (variantIds.length === 0) return [];
  return db
    .select({ variantId: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(and(eq(productVariants.businessId, businessId), inArray(productVariants.id, [...new Set(variantIds)])));
}
