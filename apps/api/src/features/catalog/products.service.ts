import {
  checkBarcode,
  parseThousandths,
  thousandthsToNumeric,
  toThousandths,
  unitAllowsFractions,
  type CreateProductInput,
  type FieldError,
  type listProductsQuerySchema,
  type Product,
  type ProductPage,
  type Sellable,
  type UpdateProductInput,
} from '@ipos/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { uniqueViolation, type Executor } from '../../db/client.js';
import { products } from '../../db/schema.js';
import type { Actor, AppDeps } from '../../http/context.js';
import type { StoreAccess } from '../../auth/access.js';
import { costOrNull, seesCosts } from '../../auth/costs.js';
import { AppError, invalidFields, notFound } from '../../http/app-error.js';
import { diff, recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { fillBlankSkus } from './generated-skus.js';
import { checkImageUpload } from '../../lib/images.js';
import { recordStockAdjustmentIn } from '../inventory/stock-adjustments.service.js';
import { assertPlanAllows, lockPlanOf } from '../plans/plans.service.js';
import { variantDisplayName, variantLabel } from '../inventory/stock-variants.repository.js';
import { findContact } from '../contacts/contacts.repository.js';
import { contactFieldError } from '../contacts/contacts.service.js';
import {
  archiveOtherVariants,
  clearLastCosts,
  deleteBarcodesOfProduct,
  deleteImage,
  findBarcodeClashes,
  findCategoryRef,
  findImage,
  findProductIdByBarcode,
  findSellableRowByBarcode,
  findSkuClashes,
  findTaxRateRef,
  insertBarcodes,
  insertProduct,
  insertVariants,
  listProductRows,
  listStores,
  listVariantsForUpdate,
  loadProductDetail,
  lockProduct,
  updateProductRow,
  updateVariant,
  type SellableRow,
  upsertImage,
  upsertStoreSettings,
  type ProductDetailRows,
  type ProductRow,
} from './products.repository.js';
import { likePattern } from '../../lib/like-patterns.js';

export type ProductScope = { businessId: string; storeId: string };
/** A request's scope with the role's permissions: what it answers depends on inventory.costs. */
export type ViewerScope = ProductScope & Pick<StoreAccess, 'permissions'>;

const WHAT = 'The product';

/** What the trigram index searches: the lower-cased name and every SKU. */
export const searchTextOf = (name: string, skus: string[]) =>
  [name, ...skus].map((s) => s.trim().toLowerCase()).join(' ');

// ---------------------------------------------------------------- reading

export function toProduct(detail: ProductDetailRows): Product {
  const { product, variants, barcodes, stores, levels } = detail;
  const levelOf = new Map(levels.map((l) => [`${l.storeId}/${l.variantId}`, l]));
  return {
    id: product.id,
    name: product.name,
    categoryId: product.categoryId,
    categoryName: product.categoryName,
    unit: product.unit,
    taxRateId: product.taxRateId,
    isTracked: product.isTracked,
    options: product.options,
    preferredVendor:
      product.preferredVendorId === null
        ? null
        : { id: product.preferredVendorId, name: product.preferredVendorName ?? '' },
    imageVersion: product.imageVersion,
    isArchived: product.isArchived,
    version: product.version,
    createdAt: new Date(product.createdAt).toISOString(),
    updatedAt: new Date(product.updatedAt).toISOString(),
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      optionValues: v.optionValues,
      label: variantLabel(v.optionValues),
      barcodes: barcodes
        .filter((b) => b.variantId === v.id)
        .map((b) => ({
          code: b.code,
          symbology: b.symbology as Product['variants'][number]['barcodes'][number]['symbology'],
        })),
      costPriceMinor: Number(v.costPriceMinor),
      sellingPriceMinor: Number(v.sellingPriceMinor),
      vendorItemCode: v.vendorItemCode,
      lastCostMinor: v.lastCostMinor === null ? null : Number(v.lastCostMinor),
      isArchived: v.isArchived,
      stores: stores.map((s) => {
        const level = levelOf.get(`${s.id}/${v.id}`);
        const own = level?.sellingPriceMinor ?? null;
        return {
          storeId: s.id,
          storeName: s.name,
          storeAlias: s.alias,
          onHand: level?.onHand ?? 0,
          reorderLevel: level?.reorderLevel ?? null,
          reorderQuantity: level?.reorderQuantity ?? null,
          sellingPriceMinor: own === null ? null : Number(own),
          effectivePriceMinor: Number(own ?? v.sellingPriceMinor),
        };
      }),
    })),
  };
}

