import {
  basisPointsOf,
  bucketStart,
  bucketsBetween,
  defaultBucket,
  parseThousandths,
  wasteReasons,
  wasteSummaryFigures,
  type ReportBucket,
  type WasteReason,
  type WasteReport,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { scopeResponse, type ResolvedReportScope } from './report-scope.js';
import { netSalesExTaxByDay, pendingWaste, recordedWaste } from './waste-report.repository.js';

/** Records, quantity (integer thousandths while summing) and value of a slice of waste. */
interface Slice {
  recordsCount: number;
  thousandths: number;
  valueMinor: number;
}
const emptySlice = (): Slice => ({ recordsCount: 0, thousandths: 0, valueMinor: 0 });
const addTo = (slice: Slice, more: Slice) => {
  slice.recordsCount += more.recordsCount;
  slice.thousandths += more.thousandths;
  slice.valueMinor += more.valueMinor;
};
const out = ({ thousandths, ...slice }: Slice) => ({ ...slice, quantity: thousandths / 1000 });

/**
 * GET /reports/waste: the period's waste that moved stock (by the day it left the shelf), folded by
 * reason, product, category and bucket, against the net sales before tax of the same days.
 */
export async function wasteReport(
  deps: AppDeps,
  scope: ResolvedReportScope,
  query: { bucket?: ReportBucket | undefined },
): Promise<WasteReport> {
  const db = deps.database.db;
  const bucket = query.bucket ?? defaultBucket(scope);
  const [rows, pending, sales] = await Promise.all([
    recordedWaste(db, scope),
    pendingWaste(db, scope),
    netSalesExTaxByDay(db, scope),
  ]);
  const total = emptySlice();
  const reasons = new Map<WasteReason, Slice>(wasteReasons.map((r) => [r, emptySlice()]));
  const products = new Map<string, Slice & { variantId: string; name: string; sku: string; category: string }>();
  const categories = new Map<string, Slice & { category: string }>();
  const periods = new Map(
    bucketsBetween(scope, bucket).map((start) => [start, { start, ...emptySlice(), netSalesExTaxMinor: 0 }]),
  );
  for (const row of rows) {
    const slice: Slice = {
      recordsCount: Number(row.records),
      thousandths: parseThousandths(String(row.quantity)),
      valueMinor: Number(row.value_minor),
    };
    const category = row.category ?? 'Uncategorised';
    addTo(total, slice);
    addTo(reasons.get(row.reason as WasteReason)!, slice);
    const product = products.get(row.variant_id) ?? {
      variantId: row.variant_id,
      name: row.name,
      sku: row.sku,
      category,
      ...emptySlice(),
    };
    addTo(product, slice);
    products.set(row.variant_id, product);
    const cat = categories.get(category) ?? { category, ...emptySlice() };
    addTo(cat, slice);
    categories.set(category, cat);
    addTo(periods.get(bucketStart(row.day, bucket))!, slice);
  }
  let netSalesExTaxMinor = 0;
  for (const day of sales) {
    const amount = Number(day.net_ex_tax_minor);
    netSalesExTaxMinor += amount;
    periods.get(bucketStart(day.day, bucket))!.netSalesExTaxMinor += amount;
  }
  const shareOfSales = (value: number, sales: number) => (sales > 0 ? basisPointsOf(value, sales) : null);
  const byValue = <T extends Slice & { name?: string; category?: string }>(a: T, b: T) =>
    b.valueMinor - a.valueMinor || (a.name ?? a.category ?? '').localeCompare(b.name ?? b.category ?? '');

  const report: WasteReport = {
    scope: scopeResponse(scope),
    headline: { key: 'waste-value', label: 'Waste at cost', value: 0, format: 'money' },
    bucket,
    summary: {
      ...out(total),
      pendingCount: pending.count,
      pendingValueMinor: pending.valueMinor,
      netSalesExTaxMinor,
      shareOfSalesBasisPoints: shareOfSales(total.valueMinor, netSalesExTaxMinor),
    },
    byReason: wasteReasons.map((reason) => {
      const slice = reasons.get(reason)!;
      return { reason, ...out(slice), shareBasisPoints: basisPointsOf(slice.valueMinor, total.valueMinor) };
    }),
    byProduct: [...products.values()].sort(byValue).map(({ variantId, name, sku, category, ...slice }) => ({
      variantId,
      name,
      sku,
      category,
      ...out(slice),
    })),
    byCategory: [...categories.values()].sort(byValue).map(({ category, ...slice }) => ({ category, ...out(slice) })),
    byPeriod: [...periods.values()].map(({ start, netSalesExTaxMinor: sales, ...slice }) => ({
      start,
      ...out(slice),
      netSalesExTaxMinor: sales,
      shareOfSalesBasisPoints: shareOfSales(slice.valueMinor, sales),
    })),
  };
  report.headline = wasteSummaryFigures(report)[0]!;
  return report;
}
