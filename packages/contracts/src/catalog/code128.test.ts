import { describe, expect, it } from 'vitest';
import { code128Modules, code128Pattern, code128Symbols } from './code128.js';

/** Reads symbol values back from widths: every symbol 11 modules, the stop 13, bars first. */
function decode(modules: number[]): number[] {
  const patterns = new Map(Array.from({ length: 107 }, (_, v) => [code128Pattern(v).join(''), v]));
  const values: number[] = [];
  let i = 0;
  while (i < modules.length) {
    const width = modules.length - i === 7 ? 7 : 6;
    const value = patterns.get(modules.slice(i, i + width).join(''));
    if (value === undefined) throw new Error(`no symbol at ${i}`);
    values.push(value);
    i += width;
  }
  return values;
}

/** The text the values carry, as a scanner reads it (sets B and C, with their switches). */
function read(values: number[]): string {
  const [start, ...rest] = values;
  const data = rest.slice(0, -2);
  const [check, stop] = rest.slice(-2);
  expect(stop).toBe(106);
  expect(check).toBe((start! + data.reduce((sum, v, i) => sum + v * (i + 1), 0)) % 103);
  let set = start === 105 ? 'C' : 'B';
  let text = '';
  for (const v of data) {
    if (set === 'C' && v === 100) set = 'B';
    else if (set === 'B' && v === 99) set = 'C';
    else text += set === 'C' ? String(v).padStart(2, '0') : String.fromCharCode(v + 32);
  }
  return text;
}

const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

describe('Code 128', () => {
  it('has 107 symbols of 11 modules (the stop 13), each three bars and three spaces', () => {
    for (let v = 0; v < 106; v++) {
      const p = code128Pattern(v);
      expect(p).toHaveLength(6);
      expect(p.reduce((a, b) => a + b, 0)).toBe(11);
    }
    expect(code128Pattern(106)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    expect(() => code128Pattern(107)).toThrow(RangeError);
  });

  it('encodes a sale number: letters in B, the digit run that ends it in C, and the check symbol', () => {
    // L E K - S → 44 37 43 13 51; Code C; 00 00 42; check (104 + 44 + 74 + 129 + 52 + 255 + 594 + 378) mod 103 = 85.
    expect(code128Symbols('LEK-S000042')).toEqual([104, 44, 37, 43, 13, 51, 99, 0, 0, 42, 85, 106]);
    expect(code128Modules('LEK-S000042')).toHaveLength(12 * 6 + 1);
  });

  it('chooses the shorter code set: C for two digits or four leading, B back for an odd tail', () => {
    expect(code128Symbols('12')[0]).toBe(105);
    expect(code128Symbols('123')[0]).toBe(104);
    expect(code128Symbols('12345')).toEqual([105, 12, 34, 100, 21, expect.any(Number), 106]);
    // Five digits in the middle stay in B; six switch; an odd run ending the text keeps its first in B.
    expect(code128Symbols('A12345B')).not.toContain(99);
    expect(code128Symbols('A123456B').slice(0, 6)).toEqual([104, 33, 99, 12, 34, 56]);
    expect(code128Symbols('A12345').slice(0, 5)).toEqual([104, 33, 17, 99, 23]);
  });

  it('reads back as the text it encodes, for every printable character and digit pattern', () => {
    const texts = [
      printable,
      'LEK-S000042',
      'IKJ-RF000001',
      'A',
      '0',
      '00',
      '0123456789',
      '123456789',
      'AB1234CD',
      'X1234567Y89',
      ' ~ ',
      ...Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')),
    ];
    for (const text of texts) expect(read(decode(code128Modules(text))), text).toBe(text);
  });

  it('refuses what it cannot carry', () => {
    expect(() => code128Symbols('')).toThrow(RangeError);
    expect(() => code128Symbols('café')).toThrow(/printable ASCII/);
    expect(() => code128Symbols('a\tb')).toThrow(/printable ASCII/);
  });
});
