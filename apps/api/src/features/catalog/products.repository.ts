import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { parseThousandths, type ProductOption, type ProductSort, type ProductUnit } from '@ipos/contracts';
import { queryRows, withCustomPlan, type Executor } from '../../db/client.js';
import { likePrefix } from '../../lib/like-patterns.js';
import {
  categories,
  contacts,
  productBarcodes,
  productImages,
  products,
  productVariants,
  stockLevels,
  stores,
  taxRates,
} from '../../db/schema.js';

/**
 * The SQL of the products slice. Every statement is scoped by `business_id` first (the leading
 * column of every tenant index), so another tenant's ids simply find nothing.
 */

export type ProductRow = {
  id: string;
  name: string;
  categoryId: string | null;
  unit: ProductUnit;
  taxRateId: string | null;
  isTracked: boolean;
  options: ProductOption[];
  imageVersion: number | null;
  preferredVendorId: string | null;
  isArchived: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

const productColumns = {
  id: products.id,
  name: products.name,
  categoryId: products.categoryId,
  unit: sql<ProductUnit>`${products.unit}`,
  taxRateId: products.taxRateId,
  isTracked: products.isTracked,
  options: products.options,
  imageVersion: products.imageVersion,
  preferredVendorId: products.preferredVendorId,
  isArchived: products.isArchived,
  version: products.version,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

export type VariantRow = {
  id: string;
  sku: string;
  optionValues: string[];
  costPriceMinor: number;
  sellingPriceMinor: number;
  vendorItemCode: string | null;
  lastCostMinor: number | null;
  position: number;
  isArchived: boolean;
};

const variantColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  optionValues: productVariants.optionValues,
  costPriceMinor: productVariants.costPriceMinor,
  sellingPriceMinor: productVariants.sellingPriceMinor,
  vendorItemCode: productVariants.vendorItemCode,
  lastCostMinor: productVariants.lastCostMinor,
  position: productVariants.position,
  isArchived: productVariants.isArchived,
};

export async function findProduct(db: Executor, businessId: string, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.id, id)));
  return row;
}

/** The product, locked for the rest of the transaction (updates queue up behind each other). */
export async function lockProduct(tx: Executor, businessId: string, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select(productColumns)
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.id, id)))
    .for('update');
  return row;
}

export async function findCategoryRef(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, isArchived: categories.isArchived })
    .from(categories)
    .where(and(eq(categories.businessId, businessId), eq(categories.id, id)));
  return row;
}

export async function findTaxRateRef(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select({ id: taxRates.id, isActive: taxRates.isActive })
    .from(taxRates)
    .where(and(eq(taxRates.businessId, businessId), eq(taxRates.id, id)));
  return row;
}

/** The business's stores, in name order. */
export async function listStores(db: Executor, businessId: string) {
  return db
    .select({ id: stores.id, name: stores.name, alias: stores.alias })
    .from(stores)
    .where(eq(stores.businessId, businessId))
    .orderBy(asc(stores.name), asc(stores.id));
}

export type SkuClash = { variantId: string; sku: string; productId: string; productName: string };

/** Variants of the business already carrying any of these SKUs, ignoring case. */
export async function findSkuClashes(db: Executor, businessId: string, skus: string[]): Promise<SkuClash[]> {
  if (skus.length === 0) return [];
  return db
    .select({
      variantId: productVariants.id,
      sku: productVariants.sku,
      productId: products.id,
      productName: products.name,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .where(
      and(
        eq(productVariants.businessId, businessId),
        inArray(
          sql`upper(${productVariants.sku})`,
          skus.map((s) => s.toUpperCase()),
        ),
      ),
    );
}

export type BarcodeClash = { code: string; productId: string; productName: string; sku: string };

/** Barcodes of the business already in use (by primary key), with the product and variant carrying them. */
export async function findBarcodeClashes(db: Executor, businessId: string, codes: string[]): Promise<BarcodeClash[]> {
  if (codes.length === 0) return [];
  return db
    .select({
      code: productBarcodes.code,
      productId: products.id,
      productName: products.name,
      sku: productVariants.sku,
    })
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
      and(eq(products.businessId, productBarcodes.businessId), eq(products.id, productBarcodes.productId)),
    )
    .where(and(eq(productBarcodes.businessId, businessId), inArray(productBarcodes.code, codes)));
}

export async function insertProduct(tx: Executor, row: typeof products.$inferInsert) {
  await tx.insert(products).values(row);
}

export async function updateProductRow(
  tx: Executor,
  businessId: string,
  id: string,
  changes: Partial<typeof products.$inferInsert>,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...changes, updatedAt: sql`now()`, version: sql`${products.version} + 1` })
    .where(and(eq(products.businessId, businessId), eq(products.id, id)));
}

