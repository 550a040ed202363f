import {
  createProductBodySchema,
  updateProductBodySchema,
  type CreateProductInput,
  type FieldError,
  type ImportReport,
  type ImportRow,
  type UpdateProductInput,
} from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { minorDigitsOf, readProductCsv, splitBarcodes, type CsvRecord } from './product-csv.js';
import {
  findBarcodeOwners,
  findVariantsBySkus,
  loadCatalogRefs,
  loadProductStates,
  storeInfo,
  type ProductState,
} from './product-files.repository.js';
import {
  columnOfPath,
  describeProduct,
  lower,
  rowErrors,
  type PlanContext,
  type RowErrors,
  type Scope,
} from './product-import-context.js';
import { flagContradictions, planOptions, resolveProductCells, type ProductCells } from './product-import-product.js';
import { planVariantRow, variantFieldsChanged, type RowVariant } from './product-import-variants.js';

/**
 * Planning an import: what committing a file would do, row by row. Reads only: the preview shows the
 * plan, and the commit plans again inside its transaction before writing anything.
 */

type Action = ImportRow['action'];

export interface PlannedRow {
  record: CsvRecord;
  errors: FieldError[];
  action: Exclude<Action, 'error'>;
  /** The on hand the row asks for in the active store (thousandths), when it names one. */
  onHandTarget: number | null;
}

export interface PlannedGroup {
  rows: PlannedRow[];
  existing: ProductState | null;
  create?: CreateProductInput;
  update?: UpdateProductInput;
  /** The archived state the file asks for, when it differs from the product's. */
  setArchived: boolean | null;
  isTracked: boolean;
  changed: boolean;
}

export interface Plan {
  groups: PlannedGroup[];
  report: ImportReport;
}

/** Reads a file and decides, row by row, what committing it would do. */
export async function planImport(db: Executor, scope: Scope, bytes: Buffer): Promise<Plan> {
  const file = readProductCsv(bytes);
  if (!file.ok)
    throw new AppError('VALIDATION_FAILED', file.errors.map((e) => e.message).join('; '), { errors: file.errors });
  const has = new Set(file.columns);
  const { currency } = await storeInfo(db, scope);
  const ctx: PlanContext = {
    scope,
    has,
    minorDigits: minorDigitsOf(currency),
    refs: await loadCatalogRefs(db, scope.businessId),
    ...(await loadExisting(db, scope, file.records, has.has('barcodes'))),
    errors: rowErrors(file.records),
  };
  flagDuplicatesInFile(file.records, ctx.errors);
  const groups = groupByHandle(file.records).map((records) => planGroup(ctx, records));
  return { groups, report: reportOf(groups) };
}

/** Rows with the same handle are one product; a row without a handle is a product of its own. */
function groupByHandle(records: readonly CsvRecord[]): CsvRecord[][] {
  const byHandle = new Map<string, CsvRecord[]>();
  const groupsOfRecords: CsvRecord[][] = [];
  for (const record of records) {
    const handle = lower(record.values.handle ?? '');
    if (!handle) {
      groupsOfRecords.push([record]);
      continue;
    }
    const group = byHandle.get(handle);
    if (group) group.push(record);
    else {
      const fresh = [record];
      byHandle.set(handle, fresh);
      groupsOfRecords.push(fresh);
    }
  }
  return groupsOfRecords;
}

/** What the business already has under the file's SKUs and barcodes. */
async function loadExisting(db: Executor, scope: Scope, records: readonly CsvRecord[], hasBarcodes: boolean) {
  const skus = records.map((r) => r.values.sku ?? '').filter(Boolean);
  const codes = hasBarcodes ? records.flatMap((r) => splitBarcodes(r.values.barcodes ?? '')) : [];
  const variantsBySku = new Map(
    (await findVariantsBySkus(db, scope.businessId, skus)).map((v) => [v.sku.toUpperCase(), v]),
  );
  const barcodeOwners = new Map((await findBarcodeOwners(db, scope.businessId, codes)).map((b) => [b.code, b]));
  const states = await loadProductStates(db, scope, [
    ...[...variantsBySku.values()].map((v) => v.productId),
    ...[...barcodeOwners.values()].map((b) => b.productId),
  ]);
  return { variantsBySku, barcodeOwners, states };
}

