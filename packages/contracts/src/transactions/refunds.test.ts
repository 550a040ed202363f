import { describe, expect, it } from 'vitest';
import { refundShareMinor } from './refunds.js';

describe('refundShareMinor', () => {
  it('refunds the exact proportion of a line, rounded half away from zero', () => {
    // 3 sold for 1000: one is 333.33 → 333.
    expect(refundShareMinor({ amountMinor: 1000, soldQuantity: 3, refundedBefore: 0, quantity: 1 })).toBe(333);
    // Two of three is 666.67 → 667.
    expect(refundShareMinor({ amountMinor: 1000, soldQuantity: 3, refundedBefore: 0, quantity: 2 })).toBe(667);
    // 0.5 of 1 is exactly half: 2.5 → 3 (half away from zero).
    expect(refundShareMinor({ amountMinor: 5, soldQuantity: 1, refundedBefore: 0, quantity: 0.5 })).toBe(3);
  });

  it('adds up to the whole line however the refunds are split', () => {
    const line = { amountMinor: 1000, soldQuantity: 3 };
    const first = refundShareMinor({ ...line, refundedBefore: 0, quantity: 1 });
    const second = refundShareMinor({ ...line, refundedBefore: 1, quantity: 1 });
    const third = refundShareMinor({ ...line, refundedBefore: 2, quantity: 1 });
    expect([first, second, third]).toEqual([333, 334, 333]);
    expect(first + second + third).toBe(1000);
  });

  it('is exact for weighed goods (thousandths, no float drift)', () => {
    // 1.255 kg sold for 1255; 0.1 kg refunded three times, then the rest.
    const line = { amountMinor: 1255, soldQuantity: 1.255 };
    const parts = [0, 0.1, 0.2].map((before) => refundShareMinor({ ...line, refundedBefore: before, quantity: 0.1 }));
    const rest = refundShareMinor({ ...line, refundedBefore: 0.3, quantity: 0.955 });
    expect(parts).toEqual([100, 100, 100]);
    expect(parts.reduce((s, v) => s + v, 0) + rest).toBe(1255);
  });

  it('is zero for nothing, and exact for large amounts', () => {
    expect(refundShareMinor({ amountMinor: 1000, soldQuantity: 2, refundedBefore: 0, quantity: 0 })).toBe(0);
    expect(
      refundShareMinor({ amountMinor: 99_999_999_999_99, soldQuantity: 9_999_999, refundedBefore: 0, quantity: 1 }),
    ).toBe(1_000_000);
  });
});