export async function listVariantsForUpdate(tx: Executor, businessId: string, productId: string) {
  return tx
    .select(variantColumns)
    .from(productVariants)
    .where(and(eq(productVariants.businessId, businessId), eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .for('update');
}

export async function insertVariants(tx: Executor, rows: (typeof productVariants.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(productVariants).values(rows);
}

export async function updateVariant(
  tx: Executor,
  businessId: string,
  id: string,
  changes: Partial<typeof productVariants.$inferInsert>,
) {
  await tx
    .update(productVariants)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(productVariants.businessId, businessId), eq(productVariants.id, id)));
}

/** Forgets the last costs of the product's variants (its preferred vendor changed). */
export async function clearLastCosts(tx: Executor, businessId: string, productId: string) {
  await tx
    .update(productVariants)
    .set({ lastCostMinor: null })
    .where(and(eq(productVariants.businessId, businessId), eq(productVariants.productId, productId)));
}

/** Archives the product's variants not in `keepIds`; returns the ids it archived. */
export async function archiveOtherVariants(
  tx: Executor,
  businessId: string,
  productId: string,
  keepIds: string[],
): Promise<string[]> {
  const rows = await tx
    .update(productVariants)
    .set({ isArchived: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(productVariants.businessId, businessId),
        eq(productVariants.productId, productId),
        eq(productVariants.isArchived, false),
        keepIds.length > 0 ? notInArray(productVariants.id, keepIds) : undefined,
      ),
    )
    .returning({ id: productVariants.id });
  return rows.map((r) => r.id);
}

export async function deleteBarcodesOfProduct(tx: Executor, businessId: string, productId: string) {
  await tx
    .delete(productBarcodes)
    .where(and(eq(productBarcodes.businessId, businessId), eq(productBarcodes.productId, productId)));
}

/**
 * Inserts barcodes in the order given: created_at a millisecond apart from the transaction's time
 * (the database's clock, as every other write stamp) keeps "the first barcode" stable.
 */
export async function insertBarcodes(
  tx: Executor,
  rows: { businessId: string; code: string; symbology: string; productId: string; variantId: string }[],
) {
  if (rows.length === 0) return;
  await tx
    .insert(productBarcodes)
    .values(rows.map((row, i) => ({ ...row, createdAt: sql`now() + ${i}::int * interval '1 millisecond'` })));
}

/**
 * Stores' settings for variants: creates the stock row (on hand 0) when the store never touched the
 * variant, and otherwise changes only the settings — never on hand, which only the ledger moves.
 */
export async function upsertStoreSettings(
  tx: Executor,
  rows: {
    businessId: string;
    storeId: string;
    variantId: string;
    productId: string;
    reorderLevel: string | null;
    reorderQuantity: string | null;
    sellingPriceMinor: number | null;
  }[],
) {
  if (rows.length === 0) return;
  await tx
    .insert(stockLevels)
    .values(rows)
    .onConflictDoUpdate({
      target: [stockLevels.businessId, stockLevels.storeId, stockLevels.variantId],
      set: {
        reorderLevel: sql`excluded.reorder_level`,
        reorderQuantity: sql`excluded.reorder_quantity`,
        sellingPriceMinor: sql`excluded.selling_price_minor`,
        updatedAt: sql`now()`,
      },
    });
}

// ---------------------------------------------------------------- reading a product whole

export type ProductDetailRows = {
  product: ProductRow & { categoryName: string | null; preferredVendorName: string | null };
  variants: VariantRow[];
  barcodes: { variantId: string; code: string; symbology: string }[];
  stores: { id: string; name: string; alias: string }[];
  levels: {
    storeId: string;
    variantId: string;
    onHand: number;
    reorderLevel: number | null;
    reorderQuantity: number | null;
    sellingPriceMinor: number | null;
  }[];
};

/** A product with everything its page shows, in five indexed queries whatever its size. */
export async function loadProductDetail(
  db: Executor,
  businessId: string,
  productId: string,
): Promise<ProductDetailRows | undefined> {
  const [product] = await db
    .select({ ...productColumns, categoryName: categories.name, preferredVendorName: contacts.name })
    .from(products)
    .leftJoin(categories, and(eq(categories.businessId, products.businessId), eq(categories.id, products.categoryId)))
    .leftJoin(contacts, and(eq(contacts.businessId, products.businessId), eq(contacts.id, products.preferredVendorId)))
    .where(and(eq(products.businessId, businessId), eq(products.id, productId)));
  if (!product) return undefined;
  const [variants, barcodes, storeRows, levels] = await Promise.all([
    db
      .select(variantColumns)
      .from(productVariants)
      .where(and(eq(productVariants.businessId, businessId), eq(productVariants.productId, productId)))
      .orderBy(asc(productVariants.isArchived), asc(productVariants.position), asc(productVariants.id)),
    db
      .select({
        variantId: productBarcodes.variantId,
        code: productBarcodes.code,
        symbology: productBarcodes.symbology,
      })
      .from(productBarcodes)
      .where(and(eq(productBarcodes.businessId, businessId), eq(productBarcodes.productId, productId)))
      .orderBy(asc(productBarcodes.createdAt), asc(productBarcodes.code)),
    listStores(db, businessId),
    db
      .select({
        storeId: stockLevels.storeId,
        variantId: stockLevels.variantId,
        onHand: stockLevels.onHand,
        reorderLevel: stockLevels.reorderLevel,
        reorderQuantity: stockLevels.reorderQuantity,
        sellingPriceMinor: stockLevels.sellingPriceMinor,
      })
      .from(stockLevels)
      .innerJoin(
        productVariants,
        and(eq(productVariants.businessId, stockLevels.businessId), eq(productVariants.id, stockLevels.variantId)),
      )
      .where(and(eq(productVariants.businessId, businessId), eq(productVariants.productId, productId))),
  ]);
  const quantityOrNull = (q: string | null) => (q === null ? null : parseThousandths(q) / 1000);
  return {
    product,
    variants,
    barcodes,
    stores: storeRows,
    levels: levels.map((l) => ({
      ...l,
      onHand: parseThousandths(l.onHand) / 1000,
      reorderLevel: quantityOrNull(l.reorderLevel),
      reorderQuantity: quantityOrNull(l.reorderQuantity),
    })),
  };
}

// ---------------------------------------------------------------- the register's view of a barcode

export type SellableRow = {
  product_id: string;
  variant_id: string;
  name: string;
  option_values: string[];
  sku: string;
  unit: ProductUnit;
  price_minor: string | number;
  cost_price_minor: string | number;
  tax_rate_id: string | null;
  is_tracked: boolean;
  on_hand: string | number | null;
  image_version: number | null;
};

/** The non-archived variant carrying this exact barcode, with its price and stock in the store (primary-key lookup). */
export async function findSellableRowByBarcode(
  db: Executor,
  scope: { businessId: string; storeId: string },
  code: string,
): Promise<SellableRow | undefined> {
  const [row] = await queryRows<SellableRow>(
    db,
    sql`
    select p.id as product_id, v.id as variant_id, p.name, v.option_values, v.sku, p.unit,
           coalesce(l.selling_price_minor, v.selling_price_minor) as price_minor,
           v.cost_price_minor, p.tax_rate_id, p.is_tracked, l.on_hand, p.image_version
      from product_barcodes b
      join product_variants v on v.business_id = b.business_id and v.id = b.variant_id
      join products p on p.business_id = b.business_id and p.id = b.product_id
      left join stock_levels l on l.business_id = b.business_id and l.store_id = ${scope.storeId}
                               and l.variant_id = b.variant_id
     where b.business_id = ${scope.businessId} and b.code = ${code}
       and not v.is_archived and not p.is_archived`,
  );
  return row;
}

/** The product carrying this exact barcode (primary-key lookup), archived or not. */
export async function findProductIdByBarcode(
  db: Executor,
  businessId: string,
  code: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ productId: productBarcodes.productId })
    .from(productBarcodes)
    .where(and(eq(productBarcodes.businessId, businessId), eq(productBarcodes.code, code)));
  return row?.productId;
}

