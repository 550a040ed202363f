import {
  CONTACT_HISTORY_LIMIT,
  invoiceState,
  storeDay,
  type CustomerSummary,
  type InvoiceStatus,
  type VendorSummary,
} from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { iso, isoOrNull } from '../../lib/records.js';
import { customerFigures, customerHistory, findContact, vendorOrders, vendorTotals } from './contacts.repository.js';
import { present } from './contacts.service.js';

type Scope = { businessId: string; storeId: string };

/**
 * A customer's page: what they bought in every store of the business (completed sales) and on
 * credit (invoices), what they spent (sales − refunds + invoice payments), how often and when they
 * last came, and what they owe (issued invoices' balance; overdue: due before the active store's today).
 * A vendor (or another tenant's id) is a 404.
 */
export async function customerSummary(
  db: Executor,
  scope: Scope & { timeZone: string },
  id: string,
  now: Date,
): Promise<CustomerSummary> {
  const row = await findContact(db, scope.businessId, id);
  if (!row || row.kind !== 'customer') throw notFound('The customer');
  const today = storeDay(scope.timeZone, now);
  const figures = await customerFigures(db, scope.businessId, id, today);
  const history = await customerHistory(db, scope.businessId, id, CONTACT_HISTORY_LIMIT);
  return {
    contact: present(row),
    totalSpentMinor: figures.salesMinor - figures.refundsMinor + figures.invoicePaymentsMinor,
    visits: figures.visits,
    lastVisitAt: isoOrNull(figures.lastVisitAt),
    balanceMinor: figures.balanceMinor,
    overdueMinor: figures.overdueMinor,
    history: {
      total: history.total,
      items: history.rows.map((h) => ({
        kind: h.kind,
        id: h.id,
        number: h.number,
        storeId: h.storeId,
        storeName: h.storeName,
        at: iso(h.at),
        totalMinor: h.totalMinor,
        refundedMinor: h.refundedMinor,
        paidMinor: h.paidMinor,
        state:
          h.kind === 'sale'
            ? h.status
            : invoiceState(
                {
                  status: h.status as InvoiceStatus,
                  dueDate: h.dueDate ?? today,
                  totalMinor: h.totalMinor,
                  paidMinor: h.paidMinor,
                },
                today,
              ),
        dueDate: h.dueDate,
      })),
    },
  };
}

/** A vendor's page: its orders (newest first) with what was ordered, received and returned, and totals. */
export async function vendorSummary(db: Executor, scope: Scope, id: string): Promise<VendorSummary> {
  const row = await findContact(db, scope.businessId, id);
  if (!row || row.kind !== 'vendor') throw notFound('The vendor');
  const orders = await vendorOrders(db, scope.businessId, id, CONTACT_HISTORY_LIMIT);
  const totals = await vendorTotals(db, scope.businessId, id);
  return {
    contact: present(row),
    totals,
    orders: {
      total: orders.total,
      items: orders.rows.map((o) => ({ ...o, createdAt: iso(o.createdAt) })),
    },
  };
}
