import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { toThousandths, type ProductUnit } from '@ipos/contracts';
import { productBarcodes, productVariants, products, stores } from '../../src/db/schema.js';
import { moveStock, onHandOf } from '../../src/features/inventory/stock-ledger.js';
import { newId } from '../../src/lib/ids.js';
import type { TestServer } from './server.js';

/**
 * Products for tests, written straight into the catalogue tables (so stock tests do not depend on
 * the products endpoints), with opening stock put through the ledger so on hand = sum of movements.
 */
export interface TestVariantInput {
  sku?: string;
  optionValues?: string[];
  costPriceMinor?: number;
  sellingPriceMinor?: number;
  barcodes?: { code: string; symbology?: 'EAN13' | 'EAN8' | 'UPCA' | 'CODE128' }[];
  /** Opening stock by store id, as a quantity (1.5 = 1.5 kg). */
  stock?: Record<string, number>;
  isArchived?: boolean;
}

export interface TestProductInput {
  businessId: string;
  name?: string;
  unit?: ProductUnit;
  isTracked?: boolean;
  isArchived?: boolean;
  categoryId?: string | null;
  options?: { name: string; values: string[] }[];
  /** One variant (no options) when absent. */
  variants?: TestVariantInput[];
}

export interface TestProduct {
  id: string;
  name: string;
  variants: { id: string; sku: string; barcodes: string[] }[];
  /** The first variant's id: the product's only variant when it has no options. */
  variantId: string;
  sku: string;
}

const suffix = () => randomBytes(4).toString('hex').toUpperCase();

/** A valid EAN-13 with a random body (prefix 200–299: in-store codes, never a real product). */
export function randomEan13(): string {
  const body = `2${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export async function createTestProduct(server: TestServer, input: TestProductInput): Promise<TestProduct> {
  const db = server.deps.database.db;
  const id = newId();
  const name = input.name ?? `Test Product ${suffix()}`;
  const variants = (input.variants ?? [{}]).map((v) => ({
    ...v,
    id: newId(),
    sku: v.sku ?? `T-${suffix()}`,
  }));
  await db.transaction(async (tx) => {
    await tx.insert(products).values({
      businessId: input.businessId,
      id,
      name,
      unit: input.unit ?? 'each',
      categoryId: input.categoryId ?? null,
      isTracked: input.isTracked ?? true,
      isArchived: input.isArchived ?? false,
      options: input.options ?? [],
      searchText: `${name.toLowerCase()} ${variants.map((v) => v.sku.toLowerCase()).join(' ')}`,
    });
    for (const [position, v] of variants.entries()) {
      await tx.insert(productVariants).values({
        businessId: input.businessId,
        id: v.id,
        productId: id,
        sku: v.sku,
        optionValues: v.optionValues ?? [],
        costPriceMinor: v.costPriceMinor ?? 50_000,
        sellingPriceMinor: v.sellingPriceMinor ?? 80_000,
        position,
        isArchived: v.isArchived ?? false,
      });
      for (const barcode of v.barcodes ?? [])
        await tx.insert(productBarcodes).values({
          businessId: input.businessId,
          code: barcode.code,
          symbology: barcode.symbology ?? 'EAN13',
          productId: id,
          variantId: v.id,
        });
      for (const [storeId, quantity] of Object.entries(v.stock ?? {})) {
        if (quantity === 0) continue;
        await moveStock(
          tx,
          { accountId: null, requestId: 'test-setup', ip: '127.0.0.1' },
          { businessId: input.businessId, storeId },
          [
            {
              productId: id,
              variantId: v.id,
              deltaThousandths: toThousandths(quantity),
              reason: 'adjustment',
              isTracked: input.isTracked ?? true,
              note: 'Opening stock (test setup)',
            },
          ],
          { allowNegative: true },
        );
      }
    }
  });
  return {
    id,
    name,
    variants: variants.map((v) => ({ id: v.id, sku: v.sku, barcodes: (v.barcodes ?? []).map((b) => b.code) })),
    variantId: variants[0]!.id,
    sku: variants[0]!.sku,
  };
}

/** On hand of a variant in a store, as a quantity (exact: read in thousandths). */
export async function onHand(server: TestServer, businessId: string, storeId: string, variantId: string) {
  const map = await onHandOf(server.deps.database.db, { businessId, storeId }, [variantId]);
  return map.get(variantId)! / 1000;
}

/** Lets (or stops) a store's tracked goods go below zero. */
export async function setAllowNegativeStock(server: TestServer, businessId: string, storeId: string, allow: boolean) {
  await server.deps.database.db
    .update(stores)
    .set({ allowNegativeStock: allow })
    .where(and(eq(stores.businessId, businessId), eq(stores.id, storeId)));
}
