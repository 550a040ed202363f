import { hasAtMost3Decimals, MAX_QUANTITY, unitAllowsFractions, type ProductUnit } from '@ipos/contracts';

export type QuantityInput = { ok: true; value: number } | { ok: false; message: string };

/**
 * A quantity as a person types it ("5", "1.25") for goods of `unit`: counted goods (each, pack) take
 * whole numbers, weights and lengths up to 3 decimals (the contract's rule). Not signed.
 */
export function parseQuantityInput(text: string, unit: ProductUnit): QuantityInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter a quantity' };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, message: 'Enter a number such as 5 or 1.25' };
  const value = Number(trimmed);
  if (!unitAllowsFractions(unit) && !Number.isInteger(value))
    return { ok: false, message: 'Whole units only for goods sold by the piece' };
  if (!hasAtMost3Decimals(value)) return { ok: false, message: 'Use at most 3 decimals' };
  if (value > MAX_QUANTITY) return { ok: false, message: 'The quantity is too large' };
  return { ok: true, value };
}

/** Exact sums of quantities (through integer thousandths, never adding floats). */
export const addQuantities = (a: number, b: number) => (Math.round(a * 1000) + Math.round(b * 1000)) / 1000;