/** The product as this role may see it: without inventory.costs, no cost prices. */
function asSeenBy(scope: ViewerScope, product: Product): Product {
  if (seesCosts(scope)) return product;
  return {
    ...product,
    variants: product.variants.map((v) => ({ ...v, costPriceMinor: null, lastCostMinor: null })),
  };
}

/** A product of the business with its variants and stock in every store; another tenant's id is a 404. */
export async function getProduct(db: Executor, scope: ViewerScope, productId: string): Promise<Product> {
  const detail = await loadProductDetail(db, scope.businessId, productId);
  if (!detail) throw notFound(WHAT);
  return asSeenBy(scope, toProduct(detail));
}

/**
 * A variant as a till or a scanner sees it: name with its label, the barcode it is known by, store
 * price and stock; its cost only for a role that sees costs.
 */
export function toSellable(scope: ViewerScope, row: SellableRow, barcode: string | null): Sellable {
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    name: variantDisplayName({ productName: row.name, optionValues: row.option_values }),
    sku: row.sku,
    barcode,
    unit: row.unit,
    priceMinor: Number(row.price_minor),
    costPriceMinor: costOrNull(scope, Number(row.cost_price_minor)),
    taxRateId: row.tax_rate_id,
    isTracked: row.is_tracked,
    onHand: row.on_hand === null ? 0 : parseThousandths(row.on_hand) / 1000,
    imageVersion: row.image_version,
  };
}

/** The non-archived variant with this exact barcode, priced and stocked for the active store; undefined when none. */
export async function findSellableByBarcode(
  db: Executor,
  scope: ViewerScope,
  code: string,
): Promise<Sellable | undefined> {
  const row = await findSellableRowByBarcode(db, scope, code.trim());
  return row ? toSellable(scope, row, code.trim()) : undefined;
}

export async function listProducts(
  db: Executor,
  scope: ViewerScope,
  query: z.output<typeof listProductsQuerySchema>,
): Promise<ProductPage> {
  // The order by stock value would tell what the hidden values are.
  if (query.sort.endsWith('value') && !seesCosts(scope))
    throw new AppError('FORBIDDEN', 'Your role does not allow seeing stock value (inventory.costs)', {
      errors: [{ field: 'sort', message: 'Sorting by stock value needs inventory.costs' }],
    });
  const q = query.q?.trim() || undefined;
  let productId: string | undefined;
  // A whole barcode (scanned into the search) finds its product by primary key, whatever else matches.
  if (q && checkBarcode(q).ok && !/\s/.test(q)) productId = await findProductIdByBarcode(db, scope.businessId, q);
  const page = query.page;
  const pageSize = query.pageSize;
  const { rows, total, totalCapped } = await listProductRows(db, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    ...(productId ? { productId } : q ? { pattern: likePattern(q), q } : {}),
    ...(query.categoryId ? { categoryId: query.categoryId } : {}),
    ...(query.stock ? { stock: query.stock } : {}),
    archived: query.archived,
    sort: query.sort,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      categoryId: r.category_id,
      categoryName: r.category_name,
      unit: r.unit,
      isTracked: r.is_tracked,
      isArchived: r.is_archived,
      imageVersion: r.image_version,
      variantCount: Number(r.variant_count),
      sku: r.sku,
      barcode: r.barcode,
      priceMinor: Number(r.price_minor),
      maxPriceMinor: Number(r.max_price_minor),
      costPriceMinor: costOrNull(scope, Number(r.cost_price_minor)),
      onHand: parseThousandths(r.on_hand) / 1000,
      stockValueMinor: costOrNull(scope, Number(r.stock_value_minor)),
      stockState: r.stock_state,
    })),
    total,
    totalCapped,
    page,
    pageSize,
  };
}

