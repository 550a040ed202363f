import { describe, expect, it } from 'vitest';
import { restockPace, restockSuggestion } from './restock-report.js';

/** The restock rules, in integer thousandths (1 unit = 1000). */
describe('restockSuggestion', () => {
  const line = { unit: 'each' as const, onHand: 9_000, reorderLevel: 10_000, reorderQuantity: null, onOrder: 4_000 };

  it('covers the level plus 30 days of sales, less on hand and on order', () => {
    expect(restockSuggestion({ ...line, soldLast30Days: 16_000 })).toBe(13_000);
  });

  it('rounds counted goods up to whole units, not goods sold by weight', () => {
    expect(restockSuggestion({ ...line, soldLast30Days: 16_500 })).toBe(14_000);
    expect(restockSuggestion({ ...line, unit: 'kg', soldLast30Days: 16_500 })).toBe(13_500);
  });

  it('raises the need to the reorder quantity, and suggests nothing when it is already covered', () => {
    expect(restockSuggestion({ ...line, onOrder: 0, reorderQuantity: 24_000, soldLast30Days: 0 })).toBe(24_000);
    expect(restockSuggestion({ ...line, onOrder: 20_000, reorderQuantity: 24_000, soldLast30Days: 5_000 })).toBe(0);
  });

  it('ignores net refunds (sold below zero) rather than lowering the need', () => {
    expect(restockSuggestion({ ...line, onOrder: 0, soldLast30Days: -3_000 })).toBe(1_000);
  });
});

describe('restockPace', () => {
  it('gives the daily average to 3 decimals and the cover to one decimal, rounded half up', () => {
    expect(restockPace(9_000, 16_000)).toEqual({ averageDailySales: 0.533, daysOfCover: 16.9 });
    expect(restockPace(1_300, 1_200)).toEqual({ averageDailySales: 0.04, daysOfCover: 32.5 });
  });

  it('has no cover without sales, and none left when nothing is on hand', () => {
    expect(restockPace(5_000, 0)).toEqual({ averageDailySales: 0, daysOfCover: null });
    expect(restockPace(-2_000, 3_000)).toEqual({ averageDailySales: 0.1, daysOfCover: 0 });
  });
});
