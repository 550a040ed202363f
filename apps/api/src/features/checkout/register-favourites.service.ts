import {
  addDays,
  BEST_SELLER_DAYS,
  REGISTER_FAVOURITES_MAX,
  storeDay,
  type FieldError,
  type RegisterFavourites,
} from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import { recordAudit } from '../../audit/audit.js';
import { uniqueViolation, type Executor } from '../../db/client.js';
import type { Actor } from '../../http/context.js';
import { AppError, checkVersion } from '../../http/app-error.js';
import { actedAt } from '../../lib/clock.js';
import type { ViewerScope } from '../catalog/products.service.js';
import {
  bestSellingVariantIds,
  findFavouritesRow,
  insertFavouritesRow,
  updateFavouritesRow,
  variantsOfBusiness,
} from './register-favourites.repository.js';
import { sellableRowsInOrder } from './sellables.repository.js';
import { toRegisterSellable } from './sellables.service.js';

/** The active store, what the caller may see there, and its calendar (for "the last 30 days"). */
type Scope = ViewerScope & Pick<StoreAccess, 'timeZone'>;

/**
 * The register's first screen (decision 0037): the favourites still sold, in the order pinned; with
 * none, the store's best sellers of its last BEST_SELLER_DAYS days, from the report summaries.
 * Items carry no cost price: they are kept on the till's device, which another person may use.
 */
export async function readRegisterFavourites(db: Executor, scope: Scope, now: Date): Promise<RegisterFavourites> {
  const row = await findFavouritesRow(db, scope);
  const version = row?.version ?? 0;
  const pinned = await sellableRowsInOrder(db, scope, row?.variantIds ?? []);
  if (pinned.length > 0) return { kind: 'favourites', items: present(scope, pinned), version };
  const to = storeDay(scope.timeZone, now);
  const best = await bestSellingVariantIds(db, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    from: addDays(to, -(BEST_SELLER_DAYS - 1)),
    to,
    limit: REGISTER_FAVOURITES_MAX,
  });
  return { kind: 'best-sellers', items: present(scope, await sellableRowsInOrder(db, scope, best)), version };
}

function present(scope: Scope, rows: Awaited<ReturnType<typeof sellableRowsInOrder>>) {
  return rows.map((row) => ({ ...toRegisterSellable(scope, row), costPriceMinor: null }));
}

/**
 * Pins the store's favourites (the whole list, in order) at the version read, audited with the list
 * before and after. Each id must be a variant of the business (another business's, or none, is a 400
 * naming it) that is still sold (archived: 409 PRODUCT_ARCHIVED); the ids are checked before the
 * version, so a refused id is named whatever was read. The same list again changes nothing.
 */
export async function setRegisterFavouritesIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  body: { version: number; variantIds: string[] },
  now: Date,
): Promise<RegisterFavourites> {
  const row = await findFavouritesRow(tx, scope, { forUpdate: true });
  const before = row?.variantIds ?? [];
  const variants = await variantsOfBusiness(tx, scope.businessId, [...new Set([...before, ...body.variantIds])]);
  refuseUnsellable(body.variantIds, variants);
  checkVersion('the favourites list', row?.version ?? 0, body.version);
  if (JSON.stringify(before) === JSON.stringify(body.variantIds)) return readRegisterFavourites(tx, scope, now);

  const change = { variantIds: body.variantIds, updatedAt: actedAt(actor), updatedBy: actor.accountId };
  if (row) await updateFavouritesRow(tx, scope, { ...change, version: row.version + 1 });
  else {
    try {
      await insertFavouritesRow(tx, { businessId: scope.businessId, storeId: scope.storeId, ...change });
    } catch (error) {
      // Two first pins of one store at once: the other one won.
      if (uniqueViolation(error)) checkVersion('the favourites list', 1, body.version);
      throw error;
    }
  }
  const listed = (ids: string[]) => ids.map((variantId) => ({ variantId, sku: variants.get(variantId)?.sku ?? null }));
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'store.register_favourites_changed',
    entity: 'store',
    entityId: scope.storeId,
    before: { favourites: listed(before) },
    after: { favourites: listed(body.variantIds) },
  });
  return readRegisterFavourites(tx, scope, now);
}

/** 400 for an id that is no variant of the business, then 409 for one no longer sold; each names its field. */
function refuseUnsellable(ids: string[], variants: Map<string, { name: string; archived: boolean }>) {
  const unknown: FieldError[] = [];
  const archived: FieldError[] = [];
  ids.forEach((id, i) => {
    const variant = variants.get(id);
    const field = `variantIds.${i}`;
    if (!variant) unknown.push({ field, message: 'No such item in this business' });
    else if (variant.archived) archived.push({ field, message: `${variant.name} is archived: it is no longer sold` });
  });
  if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', 'Some items were not found', { errors: unknown });
  if (archived.length > 0)
    throw new AppError('PRODUCT_ARCHIVED', archived.map((e) => e.message).join('; '), { errors: archived });
}
