import { parseThousandths, thousandthsToNumeric, type StockTransfer, type StockTransferStatus } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, notFound, checkVersion } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { nextDocumentNumber } from '../../lib/document-numbers.js';
import { newId } from '../../lib/ids.js';
import { moveStock } from './stock-ledger.js';
import { resolveLines } from './stock-lines.service.js';
import { iso, isoOrNull, who, accountNames } from '../../lib/records.js';
import {
  findTransfer,
  insertTransfer,
  listTransferRows,
  lockTransfer,
  transferLineRows,
  updateTransfer,
  type StockTransferRow,
} from './stock-transfers.repository.js';
import { variantDisplayName } from './stock-variants.repository.js';
import { findStore, type StoreRow } from '../../tenancy/stores.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;

const WHAT = 'The stock transfer';

async function present(db: Executor, businessId: string, rows: StockTransferRow[]): Promise<StockTransfer[]> {
  if (rows.length === 0) return [];
  const storeIds = [...new Set(rows.flatMap((r) => [r.fromStoreId, r.toStoreId]))];
  const [lines, names, ...storeRows] = await Promise.all([
    transferLineRows(
      db,
      businessId,
      rows.map((r) => r.id),
    ),
    accountNames(
      db,
      rows.flatMap((r) => [r.sentBy, r.receivedBy]),
    ),
    ...storeIds.map((id) => findStore(db, businessId, id)),
  ]);
  const storesById = new Map(storeRows.filter((s): s is StoreRow => Boolean(s)).map((s) => [s.id, s]));
  const storeOf = (id: string) => {
    const s = storesById.get(id);
    return { id, name: s?.name ?? 'Unknown store', alias: s?.alias ?? '' };
  };
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    fromStore: storeOf(r.fromStoreId),
    toStore: storeOf(r.toStoreId),
    status: r.status as StockTransferStatus,
    note: r.note,
    sentAt: iso(r.sentAt),
    sentBy: who(r.sentBy, names),
    receivedAt: isoOrNull(r.receivedAt),
    receivedBy: who(r.receivedBy, names),
    lines: lines
      .filter((l) => l.transferId === r.id)
      .map((l) => ({
        productId: l.productId,
        variantId: l.variantId,
        name: variantDisplayName(l),
        sku: l.sku,
        quantity: parseThousandths(l.quantity) / 1000,
      })),
    version: r.version,
  }));
}

async function load(db: Executor, scope: Scope, id: string) {
  const row = await findTransfer(db, scope.businessId, scope.storeId, id);
  return row ? (await present(db, scope.businessId, [row]))[0] : undefined;
}

export async function getStockTransfer(deps: AppDeps, scope: Scope, id: string): Promise<StockTransfer> {
  const transfer = await load(deps.database.db, scope, id);
  if (!transfer) throw notFound(WHAT);
  return transfer;
}

export async function listStockTransfers(
  deps: AppDeps,
  scope: Scope,
  query: {
    page: number;
    pageSize: number;
    direction: 'outgoing' | 'incoming' | 'all';
    status?: StockTransferStatus | undefined;
  },
) {
  const db = deps.database.db;
  const { rows, total } = await listTransferRows(
    db,
    scope.businessId,
    scope.storeId,
    { direction: query.direction, status: query.status },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return { items: await present(db, scope.businessId, rows), total, page: query.page, pageSize: query.pageSize };
}

type TransferBody = { toStoreId: string; note?: string | undefined; lines: { variantId: string; quantity: number }[] };

/**
 * Sends stock from the active store: each line leaves now as a `transfer_out` (guarded: never below
 * zero unless the store allows it) and the transfer is in transit until the other store receives it.
 */
export async function createStockTransfer(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  body: TransferBody,
): Promise<StockTransfer> {
  const id = await deps.database.db.transaction((tx) => createStockTransferIn(tx, actor, scope, body, deps.now()));
  return (await load(deps.database.db, scope, id))!;
}

/** The transfer's sending inside the caller's transaction (the demo seed sends its own), sent at `now`; its id. */
export async function createStockTransferIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  body: TransferBody,
  now: Date,
): Promise<string> {
  const toStoreId = body.toStoreId.toLowerCase();
  if (toStoreId === scope.storeId)
    throw new AppError('VALIDATION_FAILED', 'A transfer goes to another store', {
      errors: [{ field: 'toStoreId', message: 'Choose a store other than this one' }],
    });
  const toStore = await findStore(tx, scope.businessId, toStoreId);
  if (!toStore)
    throw new AppError('VALIDATION_FAILED', 'The destination store was not found', {
      errors: [{ field: 'toStoreId', message: 'Choose a store of this business' }],
    });
  const lines = await resolveLines(tx, scope.businessId, body.lines, 'quantity');
  const id = newId();
  const note = body.note ? body.note : null;
  await moveStock(
    tx,
    actor,
    scope,
    lines.map((l) => ({
      productId: l.variant.productId,
      variantId: l.variant.variantId,
      deltaThousandths: -l.thousandths,
      reason: 'transfer_out' as const,
      isTracked: l.variant.isTracked,
      refType: 'stock_transfer' as const,
      refId: id,
      note,
    })),
    { fieldOf: (_input, index) => `lines.${index}.quantity` },
  );
  const number = await nextDocumentNumber(tx, scope, 'stock_transfer');
  await insertTransfer(
    tx,
    {
      businessId: scope.businessId,
      id,
      number,
      fromStoreId: scope.storeId,
      toStoreId: toStore.id,
      note,
      sentBy: actor.accountId,
      sentAt: now,
    },
    lines.map((l) => ({
      variantId: l.variant.variantId,
      productId: l.variant.productId,
      quantity: thousandthsToNumeric(l.thousandths),
    })),
  );
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'stock_transfer.sent',
    entity: 'stock_transfer',
    entityId: id,
    after: {
      number,
      toStoreId: toStore.id,
      note,
      lines: lines.map((l) => ({ variantId: l.variant.variantId, quantity: l.thousandths / 1000 })),
    },
  });
  return id;
}

