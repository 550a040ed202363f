/**
 * The one CSV writer (decision 0025): every CSV the app writes goes through here, on the server
 * (products, contacts, the audit trail) and in the browser (report tables, import templates).
 *
 * - RFC 4180 with CRLF line ends: a cell holding a quote, comma or line break is quoted, and its
 *   quotes are doubled.
 * - The formula guard (OWASP "CSV injection"): a spreadsheet runs a cell that starts with `=`, `+`,
 *   `-`, `@`, a tab or a carriage return as a formula, even a quoted one. Such a text cell is written
 *   as `'` + text, always inside quotes, so the spreadsheet shows it as text. The CSV reader of the
 *   imports (`stripFormulaGuard`) takes the apostrophe off again.
 * - Only text gets the guard. A number is given as a number and written as it is, so `-1500.00`
 *   stays a number a spreadsheet can add up. A JS number writes its shortest form (quantities, counts,
 *   percentages); `csvNumber` takes exact decimal text (money keeps "2450.50", never through a float).
 *   Text that merely looks like a number (a phone "+234…", a SKU "-5") is text and is guarded.
 */

/** A number cell given as exact decimal text: written as it is, never guarded. */
export interface CsvNumber {
  readonly decimal: string;
}

/** A cell: text (guarded), a number (as it is), or nothing (an empty cell). */
export type CsvValue = string | number | CsvNumber | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** Decimal text as a number cell: `csvNumber('-1500.00')`. Anything else is a programming error. */
export function csvNumber(decimal: string): CsvNumber {
  if (!DECIMAL.test(decimal)) throw new RangeError(`Not a decimal number for a CSV cell: "${decimal}"`);
  return { decimal };
}

/** Minor units as a plain decimal ("-1234.50"): no symbol, no grouping. */
export function minorToDecimal(minor: number, minorDigits = 2): string {
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(minorDigits + 1, '0');
  const text = minorDigits > 0 ? `${digits.slice(0, -minorDigits)}.${digits.slice(-minorDigits)}` : digits;
  return negative ? `-${text}` : text;
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** One cell as CSV text. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number for a CSV cell: ${value}`);
    return String(value);
  }
  if (typeof value === 'object') return value.decimal;
  if (FORMULA_START.test(value)) return quoted(`'${value}`);
  return /[",\r\n]/.test(value) ? quoted(value) : value;
}

/** One row as CSV text, with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The reader's undoing of the guard: `'=SUM(A1)` → `=SUM(A1)`. A quote before anything else is kept. */
export function stripFormulaGuard(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
