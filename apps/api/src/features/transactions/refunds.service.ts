import {
  createRefund as createRefundEndpoint,
  parseThousandths,
  refundShareMinor,
  thousandthsToNumeric,
  toThousandths,
  unitAllowsFractions,
  voidSale as voidSaleEndpoint,
  type createRefundBodySchema,
  type FieldError,
  type ProductUnit,
  type Refund,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, invalidFields, notFound } from '../../http/app-error.js';
import { withIdempotency, type IdempotentRequest, type PreparedResponse } from '../../http/idempotency.js';
import { recordAudit } from '../../audit/audit.js';
import { nextDocumentNumber } from '../../lib/document-numbers.js';
import { moveStock, returnStockTakenBy } from '../inventory/stock-ledger.js';
import { iso } from '../../lib/records.js';
import { findOpenSession } from '../checkout/registers.repository.js';
import { findSale, lockSale, saleLineFacts, type SaleLineRow } from '../checkout/sale-view.repository.js';
import {
  insertRefund,
  insertRefundLines,
  markSaleVoided,
  refundIdTaken,
  saleHasRefunds,
} from './refunds.repository.js';
import { loadRefunds } from '../checkout/sale-view.service.js';
import { addRefundToSummaries, removeSaleFromSummaries } from '../reports/sales-summaries.js';

type Scope = { businessId: string; storeId: string };
export type RefundBody = z.output<typeof createRefundBodySchema>;
export interface BackdateOptions {
  /** When it happened (demo history); defaults to the database's now. */
  at?: Date;
}

const saleVoided = () => new AppError('SALE_VOIDED', 'This sale was voided; there is nothing left to refund or void');
const refundExists = () =>
  new AppError('REFUND_EXISTS', 'A refund with this id was already recorded; start a new refund');

/**
 * A refund of chosen lines of a completed sale of the active store, inside the caller's transaction
 * (the route wraps it with the Idempotency-Key; demo data calls it directly). The sale row is locked
 * first, so refunds of one sale queue and each sees what the previous one refunded; every line is
 * checked against sold − already refunded (all faults in one 409 REFUND_EXCEEDS_SALE, nothing
 * written); cash comes out of an open register session of the store; restocked tracked goods go back
 * with `refund` movements; then the gapless number, the rows and one audit event on the sale.
 */
export async function refundSaleIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  saleId: string,
  body: RefundBody,
  options: BackdateOptions = {},
): Promise<Refund> {
  await checkRefundOpeningIn(tx, scope, saleId, body);
  const { lines, totalMinor, taxMinor } = priceRefund(await checkRefundLinesIn(tx, scope, saleId, body));
  // The stock, then the number (refunds race on the sale row and the stock rows, not the counter).
  await putBackRefundStockIn(tx, actor, scope, body.id, lines, options);
  const number = await nextDocumentNumber(tx, scope, 'refund');
  await writeRefundIn(tx, actor, scope, { saleId, body, number, lines, totalMinor, taxMinor }, options);
  await addRefundToSummaries(tx, scope.businessId, body.id);
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'sale.refunded',
    entity: 'sale',
    entityId: saleId,
    after: {
      refundId: body.id,
      number,
      totalMinor,
      taxMinor,
      method: body.method,
      sessionId: body.sessionId ?? null,
      reason: body.reason,
      lines: lines.map((l) => ({
        lineNo: l.line.lineNo,
        variantId: l.line.variantId,
        quantity: l.quantityTh / 1000,
        totalMinor: l.totalMinor,
        restocked: l.input.restock,
      })),
    },
  });
  const refund = (await loadRefunds(tx, scope.businessId, saleId)).find((r) => r.id === body.id);
  return refund!;
}

type RefundLineInput = RefundBody['lines'][number];
type SaleLineFact = Awaited<ReturnType<typeof saleLineFacts>> extends Map<number, infer Fact> ? Fact : never;

/** A line of the refund matched to the sale's line: thousandths asked for, sold and refunded before. */
interface CheckedRefundLine {
  input: RefundLineInput;
  line: SaleLineRow;
  fact: SaleLineFact;
  quantityTh: number;
  soldTh: number;
  beforeTh: number;
}

/** A line of the refund with its share of the sale line's money. */
type PricedRefundLine = Omit<CheckedRefundLine, 'soldTh' | 'beforeTh'> & { totalMinor: number; taxMinor: number };

/**
 * The sale (locked until the transaction ends; not voided), the refund id (not yet used) and the
 * register session the money comes out of (open in this store, when one is named).
 */