// ---------------------------------------------------------------- checks shared by create and update

type AnyInput = CreateProductInput | UpdateProductInput;

/**
 * Everything the schema cannot know: the category, tax rate and stores belong to this business, and
 * goods counted in whole units get whole quantities. Collects every problem into one 400.
 */
async function checkReferences(tx: Executor, scope: ProductScope, input: AnyInput, current?: ProductRow) {
  const errors: FieldError[] = [];
  if (input.categoryId !== null && input.categoryId !== current?.categoryId) {
    const category = await findCategoryRef(tx, scope.businessId, input.categoryId);
    if (!category || category.isArchived)
      errors.push({ field: 'categoryId', message: 'Choose an existing, non-archived category' });
  }
  if (input.taxRateId !== null && input.taxRateId !== current?.taxRateId) {
    const rate = await findTaxRateRef(tx, scope.businessId, input.taxRateId);
    if (!rate || !rate.isActive) errors.push({ field: 'taxRateId', message: 'Choose an active tax rate' });
  }
  const vendorId = input.preferredVendorId;
  if (vendorId && vendorId !== current?.preferredVendorId) {
    const problem = contactFieldError(await findContact(tx, scope.businessId, vendorId), 'vendor', 'preferredVendorId');
    if (problem) errors.push(problem);
  }
  const storeIds = new Set((await listStores(tx, scope.businessId)).map((s) => s.id));
  const whole = !unitAllowsFractions(input.unit);
  const wholeMessage = `Sold by ${input.unit === 'pack' ? 'the pack' : 'the unit'}: use a whole number`;
  input.variants.forEach((variant, i) => {
    const opening = 'openingStock' in variant ? (variant.openingStock as number | undefined) : undefined;
    if (opening !== undefined && opening > 0) {
      if (!input.isTracked)
        errors.push({ field: `variants.${i}.openingStock`, message: 'Stock is not tracked for this product' });
      else if (whole && !Number.isInteger(opening))
        errors.push({ field: `variants.${i}.openingStock`, message: wholeMessage });
    }
    const seen = new Set<string>();
    variant.storeSettings.forEach((settings, j) => {
      const at = `variants.${i}.storeSettings.${j}`;
      if (!storeIds.has(settings.storeId))
        errors.push({ field: `${at}.storeId`, message: 'Not a store of this business' });
      else if (seen.has(settings.storeId))
        errors.push({ field: `${at}.storeId`, message: 'This store is listed twice' });
      seen.add(settings.storeId);
      for (const key of ['reorderLevel', 'reorderQuantity'] as const) {
        const value = settings[key];
        if (whole && value !== null && !Number.isInteger(value))
          errors.push({ field: `${at}.${key}`, message: wholeMessage });
      }
    });
  });
  if (errors.length > 0) throw invalidFields(errors);
}

/** A clashing field and the product that already has the value (the form links to it). */
type Conflict = { field: string; productId: string; productName: string; sku: string };
const conflictOf = (field: string, clash: { productId: string; productName: string; sku: string }): Conflict => ({
  field,
  productId: clash.productId,
  productName: clash.productName,
  sku: clash.sku,
});

/**
 * SKUs and barcodes already used elsewhere in the business: 409 naming every clashing field, with
 * `conflicts` (each field and the product that has the value) and `conflict` (the first of them). `ownVariantIds` are variants being rewritten by this
 * request (their SKUs are free to move); `ownProductId`'s barcodes are all being replaced.
 */
