import {
  approveWaste as approveWasteEndpoint,
  lineValueMinor,
  parseThousandths,
  recordWaste as recordWasteEndpoint,
  storeDay,
  thousandthsToNumeric,
  toThousandths,
  wasteNeedsApproval,
  type approveWasteBodySchema,
  type EntityEvent,
  type listWasteQuerySchema,
  type Permission,
  type ProductUnit,
  type recordWasteBodySchema,
  type WasteDetail,
  type WasteReason,
  type WasteStatus,
  type WasteSummary,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { costOrNull, seesCosts } from '../../auth/costs.js';
import { AppError, invalidFields, notFound } from '../../http/app-error.js';
import { withIdempotency, type IdempotentRequest, type PreparedResponse } from '../../http/idempotency.js';
import { recordAudit } from '../../audit/audit.js';
import { entityEvents } from '../../audit/entity-events.js';
import { actedAt } from '../../lib/clock.js';
import { nextDocumentNumber } from '../../lib/document-numbers.js';
import { insufficientStock, moveStock, onHandOf } from '../inventory/stock-ledger.js';
import { iso, isoOrNull, who, accountNames } from '../../lib/records.js';
import { findVariants, variantDisplayName } from '../inventory/stock-variants.repository.js';
import { lineFailureError, lineFaults } from '../inventory/line-checks.js';
import { checkImageUpload } from '../../lib/images.js';
import {
  findWaste,
  findWastePhoto,
  insertWaste,
  listWasteRows,
  lockWaste,
  markWasteDecided,
  setWasteThreshold,
  upsertWastePhoto,
  variantProduct,
  wasteIdTaken,
  wasteSettings,
  type WasteRow,
} from './waste.repository.js';
import { DEFAULT_TIME_ZONE } from '../../tenancy/stores.js';

/** The active store and what the caller may do there (the seed passes a role's permissions). */
export interface WasteScope {
  businessId: string;
  storeId: string;
  permissions: readonly Permission[];
}

export type RecordWasteBody = z.output<typeof recordWasteBodySchema>;
type ListQuery = z.output<typeof listWasteQuerySchema>;
type ApproveBody = z.output<typeof approveWasteBodySchema>;

const WHAT = 'The waste record';
const canApprove = (scope: WasteScope) => scope.permissions.includes('waste.approve');

const wasteExists = () => new AppError('WASTE_EXISTS', 'Waste with this id was already recorded; start a new record');

const notPending = (status: string) =>
  new AppError(
    'WASTE_NOT_PENDING',
    status === 'recorded'
      ? 'This waste was already approved and recorded'
      : 'This waste was already rejected; record it again if it is real',
    { wasteStatus: status },
  );

/** The movement of a record: stock out of the store as `waste`, never below what is on hand. */
async function takeStock(
  tx: Executor,
  actor: Actor,
  scope: WasteScope,
  row: Pick<WasteRow, 'id' | 'productId' | 'variantId' | 'quantity' | 'note'>,
) {
  await moveStock(
    tx,
    actor,
    scope,
    [
      {
        productId: row.productId,
        variantId: row.variantId,
        deltaThousandths: -parseThousandths(row.quantity),
        reason: 'waste',
        // Only tracked goods reach here; the guard holds whatever the store's negative-stock setting.
        isTracked: true,
        refType: 'waste',
        refId: row.id,
        note: row.note,
      },
    ],
    { allowNegative: false, fieldOf: () => 'quantity' },
  );
}

/** The variant of the body with its quantity in thousandths: 400 on `variantId` or `quantity` otherwise. */
async function checkWasteLineIn(tx: Executor, businessId: string, body: RecordWasteBody) {
  const variant = (await findVariants(tx, businessId, [body.variantId])).get(body.variantId);
  const thousandths = toThousandths(body.quantity);
  // An archived product may still be written off: only an unknown variant, then a fraction, is refused.
  const fault = lineFaults(variant, thousandths, { mustTrack: false }).find((r) => r !== 'archived');
  if (fault || !variant)
    throw invalidFields([
      lineFailureError(
        { index: 0, reason: fault ?? 'unknown', variant },
        { wholeUnitsVerb: 'counted', fields: { variant: 'variantId', quantity: 'quantity' } },
      ),
    ]);
  return { variant, thousandths };
}

/** A tracked product's stock for a new record: taken now, or only checked while the record waits for approval. */
async function takeOrHoldStockIn(
  tx: Executor,
  actor: Actor,
  scope: WasteScope,
  row: Pick<WasteRow, 'id' | 'productId' | 'variantId' | 'quantity' | 'note'>,
  thousandths: number,
  pending: boolean,
) {
  if (pending) {
    // Nothing moves yet, but waste of stock that is not there could never be approved.
    const onHand = (await onHandOf(tx, scope, [row.variantId])).get(row.variantId) ?? 0;
    if (onHand < thousandths)
      throw insufficientStock([
        { variantId: row.variantId, onHand: onHand / 1000, requested: thousandths / 1000, field: 'quantity' },
      ]);
  } else await takeStock(tx, actor, scope, row);
}

/**
 * Records waste in the active store inside the caller's transaction (the route wraps it with its
 * Idempotency-Key; the demo seed calls it directly). The variant is valued at its cost now. Someone
 * without waste.approve writing off more than the store's threshold makes it `pending` (stock is only
 * checked, not moved); otherwise a tracked product's `waste` movement is made now, never below on
 * hand (409 INSUFFICIENT_STOCK, nothing written). Then the gapless number, the row, one audit event.
 */
export async function recordWasteIn(
  tx: Executor,
  actor: Actor,
  scope: WasteScope,
  body: RecordWasteBody,
  now: Date,
): Promise<WasteDetail> {
  if (await wasteIdTaken(tx, scope.businessId, body.id)) throw wasteExists();
  const { variant, thousandths } = await checkWasteLineIn(tx, scope.businessId, body);
  const settings = await wasteSettings(tx, scope);
  if (!settings) throw notFound('The store');

  const unitCostMinor = Number(variant.costPriceMinor);
  const valueMinor = lineValueMinor(thousandths, unitCostMinor);
  const pending = wasteNeedsApproval({
    valueMinor,
    thresholdMinor: Number(settings.thresholdMinor),
    canApprove: canApprove(scope),
  });
  const note = body.note ? body.note : null;
  const row = {
    id: body.id,
    productId: variant.productId,
    variantId: variant.variantId,
    quantity: thousandthsToNumeric(thousandths),
    note,
  };

  if (variant.isTracked) await takeOrHoldStockIn(tx, actor, scope, row, thousandths, pending);
  const number = await nextDocumentNumber(tx, scope, 'waste');
  const status: WasteStatus = pending ? 'pending' : 'recorded';
  const inserted = await insertWaste(tx, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    number,
    name: variantDisplayName(variant),
    sku: variant.sku,
    reason: body.reason,
    unitCostMinor,
    valueMinor,
    status,
    recordedBy: actor.accountId!,
    recordedAt: actor.at,
    ...row,
  });
  if (!inserted) throw wasteExists();
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'waste.recorded',
    entity: 'waste',
    entityId: body.id,
    after: {
      number,
      status,
      variantId: variant.variantId,
      quantity: thousandths / 1000,
      reason: body.reason,
      note,
      unitCostMinor,
      valueMinor,
      thresholdMinor: Number(settings.thresholdMinor),
    },
  });
  return (await loadDetail(tx, actor, scope, body.id, now))!;
}