async function checkRefundOpeningIn(tx: Executor, scope: Scope, saleId: string, body: RefundBody): Promise<void> {
  const sale = await lockSale(tx, scope, saleId);
  if (!sale) throw notFound('The sale');
  if (sale.status === 'voided') throw saleVoided();
  if (await refundIdTaken(tx, scope.businessId, body.id)) throw refundExists();

  if (body.sessionId && !(await findOpenSession(tx, scope, body.sessionId)))
    throw new AppError(
      'REGISTER_CLOSED',
      'This register session is not open in this store; open a register to pay out a refund',
      { errors: [{ field: 'sessionId', message: 'Not an open register session of this store' }] },
    );
}

/**
 * The refund's lines against the sale's: a line the sale lacks or a fraction of a whole unit is a 400
 * naming every such field; more than is left to refund is one 409 naming every such line.
 */
async function checkRefundLinesIn(
  tx: Executor,
  scope: Scope,
  saleId: string,
  body: RefundBody,
): Promise<CheckedRefundLine[]> {
  const found = (await findSale(tx, scope, saleId))!;
  const saleLines = new Map(found.lines.map((l) => [l.lineNo, l]));
  const facts = await saleLineFacts(tx, scope.businessId, saleId);

  const invalid: FieldError[] = [];
  const exceeding: ExceedingLine[] = [];
  const lines = body.lines.map((input, index) => {
    const line = saleLines.get(input.lineNo);
    const fact = facts.get(input.lineNo);
    const quantityTh = toThousandths(input.quantity);
    if (!line || !fact) {
      invalid.push({ field: `lines.${index}.lineNo`, message: `The sale has no line ${input.lineNo}` });
      return undefined;
    }
    if (!unitAllowsFractions(fact.unit as ProductUnit) && quantityTh % 1000 !== 0)
      invalid.push({
        field: `lines.${index}.quantity`,
        message: `${line.name} is refunded in whole units (${fact.unit})`,
      });
    const soldTh = parseThousandths(line.quantity);
    const beforeTh = parseThousandths(fact.refundedThousandthsText);
    if (quantityTh > soldTh - beforeTh)
      exceeding.push({ lineNo: input.lineNo, requested: quantityTh / 1000, refundable: (soldTh - beforeTh) / 1000 });
    return { input, line, fact, quantityTh, soldTh, beforeTh };
  });
  if (invalid.length > 0) throw invalidFields(invalid);
  if (exceeding.length > 0) throw refundExceedsSale(exceeding, body);
  return lines.map((l) => l!);
}

type ExceedingLine = { lineNo: number; requested: number; refundable: number };

const refundExceedsSale = (exceeding: ExceedingLine[], body: RefundBody) =>
  new AppError(
    'REFUND_EXCEEDS_SALE',
    exceeding.length === 1
      ? `Line ${exceeding[0]!.lineNo}: only ${exceeding[0]!.refundable} left to refund, not ${exceeding[0]!.requested}`
      : `${exceeding.length} lines ask for more than is left to refund`,
    {
      lines: exceeding,
      errors: exceeding.map((e) => ({
        field: `lines.${body.lines.findIndex((l) => l.lineNo === e.lineNo)}.quantity`,
        message: `Only ${e.refundable} left to refund`,
      })),
    },
  );

/** Each line's share of its sale line's total and tax, and the refund's totals; a refund of no money is a 400. */
function priceRefund(checked: CheckedRefundLine[]): {
  lines: PricedRefundLine[];
  totalMinor: number;
  taxMinor: number;
} {
  const lines = checked.map(({ input, line, fact, quantityTh, soldTh, beforeTh }) => {
    // The contracts' formula, which the refund dialog previews with.
    const share = { soldQuantity: soldTh / 1000, refundedBefore: beforeTh / 1000, quantity: quantityTh / 1000 };
    return {
      input,
      line,
      fact,
      quantityTh,
      totalMinor: refundShareMinor({ ...share, amountMinor: Number(line.totalMinor) }),
      taxMinor: refundShareMinor({ ...share, amountMinor: Number(line.taxMinor) }),
    };
  });
  const totalMinor = lines.reduce((s, l) => s + l.totalMinor, 0);
  const taxMinor = lines.reduce((s, l) => s + l.taxMinor, 0);
  if (totalMinor <= 0)
    throw invalidFields([{ field: 'lines', message: 'These lines were free: there is no money to refund' }]);
  return { lines, totalMinor, taxMinor };
}