async function checkUniqueness(
  db: Executor,
  businessId: string,
  input: AnyInput,
  own: { productId?: string; variantIds?: Set<string> } = {},
) {
  const skuClashes = (
    await findSkuClashes(
      db,
      businessId,
      input.variants.map((v) => v.sku),
    )
  ).filter((c) => !own.variantIds?.has(c.variantId));
  const barcodeClashes = (
    await findBarcodeClashes(
      db,
      businessId,
      input.variants.flatMap((v) => v.barcodes),
    )
  ).filter((c) => c.productId !== own.productId);
  if (skuClashes.length > 0) {
    const bySku = new Map(skuClashes.map((c) => [c.sku.toUpperCase(), c]));
    const errors: FieldError[] = [];
    const conflicts: Conflict[] = [];
    input.variants.forEach((v, i) => {
      const clash = bySku.get(v.sku.toUpperCase());
      if (!clash) return;
      errors.push({ field: `variants.${i}.sku`, message: `${clash.productName} already has this SKU` });
      conflicts.push(conflictOf(`variants.${i}.sku`, clash));
    });
    const first = skuClashes[0]!;
    throw new AppError('SKU_TAKEN', `The SKU ${first.sku} belongs to ${first.productName}`, {
      errors,
      conflict: { productId: first.productId, productName: first.productName, sku: first.sku },
      conflicts,
    });
  }
  if (barcodeClashes.length > 0) {
    const byCode = new Map(barcodeClashes.map((c) => [c.code, c]));
    const errors: FieldError[] = [];
    const conflicts: Conflict[] = [];
    input.variants.forEach((v, i) =>
      v.barcodes.forEach((code, j) => {
        const clash = byCode.get(code);
        if (!clash) return;
        errors.push({ field: `variants.${i}.barcodes.${j}`, message: `${clash.productName} already has this barcode` });
        conflicts.push(conflictOf(`variants.${i}.barcodes.${j}`, clash));
      }),
    );
    const first = barcodeClashes[0]!;
    throw new AppError('BARCODE_TAKEN', `The barcode ${first.code} belongs to ${first.productName}`, {
      errors,
      conflict: { productId: first.productId, productName: first.productName, sku: first.sku },
      conflicts,
    });
  }
}

/**
 * Runs a write; a unique violation (two requests taking the same SKU or barcode at once) is answered
 * as the same 409 the checks give, found again once the losing transaction has rolled back.
 */
async function guardUniqueRace<T>(
  deps: AppDeps,
  scope: ProductScope,
  input: AnyInput,
  own: { productId?: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!uniqueViolation(error)) throw error;
    const db = deps.database.db;
    const ownVariantIds = new Set(input.variants.flatMap((v) => (v.id ? [v.id] : [])));
    await checkUniqueness(db, scope.businessId, input, { productId: own.productId, variantIds: ownVariantIds });
    throw new AppError('SKU_TAKEN', 'A SKU or barcode of this product was just taken by another product; try again');
  }
}

const quantityText = (q: number | null) => (q === null ? null : thousandthsToNumeric(toThousandths(q)));

const storeSettingRows = (
  scope: ProductScope,
  productId: string,
  variants: { variantId: string; input: AnyInput['variants'][number] }[],
) =>
  variants.flatMap(({ variantId, input }) =>
    input.storeSettings.map((settings) => ({
      businessId: scope.businessId,
      storeId: settings.storeId,
      variantId,
      productId,
      reorderLevel: quantityText(settings.reorderLevel),
      reorderQuantity: quantityText(settings.reorderQuantity),
      sellingPriceMinor: settings.sellingPriceMinor,
    })),
  );

const barcodeRows = (scope: ProductScope, productId: string, variantId: string, codes: string[]) =>
  codes.map((code) => {
    const check = checkBarcode(code);
    return {
      businessId: scope.businessId,
      code,
      symbology: check.ok ? check.symbology : 'CODE128',
      productId,
      variantId,
    };
  });

/** What the audit trail keeps of a product: its fields and its variants, compactly. */
function auditView(product: Product) {
  return {
    name: product.name,
    categoryId: product.categoryId,
    unit: product.unit,
    taxRateId: product.taxRateId,
    isTracked: product.isTracked,
    options: product.options,
    preferredVendorId: product.preferredVendor?.id ?? null,
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      optionValues: v.optionValues,
      barcodes: v.barcodes.map((b) => b.code),
      costPriceMinor: v.costPriceMinor,
      sellingPriceMinor: v.sellingPriceMinor,
      vendorItemCode: v.vendorItemCode,
      isArchived: v.isArchived,
      stores: v.stores
        .filter((s) => s.sellingPriceMinor !== null || s.reorderLevel !== null || s.reorderQuantity !== null)
        .map((s) => ({
          storeId: s.storeId,
          sellingPriceMinor: s.sellingPriceMinor,
          reorderLevel: s.reorderLevel,
          reorderQuantity: s.reorderQuantity,
        })),
    })),
  };
}