/** POST /waste: the record in one transaction with its Idempotency-Key. */
export async function recordWaste(
  deps: AppDeps,
  actor: Actor,
  scope: WasteScope,
  idempotency: IdempotentRequest,
  body: RecordWasteBody,
): Promise<PreparedResponse> {
  return deps.database.db.transaction((tx) =>
    withIdempotency(tx, scope, idempotency, recordWasteEndpoint, () =>
      recordWasteIn(tx, actor, scope, body, deps.now()),
    ),
  );
}

/**
 * Approves a pending record inside the caller's transaction: the row is locked (a second approval
 * waits, then finds it decided: 409 WASTE_NOT_PENDING), a tracked product's `waste` movement is made
 * now with on hand checked now (409 INSUFFICIENT_STOCK leaves it pending), one audit event.
 */
export async function approveWasteIn(
  tx: Executor,
  actor: Actor,
  scope: WasteScope,
  wasteId: string,
  body: ApproveBody,
  now: Date,
): Promise<WasteDetail> {
  const row = await lockWaste(tx, scope, wasteId);
  if (!row) throw notFound(WHAT);
  if (row.status !== 'pending') throw notPending(row.status);
  const product = await variantProduct(tx, scope.businessId, row.variantId);
  if (product?.isTracked) await takeStock(tx, actor, scope, row);
  const note = body.note ? body.note : null;
  await markWasteDecided(tx, scope, wasteId, {
    status: 'recorded',
    decidedBy: actor.accountId,
    decidedAt: actedAt(actor),
    decisionNote: note,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'waste.approved',
    entity: 'waste',
    entityId: wasteId,
    before: { status: 'pending' },
    after: { status: 'recorded', number: row.number, valueMinor: Number(row.valueMinor), note },
  });
  return (await loadDetail(tx, actor, scope, wasteId, now))!;
}

