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
    if (!variant) {
      failures.push({ index, reason: 'unknown', variant });
      return;
    }
    const thousandths = toThousandths(line.quantity);
    const fail = (reason: LineFault) => failures.push({ index, reason, variant });
    if (variant.isArchived) fail('archived');
    if (!unitAllowsFractions(variant.unit) && thousandths % 1000 !== 0) fail('fractional');
    if (options.mustTrack && !variant.isTracked) fail('untracked');
    lines.push({ index, variant, thousandths });
  });
  return { lines, failures };
}

/**
 * The field error of a failure: `<prefix>.N.variantId` for the variant's faults, `<prefix>.N.<quantityField>`
 * for a fraction, which says how the product is handled ("sold", "counted") in whole units.
 */
export function lineFailureError(
  failure: LineFailure<CheckableVariant>,
  wording: { wholeUnitsVerb: string; quantityField?: string; prefix?: string },
): FieldError {
  const { index, reason, variant } = failure;
  const prefix = `${wording.prefix ?? 'lines'}.${index}`;
  const field = `${prefix}.variantId`;
  if (reason === 'unknown' || !variant) return { field, message: 'No such product in this business' };
  switch (reason) {
    case 'archived':
      return { field, message: `${variant.productName} is archived` };
    case 'untracked':
      return { field, message: `${variant.productName} does not track stock` };
    case 'fractional':
      return {
        field: `${prefix}.${wording.quantityField ?? 'quantity'}`,
        message: `${variant.productName} is ${wording.wholeUnitsVerb} in whole units (${variant.unit})`,
      };
  }
}
