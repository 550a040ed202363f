import {
  lineValueMinor,
  parseThousandths,
  purchaseOrderRefusal,
  purchaseOrderStatus,
  receivePurchaseOrder as receiveEndpoint,
  recallPurchaseOrder as recallEndpoint,
  statusAfterRecall,
  statusAfterReceipt,
  thousandthsToNumeric,
  toThousandths,
  unitAllowsFractions,
  type cancelPurchaseOrderBodySchema,
  type closePurchaseOrderBodySchema,
  type createPurchaseOrderBodySchema,
  type FieldError,
  type listPurchaseOrdersQuerySchema,
  type PurchaseOrder,
  type PurchaseOrderAction,
  type PurchaseOrderListItem,
  type PurchaseOrderStatusValue,
  type PurchaseOrderSummary,
  type recallPurchaseOrderBodySchema,
  type receivePurchaseOrderBodySchema,
  type ReorderSuggestion,
  type updatePurchaseOrderBodySchema,
} from '@ipos/contracts';
import { storeTimeZone } from '../../tenancy/stores.js';
import { restockNeeds, salesWindow } from '../restock/restock.service.js';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, invalidFields, notFound, checkVersion } from '../../http/app-error.js';
import { withIdempotency, type IdempotentRequest, type PreparedResponse } from '../../http/idempotency.js';
import { recordAudit } from '../../audit/audit.js';
import { entityEvents } from '../../audit/entity-events.js';
import { actedAt } from '../../lib/clock.js';
import { nextDocumentNumber } from '../../lib/document-numbers.js';
import { newId } from '../../lib/ids.js';
import { findContact, type ContactRow } from '../contacts/contacts.repository.js';
import { contactFieldError } from '../contacts/contacts.service.js';
import { moveStock } from '../inventory/stock-ledger.js';
import { iso, isoOrNull, who, accountNames } from '../../lib/records.js';
import { findVariants, variantDisplayName } from '../inventory/stock-variants.repository.js';
import { checkLines, lineFailureError, type LineFault } from '../inventory/line-checks.js';
import {
  addToLines,
  findOrder,
  insertOrder,
  insertReceipt,
  insertReturn,
  listOrderRows,
  lockOrder,
  lockVariantCosts,
  orderLineRows,
  orderSummaryRow,
  receiptIdTaken,
  receiptRows,
  replaceLines,
  returnIdTaken,
  returnRows,
  setLastCosts,
  setVariantCosts,
  updateOrder,
  type OrderLineRow,
  type OrderSummaryRow,
  type PurchaseOrderRow,
} from './purchase-orders.repository.js';

export type Scope = { businessId: string; storeId: string };
export type CreateOrderInput = z.output<typeof createPurchaseOrderBodySchema>;
export type UpdateOrderInput = z.output<typeof updatePurchaseOrderBodySchema>;
export type ReceiveInput = z.output<typeof receivePurchaseOrderBodySchema>;
export type RecallInput = z.output<typeof recallPurchaseOrderBodySchema>;
export type CloseInput = z.output<typeof closePurchaseOrderBodySchema>;
export type CancelInput = z.output<typeof cancelPurchaseOrderBodySchema>;

const ENTITY = 'purchase_order';
const notFoundOrder = () => notFound('The purchase order');

// ---------------------------------------------------------------- reading

const toSummary = (row: OrderSummaryRow): PurchaseOrderSummary => ({
  id: row.id,
  number: row.number,
  status: Number(row.status) as PurchaseOrderStatusValue,
  vendor: { id: row.vendorId, name: row.vendorName },
  expectedOn: row.expectedOn,
  createdAt: iso(row.createdAt),
  lineCount: Number(row.lineCount),
  orderedMinor: Number(row.orderedMinor),
  receivedMinor: Number(row.receivedMinor),
  returnedMinor: Number(row.returnedMinor),
});

