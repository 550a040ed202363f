/**
 * Code 128 (ISO/IEC 15417) for printable ASCII, the symbology of sale numbers on receipts and of
 * barcodes that are not GTINs (`checkBarcode`). One encoder for the web receipt (SVG) and the API's
 * PDFs (receipts and labels), so a slip and its PDF carry the same bars.
 *
 * Code set B carries every printable character; code set C carries two digits per symbol. The
 * shortest symbol for our data follows the standard's rules: start in C when the text is two digits
 * or begins with four or more; from B, switch to C for a run of at least four digits that ends the
 * text or six elsewhere (an odd run keeps its first digit in B); from C, go back to B when fewer than
 * two digits follow.
 */

/**
 * The bar and space widths (in modules) of each symbol value 0–106: bar, space, bar, space, bar,
 * space; each adds up to 11. 103–105 are Start A, B and C; 106 is Stop, with its closing bar.
 */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 ' +
  '221312 231212 112232 122132 122231 113222 123122 123221 223211 221132 ' +
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 ' +
  '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 ' +
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 ' +
  '231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 ' +
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 ' +
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 ' +
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 ' +
  '114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

/** The blank modules a scanner needs either side of the bars (ISO/IEC 15417: at least 10). */
export const CODE128_QUIET_ZONE = 10;

/** Whether Code 128 here can carry `text`: printable ASCII (32–126), as `checkBarcode` asks of a barcode. */
export const code128Carries = (text: string) => /^[\x20-\x7e]+$/.test(text);

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** The widths of one symbol value. */
export function code128Pattern(value: number): number[] {
  const pattern = PATTERNS[value];
  if (pattern === undefined) throw new RangeError(`No Code 128 symbol ${value}`);
  return [...pattern].map(Number);
}

const isDigit = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
};

/** How many digits follow from `i` on. */
function digitRun(text: string, i: number): number {
  let n = 0;
  while (i + n < text.length && isDigit(text, i + n)) n += 1;
  return n;
}

/**
 * The symbol values of `text`: start, data (with code-set switches), check symbol and stop. Throws
 * on an empty text or a character outside printable ASCII (32–126), which `checkBarcode` refuses.
 */
export function code128Symbols(text: string): number[] {
  if (text.length === 0) throw new RangeError('Code 128 needs at least one character');
  if (!code128Carries(text)) throw new RangeError('Code 128 here carries printable ASCII only');

  const leading = digitRun(text, 0);
  let set: 'B' | 'C' = (leading === 2 && text.length === 2) || leading >= 4 ? 'C' : 'B';
  const values = [set === 'C' ? START_C : START_B];
  let i = 0;
  while (i < text.length) {
    if (set === 'C') {
      if (digitRun(text, i) >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      values.push(CODE_B);
      set = 'B';
    }
    const run = digitRun(text, i);
    const worthC = run >= 4 && (i + run === text.length || run >= 6);
    if (worthC && run % 2 === 0) {
      values.push(CODE_C);
      set = 'C';
      continue;
    }
    // Code set B: the character's value is its ASCII code − 32 (an odd run's first digit stays here).
    values.push(text.charCodeAt(i) - 32);
    i += 1;
  }
  const check = values.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
  values.push(check, STOP);
  return values;
}

/** The bar and space widths of `text` as Code 128, alternating from a bar, without quiet zones. */
export function code128Modules(text: string): number[] {
  return code128Symbols(text).flatMap(code128Pattern);
}