// ---------------------------------------------------------------- the inventory list

export type ListFilter = {
  businessId: string;
  storeId: string;
  /** The trigram pattern (already escaped and wrapped in %), or none. */
  pattern?: string;
  /** The raw search, for ranking exact SKUs and name prefixes first. */
  q?: string;
  /** Exactly this product (a whole barcode was searched). */
  productId?: string;
  categoryId?: string;
  stock?: 'in_stock' | 'low' | 'out';
  archived: 'false' | 'true' | 'all';
  sort: ProductSort;
  limit: number;
  offset: number;
};

export type ListRow = {
  id: string;
  name: string;
  category_id: string | null;
  category_name: string | null;
  unit: ProductUnit;
  is_tracked: boolean;
  is_archived: boolean;
  image_version: number | null;
  variant_count: number | string;
  sku: string;
  barcode: string | null;
  price_minor: number | string;
  max_price_minor: number | string;
  cost_price_minor: number | string;
  on_hand: number | string;
  stock_value_minor: number | string;
  stock_state: 'in_stock' | 'low' | 'out' | 'untracked';
};

/**
 * The figures of a product in the active store, over its non-archived variants: one lateral subquery
 * per row of the page (the planner computes it only for the rows it needs when the order comes from
 * an index).
 */
const figures = (storeId: string) => sql`
  cross join lateral (
    select count(*)::int as variant_count,
           coalesce(sum(l.on_hand), 0) as on_hand,
           coalesce(sum(round(coalesce(l.on_hand, 0) * v.cost_price_minor)), 0) as stock_value_minor,
           min(coalesce(l.selling_price_minor, v.selling_price_minor)) as price_minor,
           max(coalesce(l.selling_price_minor, v.selling_price_minor)) as max_price_minor,
           (array_agg(v.id order by v.position, v.id))[1] as first_variant_id,
           (array_agg(v.sku order by v.position, v.id))[1] as sku,
           (array_agg(v.cost_price_minor order by v.position, v.id))[1] as cost_price_minor,
           bool_or(l.reorder_level is not null and l.on_hand <= l.reorder_level) as any_low
      from product_variants v
      left join stock_levels l on l.business_id = v.business_id and l.store_id = ${storeId} and l.variant_id = v.id
     where v.business_id = p.business_id and v.product_id = p.id and not v.is_archived
  ) f`;