export async function listPurchaseOrders(
  db: Executor,
  scope: Scope,
  query: z.output<typeof listPurchaseOrdersQuerySchema>,
) {
  const { rows, total } = await listOrderRows(db, scope, {
    status: query.status,
    vendorId: query.vendorId,
    from: query.from,
    to: query.to,
    number: query.number,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const items = rows.map((row): PurchaseOrderListItem => ({
    ...toSummary(row),
    quantityOrdered: parseThousandths(row.quantityOrdered) / 1000,
    quantityReceived: parseThousandths(row.quantityReceived) / 1000,
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** The order's vendor with the contact's details; the name the summary read when the contact is not found. */
function vendorOf(vendorId: string, contact: ContactRow | undefined, summaryName: string): PurchaseOrder['vendor'] {
  return {
    id: vendorId,
    name: contact?.name ?? summaryName,
    email: contact?.email ?? null,
    phone: contact?.phone ?? null,
    address: contact?.address ?? null,
    taxId: contact?.taxId ?? null,
  };
}

/** An order line as read: quantities in units, and what the ordered quantity comes to at the line's cost. */
function toOrderLine(l: OrderLineRow): PurchaseOrder['lines'][number] {
  const orderedTh = parseThousandths(l.quantityOrdered);
  const cost = Number(l.unitCostMinor);
  return {
    lineNo: l.lineNo,
    productId: l.productId,
    variantId: l.variantId,
    name: l.name,
    sku: l.sku,
    vendorItemCode: l.vendorItemCode,
    unit: l.unit,
    quantityOrdered: orderedTh / 1000,
    quantityReceived: parseThousandths(l.quantityReceived) / 1000,
    quantityReturned: parseThousandths(l.quantityReturned) / 1000,
    unitCostMinor: cost,
    orderedMinor: lineValueMinor(orderedTh, cost),
  };
}

/** The lines of a receipt or a return as read, quantities in units. */
function documentLines(rows: { lineNo: number; quantity: string; unitCostMinor: number }[]) {
  return rows.map((l) => ({
    lineNo: l.lineNo,
    quantity: parseThousandths(l.quantity) / 1000,
    unitCostMinor: Number(l.unitCostMinor),
  }));
}

/** What a receipt or a return is worth: each line's quantity at the cost it carries. */
function documentValueMinor(rows: { quantity: string; unitCostMinor: number }[]) {
  return rows.reduce((s, l) => s + lineValueMinor(parseThousandths(l.quantity), Number(l.unitCostMinor)), 0);
}

/** The whole order as read: lines, receipts and returns with who, and the people on it. */
export async function loadOrder(db: Executor, scope: Scope, id: string): Promise<PurchaseOrder> {
  const order = await findOrder(db, scope, id);
  if (!order) throw notFoundOrder();
  // One after the other: inside a transaction these share one connection.
  const summary = await orderSummaryRow(db, scope.businessId, id);
  const lines = await orderLineRows(db, scope.businessId, id);
  const receipts = await receiptRows(db, scope.businessId, id);
  const returns = await returnRows(db, scope.businessId, id);
  const vendor = await findContact(db, scope.businessId, order.vendorId);
  const names = await accountNames(db, [
    order.createdBy,
    order.closedBy,
    order.cancelledBy,
    ...receipts.receipts.map((r) => r.receivedBy),
    ...returns.returns.map((r) => r.returnedBy),
  ]);
  const person = (accountId: string) => who(accountId, names)!;
  return {
    ...toSummary(summary!),
    storeId: order.storeId,
    vendor: vendorOf(order.vendorId, vendor, summary!.vendorName),
    notes: order.notes,
    lines: lines.map(toOrderLine),
    receipts: receipts.receipts.map((r) => {
      const rows = receipts.lines.filter((l) => l.receiptId === r.id);
      return {
        id: r.id,
        reference: r.reference,
        note: r.note,
        receivedAt: iso(r.receivedAt),
        by: person(r.receivedBy),
        lines: documentLines(rows),
        valueMinor: documentValueMinor(rows),
      };
    }),
    returns: returns.returns.map((r) => {
      const rows = returns.lines.filter((l) => l.returnId === r.id);
      return {
        id: r.id,
        reason: r.reason,
        returnedAt: iso(r.returnedAt),
        by: person(r.returnedBy),
        lines: documentLines(rows),
        valueMinor: documentValueMinor(rows),
      };
    }),
    createdBy: who(order.createdBy, names),
    sentAt: isoOrNull(order.sentAt),
    closedAt: isoOrNull(order.closedAt),
    closedBy: who(order.closedBy, names),
    closeReason: order.closeReason,
    cancelledAt: isoOrNull(order.cancelledAt),
    cancelledBy: who(order.cancelledBy, names),
    cancelReason: order.cancelReason,
    version: order.version,
  };
}

export async function listPurchaseOrderEvents(db: Executor, scope: Scope, id: string) {
  if (!(await findOrder(db, scope, id))) throw notFoundOrder();
  return entityEvents(db, scope.businessId, ENTITY, id);
}

// ---------------------------------------------------------------- the rules

/** The facts the state machine looks at, from the order's lines. */
function factsOf(order: PurchaseOrderRow, lines: OrderLineRow[]) {
  return {
    status: order.status as PurchaseOrderStatusValue,
    anyReceived: lines.some((l) => parseThousandths(l.quantityReceived) > 0),
    anyHeld: lines.some((l) => parseThousandths(l.quantityReceived) - parseThousandths(l.quantityReturned) > 0),
  };
}

/** 409 with the state machine's code when the action is not allowed now. */
function enforce(order: PurchaseOrderRow, lines: OrderLineRow[], action: PurchaseOrderAction) {
  const refusal = purchaseOrderRefusal(factsOf(order, lines), action);
  if (refusal) throw new AppError(refusal.code, refusal.message, { orderStatus: order.status, action });
}

/** Locks the order of the active store (404 otherwise) and reads its lines. */
async function lockWithLines(tx: Executor, scope: Scope, id: string) {
  const order = await lockOrder(tx, scope, id);
  if (!order) throw notFoundOrder();
  return { order, lines: await orderLineRows(tx, scope.businessId, id) };
}

/** Locks an order that may be sent now (409 otherwise) and answers it as read. */
export async function lockWithLinesForSend(tx: Executor, scope: Scope, id: string): Promise<PurchaseOrder> {
  const { order, lines } = await lockWithLines(tx, scope, id);
  enforce(order, lines, 'send');
  return loadOrder(tx, scope, id);
}

/** A vendor contact of the business that is not archived, else 400 on `vendorId`. */
async function checkVendor(db: Executor, businessId: string, vendorId: string) {
  const vendor = await findContact(db, businessId, vendorId);
  const problem = contactFieldError(vendor, 'vendor', 'vendorId');
  if (problem) throw invalidFields([problem]);
  return vendor!;
}

/**
 * The order lines from the input: variants of the business (400 on `lines.N.variantId` otherwise),
 * whole units for whole-unit products (400 on `lines.N.quantity`), none archived (409 PRODUCT_ARCHIVED).
 */
async function resolveOrderLines(tx: Executor, businessId: string, orderId: string, input: CreateOrderInput['lines']) {
  const variants = await findVariants(
    tx,
    businessId,
    input.map((l) => l.variantId),
  );
  const checked = checkLines(input, variants, { mustTrack: false });
  const errorsOf = (...reasons: LineFault[]): FieldError[] =>
    checked.failures
      .filter((f) => reasons.includes(f.reason))
      .map((f) => lineFailureError(f, { wholeUnitsVerb: 'ordered' }));
  const invalid = errorsOf('unknown', 'fractional');
  if (invalid.length > 0) throw invalidFields(invalid);
  const archived = errorsOf('archived');
  if (archived.length > 0)
    throw new AppError(
      'PRODUCT_ARCHIVED',
      archived.length === 1 ? archived[0]!.message : `${archived.length} products are archived`,
      { errors: archived },
    );
  // No failure: every line was found, in the order sent.
  const resolved = checked.lines.map(({ index, variant, thousandths }) => ({
    businessId,
    orderId,
    lineNo: index + 1,
    productId: variant.productId,
    variantId: variant.variantId,
    name: variantDisplayName(variant),
    sku: variant.sku,
    thousandths,
    unitCostMinor: input[index]!.unitCostMinor,
  }));
  return {
    rows: resolved.map(({ thousandths, ...l }) => ({ ...l, quantityOrdered: thousandthsToNumeric(thousandths) })),
    totalMinor: resolved.reduce((s, l) => s + lineValueMinor(l.thousandths, l.unitCostMinor), 0),
    audit: resolved.map((l) => ({
      lineNo: l.lineNo,
      variantId: l.variantId,
      quantity: l.thousandths / 1000,
      unitCostMinor: l.unitCostMinor,
    })),
  };
}

// ---------------------------------------------------------------- create and edit

/** A new OPEN order of the active store, numbered, inside the caller's transaction. */
export async function createPurchaseOrderIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  input: CreateOrderInput,
): Promise<PurchaseOrder> {
  const vendor = await checkVendor(tx, scope.businessId, input.vendorId);
  const id = newId();
  const lines = await resolveOrderLines(tx, scope.businessId, id, input.lines);
  const number = await nextDocumentNumber(tx, scope, 'purchase_order');
  await insertOrder(tx, {
    businessId: scope.businessId,
    id,
    storeId: scope.storeId,
    vendorId: vendor.id,
    number,
    status: purchaseOrderStatus.OPEN,
    expectedOn: input.expectedOn ?? null,
    notes: input.notes ? input.notes : null,
    orderedTotalMinor: lines.totalMinor,
    createdBy: actor.accountId,
    createdAt: actor.at,
    updatedAt: actor.at,
  });
  await replaceLines(tx, scope.businessId, id, lines.rows);
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'purchase_order.created',
    entity: ENTITY,
    entityId: id,
    after: {
      number,
      status: purchaseOrderStatus.OPEN,
      vendorId: vendor.id,
      vendorName: vendor.name,
      expectedOn: input.expectedOn ?? null,
      notes: input.notes ?? null,
      orderedMinor: lines.totalMinor,
      lines: lines.audit,
    },
  });
  return loadOrder(tx, scope, id);
}

/** Replaces the details and lines of an OPEN order with nothing received. */
export async function updatePurchaseOrderIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  input: UpdateOrderInput,
): Promise<PurchaseOrder> {
  const { order, lines: before } = await lockWithLines(tx, scope, id);
  enforce(order, before, 'edit');
  checkVersion('this purchase order', order.version, input.version);
  const vendor = await checkVendor(tx, scope.businessId, input.vendorId);
  const lines = await resolveOrderLines(tx, scope.businessId, id, input.lines);
  await replaceLines(tx, scope.businessId, id, lines.rows);
  await updateOrder(tx, scope.businessId, id, {
    vendorId: vendor.id,
    expectedOn: input.expectedOn ?? null,
    notes: input.notes ? input.notes : null,
    orderedTotalMinor: lines.totalMinor,
    version: order.version + 1,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'purchase_order.updated',
    entity: ENTITY,
    entityId: id,
    before: {
      vendorId: order.vendorId,
      expectedOn: order.expectedOn,
      notes: order.notes,
      orderedMinor: Number(order.orderedTotalMinor),
      lines: before.map((l) => ({
        lineNo: l.lineNo,
        variantId: l.variantId,
        quantity: parseThousandths(l.quantityOrdered) / 1000,
        unitCostMinor: Number(l.unitCostMinor),
      })),
    },
    after: {
      vendorId: vendor.id,
      expectedOn: input.expectedOn ?? null,
      notes: input.notes ?? null,
      orderedMinor: lines.totalMinor,
      lines: lines.audit,
    },
  });
  return loadOrder(tx, scope, id);
}

// ---------------------------------------------------------------- receive

/**
 * The new cost of a variant after a receipt: the weighted average of what was on hand (in every
 * store, never counted below zero) at the old cost and what arrived at the receipt's cost, rounded
 * half away from zero, exact in BigInt; the receipt's cost when nothing was on hand.
 */
export function movingAverageCost(
  onHandBeforeThousandths: number,
  oldCostMinor: number,
  receivedThousandths: number,
  receiptCostMinor: number,
): number {
  const held = BigInt(Math.max(onHandBeforeThousandths, 0));
  const q = BigInt(receivedThousandths);
  if (held === 0n) return receiptCostMinor;
  const numerator = held * BigInt(oldCostMinor) + q * BigInt(receiptCostMinor);
  const denominator = held + q;
  // Both are non-negative: half away from zero is half up.
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** Checks every input line against the order: it exists, is named once, and comes in whole units when it must. */
function matchLines<T extends { lineNo: number; quantity: number }>(lines: OrderLineRow[], input: T[]) {
  const byNo = new Map(lines.map((l) => [l.lineNo, l]));
  const invalid: FieldError[] = [];
  const seen = new Set<number>();
  const matched = input.map((entry, index) => {
    const line = byNo.get(entry.lineNo);
    const thousandths = toThousandths(entry.quantity);
    if (!line) {
      invalid.push({ field: `lines.${index}.lineNo`, message: `The order has no line ${entry.lineNo}` });
      return undefined;
    }
    if (seen.has(entry.lineNo))
      invalid.push({ field: `lines.${index}.lineNo`, message: `Line ${entry.lineNo} is named twice` });
    seen.add(entry.lineNo);
    if (!unitAllowsFractions(line.unit) && thousandths % 1000 !== 0)
      invalid.push({ field: `lines.${index}.quantity`, message: `${line.name} comes in whole units (${line.unit})` });
    return { entry, index, line, thousandths };
  });
  if (invalid.length > 0) throw invalidFields(invalid);
  return matched.map((m) => m!);
}

/** An input line matched to its order line, its quantity in thousandths. */
type MatchedLine = { index: number; line: OrderLineRow; thousandths: number };

/** A delivered line with the cost it arrives at: the vendor's price on the delivery, else the order line's. */
type ReceivedLine = MatchedLine & { costMinor: number };

/** A variant's cost before and after the delivery's moving average. */
type CostChange = { variantId: string; before: number; after: number };

/** One 409 RECEIVE_EXCEEDS_ORDER naming every line that receives more than ordered − received. */
function refuseMoreThanExpected(matched: MatchedLine[]) {
  const over = matched
    .map((m) => ({
      ...m,
      open: parseThousandths(m.line.quantityOrdered) - parseThousandths(m.line.quantityReceived),
    }))
    .filter((m) => m.thousandths > m.open);
  if (over.length > 0)
    throw new AppError(
      'RECEIVE_EXCEEDS_ORDER',
      over.length === 1
        ? `Line ${over[0]!.line.lineNo} (${over[0]!.line.name}): only ${over[0]!.open / 1000} still expected, not ${over[0]!.thousandths / 1000}`
        : `${over.length} lines receive more than is still expected`,
      {
        lines: over.map((m) => ({ lineNo: m.line.lineNo, requested: m.thousandths / 1000, open: m.open / 1000 })),
        errors: over.map((m) => ({
          field: `lines.${m.index}.quantity`,
          message: `Only ${m.open / 1000} still expected`,
        })),
      },
    );
}

/**
 * The moving-average cost of every delivered line's variant. Runs before any stock moves: the variant
 * rows are locked and the average weighs what every store held before the delivery.
 */
async function costChangesOfDeliveryIn(
  tx: Executor,
  businessId: string,
  received: ReceivedLine[],
): Promise<CostChange[]> {
  const costs = await lockVariantCosts(
    tx,
    businessId,
    received.map((r) => r.line.variantId),
  );
  return received.map((r) => {
    const current = costs.get(r.line.variantId)!;
    const after = movingAverageCost(
      parseThousandths(current.onHandAllStores),
      current.costPriceMinor,
      r.thousandths,
      r.costMinor,
    );
    return { variantId: r.line.variantId, before: current.costPriceMinor, after };
  });
}

/** Tracked goods in with `purchase_receipt` movements, then the costs that changed and the vendor's last costs. */
async function bringInGoodsIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  vendorId: string,
  received: ReceivedLine[],
  costChanges: CostChange[],
) {
  await moveStock(
    tx,
    actor,
    scope,
    received
      .filter((r) => r.line.isTracked)
      .map((r) => ({
        productId: r.line.productId,
        variantId: r.line.variantId,
        deltaThousandths: r.thousandths,
        reason: 'purchase_receipt' as const,
        isTracked: true,
        refType: 'purchase_order' as const,
        refId: id,
      })),
  );
  await setVariantCosts(
    tx,
    scope.businessId,
    costChanges.filter((c) => c.after !== c.before).map((c) => ({ variantId: c.variantId, cost: c.after })),
  );
  await setLastCosts(
    tx,
    scope.businessId,
    vendorId,
    received.map((r) => ({ variantId: r.line.variantId, cost: r.costMinor })),
  );
}

/** The receipt with its lines at the delivered costs, and what the order lines have received. */
async function writeReceiptIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  input: ReceiveInput,
  received: ReceivedLine[],
) {
  await insertReceipt(
    tx,
    {
      businessId: scope.businessId,
      id: input.id,
      orderId: id,
      storeId: scope.storeId,
      reference: input.reference ? input.reference : null,
      note: input.note ? input.note : null,
      receivedBy: actor.accountId!,
      receivedAt: actor.at,
    },
    received.map((r) => ({
      businessId: scope.businessId,
      receiptId: input.id,
      orderId: id,
      lineNo: r.line.lineNo,
      variantId: r.line.variantId,
      quantity: thousandthsToNumeric(r.thousandths),
      unitCostMinor: r.costMinor,
    })),
  );
  await addToLines(
    tx,
    scope.businessId,
    id,
    'quantity_received',
    received.map((r) => ({ lineNo: r.line.lineNo, numeric: thousandthsToNumeric(r.thousandths) })),
  );
}

/** The order's status once the delivered quantities are added to what its lines had received. */
function statusAfterDelivery(lines: OrderLineRow[], received: MatchedLine[]) {
  const added = new Map(received.map((r) => [r.line.lineNo, r.thousandths]));
  return statusAfterReceipt(
    lines.map((l) => ({
      orderedThousandths: parseThousandths(l.quantityOrdered),
      receivedThousandths: parseThousandths(l.quantityReceived) + (added.get(l.lineNo) ?? 0),
    })),
  );
}

/**
 * A delivery against an OPEN order, inside the caller's transaction (the route wraps it with the
 * Idempotency-Key; demo data calls it directly). The order row is locked first, so deliveries of one
 * order queue and each sees what the previous one received; every line over ordered − received is
 * named in one 409 RECEIVE_EXCEEDS_ORDER and nothing is written. Tracked goods come in with
 * `purchase_receipt` movements; every variant's cost becomes the moving average; CLOSED once all
 * arrived; one audit event with the quantities and the cost changes.
 */
export async function receivePurchaseOrderIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  input: ReceiveInput,
): Promise<PurchaseOrder> {
  const { order, lines } = await lockWithLines(tx, scope, id);
  if (await receiptIdTaken(tx, scope.businessId, input.id))
    throw new AppError('PO_RECEIPT_EXISTS', 'A delivery with this id was already received; start a new one');
  enforce(order, lines, 'receive');
  const matched = matchLines(lines, input.lines);
  refuseMoreThanExpected(matched);

  const received = matched.map((m) => ({ ...m, costMinor: m.entry.unitCostMinor ?? Number(m.line.unitCostMinor) }));
  // Costs first (variant rows locked, on hand of every store before the delivery), then the stock.
  const costChanges = await costChangesOfDeliveryIn(tx, scope.businessId, received);
  await bringInGoodsIn(tx, actor, scope, id, order.vendorId, received, costChanges);
  await writeReceiptIn(tx, actor, scope, id, input, received);
  const status = statusAfterDelivery(lines, received);
  const closes = status === purchaseOrderStatus.CLOSED;
  await updateOrder(tx, scope.businessId, id, {
    status,
    version: order.version + 1,
    updatedAt: actedAt(actor),
    ...(closes ? { closedAt: actedAt(actor), closedBy: actor.accountId, closeReason: null } : {}),
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'purchase_order.received',
    entity: ENTITY,
    entityId: id,
    before: { status: order.status },
    after: {
      status,
      receiptId: input.id,
      reference: input.reference ?? null,
      lines: received.map((r) => ({
        lineNo: r.line.lineNo,
        variantId: r.line.variantId,
        quantity: r.thousandths / 1000,
        unitCostMinor: r.costMinor,
      })),
      costs: costChanges.filter((c) => c.after !== c.before),
    },
  });
  return loadOrder(tx, scope, id);
}

