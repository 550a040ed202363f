import type { SaleException, SaleExceptionDetails, SaleExceptionKind } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { actedAt } from '../../lib/clock.js';
import { accountNames, iso, isoOrNull, who } from '../../lib/records.js';
import {
  findSaleException,
  listSaleExceptionRows,
  markSaleExceptionResolved,
  type SaleExceptionJoinedRow,
  type SaleExceptionState,
} from './sale-exceptions.repository.js';

/**
 * Sale exceptions of the active store (what an offline sale was accepted with: stock below zero, an
 * old price, an item archived since): the manager's list and marking one resolved. They are written
 * by the sale itself (offline-sale.ts).
 */

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;

function toSaleException(row: SaleExceptionJoinedRow, names: Map<string, string>): SaleException {
  const e = row.exception;
  return {
    id: e.id,
    kind: e.kind as SaleExceptionKind,
    sale: {
      id: e.saleId,
      number: row.saleNumber,
      offlineReference: row.offlineReference,
      completedAt: iso(row.completedAt),
      recordedAt: isoOrNull(row.recordedAt),
      cashier: who(row.cashierAccountId, names),
    },
    variantId: e.variantId,
    name: row.name,
    sku: row.sku,
    details: e.details as SaleExceptionDetails,
    createdAt: iso(e.createdAt),
    resolvedAt: isoOrNull(e.resolvedAt),
    resolvedBy: who(e.resolvedBy, names),
    resolutionNote: e.resolutionNote,
  };
}

/** GET /sale-exceptions: the store's exceptions in a state (open by default), of one kind if asked, newest first. */
export async function listSaleExceptions(
  db: Executor,
  scope: Scope,
  query: { state: SaleExceptionState; kind?: SaleExceptionKind | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await listSaleExceptionRows(db, scope, query, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const names = await accountNames(
    db,
    rows.flatMap((r) => [r.exception.resolvedBy, r.cashierAccountId]),
  );
  return { items: rows.map((r) => toSaleException(r, names)), total, page: query.page, pageSize: query.pageSize };
}

/**
 * POST /sale-exceptions/:id/resolve: marks it looked into, with an audit event; another store's or
 * business's is a 404; one resolved already is answered as it is (no second event).
 */
export async function resolveSaleException(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  body: { note?: string | undefined },
): Promise<SaleException> {
  return deps.database.db.transaction(async (tx) => {
    const found = await findSaleException(tx, scope, id);
    if (!found) throw notFound('The sale exception');
    const note = body.note ? body.note : null;
    if (await markSaleExceptionResolved(tx, scope, id, { accountId: actor.accountId, at: actedAt(actor), note }))
      await recordAudit(tx, actor, {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'sale_exception.resolved',
        entity: 'sale_exception',
        entityId: id,
        before: { resolvedAt: null },
        after: { saleId: found.exception.saleId, kind: found.exception.kind, note },
      });
    const row = (await findSaleException(tx, scope, id))!;
    return toSaleException(row, await accountNames(tx, [row.exception.resolvedBy, row.cashierAccountId]));
  });
}
