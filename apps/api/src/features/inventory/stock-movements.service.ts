import { parseThousandths, type MovementReason, type MovementRefType, type StockMovement } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import { findStore } from '../businesses/businesses.repository.js';
import { iso } from './stock-lines.service.js';
import { listMovementRows } from './stock-movements.repository.js';
import { productExists, variantLabel } from './stock-variants.repository.js';

/**
 * A product's movements in every store of the business (or one), newest first. Another business's
 * product or store is a 404, as for every id a request names.
 */
export async function listProductMovements(
  deps: AppDeps,
  scope: Pick<StoreAccess, 'businessId'>,
  productId: string,
  query: { page: number; pageSize: number; storeId?: string | undefined; variantId?: string | undefined },
) {
  const db = deps.database.db;
  if (!(await productExists(db, scope.businessId, productId))) throw notFound('The product');
  if (query.storeId && !(await findStore(db, scope.businessId, query.storeId))) throw notFound('The store');
  const { rows, total } = await listMovementRows(
    db,
    { businessId: scope.businessId, productId, storeId: query.storeId, variantId: query.variantId },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const items: StockMovement[] = rows.map((r) => ({
    id: r.id,
    occurredAt: iso(r.occurredAt),
    storeId: r.storeId,
    storeName: r.storeName,
    productId: r.productId,
    variantId: r.variantId,
    variantLabel: variantLabel(r.optionValues),
    sku: r.sku,
    delta: parseThousandths(r.delta) / 1000,
    onHandAfter: parseThousandths(r.onHandAfter) / 1000,
    reason: r.reason as MovementReason,
    refType: r.refType as MovementRefType | null,
    refId: r.refId,
    refNumber: r.refNumber,
    note: r.note,
    actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? 'Unknown' },
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}