export function receivePurchaseOrder(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  idempotency: IdempotentRequest,
  id: string,
  input: ReceiveInput,
): Promise<PreparedResponse> {
  return deps.database.db.transaction((tx) =>
    withIdempotency(tx, scope, idempotency, receiveEndpoint, () => receivePurchaseOrderIn(tx, actor, scope, id, input)),
  );
}

// ---------------------------------------------------------------- recall

/** One 409 RECALL_EXCEEDS_RECEIVED naming every line that returns more than received − returned. */
function refuseMoreThanHeld(matched: MatchedLine[]) {
  const over = matched
    .map((m) => ({
      ...m,
      held: parseThousandths(m.line.quantityReceived) - parseThousandths(m.line.quantityReturned),
    }))
    .filter((m) => m.thousandths > m.held);
  if (over.length > 0)
    throw new AppError(
      'RECALL_EXCEEDS_RECEIVED',
      over.length === 1
        ? `Line ${over[0]!.line.lineNo} (${over[0]!.line.name}): only ${over[0]!.held / 1000} received and not returned, not ${over[0]!.thousandths / 1000}`
        : `${over.length} lines return more than was received`,
      {
        lines: over.map((m) => ({ lineNo: m.line.lineNo, requested: m.thousandths / 1000, returnable: m.held / 1000 })),
        errors: over.map((m) => ({
          field: `lines.${m.index}.quantity`,
          message: `Only ${m.held / 1000} can go back`,
        })),
      },
    );
}

