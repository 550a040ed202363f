import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocate, discountOf, mulDivRound, priceCart, type Discount, type PricingLineInput } from './pricing.js';

const line = (overrides: Partial<PricingLineInput> = {}): PricingLineInput => ({
  quantityThousandths: 1000,
  unitPriceMinor: 0,
  taxRateBasisPoints: 0,
  taxInclusive: true,
  ...overrides,
});

describe('priceCart: worked examples (₦, kobo)', () => {
  it('3 × ₦450.00 with 7.5% VAT on top: tax ₦101.25, total ₦1,451.25', () => {
    const cart = priceCart([
      line({ quantityThousandths: 3000, unitPriceMinor: 45_000, taxRateBasisPoints: 750, taxInclusive: false }),
    ]);
    expect(cart).toEqual({
      lines: [
        { grossMinor: 135_000, lineDiscountMinor: 0, cartDiscountMinor: 0, taxMinor: 10_125, totalMinor: 145_125 },
      ],
      subtotalMinor: 135_000,
      discountMinor: 0,
      taxMinor: 10_125,
      totalMinor: 145_125,
    });
  });

  it('₦1,075.00 with 7.5% VAT included: tax ₦75.00, total unchanged', () => {
    const cart = priceCart([line({ unitPriceMinor: 107_500, taxRateBasisPoints: 750, taxInclusive: true })]);
    expect(cart.lines[0]).toEqual({
      grossMinor: 107_500,
      lineDiscountMinor: 0,
      cartDiscountMinor: 0,
      taxMinor: 7_500,
      totalMinor: 107_500,
    });
    expect(cart.totalMinor).toBe(107_500);
  });

  it('1.255 kg at ₦1,000.00/kg is ₦1,255.00', () => {
    const cart = priceCart([line({ quantityThousandths: 1255, unitPriceMinor: 100_000 })]);
    expect(cart.lines[0]!.grossMinor).toBe(125_500);
    expect(cart.totalMinor).toBe(125_500);
  });

  it('weighed goods round half away from zero: 0.005 kg at 100 kobo/kg is 0.5 → 1 kobo; 0.004 kg → 0', () => {
    expect(priceCart([line({ quantityThousandths: 5, unitPriceMinor: 100 })]).totalMinor).toBe(1);
    expect(priceCart([line({ quantityThousandths: 4, unitPriceMinor: 100 })]).totalMinor).toBe(0);
  });

  it('a 10% line discount, then 7.5% VAT on what is left', () => {
    const cart = priceCart([
      line({
        quantityThousandths: 2000,
        unitPriceMinor: 25_000,
        discount: { type: 'percent', value: 1000 },
        taxRateBasisPoints: 750,
        taxInclusive: false,
      }),
    ]);
    // gross 50,000; discount 5,000; 45,000 × 7.5% = 3,375.
    expect(cart.lines[0]).toEqual({
      grossMinor: 50_000,
      lineDiscountMinor: 5_000,
      cartDiscountMinor: 0,
      taxMinor: 3_375,
      totalMinor: 48_375,
    });
    expect(cart).toMatchObject({ subtotalMinor: 50_000, discountMinor: 5_000, taxMinor: 3_375, totalMinor: 48_375 });
  });

  it('a ₦500 cart discount over three equal lines is split 16,667 + 16,667 + 16,666, exactly', () => {
    const cart = priceCart(
      [line({ unitPriceMinor: 100_000 }), line({ unitPriceMinor: 100_000 }), line({ unitPriceMinor: 100_000 })],
      { type: 'amount', value: 50_000 },
    );
    expect(cart.lines.map((l) => l.cartDiscountMinor)).toEqual([16_667, 16_667, 16_666]);
    expect(cart.discountMinor).toBe(50_000);
    expect(cart.totalMinor).toBe(250_000);
    expect(cart.lines.map((l) => l.totalMinor)).toEqual([83_333, 83_333, 83_334]);
  });

  it('a cart discount follows the lines after their own discounts, and inclusive tax is on what is paid', () => {
    const cart = priceCart(
      [
        line({ unitPriceMinor: 60_000, discount: { type: 'amount', value: 10_000 }, taxRateBasisPoints: 750 }),
        line({ unitPriceMinor: 20_000 }),
        line({ unitPriceMinor: 30_000, taxRateBasisPoints: 750, taxInclusive: false }),
      ],
      { type: 'amount', value: 50_000 },
    );
    // Weights 50,000 / 20,000 / 30,000 of 100,000: 25,000 / 10,000 / 15,000.
    expect(cart.lines.map((l) => l.cartDiscountMinor)).toEqual([25_000, 10_000, 15_000]);
    // Line 1 pays 25,000 VAT included: 25,000 × 750 / 10,750 = 1,744.19 → 1,744.
    expect(cart.lines[0]).toMatchObject({ taxMinor: 1_744, totalMinor: 25_000 });
    // Line 3: 15,000 + 7.5% = 16,125.
    expect(cart.lines[2]).toMatchObject({ taxMinor: 1_125, totalMinor: 16_125 });
    expect(cart).toMatchObject({ subtotalMinor: 110_000, discountMinor: 60_000, taxMinor: 2_869, totalMinor: 51_125 });
  });

  it('a 100% discount (line or cart) makes it free, with no tax', () => {
    const free = priceCart([
      line({
        unitPriceMinor: 45_000,
        discount: { type: 'percent', value: 10_000 },
        taxRateBasisPoints: 750,
        taxInclusive: false,
      }),
    ]);
    expect(free.lines[0]).toEqual({
      grossMinor: 45_000,
      lineDiscountMinor: 45_000,
      cartDiscountMinor: 0,
      taxMinor: 0,
      totalMinor: 0,
    });
    const cart = priceCart(
      [
        line({ unitPriceMinor: 45_000, taxRateBasisPoints: 750 }),
        line({ unitPriceMinor: 5_000, taxRateBasisPoints: 750, taxInclusive: false }),
      ],
      { type: 'percent', value: 10_000 },
    );
    expect(cart).toMatchObject({ subtotalMinor: 50_000, discountMinor: 50_000, taxMinor: 0, totalMinor: 0 });
  });

  it('an amount discount larger than the line or the cart is capped at what there is', () => {
    expect(
      priceCart([line({ unitPriceMinor: 1_000, discount: { type: 'amount', value: 5_000 } })]).lines[0],
    ).toMatchObject({ lineDiscountMinor: 1_000, totalMinor: 0 });
    expect(priceCart([line({ unitPriceMinor: 1_000 })], { type: 'amount', value: 5_000 })).toMatchObject({
      discountMinor: 1_000,
      totalMinor: 0,
    });
  });

  it('percent discounts round half away from zero', () => {
    // 10% of 12,345 = 1,234.5 → 1,235; 10% of 12,344 = 1,234.4 → 1,234; 12.5% of 4 = 0.5 → 1.
    expect(discountOf(12_345, { type: 'percent', value: 1000 })).toBe(1_235);
    expect(discountOf(12_344, { type: 'percent', value: 1000 })).toBe(1_234);
    expect(discountOf(4, { type: 'percent', value: 1250 })).toBe(1);
    expect(discountOf(3, { type: 'percent', value: 1250 })).toBe(0);
    expect(mulDivRound(-5, 1, 10)).toBe(-1);
    expect(mulDivRound(5, 1, 10)).toBe(1);
    expect(mulDivRound(-4, 1, 10)).toBe(0);
  });

  it('tax rounds half away from zero: 7.5% of 10 kobo is 0.75 → 1, of 6 kobo 0.45 → 0', () => {
    expect(priceCart([line({ unitPriceMinor: 10, taxRateBasisPoints: 750, taxInclusive: false })]).taxMinor).toBe(1);
    expect(priceCart([line({ unitPriceMinor: 6, taxRateBasisPoints: 750, taxInclusive: false })]).taxMinor).toBe(0);
    // 16% VAT (Kenya) included in 58 cents: 58 × 1600 / 11600 = 8.0 → 8.
    expect(priceCart([line({ unitPriceMinor: 58, taxRateBasisPoints: 1600 })]).taxMinor).toBe(8);
  });

  it('is exact for amounts far beyond 2^32 (BigInt inside)', () => {
    // ₦90 billion × 1.001 at 7.5% on top.
    const cart = priceCart([
      line({
        quantityThousandths: 1001,
        unitPriceMinor: 9_000_000_000_000,
        taxRateBasisPoints: 750,
        taxInclusive: false,
      }),
    ]);
    expect(cart.lines[0]!.grossMinor).toBe(9_009_000_000_000);
    expect(cart.taxMinor).toBe(675_675_000_000);
    expect(cart.totalMinor).toBe(9_684_675_000_000);
  });

  it('an empty cart is zero everywhere', () => {
    expect(priceCart([], { type: 'amount', value: 500 })).toEqual({
      lines: [],
      subtotalMinor: 0,
      discountMinor: 0,
      taxMinor: 0,
      totalMinor: 0,
    });
  });
});

