import { describe, expect, it } from 'vitest';
import { currencies } from '@ipos/contracts';
import { currencySymbol, formatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    ['USD', 123456, '$1,234.56'],
    ['NGN', 123456, '₦1,234.56'],
    ['EUR', 123456, '€1,234.56'],
    ['GBP', 123456, '£1,234.56'],
    ['KSD', 123456, 'KSD 1,234.56'],
    ['TZS', 123456, 'TZS 1,234.56'],
  ] as const)('formats %s with the spec’s symbol', (code, minor, text) => {
    expect(formatMoney(minor, code)).toBe(text);
  });

  it('formats zero', () => {
    expect(formatMoney(0, 'NGN')).toBe('₦0.00');
    expect(formatMoney(0, 'KSD')).toBe('KSD 0.00');
  });

  it('puts the sign before the symbol for negatives', () => {
    expect(formatMoney(-99, 'USD')).toBe('-$0.99');
    expect(formatMoney(-150000, 'TZS')).toBe('-TZS 1,500.00');
  });

  it('pads minor units and keeps large amounts exact', () => {
    expect(formatMoney(5, 'GBP')).toBe('£0.05');
    expect(formatMoney(123456789012345678n, 'NGN')).toBe('₦1,234,567,890,123,456.78');
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => formatMoney(1.5, 'USD')).toThrow(RangeError);
  });

  it('knows every currency of the contracts', () => {
    expect(currencies.map((c) => currencySymbol(c.code))).toEqual(['₦', '$', '£', '€', 'KSD', 'TZS']);
  });
});