/**
 * The return written: tracked goods out (a shortfall names the input line's quantity), the return
 * with its lines at the order lines' costs, and what the order lines have returned.
 */
async function writeReturnIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  input: RecallInput,
  matched: MatchedLine[],
) {
  const tracked = matched.filter((m) => m.line.isTracked);
  await moveStock(
    tx,
    actor,
    scope,
    tracked.map((m) => ({
      productId: m.line.productId,
      variantId: m.line.variantId,
      deltaThousandths: -m.thousandths,
      reason: 'vendor_return' as const,
      isTracked: true,
      refType: 'purchase_order' as const,
      refId: id,
      note: input.reason,
    })),
    { fieldOf: (_input, index) => `lines.${tracked[index]!.index}.quantity` },
  );
  await insertReturn(
    tx,
    {
      businessId: scope.businessId,
      id: input.id,
      orderId: id,
      storeId: scope.storeId,
      reason: input.reason,
      returnedBy: actor.accountId!,
      returnedAt: actor.at,
    },
    matched.map((m) => ({
      businessId: scope.businessId,
      returnId: input.id,
      orderId: id,
      lineNo: m.line.lineNo,
      variantId: m.line.variantId,
      quantity: thousandthsToNumeric(m.thousandths),
      unitCostMinor: Number(m.line.unitCostMinor),
    })),
  );
  await addToLines(
    tx,
    scope.businessId,
    id,
    'quantity_returned',
    matched.map((m) => ({ lineNo: m.line.lineNo, numeric: thousandthsToNumeric(m.thousandths) })),
  );
}