const stockStateSql = sql`case when not p.is_tracked then 'untracked'
  when f.on_hand <= 0 then 'out'
  when coalesce(f.any_low, false) then 'low'
  else 'in_stock' end`;

function whereOf(filter: ListFilter): SQL {
  const parts: SQL[] = [sql`p.business_id = ${filter.businessId}`];
  if (filter.archived !== 'all') parts.push(sql`p.is_archived = ${filter.archived === 'true'}`);
  if (filter.productId) parts.push(sql`p.id = ${filter.productId}`);
  else if (filter.pattern) parts.push(sql`p.search_text like ${filter.pattern}`);
  if (filter.categoryId)
    parts.push(sql`p.category_id in (
      select c.id from categories c
       where c.business_id = ${filter.businessId} and (c.id = ${filter.categoryId} or c.parent_id = ${filter.categoryId}))`);
  if (filter.stock) parts.push(sql`${stockStateSql} = ${filter.stock}`);
  return sql.join(parts, sql` and `);
}

function orderOf(filter: ListFilter): SQL {
  const byName = sql`lower(p.name), p.id`;
  switch (filter.sort) {
    case 'name':
      return byName;
    case '-name':
      return sql`lower(p.name) desc, p.id desc`;
    case 'price':
      return sql`f.price_minor, ${byName}`;
    case '-price':
      return sql`f.price_minor desc, ${byName}`;
    case 'onHand':
      return sql`f.on_hand, ${byName}`;
    case '-onHand':
      return sql`f.on_hand desc, ${byName}`;
    case 'value':
      return sql`f.stock_value_minor, ${byName}`;
    case '-value':
      return sql`f.stock_value_minor desc, ${byName}`;
    case '-updated':
      return sql`p.updated_at desc, p.id desc`;
  }
}

