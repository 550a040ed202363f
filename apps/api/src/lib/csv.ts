import Papa from 'papaparse';
import {
  formatCount,
  isSafeText,
  MAX_IMPORT_ROWS,
  stripFormulaGuard,
  UNSAFE_TEXT_MESSAGE,
  type FieldError,
} from '@ipos/contracts';

/**
 * Reading CSV files, for any import: an uploaded file into records (UTF-8 check, BOM, CRLF, quotes,
 * header checks against a column list, the row cap, the export's formula guard taken off) and parsing
 * cells (money without floats, quantities, yes/no). Writing is the contracts' one CSV writer
 * (`documents/csv.ts`, decision 0025). No database and no domain here: features/catalog/product-csv.ts
 * and features/contacts/contacts-files.service.ts give the columns and what the rows mean.
 */

/** A record of the file: every column the file has, by name; a column the file lacks is absent. */
export type CsvValues<C extends string> = Partial<Record<C, string>>;
export interface CsvRecord<C extends string = string> {
  /** 1-based row in the file, the header being row 1 (what a spreadsheet shows). */
  line: number;
  values: CsvValues<C>;
}

export type ReadCsvResult<C extends string = string> =
  { ok: true; columns: C[]; records: CsvRecord<C>[] } | { ok: false; errors: FieldError[] };

export interface CsvShape<C extends string> {
  /** Every column a file may have (header names are matched ignoring case and surrounding spaces). */
  columns: readonly C[];
  /** Columns without which a row cannot be placed. */
  required: readonly C[];
  /** What a row is, in the plural, for "The file has no product rows". */
  rowNoun: string;
  /** At most this many rows (default MAX_IMPORT_ROWS). */
  maxRows?: number;
}

/** Reads the bytes of an uploaded file into records, or the file-level errors (nothing row-level here). */
export function readCsv<C extends string>(bytes: Buffer, shape: CsvShape<C>): ReadCsvResult<C> {
  let text: string;
  try {
    // fatal: a file saved in another encoding is refused rather than read as mojibake; the BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, errors: [{ field: 'file', message: 'Save the file as "CSV UTF-8" and upload it again' }] };
  }
  // UTF-8 read strictly holds no broken characters, but it may hold a NUL, which no record can keep.
  if (!isSafeText(text)) {
    const line = text.slice(0, text.indexOf('\0')).split('\n').length;
    return { ok: false, errors: [{ field: 'file', message: `Line ${line}: ${UNSAFE_TEXT_MESSAGE}` }] };
  }
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  const table = parsed.data;
  const [header, ...rest] = table;
  if (!header || header.every((cell) => cell.trim() === ''))
    return {
      ok: false,
      errors: [{ field: 'file', message: 'The file is empty: the first row must name the columns' }],
    };

  const errors: FieldError[] = [];
  const columns: C[] = [];
  const known = new Set<string>(shape.columns);
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (!known.has(name)) {
      errors.push({
        field: raw.trim() || `column ${i + 1}`,
        message: raw.trim() ? `Unknown column "${raw.trim()}"` : `Column ${i + 1} has no name`,
      });
    } else if (columns.includes(name as C)) {
      errors.push({ field: name, message: `The column "${name}" appears twice` });
    }
    columns.push(name as C);
  });
  for (const required of shape.required)
    if (!columns.includes(required)) errors.push({ field: required, message: `The column "${required}" is missing` });
  if (errors.length > 0) return { ok: false, errors };

  const records: CsvRecord<C>[] = [];
  rest.forEach((cells, i) => {
    if (cells.every((cell) => cell.trim() === '')) return; // blank lines, including the one a final newline leaves
    const values: CsvValues<C> = {};
    columns.forEach((column, j) => {
      values[column] = stripFormulaGuard((cells[j] ?? '').trim());
    });
    records.push({ line: i + 2, values });
  });
  if (records.length === 0)
    return { ok: false, errors: [{ field: 'file', message: `The file has no ${shape.rowNoun} rows` }] };
  const maxRows = shape.maxRows ?? MAX_IMPORT_ROWS;
  if (records.length > maxRows)
    return {
      ok: false,
      errors: [{ field: 'file', message: `At most ${formatCount(maxRows)} rows per file; split it` }],
    };
  return { ok: true, columns, records };
}

// ---------------------------------------------------------------- cells

export type CellResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * An amount in major units ("1250.50", "1,250.5", "1250") as integer minor units, by splitting on the
 * dot: never through a float.
 */
export function parseMoney(cell: string, minorDigits = 2): CellResult<number> {
  const text = cell.trim();
  if (text.startsWith('-')) return { ok: false, message: 'An amount cannot be negative' };
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { ok: false, message: `Write an amount like 1250.50` };
  const whole = match[1]!.replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > minorDigits) return { ok: false, message: `Use at most ${minorDigits} decimals` };
  if (whole.length > 13) return { ok: false, message: 'The amount is too large' };
  return { ok: true, value: Number(whole) * 10 ** minorDigits + Number(fraction.padEnd(minorDigits, '0') || '0') };
}

/** A quantity ("12", "1.25", "-3") as integer thousandths, exactly. */
export function parseQuantityCell(cell: string): CellResult<number> {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(cell.trim());
  if (!match) return { ok: false, message: 'Write a number like 12 or 1.25' };
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > 3) return { ok: false, message: 'Use at most 3 decimals' };
  if (whole!.length > 10) return { ok: false, message: 'The quantity is too large' };
  const magnitude = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return { ok: true, value: sign === '-' && magnitude !== 0 ? -magnitude : magnitude };
}

const TRUE = new Set(['yes', 'y', 'true', '1']);
const FALSE = new Set(['no', 'n', 'false', '0']);

export function parseYesNo(cell: string): CellResult<boolean> {
  const text = cell.trim().toLowerCase();
  if (TRUE.has(text)) return { ok: true, value: true };
  if (FALSE.has(text)) return { ok: true, value: false };
  return { ok: false, message: 'Write yes or no' };
}