/** The order's status once the returned quantities are added to what its lines had returned. */
function statusAfterReturn(lines: OrderLineRow[], matched: MatchedLine[]) {
  const added = new Map(matched.map((m) => [m.line.lineNo, m.thousandths]));
  return statusAfterRecall(
    lines.map((l) => ({
      receivedThousandths: parseThousandths(l.quantityReceived),
      returnedThousandths: parseThousandths(l.quantityReturned) + (added.get(l.lineNo) ?? 0),
    })),
  );
}

/**
 * Received goods back to the vendor, inside the caller's transaction: each line at most received −
 * returned (one 409 RECALL_EXCEEDS_RECEIVED naming every line over, nothing written); tracked goods
 * leave with `vendor_return` movements, never below zero unless the store allows negative stock (409
 * INSUFFICIENT_STOCK); costs unchanged; PARTIALLY or FULLY RECALLED; one audit event.
 */
export async function recallPurchaseOrderIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  input: RecallInput,
): Promise<PurchaseOrder> {
  const { order, lines } = await lockWithLines(tx, scope, id);
  if (await returnIdTaken(tx, scope.businessId, input.id))
    throw new AppError('PO_RETURN_EXISTS', 'A return with this id was already recorded; start a new one');
  enforce(order, lines, 'recall');
  const matched = matchLines(lines, input.lines);
  refuseMoreThanHeld(matched);

  await writeReturnIn(tx, actor, scope, id, input, matched);
  const status = statusAfterReturn(lines, matched);
  await updateOrder(tx, scope.businessId, id, { status, version: order.version + 1, updatedAt: actedAt(actor) });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'purchase_order.recalled',
    entity: ENTITY,
    entityId: id,
    before: { status: order.status },
    after: {
      status,
      returnId: input.id,
      reason: input.reason,
      lines: matched.map((m) => ({
        lineNo: m.line.lineNo,
        variantId: m.line.variantId,
        quantity: m.thousandths / 1000,
        unitCostMinor: Number(m.line.unitCostMinor),
      })),
    },
  });
  return loadOrder(tx, scope, id);
}