/** POST /waste/:id/approve, with its Idempotency-Key. */
export async function approveWaste(
  deps: AppDeps,
  actor: Actor,
  scope: WasteScope,
  idempotency: IdempotentRequest,
  wasteId: string,
  body: ApproveBody,
): Promise<PreparedResponse> {
  return deps.database.db.transaction((tx) =>
    withIdempotency(tx, scope, idempotency, approveWasteEndpoint, () =>
      approveWasteIn(tx, actor, scope, wasteId, body, deps.now()),
    ),
  );
}

/** Rejects a pending record inside the caller's transaction (reason required): it never moves stock. */
export async function rejectWasteIn(
  tx: Executor,
  actor: Actor,
  scope: WasteScope,
  wasteId: string,
  reason: string,
  now: Date,
): Promise<WasteDetail> {
  const row = await lockWaste(tx, scope, wasteId);
  if (!row) throw notFound(WHAT);
  if (row.status !== 'pending') throw notPending(row.status);
  await markWasteDecided(tx, scope, wasteId, {
    status: 'rejected',
    decidedBy: actor.accountId,
    decidedAt: actedAt(actor),
    decisionNote: reason,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'waste.rejected',
    entity: 'waste',
    entityId: wasteId,
    before: { status: 'pending' },
    after: { status: 'rejected', number: row.number, valueMinor: Number(row.valueMinor), reason },
  });
  return (await loadDetail(tx, actor, scope, wasteId, now))!;
}

export async function rejectWaste(deps: AppDeps, actor: Actor, scope: WasteScope, wasteId: string, reason: string) {
  return deps.database.db.transaction((tx) => rejectWasteIn(tx, actor, scope, wasteId, reason, deps.now()));
}

// ---------------------------------------------------------------- photo

/** Who may change the photo and when: the recorder or an approver, while pending or on the day recorded. */
function photoRefusal(
  actor: Actor,
  scope: WasteScope,
  row: Pick<WasteRow, 'recordedBy' | 'status' | 'recordedAt'>,
  timeZone: string,
  now: Date,
): 'forbidden' | 'locked' | null {
  if (actor.accountId !== row.recordedBy && !canApprove(scope)) return 'forbidden';
  if (row.status !== 'pending' && storeDay(timeZone, new Date(row.recordedAt)) !== storeDay(timeZone, now))
    return 'locked';
  return null;
}

export async function putWastePhoto(
  deps: AppDeps,
  actor: Actor,
  scope: WasteScope,
  wasteId: string,
  contentType: string,
  bytes: Buffer,
): Promise<WasteDetail> {
  const actual = checkImageUpload(contentType, bytes);
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const row = await lockWaste(tx, scope, wasteId);
    if (!row) throw notFound(WHAT);
    const settings = (await wasteSettings(tx, scope))!;
    const refusal = photoRefusal(actor, scope, row, settings.timeZone, now);
    if (refusal === 'forbidden')
      throw new AppError('FORBIDDEN', 'Only the person who recorded this waste or a manager may change its photo');
    if (refusal === 'locked')
      throw new AppError(
        'WASTE_PHOTO_LOCKED',
        'The photo of decided waste can only be changed on the day it was recorded',
      );
    await upsertWastePhoto(tx, { businessId: scope.businessId, wasteId, contentType: actual, bytes });
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: row.hasPhoto ? 'waste.photo_replaced' : 'waste.photo_added',
      entity: 'waste',
      entityId: wasteId,
      before: { hasPhoto: row.hasPhoto },
      after: { hasPhoto: true, contentType: actual, byteSize: bytes.length },
    });
    return (await loadDetail(tx, actor, scope, wasteId, now))!;
  });
}

export async function getWastePhoto(db: Executor, scope: WasteScope, wasteId: string) {
  if (!(await findWaste(db, scope, wasteId))) throw notFound(WHAT);
  const photo = await findWastePhoto(db, scope.businessId, wasteId);
  if (!photo) throw notFound('The photo');
  return photo;
}

// ---------------------------------------------------------------- reading

export async function getWaste(deps: AppDeps, actor: Actor, scope: WasteScope, wasteId: string): Promise<WasteDetail> {
  const detail = await loadDetail(deps.database.db, actor, scope, wasteId, deps.now());
  if (!detail) throw notFound(WHAT);
  return detail;
}

export async function listWasteEvents(
  db: Executor,
  scope: WasteScope,
  wasteId: string,
): Promise<{ items: EntityEvent[] }> {
  if (!(await findWaste(db, scope, wasteId))) throw notFound(WHAT);
  const events = await entityEvents(db, scope.businessId, 'waste', wasteId);
  if (seesCosts(scope)) return events;
  return { items: events.items.map((e) => ({ ...e, before: withoutCosts(e.before), after: withoutCosts(e.after) })) };
}