// ---------------------------------------------------------------- create

/** The product row's own fields from a create or update body (search text from the name and SKUs). */
function productFieldsOf(input: CreateProductInput | UpdateProductInput) {
  const name = input.name.trim();
  return {
    name,
    categoryId: input.categoryId,
    unit: input.unit,
    taxRateId: input.taxRateId,
    isTracked: input.isTracked,
    options: input.options,
    ...(input.preferredVendorId === undefined ? {} : { preferredVendorId: input.preferredVendorId }),
    searchText: searchTextOf(
      name,
      input.variants.map((v) => v.sku),
    ),
  };
}

/**
 * Creates a product with its variants inside the caller's transaction (the API, the CSV import and
 * the demo seed all come through here). A variant without a SKU gets a generated one. Opening stock
 * goes into `scope.storeId` as one `opening_stock` adjustment document whose lines are ledger
 * movements. Returns the product id.
 */
export async function createProductIn(
  tx: Executor,
  actor: Actor,
  scope: ProductScope,
  body: CreateProductInput,
): Promise<string> {
  const input = await fillBlankSkus(tx, scope.businessId, body);
  await checkReferences(tx, scope, input);
  await checkUniqueness(tx, scope.businessId, input);
  const productId = newId();
  await insertProduct(tx, { businessId: scope.businessId, id: productId, ...productFieldsOf(input) });
  const variants = input.variants.map((variant) => ({ variantId: newId(), input: variant }));
  await insertVariants(
    tx,
    variants.map(({ variantId, input: variant }, position) => ({
      businessId: scope.businessId,
      id: variantId,
      productId,
      sku: variant.sku,
      optionValues: variant.optionValues,
      costPriceMinor: variant.costPriceMinor,
      sellingPriceMinor: variant.sellingPriceMinor,
      vendorItemCode: variant.vendorItemCode ?? null,
      position,
    })),
  );
  await insertBarcodes(
    tx,
    variants.flatMap(({ variantId, input: variant }) => barcodeRows(scope, productId, variantId, variant.barcodes)),
  );
  await upsertStoreSettings(tx, storeSettingRows(scope, productId, variants));
  const opening = variants
    .map(({ variantId, input: variant }) => ({ variantId, thousandths: toThousandths(variant.openingStock ?? 0) }))
    .filter((o) => o.thousandths > 0);
  let openingStock: { adjustmentId: string; number: string } | null = null;
  if (opening.length > 0) {
    const adjustment = await recordStockAdjustmentIn(tx, actor, scope, {
      reasonCode: 'opening_stock',
      note: null,
      lines: opening.map((o) => ({
        productId,
        variantId: o.variantId,
        deltaThousandths: o.thousandths,
        isTracked: true,
      })),
    });
    openingStock = { adjustmentId: adjustment.id, number: adjustment.number };
  }
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'product.created',
    entity: 'product',
    entityId: productId,
    after: {
      name: input.name.trim(),
      categoryId: input.categoryId,
      unit: input.unit,
      taxRateId: input.taxRateId,
      isTracked: input.isTracked,
      options: input.options,
      preferredVendorId: input.preferredVendorId ?? null,
      variants: input.variants.map((v) => ({
        sku: v.sku,
        optionValues: v.optionValues,
        barcodes: v.barcodes,
        costPriceMinor: v.costPriceMinor,
        sellingPriceMinor: v.sellingPriceMinor,
        vendorItemCode: v.vendorItemCode ?? null,
        ...(v.openingStock ? { openingStock: v.openingStock } : {}),
      })),
      ...(openingStock ? { openingStock } : {}),
    },
  });
  return productId;
}