export function recallPurchaseOrder(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  idempotency: IdempotentRequest,
  id: string,
  input: RecallInput,
): Promise<PreparedResponse> {
  return deps.database.db.transaction((tx) =>
    withIdempotency(tx, scope, idempotency, recallEndpoint, () => recallPurchaseOrderIn(tx, actor, scope, id, input)),
  );
}

// ---------------------------------------------------------------- close short and cancel

/** Closes an OPEN order short (something received; the rest is no longer expected). */
export async function closePurchaseOrderIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  input: CloseInput,
): Promise<PurchaseOrder> {
  const { order, lines } = await lockWithLines(tx, scope, id);
  enforce(order, lines, 'close');
  checkVersion('this purchase order', order.version, input.version);
  await updateOrder(tx, scope.businessId, id, {
    status: purchaseOrderStatus.CLOSED,
    closedAt: actedAt(actor),
    updatedAt: actedAt(actor),
    closedBy: actor.accountId,
    closeReason: input.reason,
    version: order.version + 1,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'purchase_order.closed',
    entity: ENTITY,
    entityId: id,
    before: { status: order.status },
    after: {
      status: purchaseOrderStatus.CLOSED,
      reason: input.reason,
      notReceived: lines
        .map((l) => ({
          lineNo: l.lineNo,
          quantity: (parseThousandths(l.quantityOrdered) - parseThousandths(l.quantityReceived)) / 1000,
        }))
        .filter((l) => l.quantity > 0),
    },
  });
  return loadOrder(tx, scope, id);
}

