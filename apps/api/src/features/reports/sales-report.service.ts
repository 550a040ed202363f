import {
  basisPointsOf,
  bucketStart,
  bucketsBetween,
  defaultBucket,
  paymentMethods,
  parseThousandths,
  salesSummaryFigures,
  type PaymentMethod,
  type ReportBucket,
  type SalesReport,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { variantDisplayName } from '../inventory/stock-variants.repository.js';
import { scopeResponse, type ResolvedReportScope } from './report-scope.js';
import {
  exclusiveSalesTax,
  salesByAccount,
  salesByPaymentMethod,
  salesByStoreDay,
  salesByVariant,
  type SalesSums,
} from './sales-report.repository.js';

type Figures = Pick<
  SalesReport['summary'],
  'grossMinor' | 'discountsMinor' | 'refundsMinor' | 'netSalesMinor' | 'taxMinor' | 'costMinor' | 'grossProfitMinor'
>;

const zero = (): Figures => ({
  grossMinor: 0,
  discountsMinor: 0,
  refundsMinor: 0,
  netSalesMinor: 0,
  taxMinor: 0,
  costMinor: 0,
  grossProfitMinor: 0,
});

/** The figures of a slice from its summary sums: net = paid − refunded; profit = net − tax − cost. */
export function figuresOf(row: SalesSums): Figures {
  const refundsMinor = Number(row.refund_total_minor);
  const netSalesMinor = Number(row.total_minor) - refundsMinor;
  const taxMinor = Number(row.tax_minor) - Number(row.refund_tax_minor);
  const costMinor = Number(row.cost_minor) - Number(row.refund_cost_minor);
  return {
    grossMinor: Number(row.gross_minor),
    discountsMinor: Number(row.discount_minor),
    refundsMinor,
    netSalesMinor,
    taxMinor,
    costMinor,
    grossProfitMinor: netSalesMinor - taxMinor - costMinor,
  };
}

const add = (into: Figures, more: Figures) => {
  for (const key of Object.keys(more) as (keyof Figures)[]) into[key] += more[key];
};

/** a / b rounded half away from zero, in integers (b > 0); 0 when b is 0. */
const averageOf = (total: number, count: number) =>
  count === 0 ? 0 : Math.sign(total) * Math.floor((2 * Math.abs(total) + count) / (2 * count));

const byNet = <T extends Figures & { name?: string }>(a: T, b: T) =>
  b.netSalesMinor - a.netSalesMinor || (a.name ?? '').localeCompare(b.name ?? '');

/**
 * GET /reports/sales: five queries over the report summaries whatever the period (decision 0014),
 * folded here into the summary, the trend's buckets (every one, zeros included), and the breakdowns.
 */
export async function salesReport(
  deps: AppDeps,
  scope: ResolvedReportScope,
  query: { bucket?: ReportBucket | undefined },
): Promise<SalesReport> {
  const db = deps.database.db;
  const bucket = query.bucket ?? defaultBucket(scope);
  const [days, accounts, variants, payments, exclusiveTaxMinor] = await Promise.all([
    salesByStoreDay(db, scope),
    salesByAccount(db, scope),
    salesByVariant(db, scope),
    salesByPaymentMethod(db, scope),
    exclusiveSalesTax(db, scope),
  ]);

  const summary = zero();
  let salesCount = 0;
  let refundsCount = 0;
  let salesTotal = 0;
  const trend = new Map(bucketsBetween(scope, bucket).map((start) => [start, { start, salesCount: 0, ...zero() }]));
  const stores = new Map(scope.stores.map((s) => [s.id, { storeId: s.id, name: s.name, salesCount: 0, ...zero() }]));
  for (const day of days) {
    const figures = figuresOf(day);
    const count = Number(day.sales_count);
    add(summary, figures);
    salesCount += count;
    refundsCount += Number(day.refunds_count);
    salesTotal += Number(day.total_minor);
    const slot = trend.get(bucketStart(day.day, bucket))!;
    add(slot, figures);
    slot.salesCount += count;
    const store = stores.get(day.store_id)!;
    add(store, figures);
    store.salesCount += count;
  }

  const byProduct = variants
    .map((v) => ({
      variantId: v.variant_id,
      productId: v.product_id,
      name: variantDisplayName({
        productName: v.product_name,
        optionValues: Array.isArray(v.option_values) ? v.option_values : [],
      }),
      sku: v.sku,
      category: v.category ?? 'Uncategorised',
      quantity: parseThousandths(String(v.quantity)) / 1000,
      refundedQuantity: parseThousandths(String(v.refund_quantity)) / 1000,
      ...figuresOf(v),
    }))
    .sort(byNet);
  const categories = new Map<string, { category: string; quantityThousandths: number } & Figures>();
  for (const p of variants) {
    const category = p.category ?? 'Uncategorised';
    const slot = categories.get(category) ?? { category, quantityThousandths: 0, ...zero() };
    slot.quantityThousandths += parseThousandths(String(p.quantity)) - parseThousandths(String(p.refund_quantity));
    add(slot, figuresOf(p));
    categories.set(category, slot);
  }
  const byCategory = [...categories.values()]
    .map(({ quantityThousandths, ...c }) => ({ ...c, quantity: quantityThousandths / 1000 }))
    .sort((a, b) => b.netSalesMinor - a.netSalesMinor || a.category.localeCompare(b.category));

  const byCashier = accounts
    .map((a) => {
      const count = Number(a.sales_count);
      return {
        accountId: a.account_id,
        name: a.name ?? 'Unknown',
        salesCount: count,
        refundsCount: Number(a.refunds_count),
        averageBasketMinor: averageOf(Number(a.total_minor), count),
        ...figuresOf(a),
      };
    })
    .sort(byNet);

  const methods = new Map(payments.map((p) => [p.method, p]));
  const byPaymentMethod = paymentMethods.map((method: PaymentMethod) => {
    const p = methods.get(method);
    const amountMinor = Number(p?.amount_minor ?? 0);
    const refundsMinor = Number(p?.refund_minor ?? 0);
    return {
      method,
      paymentsCount: Number(p?.payments_count ?? 0),
      amountMinor,
      refundsCount: Number(p?.refunds_count ?? 0),
      refundsMinor,
      netMinor: amountMinor - refundsMinor,
    };
  });

  const netExTaxMinor = summary.netSalesMinor - summary.taxMinor;
  const report: SalesReport = {
    scope: scopeResponse(scope),
    headline: { key: 'net-sales', label: 'Net sales', value: 0, format: 'money' },
    bucket,
    summary: {
      ...summary,
      exclusiveTaxMinor,
      netExTaxMinor,
      marginBasisPoints:
        salesCount === 0 && refundsCount === 0 ? null : basisPointsOf(summary.grossProfitMinor, netExTaxMinor),
      salesCount,
      refundsCount,
      averageBasketMinor: averageOf(salesTotal, salesCount),
    },
    trend: [...trend.values()],
    byProduct,
    byCategory,
    byCashier,
    byPaymentMethod,
    byStore: [...stores.values()],
  };
  report.headline = salesSummaryFigures(report)[0]!;
  return report;
}
