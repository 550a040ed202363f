import type { FieldError } from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { checkLines, lineFailureError, type CheckedLine, type LineFault } from './line-checks.js';
import { findVariants, type StockVariantRow } from './stock-variants.repository.js';

export interface LineInput {
  variantId: string;
  /** The line's quantity as sent (a JSON number with ≤ 3 decimals). */
  quantity: number;
}

export type ResolvedLine = CheckedLine<StockVariantRow>;

/**
 * Checks the lines of a stock document against the catalogue, in this order, reporting every line at
 * fault: an unknown variant (another business's too) or a fraction of a whole unit → 400 naming
 * `lines.N.variantId` / `lines.N.<quantityField>`; an archived product → 409 PRODUCT_ARCHIVED; a product
 * whose stock is not tracked → 409 PRODUCT_NOT_TRACKED.
 */
export async function resolveLines(
  tx: Executor,
  businessId: string,
  lines: LineInput[],
  quantityField: string,
): Promise<ResolvedLine[]> {
  const variants = await findVariants(
    tx,
    businessId,
    lines.map((l) => l.variantId),
  );
  const checked = checkLines(lines, variants, { mustTrack: true });
  const errorsOf = (...reasons: LineFault[]): FieldError[] =>
    checked.failures
      .filter((f) => reasons.includes(f.reason))
      .map((f) => lineFailureError(f, { wholeUnitsVerb: 'counted', quantityField }));
  const invalid = errorsOf('unknown', 'fractional');
  if (invalid.length > 0) throw new AppError('VALIDATION_FAILED', 'Some lines are not valid', { errors: invalid });
  const archived = errorsOf('archived');
  if (archived.length > 0)
    throw new AppError(
      'PRODUCT_ARCHIVED',
      archived.length === 1 ? archived[0]!.message : `${archived.length} products are archived`,
      { errors: archived },
    );
  // Reached only when no line is archived: each line is refused for one reason.
  const untracked = errorsOf('untracked');
  if (untracked.length > 0)
    throw new AppError(
      'PRODUCT_NOT_TRACKED',
      untracked.length === 1 ? untracked[0]!.message : `${untracked.length} products do not track stock`,
      { errors: untracked },
    );
  return checked.lines;
}
