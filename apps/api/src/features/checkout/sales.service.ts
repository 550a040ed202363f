import { createSale as createSaleEndpoint, type createSaleBodySchema, type PricedCart } from '@ipos/contracts';
import type { z } from 'zod';
import type { StoreAccess } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, invalidFields } from '../../http/app-error.js';
import { withIdempotency, type IdempotentRequest, type PreparedResponse } from '../../http/idempotency.js';
import { auditInsert } from '../../audit/audit.js';
import { checkLines, lineFailureError } from '../inventory/line-checks.js';
import { moveStock, storeAllowsNegativeStock } from '../inventory/stock-ledger.js';
import { priceSale, saleLineRows, type CartLine } from './sale-lines.js';
import { assertMayDiscount } from './discount.policy.js';
import {
  noteLostAnswerReference,
  offlineReferenceFor,
  atPaidPrices,
  recordSaleExceptionsIn,
  sessionForSaleIn,
  type PendingException,
} from './offline-sale.js';
import { toSale } from './sale-view.service.js';
import type { SaleRow } from './sale-view.repository.js';
import { findContact } from '../contacts/contacts.repository.js';
import { addSaleToSummaries } from '../reports/sales-summaries.js';
import { assertPlanAllows } from '../plans/plans.service.js';
import { findSaleVariants, insertNumberedSale, saleIdTaken, type SalePaymentRow } from './sales.repository.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId' | 'permissions' | 'roleName'>;
type Body = z.output<typeof createSaleBodySchema>;

const saleExists = () =>
  new AppError('SALE_EXISTS', 'A sale with this id was already recorded; start a new sale with a new id');

/**
 * POST /sales, in one transaction: the Idempotency-Key first (a duplicate waits, then replays), the
 * register session (open, this store), the lines against the catalogue, the discount permission, the
 * server's own prices (`priceCart` with the store's prices and each product's tax rate) against the
 * till's total, the payments against that total, the stock (guarded decrements in variant order),
 * then the gapless number, the rows and one audit event.
 *
 * A sale made offline (`offlineReference`, offline-sale.ts) is dated `soldAt` within its session (a
 * closed one included), priced at the till's prices, takes its stock even below zero and may name an
 * item archived since; each such difference is written as a sale exception with its audit event.
 */
export async function createSale(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  idempotency: IdempotentRequest,
  body: Body,
): Promise<PreparedResponse> {
  return deps.database.db.transaction((tx) =>
    withIdempotency(tx, scope, idempotency, createSaleEndpoint, async () => {
      const lostAnswer = await noteLostAnswerReference(tx, actor, scope, body);
      if (lostAnswer) return toSale(tx, lostAnswer, actor);
      // The answer is built from the rows as written (returning), not read back.
      return toSale(tx, await recordSaleIn(tx, actor, scope, body, deps.now()), actor);
    }),
  );
}

/** The sale in the caller's transaction: checks in the order above, then the writes; the rows as written. */
async function recordSaleIn(tx: Executor, actor: Actor, scope: Scope, body: Body, now: Date) {
  const session = await checkSaleOpeningIn(tx, scope, body, now);
  const offlineReference = body.offlineReference ? await offlineReferenceFor(tx, scope, body.offlineReference) : null;
  const { lines: catalogueLines, archived } = await checkSaleLinesIn(tx, scope, body);
  assertMayDiscount(scope, body);
  const { lines, repriced } = atPaidPrices(catalogueLines, body);
  const priced = priceAsExpected(lines, body);
  const payments = paymentsCovering(body.payments, priced.totalMinor);
  // The month's sales against the plan: a count of the day summaries, no lock (decision 0017).
  await assertPlanAllows(tx, scope.businessId, 'salesPerMonth');
  // The stock, then the number (so concurrent sales race on the stock rows, not the counter).
  const belowZero = await takeSaleStockIn(tx, actor, scope, body, lines);
  const { number, ...written } = await writeSaleIn(tx, actor, scope, {
    sessionId: session.id,
    body,
    lines,
    priced,
    payments,
    offlineReference,
  });
  await recordSaleExceptionsIn(tx, actor, scope, body.id, [...archived, ...repriced, ...belowZero]);
  // The sale's audit event and its report summaries, one trip (the summaries read the rows written above).
  const audit = auditInsert(actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'sale.completed',
    entity: 'sale',
    entityId: body.id,
    after: {
      number,
      sessionId: session.id,
      customerId: body.customerId ?? null,
      totalMinor: priced.totalMinor,
      taxMinor: priced.taxMinor,
      discountMinor: priced.discountMinor,
      lines: lines.map(({ variant, thousandths }, i) => ({
        variantId: variant.variantId,
        quantity: thousandths / 1000,
        unitPriceMinor: variant.unitPriceMinor,
        totalMinor: priced.lines[i]!.totalMinor,
      })),
      payments: payments.map((p) => ({ method: p.method, amountMinor: p.amountMinor })),
      ...(offlineReference ? { offlineReference } : {}),
      ...(offlineReference && offlineReference !== body.offlineReference
        ? { printedOfflineReference: body.offlineReference }
        : {}),
      ...(body.soldAt ? { soldAt: new Date(body.soldAt).toISOString() } : {}),
    },
  });
  await addSaleToSummaries(tx, scope.businessId, body.id, [audit]);
  return written;
}

