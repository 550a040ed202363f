import type { FieldError, HeldCart, HeldSale } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { invalidFields, notFound } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { iso, accountNames } from '../../lib/records.js';
import { findVariants } from '../inventory/stock-variants.repository.js';
import { checkLines, lineFailureError } from '../inventory/line-checks.js';
import { findContact } from '../contacts/contacts.repository.js';
import { contactFieldError } from '../contacts/contacts.service.js';
import { assertMayDiscount } from './discount.policy.js';
import { insertHeldSale, listHeldSaleRows, takeHeldSale, type HeldSaleRow } from './held-sales.repository.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;
type HoldScope = Scope & Pick<StoreAccess, 'permissions' | 'roleName'>;

const WHAT = 'The held sale';
const NOT_ON_SALE = 'No such product on sale in this business';

function present(row: HeldSaleRow, names: Map<string, string>): HeldSale {
  return {
    id: row.id,
    label: row.label,
    heldBy: { id: row.heldBy, name: names.get(row.heldBy) ?? 'Former staff' },
    createdAt: iso(row.createdAt),
    lineCount: row.cart.lines.length,
    cart: row.cart,
  };
}

export async function listHeldSales(deps: AppDeps, scope: Scope): Promise<{ items: HeldSale[] }> {
  const rows = await listHeldSaleRows(deps.database.db, scope);
  const names = await accountNames(
    deps.database.db,
    rows.map((r) => r.heldBy),
  );
  return { items: rows.map((r) => present(r, names)) };
}

/**
 * Puts a cart aside. Every id in it is checked against the business now, as a sale would check it:
 * its lines name sellable variants of this business, its customer a customer contact of it; and its
 * discounts need checkout.discount, as completing it would. It is priced again on resume.
 */
export async function holdSale(
  deps: AppDeps,
  actor: Actor,
  scope: HoldScope,
  body: { label?: string | undefined; cart: HeldCart },
): Promise<HeldSale> {
  return deps.database.db.transaction(async (tx) => {
    const variants = await findVariants(
      tx,
      scope.businessId,
      body.cart.lines.map((l) => l.variantId),
    );
    const errors: FieldError[] = [];
    if (body.cart.customerId) {
      const customer = await findContact(tx, scope.businessId, body.cart.customerId);
      const problem = contactFieldError(customer, 'customer', 'cart.customerId');
      if (problem) errors.push(problem);
    }
    // Each line for its first fault; an archived product is simply not on sale.
    const checked = checkLines(body.cart.lines, variants, { mustTrack: false });
    for (const f of checked.failures.filter((f, i, all) => all[i - 1]?.index !== f.index))
      errors.push(lineFailureError(f, { wholeUnitsVerb: 'sold', prefix: 'cart.lines', unavailable: NOT_ON_SALE }));
    if (errors.length > 0) throw invalidFields(errors);
    assertMayDiscount(scope, body.cart, 'cart.');
    const row = await insertHeldSale(tx, {
      businessId: scope.businessId,
      id: newId(),
      storeId: scope.storeId,
      heldBy: actor.accountId!,
      label: body.label || null,
      cart: body.cart,
    });
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'held_sale.held',
      entity: 'held_sale',
      entityId: row.id,
      after: { label: row.label, lines: body.cart.lines.length },
    });
    return present(row, await accountNames(tx, [row.heldBy]));
  });
}

/** Takes a held cart off the list, for this till (resume) or for good (discard). */
export async function takeHeldCart(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  action: 'resumed' | 'discarded',
): Promise<HeldSale> {
  return deps.database.db.transaction(async (tx) => {
    const row = await takeHeldSale(tx, scope, id);
    if (!row) throw notFound(WHAT);
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: `held_sale.${action}`,
      entity: 'held_sale',
      entityId: id,
      before: { label: row.label, lines: row.cart.lines.length, heldBy: row.heldBy },
    });
    return present(row, await accountNames(tx, [row.heldBy]));
  });
}
