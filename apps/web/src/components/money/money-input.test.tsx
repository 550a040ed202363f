import { describe, expect, it } from 'vitest';
import { minorToInput, parseMoneyInput } from './money-input';

describe('parseMoneyInput', () => {
  it('converts major units to minor units exactly, without float error', () => {
    expect(parseMoneyInput('1250.5', 'NGN')).toEqual({ ok: true, minor: 125050 });
    expect(parseMoneyInput('0.29', 'NGN')).toEqual({ ok: true, minor: 29 });
    expect(parseMoneyInput('1,234.56', 'NGN')).toEqual({ ok: true, minor: 123456 });
    expect(parseMoneyInput('.5', 'USD')).toEqual({ ok: true, minor: 50 });
    expect(parseMoneyInput('9999999999999.99', 'NGN')).toEqual({ ok: true, minor: 999999999999999 });
    expect(parseMoneyInput('  ', 'NGN')).toEqual({ ok: true, minor: null });
  });

  it('refuses more decimals than the currency has, signs and words', () => {
    expect(parseMoneyInput('12.345', 'NGN')).toEqual({ ok: false, message: 'Use at most 2 decimals' });
    expect(parseMoneyInput('-5', 'NGN')).toEqual({ ok: false, message: 'An amount cannot be negative' });
    expect(parseMoneyInput('abc', 'NGN')).toMatchObject({ ok: false });
    expect(parseMoneyInput('.', 'NGN')).toMatchObject({ ok: false });
  });

  it('gives back the text for minor units', () => {
    expect(minorToInput(125050, 'NGN')).toBe('1250.50');
    expect(minorToInput(5, 'NGN')).toBe('0.05');
    expect(minorToInput(null, 'NGN')).toBe('');
  });
});