/** The restocked lines of tracked goods back on the shelf, as `refund` movements of the refund. */
async function putBackRefundStockIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  refundId: string,
  lines: PricedRefundLine[],
  options: BackdateOptions,
): Promise<void> {
  const restocked = lines.filter((l) => l.input.restock && l.fact.isTracked);
  if (restocked.length > 0)
    await moveStock(
      tx,
      actor,
      scope,
      restocked.map((l) => ({
        productId: l.line.productId,
        variantId: l.line.variantId,
        deltaThousandths: l.quantityTh,
        reason: 'refund' as const,
        isTracked: true,
        refType: 'refund' as const,
        refId: refundId,
      })),
      options.at ? { occurredAt: options.at } : {},
    );
}

/** The refund row under its number, then its lines. */
async function writeRefundIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  refund: {
    saleId: string;
    body: RefundBody;
    number: string;
    lines: PricedRefundLine[];
    totalMinor: number;
    taxMinor: number;
  },
  options: BackdateOptions,
): Promise<void> {
  const { saleId, body, number, lines, totalMinor, taxMinor } = refund;
  const inserted = await insertRefund(tx, {
    businessId: scope.businessId,
    id: body.id,
    storeId: scope.storeId,
    saleId,
    sessionId: body.sessionId ?? null,
    number,
    refundedBy: actor.accountId!,
    reason: body.reason,
    method: body.method,
    reference: body.reference ? body.reference : null,
    provider: body.provider ?? null,
    phone: body.phone ? body.phone : null,
    totalMinor,
    taxMinor,
    ...(options.at ? { createdAt: options.at } : {}),
  });
  if (!inserted) throw refundExists();
  await insertRefundLines(
    tx,
    lines.map((l) => ({
      businessId: scope.businessId,
      refundId: body.id,
      saleId,
      lineNo: l.line.lineNo,
      productId: l.line.productId,
      variantId: l.line.variantId,
      quantity: thousandthsToNumeric(l.quantityTh),
      totalMinor: l.totalMinor,
      taxMinor: l.taxMinor,
      restocked: l.input.restock,
    })),
  );
}

/** POST /sales/:saleId/refunds: the refund in one transaction with its Idempotency-Key. */
export async function createRefund(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  idempotency: IdempotentRequest,
  saleId: string,
  body: RefundBody,
): Promise<PreparedResponse> {
  return deps.database.db.transaction((tx) =>
    withIdempotency(tx, scope, idempotency, createRefundEndpoint, () => refundSaleIn(tx, actor, scope, saleId, body)),
  );
}

/**
 * Voids a sale of the active store inside the caller's transaction: only while its register session
 * is open (the drawer still holds its cash), never one with refunds, never twice. What the sale took
 * from stock comes back with `void` movements; the sale is marked voided (its payments drop out of
 * the session's figures and the list's money); one audit event.
 */
export async function voidSaleIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  saleId: string,
  reason: string,
  options: BackdateOptions = {},
): Promise<{ id: string; status: 'voided'; voidedAt: string }> {
  const sale = await lockSale(tx, scope, saleId);
  if (!sale) throw notFound('The sale');
  if (sale.status === 'voided') throw saleVoided();
  if (await saleHasRefunds(tx, scope.businessId, saleId))
    throw new AppError('SALE_HAS_REFUNDS', 'This sale has refunds; refund the rest instead of voiding it');
  if (!(await findOpenSession(tx, scope, sale.sessionId)))
    throw new AppError(
      'VOID_SESSION_CLOSED',
      'The register session of this sale is closed; a sale can be voided only in its own session — refund it instead',
    );
  await returnStockTakenBy(
    tx,
    actor,
    scope,
    { refType: 'sale', refId: saleId },
    options.at ? { occurredAt: options.at } : {},
  );
  const voidedAt = await markSaleVoided(tx, scope.businessId, saleId, {
    voidedAt: options.at ?? null,
    voidedBy: actor.accountId!,
    voidReason: reason,
  });
  await removeSaleFromSummaries(tx, scope.businessId, saleId);
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'sale.voided',
    entity: 'sale',
    entityId: saleId,
    before: { status: 'completed' },
    after: { status: 'voided', number: sale.number, totalMinor: Number(sale.totalMinor), reason },
  });
  return { id: saleId, status: 'voided', voidedAt: iso(voidedAt) };
}

/** POST /sales/:saleId/void: the void in one transaction with its Idempotency-Key. */
export async function voidSale(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  idempotency: IdempotentRequest,
  saleId: string,
  reason: string,
): Promise<PreparedResponse> {
  return deps.database.db.transaction((tx) =>
    withIdempotency(tx, scope, idempotency, voidSaleEndpoint, () => voidSaleIn(tx, actor, scope, saleId, reason)),
  );
}