/**
 * The register session (open, this store; for a sale made earlier, open at its time), the sale id (not
 * yet used) and the customer (if any).
 */
async function checkSaleOpeningIn(tx: Executor, scope: Scope, body: Body, now: Date) {
  const session = await sessionForSaleIn(tx, scope, body, now);
  // A sale made now learnt it with its session.
  if ('saleTaken' in session ? session.saleTaken : await saleIdTaken(tx, scope.businessId, body.id)) throw saleExists();
  const customer = body.customerId ? await findContact(tx, scope.businessId, body.customerId) : undefined;
  if (body.customerId && (customer?.kind !== 'customer' || customer.archivedAt !== null))
    throw invalidFields([{ field: 'customerId', message: 'Not a customer of this business (or archived)' }]);
  return session;
}

/**
 * The lines against the catalogue: every line at fault, each for its first fault (400). A sale made
 * offline may name an item archived since: it is taken, and noted as an exception.
 */
async function checkSaleLinesIn(
  tx: Executor,
  scope: Scope,
  body: Body,
): Promise<{ lines: CartLine[]; archived: PendingException[] }> {
  const variants = await findSaleVariants(
    tx,
    scope,
    body.lines.map((l) => l.variantId),
  );
  const checked = checkLines(body.lines, variants, { mustTrack: false });
  const offline = Boolean(body.offlineReference);
  const refused = checked.failures.filter((f) => !(offline && f.reason === 'archived'));
  const invalid = refused
    .filter((f, i, all) => all[i - 1]?.index !== f.index)
    .map((f) => lineFailureError(f, { wholeUnitsVerb: 'sold' }));
  if (invalid.length > 0) throw new AppError('VALIDATION_FAILED', 'Some lines are not valid', { errors: invalid });
  // No failure: every line was found, in the order sent.
  return {
    lines: checked.lines.map(({ index, variant, thousandths }) => ({
      variant,
      thousandths,
      discount: body.lines[index]!.discount ?? null,
    })),
    archived: checked.failures.flatMap((f) =>
      f.reason === 'archived' && f.variant
        ? [{ variantId: f.variant.variantId, kind: 'sold_offline_archived' as const, details: {} }]
        : [],
    ),
  };
}

/** The server's figures, which must be the till's total (else 409 PRICE_CHANGED with the new figures). */
function priceAsExpected(lines: CartLine[], body: Body): PricedCart {
  const priced = priceSale(lines, body.cartDiscount ?? null);
  if (priced.totalMinor !== body.expectedTotalMinor)
    throw new AppError(
      'PRICE_CHANGED',
      `The total is ${priced.totalMinor}, not ${body.expectedTotalMinor}: prices or taxes changed; check the sale again`,
      {
        priceChanged: {
          lines: lines.map(({ variant }, i) => ({
            variantId: variant.variantId,
            unitPriceMinor: variant.unitPriceMinor,
            totalMinor: priced.lines[i]!.totalMinor,
          })),
          totalMinor: priced.totalMinor,
        },
      },
    );
  return priced;
}

/** Payments must cover the total exactly; cash may be over-tendered (the difference is change). */
function paymentsCovering(input: Body['payments'], totalMinor: number) {
  const payments = input.map((p) => {
    const tendered = p.method === 'cash' ? (p.tenderedMinor ?? p.amountMinor) : p.amountMinor;
    return { ...p, tendered, change: tendered - p.amountMinor };
  });
  const paidAmount = payments.reduce((s, p) => s + p.amountMinor, 0);
  if (paidAmount !== totalMinor)
    throw new AppError(
      'PAYMENT_MISMATCH',
      `The payments add up to ${paidAmount} but the sale is ${totalMinor}: the sale completes only when paid exactly`,
      {
        errors: [
          {
            field: 'payments',
            message:
              paidAmount < totalMinor
                ? `${totalMinor - paidAmount} still to pay`
                : `${paidAmount - totalMinor} more than the total`,
          },
        ],
      },
    );
  return payments;
}

