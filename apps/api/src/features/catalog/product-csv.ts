import { currencies, productCsvColumns, type ProductCsvColumn } from '@ipos/contracts';
import {
  readCsv,
  type CsvRecord as GenericCsvRecord,
  type CsvValues as GenericCsvValues,
  type ReadCsvResult,
} from '../../lib/csv.js';

/**
 * The products CSV: its columns on the generic reader of lib/csv.ts (header checks, BOM, CRLF,
 * quotes, the row cap, cells), plus what only products have (barcode lists). No database here:
 * the product-import-* modules plan an import, product-files.service.ts commits it and
 * product-export.service.ts writes the catalogue out.
 */

export { parseMoney, parseQuantityCell, parseYesNo, type CellResult } from '../../lib/csv.js';

/** The digits after the point of the file's money cells: the store's currency's. */
export const minorDigitsOf = (currency: string) => currencies.find((c) => c.code === currency)?.minorDigits ?? 2;

export type CsvValues = GenericCsvValues<ProductCsvColumn>;
export type CsvRecord = GenericCsvRecord<ProductCsvColumn>;

/** Without these a row cannot be placed: a SKU to match on, a name and a price to create with. */
export const requiredCsvColumns: readonly ProductCsvColumn[] = ['sku', 'name', 'selling_price'];

/** Reads the bytes of an uploaded file into records, or the file-level errors (nothing row-level here). */
export function readProductCsv(bytes: Buffer): ReadCsvResult<ProductCsvColumn> {
  return readCsv(bytes, { columns: productCsvColumns, required: requiredCsvColumns, rowNoun: 'product' });
}

/** Barcodes separated by `|` or white space. */
export function splitBarcodes(cell: string): string[] {
  return cell
    .split(/[|\s]+/)
    .map((code) => code.trim())
    .filter(Boolean);
}
