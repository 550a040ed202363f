import { describe, expect, it } from 'vitest';
import {
  hasAtMost3Decimals,
  lineValueMinor,
  moneyMinorSchema,
  nonNegativeQuantitySchema,
  parseThousandths,
  positiveQuantitySchema,
  thousandthsToNumeric,
  toThousandths,
} from './quantities.js';

describe('quantities', () => {
  it('parseThousandths reads pg text and PGlite numbers exactly', () => {
    expect(parseThousandths('1.250')).toBe(1250);
    expect(parseThousandths('-0.5')).toBe(-500);
    expect(parseThousandths(1.25)).toBe(1250);
    expect(parseThousandths('3')).toBe(3000);
    expect(parseThousandths('-0.000')).toBe(0);
    expect(parseThousandths(0.1 + 0.2)).toBe(300);
    expect(() => parseThousandths('abc')).toThrow();
  });

  it('thousandthsToNumeric and toThousandths round-trip', () => {
    expect(thousandthsToNumeric(1250)).toBe('1.250');
    expect(thousandthsToNumeric(-500)).toBe('-0.500');
    expect(toThousandths(1.255)).toBe(1255);
    expect(parseThousandths(thousandthsToNumeric(-123456))).toBe(-123456);
  });

  it('lineValueMinor rounds half away from zero', () => {
    expect(lineValueMinor(1255, 1000)).toBe(1255);
    expect(lineValueMinor(2500, 333)).toBe(833); // 832.5
    expect(lineValueMinor(-2500, 333)).toBe(-833);
    expect(lineValueMinor(1499, 1)).toBe(1); // 1.499
    expect(lineValueMinor(1500, 1)).toBe(2);
    // Exact beyond float precision of the intermediate product (10^9 × ~10^8).
    expect(lineValueMinor(1_000_000_001, 99_999_999)).toBe(99_999_999_100_000); // 99 999 999 099 999.999
  });

  it('schemas refuse more than 3 decimals, negatives and fractional money', () => {
    expect(hasAtMost3Decimals(1.255)).toBe(true);
    expect(hasAtMost3Decimals(1.2555)).toBe(false);
    // Too small to be noise around a whole thousandth: zero once stored, though "above zero".
    expect(hasAtMost3Decimals(1e-10)).toBe(false);
    expect(positiveQuantitySchema.safeParse(4.386307447825706e-59).success).toBe(false);
    expect(hasAtMost3Decimals(0)).toBe(true);
    expect(hasAtMost3Decimals(-0)).toBe(true);
    expect(hasAtMost3Decimals(0.001)).toBe(true);
    expect(nonNegativeQuantitySchema.safeParse(1.2345).success).toBe(false);
    expect(nonNegativeQuantitySchema.safeParse(-1).success).toBe(false);
    expect(moneyMinorSchema.safeParse(10.5).success).toBe(false);
    expect(moneyMinorSchema.safeParse(-1).success).toBe(false);
    expect(moneyMinorSchema.safeParse(0).success).toBe(true);
  });
});
