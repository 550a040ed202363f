import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvNumber, minorToDecimal, stripFormulaGuard } from './csv.js';

/** Cells a spreadsheet would run as formulas (OWASP "CSV injection"), and how they must come out. */
const hostileCells: readonly (readonly [string, string])[] = [
  ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ["+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`],
  ['-2+3', `"'-2+3"`],
  ['@SUM(A1)', `"'@SUM(A1)"`],
  ['\tfoo', `"'\tfoo"`],
  ['\rbar', `"'\rbar"`],
];

describe('the CSV writer', () => {
  it('writes plain text as it is, and quotes a cell with a quote, comma or line break', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Rice, 5kg "Premium"')).toBe('"Rice, 5kg ""Premium"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('"')).toBe('""""');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('guards every text cell a spreadsheet would run as a formula: an apostrophe, inside quotes', () => {
    for (const [text, cell] of hostileCells) expect(csvCell(text), JSON.stringify(text)).toBe(cell);
    // Text that looks like a number is still text (a phone, a SKU): guarded.
    expect(csvCell('+234 811 900 9001')).toBe(`"'+234 811 900 9001"`);
    expect(csvCell('-5')).toBe(`"'-5"`);
    // Only the first character counts.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' =1')).toBe(' =1');
  });

  it('writes numbers as they are, negatives included: no guard, no quotes', () => {
    expect(csvCell(-1500)).toBe('-1500');
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(3.125)).toBe('3.125');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(csvNumber('-1500.00'))).toBe('-1500.00');
    expect(csvCell(csvNumber('2450.50'))).toBe('2450.50');
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
    expect(() => csvCell(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    // Decimal text only: a formula cannot pass as a number.
    expect(() => csvNumber('-2+3')).toThrow(RangeError);
    expect(() => csvNumber('1,500.00')).toThrow(RangeError);
    expect(() => csvNumber('')).toThrow(RangeError);
  });

  it('writes money in minor units as exact decimals', () => {
    expect(minorToDecimal(125_050)).toBe('1250.50');
    expect(minorToDecimal(7)).toBe('0.07');
    expect(minorToDecimal(-150_000)).toBe('-1500.00');
    expect(minorToDecimal(-5)).toBe('-0.05');
    expect(minorToDecimal(1500, 0)).toBe('1500');
    expect(minorToDecimal(1, 3)).toBe('0.001');
  });

  it('writes a row with CRLF, each cell on its own rule', () => {
    expect(csvLine(['Peak Milk, 400g', -3, csvNumber('-1500.00'), '-3', null, '=1'])).toBe(
      `"Peak Milk, 400g",-3,-1500.00,"'-3",,"'=1"\r\n`,
    );
  });

  it('the reader takes the guard off again, and keeps any other leading apostrophe', () => {
    for (const [text] of hostileCells) expect(stripFormulaGuard(`'${text}`)).toBe(text);
    expect(stripFormulaGuard("'Tis the season")).toBe("'Tis the season");
    expect(stripFormulaGuard('plain')).toBe('plain');
  });
});
