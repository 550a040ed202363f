import {
  bucketStart,
  bucketsBetween,
  defaultBucket,
  purchaseOrderStatuses,
  purchaseOrderSummaryFigures,
  storeDay,
  type PurchaseOrderReport,
  type ReportBucket,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { scopeResponse, type ResolvedReportScope } from './report-scope.js';
import { openOrders, ordersPlaced, receiptsIn, returnsIn, vendorNames } from './purchase-order-report.repository.js';
import { DEFAULT_TIME_ZONE } from '../../tenancy/stores.js';

/** Mean of lead times in seconds as days with one decimal; null without any. */
const leadDays = (seconds: number[]) =>
  seconds.length === 0 ? null : Math.round((seconds.reduce((s, x) => s + x, 0) / seconds.length / 86_400) * 10) / 10;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * GET /reports/purchase-order: deliveries and returns of the period by vendor and bucket, lead times,
 * the orders placed by status, and the orders open now with what they still have to bring.
 */
export async function purchaseOrderReport(
  deps: AppDeps,
  scope: ResolvedReportScope,
  query: { bucket?: ReportBucket | undefined },
): Promise<PurchaseOrderReport> {
  const db = deps.database.db;
  const bucket = query.bucket ?? defaultBucket(scope);
  const today = storeDay(scope.stores[0]?.timeZone ?? DEFAULT_TIME_ZONE, deps.now());
  const [receipts, returns, placed, open] = await Promise.all([
    receiptsIn(db, scope),
    returnsIn(db, scope),
    ordersPlaced(db, scope),
    openOrders(db, scope),
  ]);
  const vendorIds = [...new Set([...receipts, ...returns, ...placed, ...open].map((r) => r.vendor_id))];
  const names = new Map((await vendorNames(db, scope.businessId, vendorIds)).map((v) => [v.id, v.name]));
  const nameOf = (id: string) => names.get(id) ?? 'Unknown vendor';

  const vendors = new Map<
    string,
    { ordersPlaced: number; orderedValueMinor: number; spendMinor: number; returnsMinor: number; leads: number[] }
  >();
  const vendor = (id: string) => {
    let v = vendors.get(id);
    if (!v) {
      v = { ordersPlaced: 0, orderedValueMinor: 0, spendMinor: 0, returnsMinor: 0, leads: [] };
      vendors.set(id, v);
    }
    return v;
  };
  const periods = new Map(
    bucketsBetween(scope, bucket).map((start) => [start, { start, spendMinor: 0, returnsMinor: 0, netSpendMinor: 0 }]),
  );
  const leads: number[] = [];
  let spendMinor = 0;
  for (const r of receipts) {
    const value = Number(r.value_minor);
    const lead = Number(r.lead_seconds);
    spendMinor += value;
    leads.push(lead);
    const v = vendor(r.vendor_id);
    v.spendMinor += value;
    v.leads.push(lead);
    periods.get(bucketStart(r.day, bucket))!.spendMinor += value;
  }
  let returnsMinor = 0;
  for (const r of returns) {
    const value = Number(r.value_minor);
    returnsMinor += value;
    vendor(r.vendor_id).returnsMinor += value;
    periods.get(bucketStart(r.day, bucket))!.returnsMinor += value;
  }
  const statuses = new Map<number, { count: number; valueMinor: number }>();
  for (const p of placed) {
    const count = Number(p.orders);
    const value = Number(p.value_minor);
    const v = vendor(p.vendor_id);
    v.ordersPlaced += count;
    v.orderedValueMinor += value;
    const s = statuses.get(Number(p.status)) ?? { count: 0, valueMinor: 0 };
    s.count += count;
    s.valueMinor += value;
    statuses.set(Number(p.status), s);
  }
  const openRows = open.map((o) => ({
    id: o.id,
    number: o.number,
    vendor: nameOf(o.vendor_id),
    orderedOn: o.ordered_on,
    expectedOn: o.expected_on,
    outstandingMinor: Number(o.outstanding_minor),
    daysLate: o.expected_on && o.expected_on < today ? daysBetween(o.expected_on, today) : 0,
  }));
  const ordersCount = placed.reduce((s, p) => s + Number(p.orders), 0);
  const orderedValueMinor = placed.reduce((s, p) => s + Number(p.value_minor), 0);

  const report: PurchaseOrderReport = {
    scope: scopeResponse(scope),
    headline: { key: 'spend', label: 'Received', value: 0, format: 'money' },
    bucket,
    today,
    summary: {
      spendMinor,
      receiptsCount: receipts.length,
      returnsMinor,
      returnsCount: returns.length,
      netSpendMinor: spendMinor - returnsMinor,
      ordersPlaced: ordersCount,
      orderedValueMinor,
      averageLeadTimeDays: leadDays(leads),
      openOrdersCount: openRows.length,
      openValueMinor: openRows.reduce((s, o) => s + o.outstandingMinor, 0),
    },
    byVendor: [...vendors]
      .map(([vendorId, v]) => ({
        vendorId,
        name: nameOf(vendorId),
        ordersPlaced: v.ordersPlaced,
        orderedValueMinor: v.orderedValueMinor,
        spendMinor: v.spendMinor,
        returnsMinor: v.returnsMinor,
        netSpendMinor: v.spendMinor - v.returnsMinor,
        averageLeadTimeDays: leadDays(v.leads),
      }))
      .sort((a, b) => b.netSpendMinor - a.netSpendMinor || a.name.localeCompare(b.name)),
    byPeriod: [...periods.values()].map((p) => ({ ...p, netSpendMinor: p.spendMinor - p.returnsMinor })),
    byStatus: purchaseOrderStatuses.map((s) => ({
      status: s.value,
      label: s.label,
      count: statuses.get(s.value)?.count ?? 0,
      valueMinor: statuses.get(s.value)?.valueMinor ?? 0,
    })),
    openOrders: openRows,
  };
  report.headline = purchaseOrderSummaryFigures(report)[0]!;
  return report;
}
