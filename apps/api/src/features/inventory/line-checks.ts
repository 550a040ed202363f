import { toThousandths, unitAllowsFractions, type FieldError, type ProductUnit } from '@ipos/contracts';

/** What a line check needs to know about a catalogue variant. */
export interface CheckableVariant {
  productName: string;
  unit: ProductUnit;
  isArchived: boolean;
  isTracked: boolean;
}

/**
 * Why a line cannot be taken: no such variant in the business (another business's included), its
 * product archived, its stock not tracked (only when the caller asks for tracked goods), or a fraction
 * of a product counted in whole units.
 */
export type LineFault = 'unknown' | 'archived' | 'untracked' | 'fractional';

export interface LineFailure<V> {
  index: number;
  reason: LineFault;
  /** Undefined exactly when the reason is `unknown`. */
  variant: V | undefined;
}

export interface CheckedLine<V> {
  index: number;
  variant: V;
  thousandths: number;
}

export interface LineCheckResult<V> {
  /** The lines whose variant was found, in input order; all of them when there is no failure. */
  lines: CheckedLine<V>[];
  /**
   * Every fault, line by line; within a line `unknown` stands alone, else `archived`, `fractional`,
   * `untracked` in that order. The caller decides which of them it refuses and how.
   */
  failures: LineFailure<V>[];
}

/**
 * Checks document lines against the variants loaded for them (by id; absent means not of this
 * business). Answers no HTTP: each caller maps the failures to its own refusal.
 */
export function checkLines<V extends CheckableVariant>(
  input: readonly { variantId: string; quantity: number }[],
  variants: ReadonlyMap<string, V>,
  options: { mustTrack: boolean },
): LineCheckResult<V> {
  const lines: CheckedLine<V>[] = [];
  const failures: LineFailure<V>[] = [];
  input.forEach((line, index) => {
    const variant = variants.get(line.variantId);
    const thousandths = toThousandths(line.quantity);
    for (const reason of lineFaults(variant, thousandths, options)) failures.push({ index, reason, variant });
    if (variant) lines.push({ index, variant, thousandths });
  });
  return { lines, failures };
}

/**
 * The faults of one line (for documents checked a line at a time), in the order `checkLines` reports
 * them: `unknown` alone, else `archived`, `fractional`, `untracked`. A line without a quantity passes 0.
 */
export function lineFaults(
  variant: CheckableVariant | undefined,
  thousandths: number,
  options: { mustTrack: boolean },
): LineFault[] {
  if (!variant) return ['unknown'];
  const faults: LineFault[] = [];
  if (variant.isArchived) faults.push('archived');
  if (!unitAllowsFractions(variant.unit) && thousandths % 1000 !== 0) faults.push('fractional');
  if (options.mustTrack && !variant.isTracked) faults.push('untracked');
  return faults;
}

/**
 * The field error of a failure: `<prefix>.N.variantId` for the variant's faults, `<prefix>.N.<quantityField>`
 * for a fraction, which says how the product is handled ("sold", "counted") in whole units. A document of
 * one line names its own `fields` instead; `unavailable`, when given, words an unknown and an archived
 * variant alike (a cart does not say which).
 */
export function lineFailureError(
  failure: LineFailure<CheckableVariant>,
  wording: {
    wholeUnitsVerb: string;
    quantityField?: string;
    prefix?: string;
    fields?: { variant: string; quantity: string };
    unavailable?: string;
  },
): FieldError {
  const { index, reason, variant } = failure;
  const prefix = `${wording.prefix ?? 'lines'}.${index}`;
  const field = wording.fields?.variant ?? `${prefix}.variantId`;
  if (wording.unavailable && (reason === 'unknown' || reason === 'archived'))
    return { field, message: wording.unavailable };
  if (reason === 'unknown' || !variant) return { field, message: 'No such product in this business' };
  switch (reason) {
    case 'archived':
      return { field, message: `${variant.productName} is archived` };
    case 'untracked':
      return { field, message: `${variant.productName} does not track stock` };
    case 'fractional':
      return {
        field: wording.fields?.quantity ?? `${prefix}.${wording.quantityField ?? 'quantity'}`,
        message: `${variant.productName} is ${wording.wholeUnitsVerb} in whole units (${variant.unit})`,
      };
  }
}