export async function createProduct(deps: AppDeps, actor: Actor, scope: ViewerScope, input: CreateProductInput) {
  return guardUniqueRace(deps, scope, input, {}, () =>
    deps.database.db.transaction(async (tx) => {
      await assertPlanAllows(tx, scope.businessId, 'products');
      const id = await createProductIn(tx, actor, scope, input);
      return getProduct(tx, scope, id);
    }),
  );
}

// ---------------------------------------------------------------- update

const versionConflict = (current: number) =>
  new AppError('VERSION_CONFLICT', 'Someone changed this product since you loaded it; reload and try again', {
    currentVersion: current,
  });

/**
 * Replaces a product and its variants inside the caller's transaction: variants with an id are
 * updated, without one created, and the product's other variants archived; a variant saved without a
 * SKU gets a generated one; barcodes are replaced; store settings upserted (on hand is never touched
 * here). Audited as a before/after diff.
 */
export async function updateProductIn(
  tx: Executor,
  actor: Actor,
  scope: ProductScope,
  productId: string,
  body: UpdateProductInput,
): Promise<string> {
  const row = await lockProduct(tx, scope.businessId, productId);
  if (!row) throw notFound(WHAT);
  if (row.version !== body.version) throw versionConflict(row.version);
  const input = await fillBlankSkus(tx, scope.businessId, body);
  const existing = await listVariantsForUpdate(tx, scope.businessId, productId);
  const existingById = new Map(existing.map((v) => [v.id, v]));
  const unknown: FieldError[] = [];
  input.variants.forEach((v, i) => {
    if (v.id && !existingById.has(v.id))
      unknown.push({ field: `variants.${i}.id`, message: 'Not a variant of this product' });
  });
  if (unknown.length > 0) throw invalidFields(unknown);
  await checkReferences(tx, scope, input, row);
  const keptIds = new Set(input.variants.flatMap((v) => (v.id ? [v.id] : [])));
  await checkUniqueness(tx, scope.businessId, input, { productId, variantIds: keptIds });

  const before = toProduct((await loadProductDetail(tx, scope.businessId, productId))!);
  await updateProductRow(tx, scope.businessId, productId, productFieldsOf(input));
  // A SKU moving between two variants of this product would collide half-way: park the changing ones first.
  for (const v of input.variants) {
    const current = v.id ? existingById.get(v.id) : undefined;
    if (current && current.sku !== v.sku)
      await updateVariant(tx, scope.businessId, current.id, { sku: `~${current.id}` });
  }
  await archiveOtherVariants(tx, scope.businessId, productId, [...keptIds]);
  await deleteBarcodesOfProduct(tx, scope.businessId, productId);
  const written: { variantId: string; input: UpdateProductInput['variants'][number] }[] = [];
  const created: Parameters<typeof insertVariants>[1] = [];
  for (const [position, variant] of input.variants.entries()) {
    const fields = {
      sku: variant.sku,
      optionValues: variant.optionValues,
      sellingPriceMinor: variant.sellingPriceMinor,
      position,
      isArchived: false,
    };
    // A variant sent without its cost (or its vendor's code) keeps the one it has.
    const cost = variant.costPriceMinor === undefined ? {} : { costPriceMinor: variant.costPriceMinor };
    const code = variant.vendorItemCode === undefined ? {} : { vendorItemCode: variant.vendorItemCode };
    if (variant.id) await updateVariant(tx, scope.businessId, variant.id, { ...fields, ...cost, ...code });
    else
      created.push({
        businessId: scope.businessId,
        id: newId(),
        productId,
        costPriceMinor: 0,
        ...fields,
        ...cost,
        ...code,
      });
    written.push({ variantId: variant.id ?? created.at(-1)!.id, input: variant });
  }
  await insertVariants(tx, created);
  await insertBarcodes(
    tx,
    written.flatMap(({ variantId, input: variant }) => barcodeRows(scope, productId, variantId, variant.barcodes)),
  );
  await upsertStoreSettings(tx, storeSettingRows(scope, productId, written));
  // The last cost was the previous vendor's price: it means nothing for the new one.
  if (input.preferredVendorId !== undefined && input.preferredVendorId !== row.preferredVendorId)
    await clearLastCosts(tx, scope.businessId, productId);
  const after = toProduct((await loadProductDetail(tx, scope.businessId, productId))!);
  const changes = diff(auditView(before), auditView(after));
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'product.updated',
    entity: 'product',
    entityId: productId,
    before: { ...changes.before, version: before.version },
    after: { ...changes.after, version: after.version },
  });
  return productId;
}