/** Duplicates inside the file: a SKU or barcode on two rows (a barcode may repeat on its own row). */
function flagDuplicatesInFile(records: readonly CsvRecord[], errors: RowErrors) {
  const firstSkuLine = new Map<string, number>();
  const firstCodeLine = new Map<string, number>();
  for (const record of records) {
    const sku = (record.values.sku ?? '').toUpperCase();
    if (sku) {
      const seen = firstSkuLine.get(sku);
      if (seen !== undefined) errors.add(record, 'sku', `This SKU is also on row ${seen}`);
      else firstSkuLine.set(sku, record.line);
    }
    for (const code of new Set(splitBarcodes(record.values.barcodes ?? ''))) {
      const seen = firstCodeLine.get(code);
      if (seen !== undefined && seen !== record.line)
        errors.add(record, 'barcodes', `Barcode ${code} is also on row ${seen}`);
      else firstCodeLine.set(code, record.line);
    }
  }
}

/** The rows of one product: the body they make, validated as the products API would, and what would change. */
function planGroup(ctx: PlanContext, records: CsvRecord[]): PlannedGroup {
  const first = records[0]!;
  const existing = matchExisting(ctx, records);
  flagContradictions(ctx, records);
  const product = resolveProductCells(ctx, first, existing);
  const options = planOptions(ctx, records, existing);
  // Variants: one per row, matched to the product's own by SKU.
  const ownVariants = new Map(existing?.variants.map((v) => [v.sku.toUpperCase(), v]) ?? []);
  const rowVariants = records.map((r) =>
    planVariantRow(ctx, r, ownVariants.get((r.values.sku ?? '').toUpperCase()) ?? null, product),
  );
  const { categoryId, unit, taxRateId, isTracked, preferredVendorId } = product;
  const productFields: ProductFields = {
    name: first.values.name ?? '',
    categoryId,
    unit,
    taxRateId,
    isTracked,
    options,
    ...(preferredVendorId === undefined ? {} : { preferredVendorId }),
  };
  const body = validateBody(ctx, records, existing, productFields, rowVariants);
  flagForeignBarcodes(ctx, existing, rowVariants);

  // What would change.
  const productChanged =
    !!existing &&
    (existing.name !== productFields.name.trim() ||
      existing.categoryId !== categoryId ||
      existing.unit !== unit ||
      existing.taxRateId !== taxRateId ||
      existing.isTracked !== isTracked ||
      (preferredVendorId !== undefined && existing.preferredVendorId !== preferredVendorId) ||
      JSON.stringify(existing.options) !== JSON.stringify(options));
  const archiveChanged = product.archived !== (existing?.isArchived ?? false);
  const bodyChanged =
    !existing ||
    productChanged ||
    rowVariants.some((v) => !v.current || v.current.isArchived || variantFieldsChanged(v));
  return {
    rows: plannedRows(ctx, rowVariants, productChanged || archiveChanged),
    existing,
    ...body,
    setArchived: archiveChanged ? product.archived : null,
    isTracked,
    changed: bodyChanged,
  };
}

/** Which product the rows update, if any: every known SKU of a handle must belong to one product. */
function matchExisting(ctx: PlanContext, records: readonly CsvRecord[]): ProductState | null {
  const ownerOf = (r: CsvRecord) => ctx.variantsBySku.get((r.values.sku ?? '').toUpperCase())?.productId;
  const productIds = [...new Set(records.map(ownerOf).filter(Boolean))] as string[];
  const existing = productIds[0] ? (ctx.states.get(productIds[0]) ?? null) : null;
  if (productIds.length > 1) {
    for (const r of records) {
      const owner = ownerOf(r);
      if (owner && owner !== existing?.id)
        ctx.errors.add(
          r,
          'sku',
          `This SKU belongs to ${describeProduct(ctx, owner)}, not ${describeProduct(ctx, existing!.id)}: rows with one handle are variants of one product`,
        );
    }
  }
  return existing;
}

/** The product's own fields of its body (the vendor only when the file has the column). */
type ProductFields = Pick<ProductCells, 'categoryId' | 'unit' | 'taxRateId' | 'isTracked'> & {
  name: string;
  options: ProductState['options'];
  preferredVendorId?: string | null;
};

