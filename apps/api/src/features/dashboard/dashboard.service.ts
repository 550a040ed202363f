import { addDays, parseThousandths, paymentMethods, storeDay, type StoreDashboard } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { AppDeps } from '../../http/context.js';
import { iso } from '../../lib/records.js';
import {
  dailySales,
  paymentsByMethod,
  recentSales,
  refundedIn,
  stockAlerts,
  topProducts,
} from './dashboard.repository.js';
import { openSaleExceptionCount } from '../checkout/sale-exceptions.repository.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId' | 'timeZone'>;

/** a / b rounded half away from zero, in integers (b > 0). */
const divideRounded = (a: number, b: number) => Math.sign(a) * Math.floor((2 * Math.abs(a) + b) / (2 * b));

/**
 * GET /dashboard/store: the active store's day in its own time zone (deps.now() decides "today"), in
 * eight fixed queries whatever the volume: the days' sales, today's refunds, payments by method, the
 * best sellers, the stock alerts, the newest sales and the open sale exceptions. Voided sales count for nothing but are listed
 * among the newest (marked voided).
 */
export async function getStoreDashboard(deps: AppDeps, scope: Scope): Promise<StoreDashboard> {
  const db = deps.database.db;
  const timeZone = scope.timeZone;
  const today = storeDay(timeZone, deps.now());
  const tomorrow = addDays(today, 1);
  const todaySpan = { timeZone, fromDate: today, toDate: tomorrow };
  const weekSpan = { timeZone, fromDate: addDays(today, -6), toDate: tomorrow };
  const [days, refundsMinor, payments, top, alerts, recent, openExceptions] = await Promise.all([
    dailySales(db, scope, weekSpan),
    refundedIn(db, scope, todaySpan),
    paymentsByMethod(db, scope, todaySpan),
    topProducts(db, scope, todaySpan, 5),
    stockAlerts(db, scope),
    recentSales(db, scope, 8),
    openSaleExceptionCount(db, scope),
  ]);
  const byDay = new Map(
    days.map((d) => [d.day, { salesMinor: Number(d.sales_minor), salesCount: Number(d.sales_count) }]),
  );
  const last7Days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(today, i - 6);
    return { date, ...(byDay.get(date) ?? { salesMinor: 0, salesCount: 0 }) };
  });
  const { salesMinor, salesCount } = last7Days[6]!;
  const byMethod = new Map(payments.map((p) => [p.method, p]));
  return {
    timeZone,
    today,
    salesCount,
    salesMinor,
    refundsMinor,
    netSalesMinor: salesMinor - refundsMinor,
    averageBasketMinor: salesCount === 0 ? 0 : divideRounded(salesMinor, salesCount),
    paymentMix: paymentMethods.map((method) => ({
      method,
      amountMinor: Number(byMethod.get(method)?.amount_minor ?? 0),
      count: Number(byMethod.get(method)?.count ?? 0),
    })),
    topProducts: top.map((t) => ({
      productId: t.product_id,
      variantId: t.variant_id,
      name: t.name,
      quantity: parseThousandths(t.quantity) / 1000,
      salesMinor: Number(t.sales_minor),
    })),
    last7Days,
    lowStockCount: alerts.low,
    outOfStockCount: alerts.out,
    openSaleExceptionsCount: openExceptions,
    recentSales: recent.map((s) => ({
      id: s.id,
      number: s.number,
      completedAt: iso(s.completed_at),
      status: s.status as 'completed' | 'voided',
      totalMinor: Number(s.total_minor),
      cashierName: s.cashier_name ?? 'Former staff',
      customerName: s.customer_name,
    })),
  };
}
