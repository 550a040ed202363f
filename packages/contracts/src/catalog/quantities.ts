import { z } from 'zod';

/**
 * Money and quantities as they travel (ARCHITECTURE.md section 4).
 *
 * Money is an integer of minor units (kobo, cents): never a float. Quantities carry up to 3 decimals
 * (goods sold by weight or length); code does arithmetic on them in integer thousandths.
 */

/** The largest amount we accept: below 2^53, so JSON numbers stay exact. */
export const MAX_MONEY_MINOR = 999_999_999_999_99;

export const moneyMinorSchema = z
  .number({ error: 'Enter an amount' })
  .int('Amounts are whole minor units (kobo, cents)')
  .min(0, 'An amount cannot be negative')
  .max(MAX_MONEY_MINOR, 'The amount is too large');

/** The largest quantity a numeric(14,3) column holds, with room to add. */
export const MAX_QUANTITY = 9_999_999_999;

/**
 * True when `value` has at most 3 decimals (tolerating binary floating-point noise). A value other
 * than zero that is zero in thousandths (1e-10) has more: passed as a positive quantity, it would
 * be stored as 0.
 */
export function hasAtMost3Decimals(value: number): boolean {
  const thousandths = value * 1000;
  const whole = Math.round(thousandths);
  return Math.abs(thousandths - whole) < 1e-6 && (whole !== 0 || value === 0);
}

/** A quantity as JSON: a number with at most 3 decimals. Signed; narrow it with `.min()` where needed. */
export const quantitySchema = z
  .number({ error: 'Enter a quantity' })
  .finite()
  .min(-MAX_QUANTITY, 'The quantity is too large')
  .max(MAX_QUANTITY, 'The quantity is too large')
  .refine(hasAtMost3Decimals, 'Use at most 3 decimals');

export const nonNegativeQuantitySchema = quantitySchema.refine((q) => q >= 0, 'A quantity cannot be negative');
export const positiveQuantitySchema = quantitySchema.refine((q) => q > 0, 'Enter a quantity above zero');

/** A quantity in integer thousandths (1.25 kg → 1250), the form code computes with. */
export const toThousandths = (quantity: number): number => Math.round(quantity * 1000);
export const fromThousandths = (thousandths: number): number => thousandths / 1000;

/** A numeric(14,3) column's text ('1.250', '-3', 1.25 from PGlite) as integer thousandths, exactly. */
export function parseThousandths(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(3) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,3})\d*)?$/.exec(text);
  if (!match) throw new Error(`Not a quantity: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const magnitude = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/** Integer thousandths as the text a numeric(14,3) column takes: 1250 → '1.250'. */
export function thousandthsToNumeric(thousandths: number): string {
  const sign = thousandths < 0 ? '-' : '';
  const magnitude = Math.abs(thousandths);
  return `${sign}${Math.floor(magnitude / 1000)}.${String(magnitude % 1000).padStart(3, '0')}`;
}

/**
 * Value of a quantity at a unit price, rounded half away from zero to the minor unit:
 * 1.255 kg at 1000/kg → 1255.
 */
export function lineValueMinor(thousandths: number, unitPriceMinor: number): number {
  const exact = BigInt(thousandths) * BigInt(unitPriceMinor);
  const magnitude = ((exact < 0n ? -exact : exact) + 500n) / 1000n;
  return Number(exact < 0n ? -magnitude : magnitude);
}