describe('allocate', () => {
  it('gives remainders to the largest fractions, ties to the earlier part', () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(100, [1, 2])).toEqual([33, 67]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
    expect(allocate(7, [0, 5, 0])).toEqual([0, 7, 0]);
  });

  const weights = fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 12 });
  const total = fc.integer({ min: 0, max: 1_000_000_000_000 });

  it('shares add up to the total and stay within floor and ceiling of the exact proportion', () => {
    fc.assert(
      fc.property(total, weights, (t, ws) => {
        const shares = allocate(t, ws);
        const sum = ws.reduce((s, w) => s + w, 0);
        expect(shares).toHaveLength(ws.length);
        expect(shares.every(Number.isSafeInteger)).toBe(true);
        if (sum === 0) {
          expect(shares.every((s) => s === 0)).toBe(true);
          return;
        }
        expect(shares.reduce((s, v) => s + v, 0)).toBe(t);
        ws.forEach((w, i) => {
          const exact = BigInt(w) * BigInt(t);
          const floor = exact / BigInt(sum);
          const ceiling = floor + (exact % BigInt(sum) === 0n ? 0n : 1n);
          expect(BigInt(shares[i]!)).toBeGreaterThanOrEqual(floor);
          expect(BigInt(shares[i]!)).toBeLessThanOrEqual(ceiling);
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('priceCart: properties', () => {
  const discount: fc.Arbitrary<Discount | null> = fc.oneof(
    fc.constant(null),
    fc.record({ type: fc.constant('amount' as const), value: fc.integer({ min: 0, max: 100_000_000 }) }),
    fc.record({ type: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 10_000 }) }),
  );
  const lineInput: fc.Arbitrary<PricingLineInput> = fc.record({
    quantityThousandths: fc.integer({ min: 1, max: 1_000_000 }),
    unitPriceMinor: fc.integer({ min: 0, max: 100_000_000 }),
    discount,
    taxRateBasisPoints: fc.constantFrom(0, 750, 1600, 1800, 2000, 1),
    taxInclusive: fc.boolean(),
  });
  const cartInput = fc.tuple(fc.array(lineInput, { minLength: 0, maxLength: 10 }), discount);

  it('every figure is a non-negative integer; the cart is the sum of its lines', () => {
    fc.assert(
      fc.property(cartInput, ([lines, cartDiscount]) => {
        const cart = priceCart(lines, cartDiscount);
        expect(cart.lines).toHaveLength(lines.length);
        const sum = (pick: (l: (typeof cart.lines)[number]) => number) => cart.lines.reduce((s, l) => s + pick(l), 0);
        for (const l of cart.lines)
          for (const v of Object.values(l)) {
            expect(Number.isSafeInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
          }
        expect(cart.totalMinor).toBe(sum((l) => l.totalMinor));
        expect(cart.subtotalMinor).toBe(sum((l) => l.grossMinor));
        expect(cart.taxMinor).toBe(sum((l) => l.taxMinor));
        expect(cart.discountMinor).toBe(sum((l) => l.lineDiscountMinor + l.cartDiscountMinor));
        for (const v of [cart.subtotalMinor, cart.discountMinor, cart.taxMinor, cart.totalMinor])
          expect(Number.isSafeInteger(v)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a discount never exceeds the gross; inclusive tax never exceeds the total; exclusive total = net + tax', () => {
    fc.assert(
      fc.property(cartInput, ([lines, cartDiscount]) => {
        const cart = priceCart(lines, cartDiscount);
        expect(cart.discountMinor).toBeLessThanOrEqual(cart.subtotalMinor);
        cart.lines.forEach((l, i) => {
          const input = lines[i]!;
          expect(l.lineDiscountMinor + l.cartDiscountMinor).toBeLessThanOrEqual(l.grossMinor);
          const net = l.grossMinor - l.lineDiscountMinor - l.cartDiscountMinor;
          if (input.taxInclusive || input.taxRateBasisPoints === 0) {
            expect(l.totalMinor).toBe(net);
            expect(l.taxMinor).toBeLessThanOrEqual(l.totalMinor);
          } else {
            expect(l.totalMinor).toBe(net + l.taxMinor);
          }
          if (input.taxRateBasisPoints === 0) expect(l.taxMinor).toBe(0);
          // Tax within half a minor unit of the exact figure.
          const r = BigInt(input.taxRateBasisPoints);
          const exactTimesDen = BigInt(net) * r;
          const den = input.taxInclusive ? 10_000n + r : 10_000n;
          const diff2 = 2n * (BigInt(l.taxMinor) * den - exactTimesDen);
          expect(diff2 <= den && diff2 >= -den).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('the cart discount is what was asked (capped at the cart), whatever the lines', () => {
    fc.assert(
      fc.property(cartInput, ([lines, cartDiscount]) => {
        const cart = priceCart(lines, cartDiscount);
        const afterLine = cart.lines.reduce((s, l) => s + l.grossMinor - l.lineDiscountMinor, 0);
        expect(cart.lines.reduce((s, l) => s + l.cartDiscountMinor, 0)).toBe(discountOf(afterLine, cartDiscount));
      }),
      { numRuns: 300 },
    );
  });

  it('is pure: the same cart always prices the same', () => {
    fc.assert(
      fc.property(cartInput, ([lines, cartDiscount]) => {
        expect(priceCart(structuredClone(lines), cartDiscount)).toEqual(priceCart(lines, cartDiscount));
      }),
      { numRuns: 100 },
    );
  });
});
