import type { CurrencyCode } from '@ipos/contracts';

/**
 * The notes a till is handed, in major units, per currency: the quick-cash buttons offer what a
 * customer is likely to give. Naira from ₦500 up (smaller notes are change, not payment).
 */
export const cashNotes: Record<CurrencyCode, readonly number[]> = {
  NGN: [500, 1_000, 2_000, 5_000, 10_000, 20_000],
  KSD: [50, 100, 200, 500, 1_000],
  TZS: [1_000, 2_000, 5_000, 10_000],
  USD: [1, 5, 10, 20, 50, 100],
  GBP: [5, 10, 20, 50],
  EUR: [5, 10, 20, 50, 100],
};

/**
 * Quick-cash amounts for what is due, in minor units: the exact amount, then the round sums of one
 * note value just above it (₦3,300 due → ₦3,500, ₦4,000, ₦5,000, ₦10,000, ₦20,000 — a ₦4,000 is
 * four ₦1,000 notes), smallest first, at most `limit` in all.
 */
export function quickCashAmounts(dueMinor: number, currency: CurrencyCode, minorDigits: number, limit = 6): number[] {
  if (dueMinor <= 0) return [];
  const scale = 10 ** minorDigits;
  const above = new Set<number>();
  for (const note of cashNotes[currency]) {
    const noteMinor = note * scale;
    const sum = Math.ceil(dueMinor / noteMinor) * noteMinor;
    if (sum > dueMinor) above.add(sum);
  }
  return [dueMinor, ...[...above].sort((a, b) => a - b)].slice(0, limit);
}
