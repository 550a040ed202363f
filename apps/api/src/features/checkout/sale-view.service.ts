import {
  parseThousandths,
  type MobileMoneyProvider,
  type PaymentMethod,
  type Refund,
  type Sale,
  type SaleDetail,
  type SaleState,
} from '@ipos/contracts';
import type { Actor } from '../../http/context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { accountNames, iso } from '../../lib/records.js';
import { findContact } from '../contacts/contacts.repository.js';
import { findSale, findSessionHeader, refundsOfSale, saleLineFacts, toInt } from './sale-view.repository.js';

/**
 * A sale as the API answers it: what checkout answers when it records one, the sale detail of the
 * transactions list, and what the receipt prints.
 */

type Scope = { businessId: string; storeId: string };

/** A sale's state for badges and filters: voided wins; then refunded (all of its total) or partly. */
export function saleState(status: string, totalMinor: number, refundedMinor: number): SaleState {
  if (status === 'voided') return 'voided';
  if (refundedMinor <= 0) return 'completed';
  return refundedMinor >= totalMinor ? 'refunded' : 'partially_refunded';
}

/**
 * A sale's rows (as read, or as just written) as the sale API answers them. `actor`: who is asking,
 * whose name is known (the cashier of a sale just made is not looked up again).
 */
export async function toSale(
  db: Executor,
  { sale, lines, payments }: NonNullable<Awaited<ReturnType<typeof findSale>>>,
  actor?: Pick<Actor, 'accountId' | 'name'>,
): Promise<Sale> {
  const names =
    actor?.name !== undefined && actor.accountId === sale.cashierAccountId
      ? new Map([[actor.accountId, actor.name]])
      : await accountNames(db, [sale.cashierAccountId]);
  return {
    id: sale.id,
    number: sale.number,
    storeId: sale.storeId,
    sessionId: sale.sessionId,
    status: sale.status as Sale['status'],
    cashier: { id: sale.cashierAccountId, name: names.get(sale.cashierAccountId) ?? 'Unknown' },
    customerId: sale.customerId,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      productId: l.productId,
      variantId: l.variantId,
      name: l.name,
      sku: l.sku,
      quantity: parseThousandths(l.quantity) / 1000,
      unitPriceMinor: Number(l.unitPriceMinor),
      grossMinor: Number(l.grossMinor),
      lineDiscountMinor: Number(l.lineDiscountMinor),
      cartDiscountMinor: Number(l.cartDiscountMinor),
      taxRateId: l.taxRateId,
      taxRateBasisPoints: l.taxRateBasisPoints,
      taxInclusive: l.taxInclusive,
      taxMinor: Number(l.taxMinor),
      totalMinor: Number(l.totalMinor),
    })),
    cartDiscount: sale.cartDiscount ?? null,
    payments: payments.map((p) => {
      const tendered = p.tenderedMinor === null ? null : Number(p.tenderedMinor);
      return {
        method: p.method as PaymentMethod,
        amountMinor: Number(p.amountMinor),
        tenderedMinor: tendered,
        changeMinor: tendered === null ? 0 : tendered - Number(p.amountMinor),
        reference: p.reference,
        provider: p.provider as MobileMoneyProvider | null,
        phone: p.phone,
      };
    }),
    subtotalMinor: Number(sale.subtotalMinor),
    discountMinor: Number(sale.discountMinor),
    taxMinor: Number(sale.taxMinor),
    totalMinor: Number(sale.totalMinor),
    paidMinor: Number(sale.paidMinor),
    changeMinor: Number(sale.changeMinor),
    note: sale.note,
    completedAt: iso(sale.completedAt),
    recordedAt: iso(sale.recordedAt),
    offlineReference: sale.offlineReference,
  };
}

/** The refunds of a sale as the API answers them, oldest first. */
export async function loadRefunds(db: Executor, businessId: string, saleId: string): Promise<Refund[]> {
  const { headers, lines } = await refundsOfSale(db, businessId, saleId);
  const names = await accountNames(
    db,
    headers.map((h) => h.refunded_by),
  );
  return headers.map((h) => ({
    id: h.id,
    number: h.number,
    saleId: h.sale_id,
    sessionId: h.session_id,
    createdAt: iso(h.created_at),
    by: { id: h.refunded_by, name: names.get(h.refunded_by) ?? 'Unknown' },
    reason: h.reason,
    method: h.method as PaymentMethod,
    reference: h.reference,
    provider: h.provider as MobileMoneyProvider | null,
    phone: h.phone,
    totalMinor: toInt(h.total_minor),
    taxMinor: toInt(h.tax_minor),
    lines: lines
      .filter((l) => l.refund_id === h.id)
      .map((l) => ({
        lineNo: Number(l.line_no),
        variantId: l.variant_id,
        name: l.name,
        quantity: parseThousandths(l.quantity) / 1000,
        totalMinor: toInt(l.total_minor),
        taxMinor: toInt(l.tax_minor),
        restocked: Boolean(l.restocked),
      })),
  }));
}

/**
 * GET /sales/:saleId: a sale of the active store with its customer, register session, refunded
 * quantity per line, refunds and void; another store's or tenant's is a 404. The receipt reads it too.
 */
export async function getSaleDetail(db: Executor, scope: Scope, saleId: string): Promise<SaleDetail> {
  const found = await findSale(db, scope, saleId);
  if (!found) throw notFound('The sale');
  const row = found.sale;
  const [sale, facts, refunds, customer, session] = await Promise.all([
    toSale(db, found),
    saleLineFacts(db, scope.businessId, saleId),
    loadRefunds(db, scope.businessId, saleId),
    row.customerId ? findContact(db, scope.businessId, row.customerId) : Promise.resolve(undefined),
    findSessionHeader(db, scope.businessId, row.sessionId),
  ]);
  const refundedMinor = refunds.reduce((s, r) => s + r.totalMinor, 0);
  let voided: SaleDetail['voided'] = null;
  if (row?.voidedAt && row.voidedBy) {
    const names = await accountNames(db, [row.voidedBy]);
    voided = {
      at: iso(row.voidedAt),
      by: { id: row.voidedBy, name: names.get(row.voidedBy) ?? 'Unknown' },
      reason: row.voidReason ?? '',
    };
  }
  return {
    ...sale,
    state: saleState(sale.status, sale.totalMinor, refundedMinor),
    customer: customer ? { id: customer.id, name: customer.name, phone: customer.phone, email: customer.email } : null,
    session: {
      id: sale.sessionId,
      registerName: session?.registerName ?? 'Register',
      status: session?.status === 'closed' ? 'closed' : 'open',
    },
    lines: sale.lines.map((line) => {
      const fact = facts.get(line.lineNo);
      return {
        ...line,
        refundedQuantity: fact ? parseThousandths(fact.refundedThousandthsText) / 1000 : 0,
        unit: fact?.unit ?? 'each',
      };
    }),
    refunds,
    refundedMinor,
    voided,
  };
}