/**
 * The product's body as the products API would take it, checked by its schema (issues reported on
 * the row and column that hold them). An update keeps the product's other live variants as they are:
 * an import never archives by omission.
 */
function validateBody(
  ctx: PlanContext,
  records: readonly CsvRecord[],
  existing: ProductState | null,
  productFields: ProductFields,
  rowVariants: readonly RowVariant[],
): Pick<PlannedGroup, 'create' | 'update'> {
  const inFile = new Set(rowVariants.map((v) => v.current?.id).filter(Boolean));
  const kept = (existing?.variants ?? []).filter((v) => !v.isArchived && !inFile.has(v.id));
  const parsed = existing
    ? updateProductBodySchema.safeParse({
        ...productFields,
        version: existing.version,
        variants: [
          ...rowVariants.map((v) => v.body),
          ...kept.map((v) => ({
            id: v.id,
            sku: v.sku,
            optionValues: v.optionValues,
            barcodes: v.barcodes.map((b) => b.code),
            costPriceMinor: v.costPriceMinor,
            sellingPriceMinor: v.sellingPriceMinor,
          })),
        ],
      })
    : createProductBodySchema.safeParse({ ...productFields, variants: rowVariants.map((v) => v.body) });
  if (parsed.success)
    return existing ? { update: parsed.data as UpdateProductInput } : { create: parsed.data as CreateProductInput };
  for (const issue of parsed.error.issues) {
    const { variant, column } = columnOfPath(issue.path);
    const record = variant !== null && variant < records.length ? records[variant]! : records[0]!;
    // A cell already refused by its own parser says it better than the schema's view of the fallback.
    if (ctx.errors.of(record).some((e) => e.field === column)) continue;
    ctx.errors.add(record, column, issue.message);
  }
  return {};
}

/** Barcodes on another product of the business. */
function flagForeignBarcodes(ctx: PlanContext, existing: ProductState | null, rowVariants: readonly RowVariant[]) {
  for (const v of rowVariants)
    for (const code of ctx.has.has('barcodes') ? splitBarcodes(v.record.values.barcodes ?? '') : []) {
      const owner = ctx.barcodeOwners.get(code);
      if (owner && owner.productId !== existing?.id)
        ctx.errors.add(
          v.record,
          'barcodes',
          `Barcode ${code} belongs to ${describeProduct(ctx, owner.productId)} (SKU ${ctx.states.get(owner.productId)?.variants.find((x) => x.id === owner.variantId)?.sku ?? '?'})`,
        );
    }
}

/**
 * Each row's action: a new variant is created; a known one is updated when its own fields or stock
 * change, or when its product's do (`productChanged`: its fields or its archived state).
 */
function plannedRows(ctx: PlanContext, rowVariants: readonly RowVariant[], productChanged: boolean): PlannedRow[] {
  return rowVariants.map((v) => {
    const c = v.current;
    const variantChanged = !!c && (c.isArchived || variantFieldsChanged(v));
    const stockChanged = v.onHandTarget !== null && v.onHandTarget !== (c?.onHand ?? 0);
    const action: PlannedRow['action'] = !c
      ? 'create'
      : productChanged || variantChanged || stockChanged
        ? 'update'
        : 'unchanged';
    return {
      record: v.record,
      errors: ctx.errors.of(v.record),
      action,
      onHandTarget: stockChanged ? v.onHandTarget : null,
    };
  });
}

/** The report of a plan: every row in file order, and the count of each action. */
function reportOf(groups: readonly PlannedGroup[]): ImportReport {
  const rows: ImportRow[] = groups
    .flatMap((g) => g.rows)
    .sort((a, b) => a.record.line - b.record.line)
    .map((r) => ({
      line: r.record.line,
      sku: r.record.values.sku ?? '',
      name: r.record.values.name ?? '',
      action: r.errors.length > 0 ? 'error' : r.action,
      errors: r.errors,
    }));
  const count = (action: Action) => rows.filter((r) => r.action === action).length;
  return {
    rows,
    summary: {
      total: rows.length,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      errors: count('error'),
    },
    committed: false,
  };
}
