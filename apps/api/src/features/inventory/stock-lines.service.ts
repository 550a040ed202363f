import { toThousandths, unitAllowsFractions, type FieldError } from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { findVariants, type StockVariantRow } from './stock-variants.repository.js';

export interface LineInput {
  variantId: string;
  /** The line's quantity as sent (a JSON number with ≤ 3 decimals). */
  quantity: number;
}

export interface ResolvedLine {
  variant: StockVariantRow;
  thousandths: number;
  index: number;
}

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
  const invalid: FieldError[] = [];
  const archived: FieldError[] = [];
  const untracked: FieldError[] = [];
  const resolved: ResolvedLine[] = [];
  lines.forEach((line, index) => {
    const variant = variants.get(line.variantId);
    if (!variant) {
      invalid.push({ field: `lines.${index}.variantId`, message: 'No such product in this business' });
      return;
    }
    const thousandths = toThousandths(line.quantity);
    if (!unitAllowsFractions(variant.unit) && thousandths % 1000 !== 0)
      invalid.push({
        field: `lines.${index}.${quantityField}`,
        message: `${variant.productName} is counted in whole units (${variant.unit})`,
      });
    if (variant.isArchived)
      archived.push({ field: `lines.${index}.variantId`, message: `${variant.productName} is archived` });
    else if (!variant.isTracked)
      untracked.push({ field: `lines.${index}.variantId`, message: `${variant.productName} does not track stock` });
    resolved.push({ variant, thousandths, index });
  });
  if (invalid.length > 0) throw new AppError('VALIDATION_FAILED', 'Some lines are not valid', { errors: invalid });
  if (archived.length > 0)
    throw new AppError(
      'PRODUCT_ARCHIVED',
      archived.length === 1 ? archived[0]!.message : `${archived.length} products are archived`,
      { errors: archived },
    );
  if (untracked.length > 0)
    throw new AppError(
      'PRODUCT_NOT_TRACKED',
      untracked.length === 1 ? untracked[0]!.message : `${untracked.length} products do not track stock`,
      { errors: untracked },
    );
  return resolved;
}