/** Cancels an OPEN order with nothing received. */
export async function cancelPurchaseOrderIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  id: string,
  input: CancelInput,
): Promise<PurchaseOrder> {
  const { order, lines } = await lockWithLines(tx, scope, id);
  enforce(order, lines, 'cancel');
  checkVersion('this purchase order', order.version, input.version);
  await updateOrder(tx, scope.businessId, id, {
    status: purchaseOrderStatus.CANCELLED,
    cancelledAt: actedAt(actor),
    updatedAt: actedAt(actor),
    cancelledBy: actor.accountId,
    cancelReason: input.reason,
    version: order.version + 1,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'purchase_order.cancelled',
    entity: ENTITY,
    entityId: id,
    before: { status: order.status },
    after: { status: purchaseOrderStatus.CANCELLED, reason: input.reason },
  });
  return loadOrder(tx, scope, id);
}

// ---------------------------------------------------------------- reorder suggestions

/** A reorder suggestion with the product's preferred vendor (null: none, or archived). */
export interface VendorSuggestion {
  suggestion: ReorderSuggestion;
  vendor: { id: string; name: string } | null;
}

/**
 * Tracked variants of the store at or below their reorder level, with the restock report's suggested
 * quantity (contracts `restockSuggestion`: the reorder level plus the last 30 days' sales, less what is
 * on hand and on OPEN orders, raised to the store's reorder quantity) — one rule, so the report and a
 * new order never disagree; a variant whose need is already covered is left out. With `vendorId`,
 * only the products whose preferred vendor it is.
 */