export async function updateProduct(
  deps: AppDeps,
  actor: Actor,
  scope: ViewerScope,
  productId: string,
  input: UpdateProductInput,
) {
  return guardUniqueRace(deps, scope, input, { productId }, () =>
    deps.database.db.transaction(async (tx) => {
      await updateProductIn(tx, actor, scope, productId, input);
      return getProduct(tx, scope, productId);
    }),
  );
}

// ---------------------------------------------------------------- archive

export async function setProductArchived(
  deps: AppDeps,
  actor: Actor,
  scope: ViewerScope,
  productId: string,
  version: number,
  archived: boolean,
): Promise<Product> {
  return deps.database.db.transaction(async (tx) => {
    // A restore may count against the plan: the business row's lock first, as an import takes it
    // before its products, so the two never wait for each other in opposite orders.
    if (!archived) await lockPlanOf(tx, scope.businessId);
    const row = await lockProduct(tx, scope.businessId, productId);
    if (!row) throw notFound(WHAT);
    if (row.version !== version) throw versionConflict(row.version);
    if (row.isArchived !== archived) {
      // A restored product is active again: it counts against the plan's product limit.
      if (!archived) await assertPlanAllows(tx, scope.businessId, 'products');
      await updateProductRow(tx, scope.businessId, productId, { isArchived: archived });
      await recordAudit(tx, actor, {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: archived ? 'product.archived' : 'product.unarchived',
        entity: 'product',
        entityId: productId,
        before: { isArchived: row.isArchived, version: row.version },
        after: { isArchived: archived, version: row.version + 1 },
      });
    }
    return getProduct(tx, scope, productId);
  });
}

// ---------------------------------------------------------------- image

export async function putProductImage(
  deps: AppDeps,
  actor: Actor,
  scope: ViewerScope,
  productId: string,
  contentType: string,
  bytes: Buffer,
): Promise<Product> {
  const actual = checkImageUpload(contentType, bytes);
  return deps.database.db.transaction(async (tx) => {
    const row = await lockProduct(tx, scope.businessId, productId);
    if (!row) throw notFound(WHAT);
    await upsertImage(tx, { businessId: scope.businessId, productId, contentType: actual, bytes });
    const imageVersion = (row.imageVersion ?? 0) + 1;
    // The image does not bump the product's version: an open edit form stays saveable.
    await tx
      .update(products)
      .set({ imageVersion, updatedAt: sql`now()` })
      .where(sql`${products.businessId} = ${scope.businessId} and ${products.id} = ${productId}`);
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'product.image_changed',
      entity: 'product',
      entityId: productId,
      before: { imageVersion: row.imageVersion },
      after: { imageVersion, contentType: actual, byteSize: bytes.length },
    });
    return getProduct(tx, scope, productId);
  });
}

export async function deleteProductImage(deps: AppDeps, actor: Actor, scope: ViewerScope, productId: string) {
  return deps.database.db.transaction(async (tx) => {
    const row = await lockProduct(tx, scope.businessId, productId);
    if (!row) throw notFound(WHAT);
    if (await deleteImage(tx, scope.businessId, productId)) {
      await tx
        .update(products)
        .set({ imageVersion: null, updatedAt: sql`now()` })
        .where(sql`${products.businessId} = ${scope.businessId} and ${products.id} = ${productId}`);
      await recordAudit(tx, actor, {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'product.image_removed',
        entity: 'product',
        entityId: productId,
        before: { imageVersion: row.imageVersion },
        after: { imageVersion: null },
      });
    }
    return getProduct(tx, scope, productId);
  });
}

export async function getProductImage(db: Executor, scope: ProductScope, productId: string) {
  const image = await findImage(db, scope.businessId, productId);
  if (!image) throw notFound('The product image');
  return image;
}