/**
 * Locks a transfer for receiving or cancelling. A store that is neither end gets a 404; the wrong end
 * gets a 403 (it can see the transfer, so pretending it does not exist would be a lie); a transfer
 * no longer in transit is a 409 TRANSFER_NOT_IN_TRANSIT (checked before the version: it says more).
 */
async function lockInTransit(tx: Executor, scope: Scope, id: string, version: number, end: 'from' | 'to') {
  const row = await lockTransfer(tx, scope.businessId, scope.storeId, id);
  if (!row) throw notFound(WHAT);
  const storeOfEnd = end === 'to' ? row.toStoreId : row.fromStoreId;
  if (storeOfEnd !== scope.storeId)
    throw new AppError(
      'FORBIDDEN',
      end === 'to'
        ? `Only the receiving store can receive transfer ${row.number}`
        : `Only the sending store can cancel transfer ${row.number}`,
    );
  if (row.status !== 'in_transit')
    throw new AppError('TRANSFER_NOT_IN_TRANSIT', `Transfer ${row.number} is already ${row.status.replace('_', ' ')}`);
  checkVersion('this transfer', row.version, version);
  return row;
}

async function linesToMove(tx: Executor, row: StockTransferRow, note: string | null) {
  const lines = await transferLineRows(tx, row.businessId, [row.id]);
  return lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    deltaThousandths: parseThousandths(l.quantity),
    reason: 'transfer_in' as const,
    isTracked: l.isTracked,
    refType: 'stock_transfer' as const,
    refId: row.id,
    note,
  }));
}

/** Receives an in-transit transfer into the active store, its destination: `transfer_in` movements. */
export async function receiveStockTransfer(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  version: number,
): Promise<StockTransfer> {
  await deps.database.db.transaction((tx) => receiveStockTransferIn(tx, actor, scope, id, version, deps.now()));
  return (await load(deps.database.db, scope, id))!;
}

/** The receiving inside the caller's transaction (the demo seed receives its own), received at `now`. */
export async function receiveStockTransferIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  version: number,
  now: Date,
): Promise<void> {
  const row = await lockInTransit(tx, scope, id, version, 'to');
  await moveStock(tx, actor, scope, await linesToMove(tx, row, row.note));
  await updateTransfer(tx, scope.businessId, id, {
    status: 'received',
    receivedBy: actor.accountId,
    receivedAt: now,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'stock_transfer.received',
    entity: 'stock_transfer',
    entityId: id,
    before: { status: 'in_transit' },
    after: { status: 'received', number: row.number },
  });
}

/** Cancels an in-transit transfer from the sending store: the stock comes back as `transfer_in`. */
export async function cancelStockTransfer(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  version: number,
): Promise<StockTransfer> {
  await deps.database.db.transaction(async (tx) => {
    const row = await lockInTransit(tx, scope, id, version, 'from');
    await moveStock(tx, actor, scope, await linesToMove(tx, row, `Transfer ${row.number} cancelled`));
    await updateTransfer(tx, scope.businessId, id, { status: 'cancelled' });
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'stock_transfer.cancelled',
      entity: 'stock_transfer',
      entityId: id,
      before: { status: 'in_transit' },
      after: { status: 'cancelled', number: row.number },
    });
  });
  return (await load(deps.database.db, scope, id))!;
}
