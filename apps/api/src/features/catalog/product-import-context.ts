import type { FieldError, ProductCsvColumn } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { CellResult, CsvRecord } from './product-csv.js';
import type { CatalogRefs, findBarcodeOwners, findVariantsBySkus, ProductState } from './product-files.repository.js';

/**
 * What every step of planning an import shares: the file's columns, the store's money, what the
 * business already has under the file's SKUs and barcodes, and the errors found so far, row by row.
 */

export type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;

export const lower = (s: string) => s.trim().toLowerCase();

/** The errors of each row of the file, in the order they were found; the same error is said once. */
export interface RowErrors {
  of(record: CsvRecord): FieldError[];
  add(record: CsvRecord, field: ProductCsvColumn | string, message: string): void;
  /** A parsed cell's value; a refused cell reports its error and gives the fallback. */
  cell<T>(record: CsvRecord, column: ProductCsvColumn, result: CellResult<T>, fallback: T): T;
}

export function rowErrors(records: readonly CsvRecord[]): RowErrors {
  const errorsOf = new Map<CsvRecord, FieldError[]>(records.map((r) => [r, []]));
  const add: RowErrors['add'] = (record, field, message) => {
    const list = errorsOf.get(record)!;
    if (!list.some((e) => e.field === field && e.message === message)) list.push({ field, message });
  };
  return {
    of: (record) => errorsOf.get(record)!,
    add,
    cell: (record, column, result, fallback) => {
      if (result.ok) return result.value;
      add(record, column, result.message);
      return fallback;
    },
  };
}

export type SkuVariant = Awaited<ReturnType<typeof findVariantsBySkus>>[number];
export type BarcodeOwner = Awaited<ReturnType<typeof findBarcodeOwners>>[number];

export interface PlanContext {
  scope: Scope;
  /** The columns the file has: an absent column keeps what the catalogue holds. */
  has: ReadonlySet<ProductCsvColumn>;
  minorDigits: number;
  refs: CatalogRefs;
  /** By upper-cased SKU. */
  variantsBySku: ReadonlyMap<string, SkuVariant>;
  barcodeOwners: ReadonlyMap<string, BarcodeOwner>;
  /** The products those SKUs and barcodes belong to. */
  states: ReadonlyMap<string, ProductState>;
  errors: RowErrors;
}

/** A product of the business as an error message names it. */
export function describeProduct(ctx: PlanContext, productId: string): string {
  const p = ctx.states.get(productId);
  return p ? `"${p.name}"` : 'another product';
}

// ---------------------------------------------------------------- columns

/** The columns that describe the product rather than one variant: they come from a product's first row. */
export const productLevelColumns: ProductCsvColumn[] = [
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
export const optionNameColumns = ['option1_name', 'option2_name', 'option3_name'] as const;
export const optionValueColumns = ['option1_value', 'option2_value', 'option3_value'] as const;

/** A zod issue path of a product body, as the CSV column that holds it. */
export function columnOfPath(path: readonly PropertyKey[]): { variant: number | null; column: ProductCsvColumn } {
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
export const pathOfField = (field: string): PropertyKey[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
