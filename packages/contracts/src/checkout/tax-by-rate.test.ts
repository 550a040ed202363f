import { describe, expect, it } from 'vitest';
import { taxByRate, type TaxedLine } from './pricing.js';

const line = (overrides: Partial<TaxedLine>): TaxedLine => ({
  taxRateId: null,
  taxRateBasisPoints: 0,
  taxInclusive: true,
  taxMinor: 0,
  ...overrides,
});

describe('taxByRate', () => {
  it('sums each rate in the order it first appears and leaves untaxed lines out', () => {
    expect(
      taxByRate([
        line({ taxRateId: 'vat', taxRateBasisPoints: 750, taxMinor: 70 }),
        line({}),
        line({ taxRateId: 'lux', taxRateBasisPoints: 1000, taxInclusive: false, taxMinor: 100 }),
        line({ taxRateId: 'vat', taxRateBasisPoints: 750, taxMinor: 30 }),
      ]),
    ).toEqual([
      { rateId: 'vat', rateBasisPoints: 750, inclusive: true, taxMinor: 100 },
      { rateId: 'lux', rateBasisPoints: 1000, inclusive: false, taxMinor: 100 },
    ]);
  });

  it('keeps one rate id at another percentage or inclusion apart, and a 0% line that carries tax', () => {
    expect(
      taxByRate([
        line({ taxRateId: 'vat', taxRateBasisPoints: 750, taxMinor: 7 }),
        line({ taxRateId: 'vat', taxRateBasisPoints: 500, taxMinor: 5 }),
        line({ taxRateId: 'vat', taxRateBasisPoints: 500, taxInclusive: false, taxMinor: 4 }),
        line({ taxRateBasisPoints: 0, taxMinor: 1 }),
      ]),
    ).toEqual([
      { rateId: 'vat', rateBasisPoints: 750, inclusive: true, taxMinor: 7 },
      { rateId: 'vat', rateBasisPoints: 500, inclusive: true, taxMinor: 5 },
      { rateId: 'vat', rateBasisPoints: 500, inclusive: false, taxMinor: 4 },
      { rateId: null, rateBasisPoints: 0, inclusive: true, taxMinor: 1 },
    ]);
  });
});