export async function vendorSuggestions(
  db: Executor,
  scope: Scope,
  now: Date,
  vendorId?: string,
): Promise<VendorSuggestion[]> {
  const window = salesWindow(await storeTimeZone(db, scope), now);
  const items: VendorSuggestion[] = [];
  for (const {
    row: r,
    onHand,
    reorderLevel,
    reorderQuantity,
    onOrder,
    suggested: need,
    unitCostMinor,
  } of await restockNeeds(db, vendorId ? { ...scope, vendorId } : scope, window)) {
    if (need <= 0) continue;
    items.push({
      suggestion: {
        productId: r.productId,
        variantId: r.variantId,
        name: variantDisplayName(r),
        sku: r.sku,
        vendorItemCode: r.vendorItemCode,
        unit: r.unit,
        onHand: onHand / 1000,
        reorderLevel: reorderLevel / 1000,
        reorderQuantity: reorderQuantity === null ? null : reorderQuantity / 1000,
        onOrder: onOrder / 1000,
        suggestedQuantity: need / 1000,
        unitCostMinor,
      },
      vendor: r.vendorId === null ? null : { id: r.vendorId, name: r.vendorName ?? '' },
    });
  }
  return items;
}

/** "Add low-stock products" of an order: the suggestions of the products the vendor is preferred for (400 for a vendor not of the business). */
export async function listReorderSuggestions(
  db: Executor,
  scope: Scope,
  now: Date,
  vendorId: string,
): Promise<{ items: ReorderSuggestion[] }> {
  const vendor = await findContact(db, scope.businessId, vendorId);
  if (!vendor || vendor.kind !== 'vendor')
    throw invalidFields([{ field: 'vendorId', message: 'Choose a vendor of this business' }]);
  return { items: (await vendorSuggestions(db, scope, now, vendorId)).map((s) => s.suggestion) };
}