/** A search counts its matches up to this many; more is reported as "at least". */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * The two paths of a name or SKU search, for the inventory list and the register alike; both stay
 * bounded at 100,000 products:
 * - `ranked` collects up to SEARCH_COUNT_CAP + 1 matching products in one scan and answers the page's
 *   ids best first (one row with a null id when the page is empty), each row with `matched`, the
 *   products it collected, and `total`, what the list counts (`matched` when absent);
 * - when more than SEARCH_COUNT_CAP products match (a very common piece of text), the page comes from
 *   `dense`, the name index in name order, which finds a dense page after a few hundred rows, and the
 *   total stops at the cap.
 * Both are planned for their pattern (`withCustomPlan`): a rare piece of text is best found through the
 * trigram index, a common one by a scan.
 */
export async function cappedSearchPage(
  db: Executor,
  ranked: SQL,
  dense: SQL,
): Promise<{ ids: string[]; total: number; totalCapped: boolean }> {
  const matches = await queryRows<{ id: string | null; matched: number | string; total?: number | string }>(
    db,
    withCustomPlan(ranked),
  );
  const first = matches[0];
  if (Number(first?.matched ?? 0) <= SEARCH_COUNT_CAP)
    return {
      ids: matches.flatMap((m) => (m.id ? [m.id] : [])),
      total: Number(first?.total ?? first?.matched ?? 0),
      totalCapped: false,
    };
  const page = await queryRows<{ id: string }>(db, withCustomPlan(dense));
  return { ids: page.map((r) => r.id), total: SEARCH_COUNT_CAP, totalCapped: true };
}