/** An audit event's fields without the values at cost, for a role that does not see costs. */
function withoutCosts(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!fields) return fields;
  const { unitCostMinor: _cost, valueMinor: _value, ...rest } = fields;
  return rest;
}

async function loadDetail(
  db: Executor,
  actor: Actor,
  scope: WasteScope,
  wasteId: string,
  now: Date,
): Promise<WasteDetail | undefined> {
  const row = await findWaste(db, scope, wasteId);
  if (!row) return undefined;
  const [names, onHand, settings] = await Promise.all([
    accountNames(db, [row.recordedBy, row.decidedBy]),
    onHandOf(db, scope, [row.variantId]),
    wasteSettings(db, scope),
  ]);
  return {
    ...summaryOf(
      scope,
      {
        ...row,
        recordedAt: iso(row.recordedAt),
        unitCostMinor: Number(row.unitCostMinor),
        valueMinor: Number(row.valueMinor),
      },
      names,
    ),
    isTracked: row.isTracked,
    onHand: (onHand.get(row.variantId) ?? 0) / 1000,
    decidedAt: isoOrNull(row.decidedAt),
    decidedBy: who(row.decidedBy, names),
    decisionNote: row.decisionNote,
    version: row.version,
    canChangePhoto: photoRefusal(actor, scope, row, settings?.timeZone ?? DEFAULT_TIME_ZONE, now) === null,
  };
}

function summaryOf(
  scope: WasteScope,
  row: {
    id: string;
    number: string;
    status: string;
    reason: string;
    note: string | null;
    productId: string;
    variantId: string;
    name: string;
    sku: string;
    quantity: string | number;
    unit: string;
    unitCostMinor: number;
    valueMinor: number;
    hasPhoto: boolean;
    recordedAt: string;
    recordedBy: string;
  },
  names: Map<string, string>,
): WasteSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status as WasteStatus,
    reason: row.reason as WasteReason,
    note: row.note,
    productId: row.productId,
    variantId: row.variantId,
    name: row.name,
    sku: row.sku,
    quantity: parseThousandths(row.quantity) / 1000,
    unit: row.unit as ProductUnit,
    unitCostMinor: costOrNull(scope, row.unitCostMinor),
    valueMinor: costOrNull(scope, row.valueMinor),
    hasPhoto: row.hasPhoto,
    recordedAt: row.recordedAt,
    recordedBy: who(row.recordedBy, names)!,
  };
}

export async function listWaste(db: Executor, scope: WasteScope, query: ListQuery) {
  const settings = await wasteSettings(db, scope);
  if (!settings) throw notFound('The store');
  const result = await listWasteRows(db, scope, settings.timeZone, query, query);
  const names = await accountNames(
    db,
    result.rows.map((r) => r.recorded_by),
  );
  return {
    items: result.rows.map((r) =>
      summaryOf(
        scope,
        {
          id: r.id,
          number: r.number,
          status: r.status,
          reason: r.reason,
          note: r.note,
          productId: r.product_id,
          variantId: r.variant_id,
          name: r.name,
          sku: r.sku,
          quantity: r.quantity,
          unit: r.unit,
          unitCostMinor: Number(r.unit_cost_minor),
          valueMinor: Number(r.value_minor),
          hasPhoto: r.has_photo,
          recordedAt: iso(r.recorded_at),
          recordedBy: r.recorded_by,
        },
        names,
      ),
    ),
    total: result.count,
    page: query.page,
    pageSize: query.pageSize,
    totals: {
      count: result.count,
      recordedValueMinor: costOrNull(scope, result.recordedValueMinor),
      pendingValueMinor: costOrNull(scope, result.pendingValueMinor),
    },
    waitingCount: result.waitingCount,
    thresholdMinor: Number(settings.thresholdMinor),
  };
}

// ---------------------------------------------------------------- threshold

/** PUT /stores/current/waste-approval-threshold (settings.store), audited on the store. */
export async function setWasteApprovalThreshold(
  deps: AppDeps,
  actor: Actor,
  scope: WasteScope,
  thresholdMinor: number,
) {
  return deps.database.db.transaction(async (tx) => {
    const before = await setWasteThreshold(tx, scope, thresholdMinor);
    if (before !== thresholdMinor)
      await recordAudit(tx, actor, {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'store.waste_threshold_changed',
        entity: 'store',
        entityId: scope.storeId,
        before: { wasteApprovalThresholdMinor: before },
        after: { wasteApprovalThresholdMinor: thresholdMinor },
      });
    return { wasteApprovalThresholdMinor: thresholdMinor };
  });
}
