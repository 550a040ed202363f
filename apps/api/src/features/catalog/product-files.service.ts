import { Readable } from 'node:stream';
import {
  createProductBodySchema,
  csvLine,
  csvNumber,
  currencies,
  formatCount,
  fromThousandths,
  minorToDecimal,
  productCsvColumns,
  productUnits,
  storeDay,
  unitAllowsFractions,
  updateProductBodySchema,
  type CreateProductInput,
  type CsvValue,
  type FieldError,
  type ImportReport,
  type ImportRow,
  type labelsBodySchema,
  type ProductCsvColumn,
  type UpdateProductInput,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { StoreAccess } from '../../auth/access.js';
import { seesCosts } from '../../auth/costs.js';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { recordStockAdjustmentIn, type AdjustmentLine } from '../inventory/stock-adjustments.service.js';
import { fillBlankSkus } from './generated-skus.js';
import { createProductIn, updateProductIn } from './products.service.js';
import { assertPlanAllows, planRefusal } from '../plans/plans.service.js';
import {
  parseMoney,
  parseQuantityCell,
  parseYesNo,
  readProductCsv,
  splitBarcodes,
  type CellResult,
  type CsvRecord,
} from './product-csv.js';
import {
  findBarcodeOwners,
  findLabelVariants,
  findVariantsBySkus,
  loadCatalogRefs,
  loadProductStates,
  productIdPage,
  setProductArchived,
  storeInfo,
  type CatalogRefs,
  type ProductState,
  type VariantState,
} from './product-files.repository.js';
import { renderLabels, type LabelSpec } from './product-labels.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;

/** The note of the stock adjustment an import makes (reason `correction`), so the ledger says why. */
export const IMPORT_NOTE = 'CSV import';

const minorDigitsOf = (currency: string) => currencies.find((c) => c.code === currency)?.minorDigits ?? 2;
const lower = (s: string) => s.trim().toLowerCase();

// ---------------------------------------------------------------- planning an import

type Action = ImportRow['action'];

interface PlannedRow {
  record: CsvRecord;
  errors: FieldError[];
  action: Exclude<Action, 'error'>;
  /** The on hand the row asks for in the active store (thousandths), when it names one. */
  onHandTarget: number | null;
}

interface PlannedGroup {
  rows: PlannedRow[];
  existing: ProductState | null;
  create?: CreateProductInput;
  update?: UpdateProductInput;
  /** The archived state the file asks for, when it differs from the product's. */
  setArchived: boolean | null;
  isTracked: boolean;
  changed: boolean;
}

interface Plan {
  groups: PlannedGroup[];
  report: ImportReport;
}

const productLevelColumns: ProductCsvColumn[] = [
  'name',
  'category',
  'subcategory',
  'unit',
  'tax_rate',
  'tracked',
  'option1_name',
  'option2_name',
  'option3_name',
  'archived',
  'preferred_vendor',
];
const optionNameColumns = ['option1_name', 'option2_name', 'option3_name'] as const;
const optionValueColumns = ['option1_value', 'option2_value', 'option3_value'] as const;

/** A zod issue path of a product body, as the CSV column that holds it. */
function columnOfPath(path: readonly PropertyKey[]): { variant: number | null; column: ProductCsvColumn } {
  const [head, index, field, sub, subField] = path;
  switch (head) {
    case 'name':
      return { variant: null, column: 'name' };
    case 'categoryId':
      return { variant: null, column: 'category' };
    case 'unit':
      return { variant: null, column: 'unit' };
    case 'taxRateId':
      return { variant: null, column: 'tax_rate' };
    case 'isTracked':
      return { variant: null, column: 'tracked' };
    case 'preferredVendorId':
      return { variant: null, column: 'preferred_vendor' };
    case 'options': {
      const j = typeof index === 'number' ? Math.min(index, 2) : 0;
      return { variant: null, column: field === 'values' ? optionValueColumns[j]! : optionNameColumns[j]! };
    }
    case 'variants': {
      const variant = typeof index === 'number' ? index : 0;
      switch (field) {
        case 'optionValues':
          return { variant, column: optionValueColumns[typeof sub === 'number' ? Math.min(sub, 2) : 0]! };
        case 'barcodes':
          return { variant, column: 'barcodes' };
        case 'costPriceMinor':
          return { variant, column: 'cost_price' };
        case 'sellingPriceMinor':
          return { variant, column: 'selling_price' };
        case 'openingStock':
          return { variant, column: 'on_hand' };
        case 'vendorItemCode':
          return { variant, column: 'vendor_item_code' };
        case 'storeSettings':
          return {
            variant,
            column:
              subField === 'reorderLevel'
                ? 'reorder_level'
                : subField === 'reorderQuantity'
                  ? 'reorder_quantity'
                  : 'store_price',
          };
        default:
          return { variant, column: 'sku' };
      }
    }
    default:
      return { variant: null, column: 'sku' };
  }
}

/** A field error of the products API (`variants.1.sellingPriceMinor`) as a path for columnOfPath. */
const pathOfField = (field: string): PropertyKey[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

function sameBarcodes(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');
}

function sameOptions(a: ProductState['options'], b: ProductState['options']) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A row left without a SKU takes the one generated for its variant (the body's variants start with
 * the rows, in order): the stock step finds the variant by it, and the report shows it.
 */
function noteGeneratedSkus(group: PlannedGroup, body: { variants: { sku: string }[] }) {
  group.rows.forEach((row, i) => {
    if (!row.record.values.sku?.trim()) row.record.values.sku = body.variants[i]!.sku;
  });
}

/**
 * Reads a file and decides, row by row, what committing it would do. Reads only: the preview shows
 * this, and the commit runs it again inside its transaction before writing anything.
 */
async function planImport(db: Executor, scope: Scope, bytes: Buffer): Promise<Plan> {
  const file = readProductCsv(bytes);
  if (!file.ok)
    throw new AppError('VALIDATION_FAILED', file.errors.map((e) => e.message).join('; '), { errors: file.errors });
  const has = new Set(file.columns);
  const { currency } = await storeInfo(db, scope);
  const minorDigits = minorDigitsOf(currency);
  const refs = await loadCatalogRefs(db, scope.businessId);

  // Rows with the same handle are one product; a row without a handle is a product of its own.
  const byHandle = new Map<string, CsvRecord[]>();
  const groupsOfRecords: CsvRecord[][] = [];
  for (const record of file.records) {
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

  // What the business already has under the file's SKUs and barcodes.
  const errorsOf = new Map<CsvRecord, FieldError[]>(file.records.map((r) => [r, []]));
  const addError = (record: CsvRecord, field: ProductCsvColumn | string, message: string) => {
    const list = errorsOf.get(record)!;
    if (!list.some((e) => e.field === field && e.message === message)) list.push({ field, message });
  };
  const skus = file.records.map((r) => r.values.sku ?? '').filter(Boolean);
  const codes = has.has('barcodes') ? file.records.flatMap((r) => splitBarcodes(r.values.barcodes ?? '')) : [];
  const variantsBySku = new Map(
    (await findVariantsBySkus(db, scope.businessId, skus)).map((v) => [v.sku.toUpperCase(), v]),
  );
  const barcodeOwners = new Map((await findBarcodeOwners(db, scope.businessId, codes)).map((b) => [b.code, b]));
  const states = await loadProductStates(db, scope, [
    ...[...variantsBySku.values()].map((v) => v.productId),
    ...[...barcodeOwners.values()].map((b) => b.productId),
  ]);
  const describe = (productId: string) => {
    const p = states.get(productId);
    return p ? `"${p.name}"` : 'another product';
  };

  // Duplicates inside the file.
  const firstSkuLine = new Map<string, number>();
  const firstCodeLine = new Map<string, number>();
  for (const record of file.records) {
    const sku = (record.values.sku ?? '').toUpperCase();
    if (sku) {
      const seen = firstSkuLine.get(sku);
      if (seen !== undefined) addError(record, 'sku', `This SKU is also on row ${seen}`);
      else firstSkuLine.set(sku, record.line);
    }
    for (const code of new Set(splitBarcodes(record.values.barcodes ?? ''))) {
      const seen = firstCodeLine.get(code);
      if (seen !== undefined && seen !== record.line)
        addError(record, 'barcodes', `Barcode ${code} is also on row ${seen}`);
      else firstCodeLine.set(code, record.line);
    }
  }

  const groups: PlannedGroup[] = [];
  for (const records of groupsOfRecords) {
    const first = records[0]!;
    const v0 = first.values;

    // Which product the rows update, if any: every known SKU of a handle must belong to one product.
    const productIds = [
      ...new Set(records.map((r) => variantsBySku.get((r.values.sku ?? '').toUpperCase())?.productId).filter(Boolean)),
    ] as string[];
    const existing = productIds[0] ? (states.get(productIds[0]) ?? null) : null;
    if (productIds.length > 1) {
      for (const r of records) {
        const owner = variantsBySku.get((r.values.sku ?? '').toUpperCase())?.productId;
        if (owner && owner !== existing?.id)
          addError(
            r,
            'sku',
            `This SKU belongs to ${describe(owner)}, not ${describe(existing!.id)}: rows with one handle are variants of one product`,
          );
      }
    }

    // Product details come from the first row; later rows may repeat them but not contradict them.
    for (const r of records.slice(1))
      for (const column of productLevelColumns) {
        const value = r.values[column] ?? '';
        if (value && lower(value) !== lower(v0[column] ?? ''))
          addError(
            r,
            column,
            `Differs from row ${first.line}, the first row of this product (its details come from there)`,
          );
      }

    const cell = <T>(record: CsvRecord, column: ProductCsvColumn, result: CellResult<T>, fallback: T): T => {
      if (result.ok) return result.value;
      addError(record, column, result.message);
      return fallback;
    };

    // Category and sub-category by name; the product's current one is kept even if archived since.
    let categoryId: string | null = existing?.categoryId ?? null;
    if (has.has('category') || has.has('subcategory')) {
      categoryId = resolveCategory(
        refs,
        v0.category ?? '',
        v0.subcategory ?? '',
        existing?.categoryId ?? null,
        (f, m) => addError(first, f, m),
      );
    }
    let taxRateId: string | null = existing?.taxRateId ?? null;
    if (has.has('tax_rate')) {
      const name = v0.tax_rate ?? '';
      if (!name) taxRateId = null;
      else {
        const rate = refs.taxRates.find((t) => lower(t.name) === lower(name));
        if (!rate) addError(first, 'tax_rate', `No tax rate named "${name}": add it in Settings → Tax management`);
        else if (!rate.isActive && rate.id !== existing?.taxRateId)
          addError(first, 'tax_rate', `The tax rate "${rate.name}" is deactivated`);
        else taxRateId = rate.id;
      }
    }
    // The preferred vendor by name; absent column: kept (decision 0030).
    const preferredVendorId = has.has('preferred_vendor')
      ? resolveVendor(refs, v0.preferred_vendor ?? '', existing?.preferredVendorId ?? null, (m) =>
          addError(first, 'preferred_vendor', m),
        )
      : undefined;
    const unitCell = lower(v0.unit ?? '');
    if (unitCell && !(productUnits as readonly string[]).includes(unitCell))
      addError(first, 'unit', `Use one of ${productUnits.join(', ')}`);
    const unit = (unitCell || (has.has('unit') ? 'each' : (existing?.unit ?? 'each'))) as ProductState['unit'];
    const isTracked = v0.tracked ? cell(first, 'tracked', parseYesNo(v0.tracked), true) : (existing?.isTracked ?? true);
    const archived = v0.archived
      ? cell(first, 'archived', parseYesNo(v0.archived), false)
      : (existing?.isArchived ?? false);

    // Options: names from the first row; values are the product's own followed by any the file adds.
    const optionNames = optionNameColumns.some((c) => has.has(c))
      ? optionNameColumns.map((c) => (v0[c] ?? '').trim()).filter(Boolean)
      : (existing?.options.map((o) => o.name) ?? []);
    const options = optionNames.map((name, j) => {
      const current = existing?.options[j];
      const values = current && lower(current.name) === lower(name) ? [...current.values] : [];
      for (const r of records) {
        const value = (r.values[optionValueColumns[j]!] ?? '').trim();
        if (value && !values.some((v) => lower(v) === lower(value))) values.push(value);
      }
      return { name, values };
    });

    // Variants: one per row, matched to the product's own by SKU.
    const ownVariants = new Map(existing?.variants.map((v) => [v.sku.toUpperCase(), v]) ?? []);
    const rowVariants = records.map((r) => {
      const values = r.values;
      const current = ownVariants.get((values.sku ?? '').toUpperCase()) ?? null;
      const money = (column: ProductCsvColumn, fallback: number) =>
        values[column] ? cell(r, column, parseMoney(values[column]!, minorDigits), fallback) : fallback;
      const quantity = (column: ProductCsvColumn) => {
        const text = values[column];
        if (!text) return null;
        const thousandths = cell(r, column, parseQuantityCell(text), null);
        if (thousandths !== null && thousandths % 1000 !== 0 && !unitAllowsFractions(unit))
          addError(r, column, `Whole numbers only for goods sold by the ${unit}`);
        return thousandths;
      };
      const storeSettings =
        has.has('store_price') || has.has('reorder_level') || has.has('reorder_quantity')
          ? [
              {
                storeId: scope.storeId,
                sellingPriceMinor: has.has('store_price')
                  ? values.store_price
                    ? money('store_price', 0)
                    : null
                  : (current?.storePriceMinor ?? null),
                reorderLevel: has.has('reorder_level') ? quantity('reorder_level') : (current?.reorderLevel ?? null),
                reorderQuantity: has.has('reorder_quantity')
                  ? quantity('reorder_quantity')
                  : (current?.reorderQuantity ?? null),
              },
            ]
          : [];
      const onHandTarget = quantity('on_hand');
      if (onHandTarget !== null && onHandTarget !== (current?.onHand ?? 0)) {
        if (onHandTarget < 0) addError(r, 'on_hand', 'On hand cannot be set below zero');
        if (!isTracked) addError(r, 'on_hand', 'The stock of this product is not tracked: leave on_hand empty');
      }
      const body = {
        ...(current ? { id: current.id } : {}),
        sku: values.sku ?? '',
        optionValues: optionValueColumns.map((c) => (values[c] ?? '').trim()).filter(Boolean),
        barcodes: has.has('barcodes')
          ? splitBarcodes(values.barcodes ?? '')
          : (current?.barcodes.map((b) => b.code) ?? []),
        costPriceMinor: has.has('cost_price') ? money('cost_price', 0) : (current?.costPriceMinor ?? 0),
        sellingPriceMinor: values.selling_price
          ? money('selling_price', 0)
          : (addError(r, 'selling_price', 'Enter the selling price'), 0),
        ...(has.has('vendor_item_code') ? { vendorItemCode: values.vendor_item_code ?? '' } : {}),
        storeSettings: storeSettings.map((s) => ({
          ...s,
          reorderLevel: s.reorderLevel === null ? null : s.reorderLevel / 1000,
          reorderQuantity: s.reorderQuantity === null ? null : s.reorderQuantity / 1000,
        })),
      };
      return { record: r, current, body, storeSettings: storeSettings[0] ?? null, onHandTarget };
    });
    // An update keeps the product's other live variants as they are: an import never archives by omission.
    const inFile = new Set(rowVariants.map((v) => v.current?.id).filter(Boolean));
    const kept = (existing?.variants ?? []).filter((v) => !v.isArchived && !inFile.has(v.id));
    const productFields = {
      name: v0.name ?? '',
      categoryId,
      unit,
      taxRateId,
      isTracked,
      options,
      ...(preferredVendorId === undefined ? {} : { preferredVendorId }),
    };
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
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { variant, column } = columnOfPath(issue.path);
        const record = variant !== null && variant < records.length ? records[variant]! : first;
        // A cell already refused by its own parser says it better than the schema's view of the fallback.
        if (errorsOf.get(record)!.some((e) => e.field === column)) continue;
        addError(record, column, issue.message);
      }
    }

    // Barcodes on another product of the business.
    for (const v of rowVariants)
      for (const code of has.has('barcodes') ? splitBarcodes(v.record.values.barcodes ?? '') : []) {
        const owner = barcodeOwners.get(code);
        if (owner && owner.productId !== existing?.id)
          addError(
            v.record,
            'barcodes',
            `Barcode ${code} belongs to ${describe(owner.productId)} (SKU ${states.get(owner.productId)?.variants.find((x) => x.id === owner.variantId)?.sku ?? '?'})`,
          );
      }

    // What would change.
    const productChanged =
      !!existing &&
      (existing.name !== productFields.name.trim() ||
        existing.categoryId !== categoryId ||
        existing.unit !== unit ||
        existing.taxRateId !== taxRateId ||
        existing.isTracked !== isTracked ||
        (preferredVendorId !== undefined && existing.preferredVendorId !== preferredVendorId) ||
        !sameOptions(existing.options, options));
    const archiveChanged = archived !== (existing?.isArchived ?? false);
    const rows: PlannedRow[] = rowVariants.map((v) => {
      const c = v.current;
      const variantChanged = !!c && (c.isArchived || variantFieldsChanged(v));
      const stockChanged = v.onHandTarget !== null && v.onHandTarget !== (c?.onHand ?? 0);
      const action: PlannedRow['action'] = !c
        ? 'create'
        : productChanged || archiveChanged || variantChanged || stockChanged
          ? 'update'
          : 'unchanged';
      return {
        record: v.record,
        errors: errorsOf.get(v.record)!,
        action,
        onHandTarget: stockChanged ? v.onHandTarget : null,
      };
    });
    const bodyChanged =
      !existing ||
      productChanged ||
      rowVariants.some((v) => !v.current || v.current.isArchived || variantFieldsChanged(v));
    groups.push({
      rows,
      existing,
      ...(parsed.success
        ? existing
          ? { update: parsed.data as UpdateProductInput }
          : { create: parsed.data as CreateProductInput }
        : {}),
      setArchived: archiveChanged ? archived : null,
      isTracked,
      changed: bodyChanged,
    });
  }

  const reportRows: ImportRow[] = groups
    .flatMap((g) => g.rows)
    .sort((a, b) => a.record.line - b.record.line)
    .map((r) => ({
      line: r.record.line,
      sku: r.record.values.sku ?? '',
      name: r.record.values.name ?? '',
      action: r.errors.length > 0 ? 'error' : r.action,
      errors: r.errors,
    }));
  const count = (action: Action) => reportRows.filter((r) => r.action === action).length;
  return {
    groups,
    report: {
      rows: reportRows,
      summary: {
        total: reportRows.length,
        create: count('create'),
        update: count('update'),
        unchanged: count('unchanged'),
        errors: count('error'),
      },
      committed: false,
    },
  };
}

/** Whether a row's own variant fields (not only its stock) differ from the variant as stored. */
function variantFieldsChanged(v: {
  current: VariantState | null;
  body: {
    sku: string;
    optionValues: string[];
    barcodes: string[];
    costPriceMinor: number;
    sellingPriceMinor: number;
    vendorItemCode?: string;
  };
  storeSettings: {
    sellingPriceMinor: number | null;
    reorderLevel: number | null;
    reorderQuantity: number | null;
  } | null;
}): boolean {
  const c = v.current;
  if (!c) return true;
  const s = v.storeSettings;
  return (
    c.sku !== v.body.sku.trim() ||
    JSON.stringify(c.optionValues) !== JSON.stringify(v.body.optionValues) ||
    !sameBarcodes(
      c.barcodes.map((b) => b.code),
      v.body.barcodes.map((b) => b.trim()),
    ) ||
    c.costPriceMinor !== v.body.costPriceMinor ||
    c.sellingPriceMinor !== v.body.sellingPriceMinor ||
    (v.body.vendorItemCode !== undefined && (c.vendorItemCode ?? '') !== v.body.vendorItemCode.trim()) ||
    (s !== null &&
      (c.storePriceMinor !== s.sellingPriceMinor ||
        c.reorderLevel !== s.reorderLevel ||
        c.reorderQuantity !== s.reorderQuantity))
  );
}

/**
 * The vendor named in the file: blank is none; one non-archived vendor of the business with that name
 * (ignoring case); an archived one only when it is the product's already. Undefined with the error
 * reported otherwise (the row is refused, so the value is never used).
 */
function resolveVendor(
  refs: CatalogRefs,
  name: string,
  currentId: string | null,
  error: (message: string) => void,
): string | null | undefined {
  if (!name.trim()) return null;
  const named = refs.vendors.filter((v) => lower(v.name) === lower(name));
  const live = named.filter((v) => !v.isArchived || v.id === currentId);
  if (live.length === 1) return live[0]!.id;
  if (live.length > 1) error(`Several vendors are named "${name}": rename one in Contacts`);
  else if (named.length > 0) error(`The vendor "${named[0]!.name}" is archived; restore them in Contacts first`);
  else error(`No vendor named "${name}": add them in Contacts first`);
  return undefined;
}

/** The category id named by a category and sub-category name, or null with the error reported. */
function resolveCategory(
  refs: CatalogRefs,
  categoryName: string,
  subcategoryName: string,
  currentId: string | null,
  error: (field: ProductCsvColumn, message: string) => void,
): string | null {
  if (!categoryName) {
    if (subcategoryName) error('category', 'Name the category of this sub-category');
    return null;
  }
  const top = refs.categories.find((c) => c.parentId === null && lower(c.name) === lower(categoryName));
  if (!top) {
    error('category', `No category named "${categoryName}": create it first in Inventory → Categories`);
    return null;
  }
  let chosen = top;
  if (subcategoryName) {
    const sub = refs.categories.find((c) => c.parentId === top.id && lower(c.name) === lower(subcategoryName));
    if (!sub) {
      error('subcategory', `"${top.name}" has no sub-category named "${subcategoryName}"`);
      return null;
    }
    chosen = sub;
  }
  if (chosen.isArchived && chosen.id !== currentId) {
    error(subcategoryName ? 'subcategory' : 'category', `The category "${chosen.name}" is archived`);
    return null;
  }
  return chosen.id;
}

// ---------------------------------------------------------------- preview and commit

/** How many more active products the catalogue holds once the planned groups are written. */
function netActiveProducts(groups: PlannedGroup[]): number {
  return groups.reduce((net, group) => {
    const wasActive = group.existing ? !group.existing.isArchived : false;
    const isActive = !(group.setArchived ?? group.existing?.isArchived ?? false);
    return net + Number(isActive) - Number(wasActive);
  }, 0);
}

export async function previewImport(deps: AppDeps, scope: Scope, bytes: Buffer): Promise<ImportReport> {
  const db = deps.database.db;
  const { groups, report } = await planImport(db, scope, bytes);
  // Said before "Import" is pressed: the file as a whole would pass the plan's product limit.
  const refusal = await planRefusal(db, scope.businessId, 'products', netActiveProducts(groups), { lock: false });
  return { ...report, planLimit: refusal?.message ?? null };
}

const invalid = (report: ImportReport) =>
  new AppError(
    'IMPORT_INVALID',
    `${report.summary.errors} ${report.summary.errors === 1 ? 'row has' : 'rows have'} errors: nothing was imported`,
    { report },
  );

/**
 * Imports a file all-or-nothing in one transaction: new SKUs are created, changed products updated
 * (with the version just read), and on_hand differences become one stock adjustment (`correction`,
 * note "CSV import"). A file that matches the catalogue writes nothing at all.
 */
export async function commitImport(deps: AppDeps, actor: Actor, scope: Scope, bytes: Buffer): Promise<ImportReport> {
  return deps.database.db.transaction(async (tx) => {
    const { groups, report } = await planImport(tx, scope, bytes);
    if (report.summary.errors > 0) throw invalid(report);
    // The whole file counts against the plan: the active products it adds (new ones, restored ones)
    // less those it archives. Over the limit, nothing is imported.
    await assertPlanAllows(tx, scope.businessId, 'products', netActiveProducts(groups));

    let created = 0;
    let updated = 0;
    for (const group of groups) {
      const first = group.rows[0]!;
      try {
        let productId = group.existing?.id;
        if (group.create) {
          const body = await fillBlankSkus(tx, scope.businessId, group.create);
          noteGeneratedSkus(group, body);
          productId = await createProductIn(tx, actor, scope, body);
          created++;
        } else if (group.update && group.changed) {
          const body = await fillBlankSkus(tx, scope.businessId, group.update);
          noteGeneratedSkus(group, body);
          await updateProductIn(tx, actor, scope, productId!, body);
          updated++;
        }
        if (group.setArchived !== null) {
          await setProductArchived(tx, scope.businessId, productId!, group.setArchived);
          await recordAudit(tx, actor, {
            businessId: scope.businessId,
            storeId: scope.storeId,
            action: group.setArchived ? 'product.archived' : 'product.unarchived',
            entity: 'product',
            entityId: productId!,
            before: { isArchived: !group.setArchived },
            after: { isArchived: group.setArchived, via: 'product_import' },
          });
          if (!group.create && !group.changed) updated++;
        }
      } catch (error) {
        // A rule of the products service the plan did not foresee: shown on the row, and nothing is written.
        if (!(error instanceof AppError) || error.status >= 500 || error.status === 401 || error.status === 403)
          throw error;
        const errors = error.extra.errors?.length ? error.extra.errors : [{ field: 'sku', message: error.message }];
        for (const e of errors) {
          const { variant, column } = columnOfPath(pathOfField(e.field));
          const row = group.rows[variant ?? 0] ?? first;
          row.errors.push({ field: column, message: e.message });
        }
        const rows = report.rows.map((r) => {
          const planned = group.rows.find((p) => p.record.line === r.line);
          return planned && planned.errors.length > 0 ? { ...r, action: 'error' as const, errors: planned.errors } : r;
        });
        throw invalid({
          ...report,
          rows,
          summary: { ...report.summary, errors: rows.filter((r) => r.action === 'error').length },
        });
      }
    }

    // Stock: where on_hand differs from the active store's, one adjustment brings it there.
    const stockRows = groups.flatMap((g) =>
      g.rows.filter((r) => r.onHandTarget !== null).map((r) => ({ row: r, isTracked: g.isTracked })),
    );
    let adjustmentNumber: string | null = null;
    if (stockRows.length > 0) {
      const variants = new Map(
        (
          await findVariantsBySkus(
            tx,
            scope.businessId,
            stockRows.map((s) => s.row.record.values.sku!),
          )
        ).map((v) => [v.sku.toUpperCase(), v]),
      );
      const states = await loadProductStates(
        tx,
        scope,
        [...variants.values()].map((v) => v.productId),
      );
      const lines: AdjustmentLine[] = [];
      for (const { row, isTracked } of stockRows) {
        const variant = variants.get(row.record.values.sku!.toUpperCase())!;
        const onHand = states.get(variant.productId)?.variants.find((v) => v.id === variant.variantId)?.onHand ?? 0;
        const delta = row.onHandTarget! - onHand;
        if (delta === 0) continue;
        lines.push({ productId: variant.productId, variantId: variant.variantId, deltaThousandths: delta, isTracked });
      }
      if (lines.length > 0) {
        const adjustment = await recordStockAdjustmentIn(tx, actor, scope, {
          reasonCode: 'correction',
          note: IMPORT_NOTE,
          lines,
        });
        adjustmentNumber = adjustment.number;
      }
    }

    if (created > 0 || updated > 0 || adjustmentNumber) {
      await recordAudit(tx, actor, {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'product_import.committed',
        entity: 'product_import',
        entityId: newId(),
        after: {
          rows: report.summary.total,
          ...report.summary,
          productsCreated: created,
          productsUpdated: updated,
          stockAdjustment: adjustmentNumber,
        },
      });
    }
    // Rows left without a SKU answer with the one generated for them.
    const skuOf = new Map(
      groups.flatMap((g) => g.rows.map((r) => [r.record.line, r.record.values.sku ?? ''] as const)),
    );
    return {
      ...report,
      rows: report.rows.map((r) => ({ ...r, sku: r.sku || (skuOf.get(r.line) ?? '') })),
      committed: true,
    };
  });
}

// ---------------------------------------------------------------- export

const EXPORT_PAGE = 500;

/**
 * The rows of one product as the CSV has them: one per live variant. Names, SKUs and the like are
 * text (the writer guards them against formulas); money and quantities are numbers, written plain.
 */
function exportRows(
  p: ProductState,
  refs: CatalogRefs,
  minorDigits: number,
  columns: readonly ProductCsvColumn[],
): string[] {
  const money = (minor: number | null) => (minor === null ? null : csvNumber(minorToDecimal(minor, minorDigits)));
  const quantity = (thousandths: number | null) => (thousandths === null ? null : fromThousandths(thousandths));
  const category = refs.categories.find((c) => c.id === p.categoryId);
  const parent = category?.parentId ? refs.categories.find((c) => c.id === category.parentId) : undefined;
  const tax = refs.taxRates.find((t) => t.id === p.taxRateId);
  const live = p.variants.filter((v) => !v.isArchived);
  const handle = p.options.length > 0 && live[0] ? live[0].sku.toLowerCase() : '';
  return live.map((v) => {
    const values: Record<ProductCsvColumn, CsvValue> = {
      handle,
      name: p.name,
      sku: v.sku,
      category: parent ? parent.name : (category?.name ?? ''),
      subcategory: parent ? category!.name : '',
      unit: p.unit,
      tax_rate: tax?.name ?? '',
      tracked: p.isTracked ? 'yes' : 'no',
      option1_name: p.options[0]?.name ?? '',
      option1_value: v.optionValues[0] ?? '',
      option2_name: p.options[1]?.name ?? '',
      option2_value: v.optionValues[1] ?? '',
      option3_name: p.options[2]?.name ?? '',
      option3_value: v.optionValues[2] ?? '',
      barcodes: v.barcodes.map((b) => b.code).join('|'),
      cost_price: money(v.costPriceMinor),
      selling_price: money(v.sellingPriceMinor),
      store_price: money(v.storePriceMinor),
      reorder_level: quantity(v.reorderLevel),
      reorder_quantity: quantity(v.reorderQuantity),
      on_hand: p.isTracked ? quantity(v.onHand) : null,
      archived: p.isArchived ? 'yes' : 'no',
      preferred_vendor: refs.vendors.find((x) => x.id === p.preferredVendorId)?.name ?? '',
      vendor_item_code: v.vendorItemCode ?? '',
    };
    return csvLine(columns.map((c) => values[c]));
  });
}

/** The file name of an export: `products-LEK-2026-05-02.csv` (the date in the store's time zone). */
export async function exportFileName(deps: AppDeps, scope: Scope): Promise<string> {
  const { alias, timeZone } = await storeInfo(deps.database.db, scope);
  const date = storeDay(timeZone, deps.now());
  return `products-${alias}-${date}.csv`;
}

/**
 * The catalogue as CSV, produced page by page (500 products at a time, keyset on name and id) while
 * the client reads: memory stays flat whatever the size of the catalogue.
 */
export function exportProducts(
  deps: AppDeps,
  scope: Scope & Pick<StoreAccess, 'permissions'>,
  archived: 'false' | 'true' | 'all',
): Readable {
  // Without inventory.costs the file has no cost_price column; importing it back keeps every cost.
  const columns = seesCosts(scope) ? productCsvColumns : productCsvColumns.filter((c) => c !== 'cost_price');
  const db = deps.database.db;
  async function* lines() {
    const { currency } = await storeInfo(db, scope);
    const minorDigits = minorDigitsOf(currency);
    const refs = await loadCatalogRefs(db, scope.businessId);
    // The BOM lets spreadsheet programs read the file as UTF-8 (₦, accents); the import accepts it.
    yield `\uFEFF${csvLine(columns)}`;
    let after: { name: string; id: string } | null = null;
    for (;;) {
      const page = await productIdPage(db, scope.businessId, { archived, after, limit: EXPORT_PAGE });
      if (page.length === 0) return;
      const states = await loadProductStates(
        db,
        scope,
        page.map((p) => p.id),
      );
      let chunk = '';
      for (const { id } of page) {
        const state = states.get(id);
        if (state) chunk += exportRows(state, refs, minorDigits, columns).join('');
      }
      yield chunk;
      const last = page.at(-1)!;
      after = { name: last.sortName, id: last.id };
      if (page.length < EXPORT_PAGE) return;
    }
  }
  return Readable.from(lines());
}

// ---------------------------------------------------------------- labels

/** At most this many labels in one PDF (the server draws them all). */
export const MAX_LABELS = 10_000;

export async function printLabels(
  deps: AppDeps,
  scope: Scope,
  body: z.output<typeof labelsBodySchema>,
): Promise<Buffer> {
  const total = body.items.reduce((sum, item) => sum + item.quantity, 0);
  if (total > MAX_LABELS)
    throw new AppError('VALIDATION_FAILED', `At most ${formatCount(MAX_LABELS)} labels at a time`, {
      errors: [{ field: 'items', message: `At most ${formatCount(MAX_LABELS)} labels in all` }],
    });
  const db = deps.database.db;
  const found = await findLabelVariants(
    db,
    scope.businessId,
    body.items.map((i) => i.variantId),
  );
  const productOf = new Map(found.map((f) => [f.variantId, f.productId]));
  // A variant of another business answers exactly like one that does not exist.
  if (body.items.some((i) => !productOf.has(i.variantId)))
    throw new AppError('NOT_FOUND', 'A product to print was not found');
  const states = await loadProductStates(db, scope, [...productOf.values()]);
  const { currency } = await storeInfo(db, scope);
  const labels: LabelSpec[] = body.items.map((item) => {
    const product = states.get(productOf.get(item.variantId)!)!;
    const variant = product.variants.find((v) => v.id === item.variantId)!;
    const label = variant.optionValues.join(' / ');
    const barcode = variant.barcodes[0];
    return {
      name: label ? `${product.name} (${label})` : product.name,
      priceMinor: variant.storePriceMinor ?? variant.sellingPriceMinor,
      barcode: barcode
        ? { code: barcode.code, symbology: barcode.symbology as LabelSpec['barcode']['symbology'] }
        : { code: variant.sku, symbology: 'CODE128' },
      quantity: item.quantity,
    };
  });
  return renderLabels(labels, { template: body.template, currency });
}
