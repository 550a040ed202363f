import { describe, expect, it } from 'vitest';
import { currencies, currencyCodes } from './currencies.js';

describe('currencies', () => {
  it('carry the spec symbols and options', () => {
    expect(Object.fromEntries(currencies.map((c) => [c.code, c.symbol]))).toEqual({
      USD: '$',
      NGN: '₦',
      EUR: '€',
      GBP: '£',
      KSD: 'KSD',
      TZS: 'TZS',
    });
    expect(Object.fromEntries(currencies.map((c) => [c.option, c.symbol]))).toEqual({
      naira: '₦',
      usd: '$',
      pounds: '£',
      euro: '€',
      kshilling: 'KSD',
      tshilling: 'TZS',
    });
    expect([...currencyCodes].sort()).toEqual(currencies.map((c) => c.code).sort());
  });
});
