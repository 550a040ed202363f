import {
  parseThousandths,
  type MovementDocumentKind,
  type MovementReason,
  type MovementRefType,
  type StockMovement,
} from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import { findStore } from '../../tenancy/stores.js';
import { iso } from '../../lib/records.js';
import { listMovementRows } from './stock-movements.repository.js';
import { productExists, variantLabel } from './stock-variants.repository.js';

/**
 * The page a movement's document opens on: a refund opens its sale; receipts and vendor returns
 * already point at their purchase order. A product import has no page of its own.
 */
export function documentOf(
  refType: MovementRefType | null,
  refId: string | null,
  refundSaleId: string | null,
): Pick<StockMovement, 'documentKind' | 'documentId'> {
  if (refType === 'refund') {
    return refundSaleId ? { documentKind: 'sale', documentId: refundSaleId } : { documentKind: null, documentId: null };
  }
  if (!refType || !refId || refType === 'product_import') return { documentKind: null, documentId: null };
  return { documentKind: refType satisfies MovementDocumentKind, documentId: refId };
}

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
  const items: StockMovement[] = rows.map((r) => {
    const refType = r.refType as MovementRefType | null;
    return {
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
      refType,
      refId: r.refId,
      refNumber: r.refNumber,
      ...documentOf(refType, r.refId, r.refundSaleId),
      note: r.note,
      actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? 'Unknown' },
    };
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}