type Tenders = ReturnType<typeof paymentsCovering>;

/**
 * The stock out of the store (guarded decrements); untracked goods (services, gift wrapping) move none.
 * A sale made offline takes its stock even below zero; where the store would have refused that, each
 * such line is an exception (the quantity and the on hand it left).
 */
async function takeSaleStockIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  body: Body,
  lines: CartLine[],
): Promise<PendingException[]> {
  const tracked = lines.flatMap((line, lineIndex) => (line.variant.isTracked ? [{ ...line, lineIndex }] : []));
  if (tracked.length === 0) return [];
  const offline = Boolean(body.offlineReference);
  const guardedByStore = offline && !(await storeAllowsNegativeStock(tx, scope));
  const moved = await moveStock(
    tx,
    actor,
    scope,
    tracked.map(({ variant, thousandths }) => ({
      productId: variant.productId,
      variantId: variant.variantId,
      deltaThousandths: -thousandths,
      reason: 'sale' as const,
      isTracked: true,
      refType: 'sale' as const,
      refId: body.id,
    })),
    {
      fieldOf: (_input, index) => `lines.${tracked[index]!.lineIndex}.quantity`,
      ...(offline ? { allowNegative: true } : {}),
    },
  );
  if (!guardedByStore) return [];
  return moved.flatMap((m, i) =>
    m.onHandAfterThousandths < 0
      ? [
          {
            variantId: m.variantId,
            kind: 'sold_offline_below_zero' as const,
            details: { quantity: tracked[i]!.thousandths / 1000, onHandAfter: m.onHandAfterThousandths / 1000 },
          },
        ]
      : [],
  );
}

/**
 * The gapless number with the sale, its lines and its payments, in one statement; the rows as written.
 * From the number on, the store's counter row is locked until commit: only the audit event with the
 * report summaries and the idempotency answer follow it.
 */
async function writeSaleIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  sale: {
    sessionId: string;
    body: Body;
    lines: CartLine[];
    priced: PricedCart;
    payments: Tenders;
    offlineReference: string | null;
  },
) {
  const { sessionId, body, lines, priced, payments, offlineReference } = sale;
  const header = {
    id: body.id,
    sessionId,
    status: 'completed',
    cashierAccountId: actor.accountId!,
    customerId: body.customerId ?? null,
    subtotalMinor: priced.subtotalMinor,
    discountMinor: priced.discountMinor,
    taxMinor: priced.taxMinor,
    totalMinor: priced.totalMinor,
    paidMinor: payments.reduce((s, p) => s + p.tendered, 0),
    changeMinor: payments.reduce((s, p) => s + p.change, 0),
    cartDiscount: body.cartDiscount ?? null,
    note: body.note ? body.note : null,
    // A sale made earlier is dated when it was sold; `recorded_at` keeps the server's own time.
    completedAt: body.soldAt ? new Date(body.soldAt) : undefined,
    offlineReference,
  };
  const lineRows = saleLineRows(scope.businessId, body.id, lines, priced);
  const paymentRows: SalePaymentRow[] = payments.map((p, i) => ({
    businessId: scope.businessId,
    saleId: body.id,
    seq: i + 1,
    method: p.method,
    amountMinor: p.amountMinor,
    tenderedMinor: p.method === 'cash' ? p.tendered : null,
    reference: p.reference ? p.reference : null,
    provider: p.provider ?? null,
    phone: p.phone ? p.phone : null,
  }));
  const numbered = await insertNumberedSale(tx, scope, header, lineRows, paymentRows);
  // A concurrent request with the same sale id under another key committed first.
  if (!numbered) throw saleExists();
  const row: SaleRow = {
    ...header,
    businessId: scope.businessId,
    storeId: scope.storeId,
    number: numbered.number,
    completedAt: header.completedAt ?? numbered.recordedAt,
    recordedAt: numbered.recordedAt,
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
  };
  return { number: numbered.number, sale: row, lines: lineRows, payments: paymentRows };
}
