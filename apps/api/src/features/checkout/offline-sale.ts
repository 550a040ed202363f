import {
  SOLD_AT_MAX_SKEW_MS,
  type SaleExceptionDetails,
  type SaleExceptionKind,
  type createSaleBodySchema,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../http/context.js';
import { AppError, invalidFields } from '../../http/app-error.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { findOpenSessionForSale, shareLockSession } from './registers.repository.js';
import { insertSaleExceptions, offlineReferenceTaken } from './sale-exceptions.repository.js';
import { findSale } from './sale-view.repository.js';
import { setSaleOfflineReference } from './sales.repository.js';
import type { CartLine } from './sale-lines.js';

/**
 * A sale made earlier: the time it was sold (`soldAt`) and, for a sale the device completed without
 * the server (`offlineReference`), the terms it is accepted on. The goods have left the shop, so an
 * offline sale stands as it was paid (the till's prices, stock below zero, an item archived since);
 * each difference is kept as a sale exception for a manager (decision 0036).
 */

type Scope = { businessId: string; storeId: string };
type Body = z.output<typeof createSaleBodySchema>;

/** One difference an offline sale was accepted with, before it is written. */
export interface PendingException {
  variantId: string;
  kind: SaleExceptionKind;
  details: SaleExceptionDetails;
}

const registerClosed = (message: string, field = 'sessionId') =>
  new AppError('REGISTER_CLOSED', `This register session was not open at the time of the sale: ${message}`, {
    errors: [{ field, message }],
  });

/**
 * The register session the sale goes into, locked `for share` until the transaction ends. A sale made
 * now needs it open; a sale made earlier must fall within it (not before it opened, not after it
 * closed), and only a sale made offline may reach a session closed since. `soldAt` is at most two
 * minutes ahead of the server's clock (a device running fast); further is refused (400). A sale made now
 * learns with its session whether its id is taken (`saleTaken`).
 */
export async function sessionForSaleIn(tx: Executor, scope: Scope, body: Body, now: Date) {
  if (!body.soldAt && !body.offlineReference) {
    const open = await findOpenSessionForSale(tx, scope, body.sessionId, body.id);
    if (!open)
      throw new AppError(
        'REGISTER_CLOSED',
        'This register session is not open in this store; open a register to sell',
        {
          errors: [{ field: 'sessionId', message: 'Not an open register session of this store' }],
        },
      );
    return open;
  }
  const soldAt = body.soldAt ? new Date(body.soldAt) : now;
  if (soldAt.getTime() > now.getTime() + SOLD_AT_MAX_SKEW_MS)
    throw invalidFields([
      { field: 'soldAt', message: 'Later than the server’s clock: check the device’s date and time' },
    ]);
  const session = await shareLockSession(tx, scope, body.sessionId);
  if (!session) throw registerClosed('not a register session of this store');
  if (session.status !== 'open' && !body.offlineReference) throw registerClosed('it is closed');
  if (soldAt < session.openedAt) throw registerClosed('the sale is dated before it opened', 'soldAt');
  if (session.closedAt && soldAt > session.closedAt)
    throw registerClosed('the sale is dated after it closed', 'soldAt');
  return { id: session.id, registerName: session.registerName };
}

/** Suffixes tried after a taken offline reference before giving up (409 OFFLINE_REFERENCE_TAKEN). */
const REFERENCE_SUFFIXES = 99;

/**
 * The offline reference a sale is recorded with: the one its receipt was printed with, or, when another
 * sale of the store has it already (two devices numbering one register, a device whose counter was
 * cleared), that one with the first free suffix (`LEK-T1-OFF-0017-2`). The printed reference stays
 * the start of the recorded one, so the paper receipt still finds its sale, and a sale the customer
 * has paid for is never refused for its label.
 */
export async function offlineReferenceFor(tx: Executor, scope: Scope, printed: string): Promise<string> {
  if (!(await offlineReferenceTaken(tx, scope, printed))) return printed;
  for (let suffix = 2; suffix <= REFERENCE_SUFFIXES; suffix++) {
    const candidate = `${printed}-${suffix}`;
    if (!(await offlineReferenceTaken(tx, scope, candidate))) return candidate;
  }
  throw new AppError('OFFLINE_REFERENCE_TAKEN', `Too many sales of this store have the offline reference ${printed}`, {
    errors: [{ field: 'offlineReference', message: 'Already used by other sales of this store' }],
  });
}

/**
 * A sale recorded online whose answer never reached the till, sent again as an offline sale (same
 * id, same session, the reference its receipt was printed with): the sale already stands, so it
 * takes the printed reference (audited) and is answered as it is. Undefined for anything else: a sale
 * id of another session, or a sale that has a reference already, is refused as an existing sale.
 */
export async function noteLostAnswerReference(tx: Executor, actor: Actor, scope: Scope, body: Body) {
  if (!body.offlineReference) return undefined;
  const existing = await findSale(tx, scope, body.id);
  if (!existing || existing.sale.sessionId !== body.sessionId || existing.sale.offlineReference !== null)
    return undefined;
  const reference = await offlineReferenceFor(tx, scope, body.offlineReference);
  await setSaleOfflineReference(tx, scope, body.id, reference);
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'sale.offline_reference_added',
    entity: 'sale',
    entityId: body.id,
    before: { offlineReference: null },
    after: { offlineReference: reference, printedOfflineReference: body.offlineReference },
  });
  return { ...existing, sale: { ...existing.sale, offlineReference: reference } };
}

