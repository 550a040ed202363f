import { unitAllowsFractions, type ProductCsvColumn } from '@ipos/contracts';
import { parseMoney, parseQuantityCell, splitBarcodes, type CsvRecord } from './product-csv.js';
import type { ProductState, VariantState } from './product-files.repository.js';
import { optionValueColumns, type PlanContext } from './product-import-context.js';

/** The variant cells of an import: one variant per row, as a variant of the products API's body. */

/** The active store's own price, reorder point and reorder quantity (thousandths) a row asks for. */
export interface StoreSettingsCells {
  storeId: string;
  sellingPriceMinor: number | null;
  reorderLevel: number | null;
  reorderQuantity: number | null;
}

/** A variant as the products API takes it (reorder figures in whole units). */
export interface VariantBody {
  id?: string;
  sku: string;
  optionValues: string[];
  barcodes: string[];
  costPriceMinor: number;
  sellingPriceMinor: number;
  vendorItemCode?: string;
  storeSettings: StoreSettingsCells[];
}

export interface RowVariant {
  record: CsvRecord;
  /** The product's own variant with the row's SKU, if any. */
  current: VariantState | null;
  body: VariantBody;
  storeSettings: StoreSettingsCells | null;
  /** The on hand the row asks for in the active store (thousandths), when it names one. */
  onHandTarget: number | null;
}

type Product = { unit: ProductState['unit']; isTracked: boolean };

/** The money and quantity cells of one row; a refused cell reports its error and gives the fallback. */
function cellsOf(ctx: PlanContext, record: CsvRecord, unit: Product['unit']) {
  const values = record.values;
  const money = (column: ProductCsvColumn, fallback: number) =>
    values[column] ? ctx.errors.cell(record, column, parseMoney(values[column]!, ctx.minorDigits), fallback) : fallback;
  const quantity = (column: ProductCsvColumn) => {
    const text = values[column];
    if (!text) return null;
    const thousandths = ctx.errors.cell(record, column, parseQuantityCell(text), null);
    if (thousandths !== null && thousandths % 1000 !== 0 && !unitAllowsFractions(unit))
      ctx.errors.add(record, column, `Whole numbers only for goods sold by the ${unit}`);
    return thousandths;
  };
  return { money, quantity };
}

/** The active store's settings of a row; none when the file has none of their columns. */
function storeSettingsOf(
  ctx: PlanContext,
  record: CsvRecord,
  current: VariantState | null,
  { money, quantity }: ReturnType<typeof cellsOf>,
): StoreSettingsCells[] {
  const { has } = ctx;
  if (!has.has('store_price') && !has.has('reorder_level') && !has.has('reorder_quantity')) return [];
  return [
    {
      storeId: ctx.scope.storeId,
      sellingPriceMinor: has.has('store_price')
        ? record.values.store_price
          ? money('store_price', 0)
          : null
        : (current?.storePriceMinor ?? null),
      reorderLevel: has.has('reorder_level') ? quantity('reorder_level') : (current?.reorderLevel ?? null),
      reorderQuantity: has.has('reorder_quantity') ? quantity('reorder_quantity') : (current?.reorderQuantity ?? null),
    },
  ];
}

/** One row as a variant of the product's body, matched to the product's own variant `current`. */
export function planVariantRow(
  ctx: PlanContext,
  record: CsvRecord,
  current: VariantState | null,
  product: Product,
): RowVariant {
  const { has, errors } = ctx;
  const values = record.values;
  const cells = cellsOf(ctx, record, product.unit);
  const storeSettings = storeSettingsOf(ctx, record, current, cells);
  const onHandTarget = cells.quantity('on_hand');
  if (onHandTarget !== null && onHandTarget !== (current?.onHand ?? 0)) {
    if (onHandTarget < 0) errors.add(record, 'on_hand', 'On hand cannot be set below zero');
    if (!product.isTracked)
      errors.add(record, 'on_hand', 'The stock of this product is not tracked: leave on_hand empty');
  }
  const body: VariantBody = {
    ...(current ? { id: current.id } : {}),
    sku: values.sku ?? '',
    optionValues: optionValueColumns.map((c) => (values[c] ?? '').trim()).filter(Boolean),
    barcodes: has.has('barcodes') ? splitBarcodes(values.barcodes ?? '') : (current?.barcodes.map((b) => b.code) ?? []),
    costPriceMinor: has.has('cost_price') ? cells.money('cost_price', 0) : (current?.costPriceMinor ?? 0),
    sellingPriceMinor: values.selling_price
      ? cells.money('selling_price', 0)
      : (errors.add(record, 'selling_price', 'Enter the selling price'), 0),
    ...(has.has('vendor_item_code') ? { vendorItemCode: values.vendor_item_code ?? '' } : {}),
    storeSettings: storeSettings.map((s) => ({
      ...s,
      reorderLevel: s.reorderLevel === null ? null : s.reorderLevel / 1000,
      reorderQuantity: s.reorderQuantity === null ? null : s.reorderQuantity / 1000,
    })),
  };
  return { record, current, body, storeSettings: storeSettings[0] ?? null, onHandTarget };
}

function sameBarcodes(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');
}

/** Whether a row's own variant fields (not only its stock) differ from the variant as stored. */
export function variantFieldsChanged(v: RowVariant): boolean {
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
