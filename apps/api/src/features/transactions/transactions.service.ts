import { type listSalesQuerySchema, type PaymentMethod, type SaleEvent, type SaleSummary } from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { iso, accountNames } from '../../lib/records.js';
import { entityEvents } from '../../audit/entity-events.js';
import { listSaleRows, saleCashiers, saleListTotals, type SaleListFilters } from './transactions.repository.js';
import { findSale, toInt } from '../checkout/sale-view.repository.js';
import { saleState } from '../checkout/sale-view.service.js';

type Scope = { businessId: string; storeId: string };

/** GET /sales/:saleId/events: the sale's audit trail, oldest first, with actor names. */
export async function listSaleEvents(db: Executor, scope: Scope, saleId: string): Promise<{ items: SaleEvent[] }> {
  const found = await findSale(db, scope, saleId);
  if (!found) throw notFound('The sale');
  return entityEvents(db, scope.businessId, 'sale', saleId);
}

// ---------------------------------------------------------------- the list

type ListQuery = z.output<typeof listSalesQuerySchema>;

/**
 * A number filter as a LIKE pattern (upper case): a whole number (`lek-s000123`) matches itself;
 * digits match the sale numbers ending with them padded to six (`123` → `%S000123`).
 */
export function numberPattern(input: string | undefined): string | undefined {
  const text = input?.trim();
  if (!text) return undefined;
  const escaped = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (/^\d+$/.test(text)) return `%S${escaped(text.length >= 6 ? text : text.padStart(6, '0'))}`;
  return escaped(text.toUpperCase());
}

/**
 * GET /sales: a keyset page of the store's sales, newest first, and the totals of the WHOLE filtered
 * set (count of all; money of the non-voided), so the footer does not change with the page.
 */
export async function listSales(db: Executor, scope: Scope, query: ListQuery) {
  const filters: SaleListFilters = {
    from: query.from,
    to: query.to,
    cashierId: query.cashierId,
    method: query.method,
    state: query.state,
    customerId: query.customerId,
    numberPattern: numberPattern(query.number),
  };
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const [rows, totals] = await Promise.all([
    listSaleRows(db, scope, filters, { after, limit: query.limit + 1 }),
    saleListTotals(db, scope, filters),
  ]);
  const page = rows.slice(0, query.limit);
  const names = await accountNames(
    db,
    page.map((r) => r.cashier_account_id),
  );
  const items: SaleSummary[] = page.map((r) => {
    const totalMinor = toInt(r.total_minor);
    const refundedMinor = toInt(r.refunded_minor);
    return {
      id: r.id,
      number: r.number,
      completedAt: iso(r.completed_at),
      state: saleState(r.status, totalMinor, refundedMinor),
      cashier: { id: r.cashier_account_id, name: names.get(r.cashier_account_id) ?? 'Unknown' },
      customer: r.customer_id ? { id: r.customer_id, name: r.customer_name ?? 'Unknown' } : null,
      lineCount: toInt(r.line_count),
      totalMinor,
      refundedMinor,
      methods: [...new Set((r.methods ?? '').split(',').filter(Boolean))] as PaymentMethod[],
    };
  });
  const last = page[page.length - 1];
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursor_at, last.id) : null,
    totals: { ...totals, netMinor: totals.totalMinor - totals.refundedMinor },
  };
}

/** Who has sold in the store, for the list's cashier filter (former staff included: their sales remain). */
export async function listSaleCashiers(db: Executor, scope: Scope) {
  return { items: await saleCashiers(db, scope) };
}