/** The page's rows with their figures, in the order of the ids given. */
async function pageRows(db: Executor, filter: ListFilter, ids: string[]): Promise<ListRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ListRow>(
    db,
    sql`
    select p.id, p.name, p.category_id, c.name as category_name, p.unit, p.is_tracked, p.is_archived,
           p.image_version, f.variant_count, f.sku,
           (select b.code from product_barcodes b
             where b.business_id = p.business_id and b.variant_id = f.first_variant_id
             order by b.created_at, b.code limit 1) as barcode,
           coalesce(f.price_minor, 0) as price_minor, coalesce(f.max_price_minor, 0) as max_price_minor,
           coalesce(f.cost_price_minor, 0) as cost_price_minor, f.on_hand, f.stock_value_minor,
           ${stockStateSql} as stock_state
      from products p
      ${figures(filter.storeId)}
      left join categories c on c.business_id = p.business_id and c.id = p.category_id
     where p.business_id = ${filter.businessId} and p.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/**
 * One page of the inventory list. The page's ids are chosen first and only those rows get their
 * figures computed, except where the order or a filter is a figure (price, on hand, value, stock
 * state), which has to be computed for every match.
 *
 * A name search in name order (what the list does as people type) takes the two paths of
 * `cappedSearchPage`; up to SEARCH_COUNT_CAP matches, one scan collects them (the trigram index or a
 * sequential scan, the planner's choice), counts them and sorts them with the best first: an exact
 * SKU, then names starting with the search, then by name.
 */
export async function listProductRows(
  db: Executor,
  filter: ListFilter,
): Promise<{ rows: ListRow[]; total: number; totalCapped: boolean }> {
  const where = whereOf(filter);
  const byFigures = filter.stock !== undefined || !['name', '-name', '-updated'].includes(filter.sort);
  if (filter.pattern && filter.sort === 'name' && !byFigures) {
    const exactSku = sql`(select v.product_id from product_variants v
                           where v.business_id = ${filter.businessId} and upper(v.sku) = ${filter.q!.toUpperCase()}
                           limit 1)`;
    const { ids, total, totalCapped } = await cappedSearchPage(
      db,
      sql`
      with m as materialized (
        select p.id, lower(p.name) as n from products p where ${where} limit ${SEARCH_COUNT_CAP + 1}
      )
      select (select count(*) from m) as matched, page.id
        from (select 1) one
        left join lateral (
          select m.id from m
           order by (m.id = ${exactSku}) is true desc, m.n like ${likePrefix(filter.q!)} desc, m.n, m.id
           limit ${filter.limit} offset ${filter.offset}
        ) page on true`,
      sql`select p.id from products p where ${where} order by lower(p.name), p.id
           limit ${filter.limit} offset ${filter.offset}`,
    );
    return { rows: await pageRows(db, filter, ids), total, totalCapped };
  }
  const order = orderOf(filter);
  const [page, [count]] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      withCustomPlan(
        sql`select p.id from products p ${byFigures ? figures(filter.storeId) : sql``}
           where ${where} order by ${order} limit ${filter.limit} offset ${filter.offset}`,
        filter.pattern !== undefined,
      ),
    ),
    queryRows<{ total: number | string }>(
      db,
      withCustomPlan(
        sql`select count(*) as total from products p ${filter.stock !== undefined ? figures(filter.storeId) : sql``} where ${where}`,
        filter.pattern !== undefined,
      ),
    ),
  ]);
  return {
    rows: await pageRows(
      db,
      filter,
      page.map((r) => r.id),
    ),
    total: Number(count?.total ?? 0),
    totalCapped: false,
  };
}

// ---------------------------------------------------------------- image

export async function upsertImage(
  tx: Executor,
  row: { businessId: string; productId: string; contentType: string; bytes: Buffer },
) {
  await tx
    .insert(productImages)
    .values({ ...row, byteSize: row.bytes.length })
    .onConflictDoUpdate({
      target: [productImages.businessId, productImages.productId],
      set: { contentType: row.contentType, bytes: row.bytes, byteSize: row.bytes.length, updatedAt: sql`now()` },
    });
}

export async function deleteImage(tx: Executor, businessId: string, productId: string): Promise<boolean> {
  const rows = await tx
    .delete(productImages)
    .where(and(eq(productImages.businessId, businessId), eq(productImages.productId, productId)))
    .returning({ productId: productImages.productId });
  return rows.length > 0;
}

export async function findImage(db: Executor, businessId: string, productId: string) {
  const [row] = await db
    .select({
      contentType: productImages.contentType,
      bytes: productImages.bytes,
      byteSize: productImages.byteSize,
      imageVersion: products.imageVersion,
    })
    .from(productImages)
    .innerJoin(
      products,
      and(eq(products.businessId, productImages.businessId), eq(products.id, productImages.productId)),
    )
    .where(and(eq(productImages.businessId, businessId), eq(productImages.productId, productId)));
  return row;
}
