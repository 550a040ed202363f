import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { categories, productVariants, products, stockCountLines, stockCounts, stockLevels } from '../../db/schema.js';
import { variantColumns } from './stock-variants.repository.js';

export type StockCountRow = typeof stockCounts.$inferSelect;

const countOf = (businessId: string, storeId: string, id: string) =>
  and(eq(stockCounts.businessId, businessId), eq(stockCounts.storeId, storeId), eq(stockCounts.id, id));

/** A count of the active store; another store's or business's count finds nothing. */
export async function findCount(db: Executor, businessId: string, storeId: string, id: string) {
  const [row] = await db
    .select()
    .from(stockCounts)
    .where(countOf(businessId, storeId, id));
  return row;
}

export async function lockCount(tx: Executor, businessId: string, storeId: string, id: string) {
  const [row] = await tx
    .select()
    .from(stockCounts)
    .where(countOf(businessId, storeId, id))
    .for('update');
  return row;
}

export async function insertCount(tx: Executor, row: typeof stockCounts.$inferInsert) {
  await tx.insert(stockCounts).values(row);
}

export async function updateCount(
  tx: Executor,
  businessId: string,
  id: string,
  changes: Partial<Pick<StockCountRow, 'status' | 'postedBy' | 'postedAt'>>,
) {
  await tx
    .update(stockCounts)
    .set({ ...changes, version: sql`${stockCounts.version} + 1` })
    .where(and(eq(stockCounts.businessId, businessId), eq(stockCounts.id, id)));
}

/** Which of these ids are not products (or categories) of the business. */
export async function unknownProductIds(db: Executor, businessId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export async function unknownCategoryIds(db: Executor, businessId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.businessId, businessId), inArray(categories.id, ids)));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/**
 * The tracked, non-archived variants a count covers: every one, or those of some products and of
 * some categories (a top-level category with its sub-categories).
 */
export async function variantsInScope(
  db: Executor,
  businessId: string,
  scope: { productIds: string[]; categoryIds: string[] },
) {
  const everything = scope.productIds.length === 0 && scope.categoryIds.length === 0;
  const inCategories =
    scope.categoryIds.length === 0
      ? undefined
      : or(
          inArray(products.categoryId, scope.categoryIds),
          inArray(
            products.categoryId,
            db
              .select({ id: categories.id })
              .from(categories)
              .where(and(eq(categories.businessId, businessId), inArray(categories.parentId, scope.categoryIds))),
          ),
        );
  const inProducts = scope.productIds.length === 0 ? undefined : inArray(products.id, scope.productIds);
  return db
    .select({ variantId: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .where(
      and(
        eq(productVariants.businessId, businessId),
        eq(products.isTracked, true),
        eq(products.isArchived, false),
        eq(productVariants.isArchived, false),
        everything ? undefined : or(inProducts, inCategories),
      ),
    );
}

export async function insertLines(
  tx: Executor,
  businessId: string,
  countId: string,
  variants: { variantId: string; productId: string }[],
) {
  const chunk = 1000;
  for (let i = 0; i < variants.length; i += chunk)
    await tx
      .insert(stockCountLines)
      .values(variants.slice(i, i + chunk).map((v) => ({ businessId, countId, ...v })))
      .onConflictDoNothing();
}

/** Sets (or clears, with null) a line's counted quantity, adding the line when it is not in the count. */
export async function setCounted(
  tx: Executor,
  businessId: string,
  countId: string,
  line: { variantId: string; productId: string; counted: string | null },
) {
  await tx
    .insert(stockCountLines)
    .values({
      businessId,
      countId,
      variantId: line.variantId,
      productId: line.productId,
      countedQuantity: line.counted,
      countedAt: line.counted === null ? null : sql`now()`,
    })
    .onConflictDoUpdate({
      target: [stockCountLines.businessId, stockCountLines.countId, stockCountLines.variantId],
      set: { countedQuantity: line.counted, countedAt: line.counted === null ? null : sql`now()` },
    });
}

export async function setExpected(
  tx: Executor,
  businessId: string,
  countId: string,
  variantId: string,
  expected: string,
) {
  await tx
    .update(stockCountLines)
    .set({ expectedQuantity: expected })
    .where(
      and(
        eq(stockCountLines.businessId, businessId),
        eq(stockCountLines.countId, countId),
        eq(stockCountLines.variantId, variantId),
      ),
    );
}

/** Every line of a count with its variant, first barcode and on hand now in the count's store. */
export async function countLineRows(db: Executor, businessId: string, storeId: string, countId: string) {
  return db
    .select({
      ...variantColumns,
      barcode: sql<
        string | null
      >`(select min(b.code) from product_barcodes b where b.business_id = ${stockCountLines.businessId} and b.variant_id = ${stockCountLines.variantId})`,
      counted: stockCountLines.countedQuantity,
      expected: stockCountLines.expectedQuantity,
      onHand: stockLevels.onHand,
    })
    .from(stockCountLines)
    .innerJoin(
      productVariants,
      and(
        eq(productVariants.businessId, stockCountLines.businessId),
        eq(productVariants.id, stockCountLines.variantId),
      ),
    )
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .leftJoin(
      stockLevels,
      and(
        eq(stockLevels.businessId, stockCountLines.businessId),
        eq(stockLevels.storeId, storeId),
        eq(stockLevels.variantId, stockCountLines.variantId),
      ),
    )
    .where(and(eq(stockCountLines.businessId, businessId), eq(stockCountLines.countId, countId)))
    .orderBy(asc(sql`lower(${products.name})`), asc(productVariants.position), asc(productVariants.sku));
}

export async function listCountRows(
  db: Executor,
  businessId: string,
  storeId: string,
  status: string | undefined,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(stockCounts.businessId, businessId),
    eq(stockCounts.storeId, storeId),
    status ? eq(stockCounts.status, status) : undefined,
  );
  const lineCount = sql<number>`(select count(*)::int from stock_count_lines l where l.business_id = ${stockCounts.businessId} and l.count_id = ${stockCounts.id})`;
  const countedCount = sql<number>`(select count(*)::int from stock_count_lines l where l.business_id = ${stockCounts.businessId} and l.count_id = ${stockCounts.id} and l.counted_quantity is not null)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ count: stockCounts, lineCount, countedCount })
      .from(stockCounts)
      .where(where)
      .orderBy(desc(stockCounts.createdAt), desc(stockCounts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(stockCounts).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
