import {
  ageingBucketOf,
  ageingBuckets,
  basisPointsOf,
  bucketStart,
  bucketsBetween,
  customerSummaryFigures,
  defaultBucket,
  storeDay,
  type AgeingBucket,
  type CustomerReport,
  type ReportBucket,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { scopeResponse, type ResolvedReportScope } from './report-scope.js';
import {
  allNetSales,
  customerDays,
  customerNames,
  firstPurchaseDays,
  invoicedInPeriod,
  openBalances,
} from './customer-report.repository.js';
import { DEFAULT_TIME_ZONE } from '../../tenancy/stores.js';

const TOP = 50;

/** a / b rounded half away from zero, in integers (b > 0); 0 when b is 0. */
const averageOf = (total: number, count: number) =>
  count === 0 ? 0 : Math.sign(total) * Math.floor((2 * Math.abs(total) + count) / (2 * count));

/**
 * GET /reports/customer: named customers' buying in the period from the summaries (new when their
 * first sale in the business falls in the period), the 50 who spent most, and the open invoice
 * balances by age on the store's today.
 */
export async function customerReport(
  deps: AppDeps,
  scope: ResolvedReportScope,
  query: { bucket?: ReportBucket | undefined },
): Promise<CustomerReport> {
  const db = deps.database.db;
  const bucket = query.bucket ?? defaultBucket(scope);
  const today = storeDay(scope.stores[0]?.timeZone ?? DEFAULT_TIME_ZONE, deps.now());
  const [days, invoiced, balances, allNet] = await Promise.all([
    customerDays(db, scope),
    invoicedInPeriod(db, scope),
    openBalances(db, scope),
    allNetSales(db, scope),
  ]);

  type Buyer = {
    visits: number;
    salesMinor: number;
    refundsMinor: number;
    invoicedMinor: number;
    firstVisit: string | null;
    lastVisit: string | null;
  };
  const buyers = new Map<string, Buyer>();
  const buyer = (id: string) => {
    let b = buyers.get(id);
    if (!b) {
      b = { visits: 0, salesMinor: 0, refundsMinor: 0, invoicedMinor: 0, firstVisit: null, lastVisit: null };
      buyers.set(id, b);
    }
    return b;
  };
  const buyingDays = new Map<string, Set<string>>();
  for (const d of days) {
    const b = buyer(d.customer_id);
    const visits = Number(d.sales_count);
    b.visits += visits;
    b.salesMinor += Number(d.total_minor);
    b.refundsMinor += Number(d.refund_total_minor);
    if (visits > 0) {
      if (!b.firstVisit || d.day < b.firstVisit) b.firstVisit = d.day;
      if (!b.lastVisit || d.day > b.lastVisit) b.lastVisit = d.day;
      const set = buyingDays.get(d.customer_id) ?? new Set<string>();
      set.add(d.day);
      buyingDays.set(d.customer_id, set);
    }
  }
  for (const i of invoiced) buyer(i.customer_id).invoicedMinor += Number(i.invoiced_minor);

  const bought = [...buyingDays.keys()];
  const firstEver = new Map(
    (await firstPurchaseDays(db, scope.businessId, bought)).map((r) => [r.customer_id, r.first_day]),
  );
  const isNew = (id: string) => (firstEver.get(id) ?? '') >= scope.from;

  // Open balances by age, per customer.
  const owed = new Map<string, Record<AgeingBucket, number>>();
  for (const b of balances) {
    const row =
      owed.get(b.customer_id) ?? (Object.fromEntries(ageingBuckets.map((k) => [k, 0])) as Record<AgeingBucket, number>);
    row[ageingBucketOf(b.due_date, today)] += Number(b.balance_minor);
    owed.set(b.customer_id, row);
  }

  const ids = [...new Set([...buyers.keys(), ...owed.keys()])];
  const contacts = new Map((await customerNames(db, scope.businessId, ids)).map((c) => [c.id, c]));
  const nameOf = (id: string) => contacts.get(id)?.name ?? 'Unknown customer';

  const periods = new Map(
    bucketsBetween(scope, bucket).map((start) => [start, { start, all: new Set<string>(), fresh: new Set<string>() }]),
  );
  for (const [id, set] of buyingDays)
    for (const day of set) {
      const period = periods.get(bucketStart(day, bucket))!;
      period.all.add(id);
      if (bucketStart(firstEver.get(id) ?? day, bucket) === period.start && isNew(id)) period.fresh.add(id);
    }

  let visits = 0;
  let salesMinor = 0;
  let refundsMinor = 0;
  let invoicedMinor = 0;
  for (const b of buyers.values()) {
    visits += b.visits;
    salesMinor += b.salesMinor;
    refundsMinor += b.refundsMinor;
    invoicedMinor += b.invoicedMinor;
  }
  const newCustomers = bought.filter(isNew).length;
  const netSalesMinor = salesMinor - refundsMinor;
  let receivablesMinor = 0;
  let overdueMinor = 0;
  const ageing = [...owed].map(([customerId, row]) => {
    const totalMinor = ageingBuckets.reduce((s, k) => s + row[k], 0);
    receivablesMinor += totalMinor;
    overdueMinor += totalMinor - row.current;
    return { customerId, name: nameOf(customerId), ...row, totalMinor };
  });
  ageing.sort((a, b) => b.totalMinor - a.totalMinor || a.name.localeCompare(b.name));

  const topCustomers = [...buyers]
    .map(([customerId, b]) => ({
      customerId,
      name: nameOf(customerId),
      phone: contacts.get(customerId)?.phone ?? null,
      visits: b.visits,
      salesMinor: b.salesMinor,
      refundsMinor: b.refundsMinor,
      invoicedMinor: b.invoicedMinor,
      netSpendMinor: b.salesMinor - b.refundsMinor + b.invoicedMinor,
      averageBasketMinor: averageOf(b.salesMinor, b.visits),
      firstVisit: b.firstVisit,
      lastVisit: b.lastVisit,
      isNew: buyingDays.has(customerId) && isNew(customerId),
    }))
    .sort((a, b) => b.netSpendMinor - a.netSpendMinor || a.name.localeCompare(b.name))
    .slice(0, TOP);

  const report: CustomerReport = {
    scope: scopeResponse(scope),
    headline: { key: 'customers', label: 'Customers', value: 0, format: 'count' },
    bucket,
    today,
    summary: {
      customersCount: bought.length,
      newCustomers,
      returningCustomers: bought.length - newCustomers,
      netSalesMinor,
      shareOfSalesBasisPoints: allNet > 0 ? basisPointsOf(netSalesMinor, allNet) : null,
      visits,
      averageBasketMinor: averageOf(salesMinor, visits),
      visitsPerCustomerTenths: bought.length === 0 ? 0 : averageOf(visits * 10, bought.length),
      invoicedMinor,
      receivablesMinor,
      overdueMinor,
    },
    topCustomers,
    newVsReturning: [...periods.values()].map((p) => ({
      start: p.start,
      customers: p.all.size,
      new: p.fresh.size,
      returning: p.all.size - p.fresh.size,
    })),
    ageing,
  };
  report.headline = customerSummaryFigures(report)[0]!;
  return report;
}
