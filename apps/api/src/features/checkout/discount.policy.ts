import type { Discount, FieldError } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import { AppError } from '../../http/app-error.js';

const hasValue = (d: Discount | null | undefined) => Boolean(d && d.value > 0);

/**
 * Discounts are a permission of the role in the store (checkout.discount): a cart that gives one —
 * on a line or on the whole cart, completed as a sale or put aside as a held cart — without it is a
 * 403 naming every discounted field. `at` prefixes the fields (`cart.` for a held cart).
 */
export function assertMayDiscount(
  scope: Pick<StoreAccess, 'permissions' | 'roleName'>,
  cart: { lines: { discount?: Discount | undefined }[]; cartDiscount?: Discount | undefined },
  at = '',
) {
  if (scope.permissions.includes('checkout.discount')) return;
  const discounted: FieldError[] = cart.lines.flatMap((l, i) =>
    hasValue(l.discount) ? [{ field: `${at}lines.${i}.discount`, message: 'Your role cannot give discounts' }] : [],
  );
  if (hasValue(cart.cartDiscount))
    discounted.push({ field: `${at}cartDiscount`, message: 'Your role cannot give discounts' });
  if (discounted.length > 0)
    throw new AppError('FORBIDDEN', `Your role (${scope.roleName}) does not allow discounts (checkout.discount)`, {
      errors: discounted,
    });
}