/**
 * An offline sale's lines at the prices and taxes the till charged (`unitPriceMinor`, `taxRateBasisPoints`
 * and `taxInclusive` of each line, when sent), and one exception for each line where they differ from
 * the store's now. An online sale keeps the server's prices and taxes whatever the lines say.
 */
export function atPaidPrices(lines: CartLine[], body: Body): { lines: CartLine[]; repriced: PendingException[] } {
  if (!body.offlineReference) return { lines, repriced: [] };
  const repriced: PendingException[] = [];
  const paid = lines.map((line, i) => {
    const sent = body.lines[i]!;
    const now = line.variant;
    const charged = {
      unitPriceMinor: sent.unitPriceMinor ?? now.unitPriceMinor,
      taxRateBasisPoints: sent.taxRateBasisPoints ?? now.taxRateBasisPoints,
      taxInclusive: sent.taxInclusive ?? now.taxInclusive,
    };
    const priceDiffers = charged.unitPriceMinor !== now.unitPriceMinor;
    const taxDiffers =
      charged.taxRateBasisPoints !== now.taxRateBasisPoints || charged.taxInclusive !== now.taxInclusive;
    if (!priceDiffers && !taxDiffers) return line;
    repriced.push({
      variantId: now.variantId,
      kind: 'sold_offline_at_old_price',
      details: {
        ...(priceDiffers
          ? { paidUnitPriceMinor: charged.unitPriceMinor, serverUnitPriceMinor: now.unitPriceMinor }
          : {}),
        ...(taxDiffers
          ? {
              paidTaxRateBasisPoints: charged.taxRateBasisPoints,
              serverTaxRateBasisPoints: now.taxRateBasisPoints,
              paidTaxInclusive: charged.taxInclusive,
              serverTaxInclusive: now.taxInclusive,
            }
          : {}),
      },
    });
    return { ...line, variant: { ...now, ...charged } };
  });
  return { lines: paid, repriced };
}

/** Writes the exceptions of a sale just written, each with its audit event. */
export async function recordSaleExceptionsIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  saleId: string,
  pending: PendingException[],
) {
  if (pending.length === 0) return;
  const rows = pending.map((p) => ({
    ...p,
    id: newId(),
    businessId: scope.businessId,
    storeId: scope.storeId,
    saleId,
  }));
  await insertSaleExceptions(tx, rows);
  for (const row of rows)
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'sale_exception.recorded',
      entity: 'sale_exception',
      entityId: row.id,
      after: { saleId, variantId: row.variantId, kind: row.kind, ...row.details },
    });
}
