/**
 * The sales report (spec `report/sales`): what sold and what it earned in a period,
 * read from the report summaries (decision 0014). Net sales are what customers paid (tax included,
 * after discounts) less refunds paid out in the period — the figure that reconciles with the
 * transactions list; profit is taken before tax.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { paymentMethodLabels, paymentMethods } from '../checkout/sales.js';
import {
  bucketedReportQuerySchema,
  bucketColumnLabel,
  reportBuckets,
  reportHeadlineShape,
  type ReportDocument,
  type ReportFigure,
  type ReportTable,
  reportPdfEndpoint,
} from './report-common.js';

export const salesReportQuerySchema = bucketedReportQuerySchema;
export type SalesReportQuery = z.input<typeof salesReportQuerySchema>;

const money = z.number().int();

/** The money of a slice of sales (a bucket, a product, a cashier…). */
const salesFiguresShape = {
  grossMinor: money,
  discountsMinor: money,
  refundsMinor: money,
  netSalesMinor: money,
  taxMinor: money,
  costMinor: money,
  grossProfitMinor: money,
};

export const salesReportSchema = z.object({
  ...reportHeadlineShape,
  bucket: z.enum(reportBuckets),
  summary: z.object({
    ...salesFiguresShape,
    /** Tax added on top of exclusive prices (the part of netSalesMinor that gross does not hold). */
    exclusiveTaxMinor: money,
    netExTaxMinor: money,
    /** Gross profit / net sales ex tax, in basis points; null without sales. */
    marginBasisPoints: z.number().int().nullable(),
    salesCount: z.number().int(),
    refundsCount: z.number().int(),
    /** Σ sale totals / sales count, rounded half away from zero; 0 without sales. */
    averageBasketMinor: money,
  }),
  /** Every bucket of the period, oldest first, zeros included; `start` is its first day. */
  trend: z.array(z.object({ start: z.string(), salesCount: z.number().int(), ...salesFiguresShape })),
  byProduct: z.array(
    z.object({
      variantId: z.string().uuid(),
      productId: z.string().uuid(),
      name: z.string(),
      sku: z.string(),
      category: z.string(),
      quantity: z.number(),
      refundedQuantity: z.number(),
      ...salesFiguresShape,
    }),
  ),
  byCategory: z.array(z.object({ category: z.string(), quantity: z.number(), ...salesFiguresShape })),
  byCashier: z.array(
    z.object({
      accountId: z.string().uuid(),
      name: z.string(),
      salesCount: z.number().int(),
      refundsCount: z.number().int(),
      averageBasketMinor: money,
      ...salesFiguresShape,
    }),
  ),
  byPaymentMethod: z.array(
    z.object({
      method: z.enum(paymentMethods),
      paymentsCount: z.number().int(),
      amountMinor: money,
      refundsCount: z.number().int(),
      refundsMinor: money,
      netMinor: money,
    }),
  ),
  /** One row per store of the scope (several only with storeId=all). */
  byStore: z.array(
    z.object({ storeId: z.string().uuid(), name: z.string(), salesCount: z.number().int(), ...salesFiguresShape }),
  ),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const getSalesReport = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/sales',
  summary: 'Sales report: net sales, tax, cost and profit by period, product, category, cashier, payment and store',
  tags: ['reports'],
  access: 'reports.view',
  query: salesReportQuerySchema,
  status: 200,
  response: salesReportSchema,
});

export const getSalesReportPdf = reportPdfEndpoint('sales', 'sales report', salesReportQuerySchema);

// ---------------------------------------------------------------- presentation

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A bucket's name: "7 Mar" (day), "Week of 2 Mar" (week), "Mar 2026" (month). */
export function bucketLabel(start: string, bucket: SalesReport['bucket']): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  if (bucket === 'month') return `${monthNames[m - 1]} ${y}`;
  const day = `${d} ${monthNames[m - 1]}`;
  return bucket === 'week' ? `Week of ${day}` : day;
}

/** The hints of the summary figures: what each means, in a shop owner's words. */
export const salesFigureHints = {
  net: 'What customers paid for sales (tax included, after discounts) less refunds paid out in the period.',
  gross: 'Quantity × price of everything sold, before discounts.',
  discounts: 'Line and whole-sale discounts given.',
  refunds: 'Money paid back to customers in the period, for sales of any day.',
  tax: 'Tax on sales less tax on refunds.',
  exTax: 'Net sales less tax: what the shop keeps before the cost of the goods.',
  cost: 'What the goods sold cost (at their cost when sold), less goods refunded back onto the shelf.',
  profit: 'Net sales ex tax less the cost of goods.',
  margin: 'Gross profit as a share of net sales ex tax.',
  basket: 'Sales before refunds divided by the number of sales.',
  identity: 'Gross − discounts + tax added on top of exclusive prices − refunds = net sales.',
} as const;

export function salesSummaryFigures(report: SalesReport): ReportFigure[] {
  const s = report.summary;
  return [
    { key: 'net-sales', label: 'Net sales', value: s.netSalesMinor, format: 'money', hint: salesFigureHints.net },
    { key: 'gross-sales', label: 'Gross sales', value: s.grossMinor, format: 'money', hint: salesFigureHints.gross },
    {
      key: 'discounts',
      label: 'Discounts',
      value: s.discountsMinor,
      format: 'money',
      hint: salesFigureHints.discounts,
    },
    { key: 'refunds', label: 'Refunds', value: s.refundsMinor, format: 'money', hint: salesFigureHints.refunds },
    { key: 'tax', label: 'Tax', value: s.taxMinor, format: 'money', hint: salesFigureHints.tax },
    {
      key: 'net-ex-tax',
      label: 'Net sales ex tax',
      value: s.netExTaxMinor,
      format: 'money',
      hint: salesFigureHints.exTax,
    },
    { key: 'cost', label: 'Cost of goods', value: s.costMinor, format: 'money', hint: salesFigureHints.cost },
    { key: 'profit', label: 'Gross profit', value: s.grossProfitMinor, format: 'money', hint: salesFigureHints.profit },
    { key: 'margin', label: 'Margin', value: s.marginBasisPoints, format: 'percent', hint: salesFigureHints.margin },
    { key: 'sales', label: 'Sales', value: s.salesCount, format: 'count', hint: 'Completed sales (voids excluded).' },
    { key: 'refund-count', label: 'Refunds', value: s.refundsCount, format: 'count', hint: 'Refunds paid out.' },
    {
      key: 'basket',
      label: 'Average basket',
      value: s.averageBasketMinor,
      format: 'money',
      hint: salesFigureHints.basket,
    },
  ];
}

const figureColumns = [
  { key: 'netSalesMinor', label: 'Net sales', format: 'money' },
  { key: 'grossMinor', label: 'Gross', format: 'money' },
  { key: 'discountsMinor', label: 'Discounts', format: 'money' },
  { key: 'refundsMinor', label: 'Refunds', format: 'money' },
  { key: 'taxMinor', label: 'Tax', format: 'money' },
  { key: 'costMinor', label: 'Cost', format: 'money' },
  { key: 'grossProfitMinor', label: 'Gross profit', format: 'money' },
] as const;

type Figures = { [K in keyof typeof salesFiguresShape]: number };
const figureKeys = figureColumns.map((c) => c.key);
const totalsOf = (rows: Figures[]) =>
  Object.fromEntries(figureKeys.map((k) => [k, rows.reduce((sum, r) => sum + r[k], 0)])) as Figures;

/** The tables of the report: what the screen shows, the CSV files and the PDF. */
export function salesReportTables(
  report: SalesReport,
): Record<'trend' | 'byProduct' | 'byCategory' | 'byCashier' | 'byPaymentMethod' | 'byStore', ReportTable> {
  const columns = [...figureColumns];
  return {
    trend: {
      key: 'trend',
      title: `By ${report.bucket}`,
      columns: [
        {
          key: 'period',
          label: bucketColumnLabel(report.bucket),
          format: 'text',
        },
        { key: 'salesCount', label: 'Sales', format: 'count' },
        ...columns,
      ],
      rows: report.trend.map((t) => ({ ...t, period: bucketLabel(t.start, report.bucket) })),
      totals: { period: 'Total', salesCount: report.summary.salesCount, ...totalsOf(report.trend) },
    },
    byProduct: {
      key: 'by-product',
      title: 'By product',
      columns: [
        { key: 'name', label: 'Product', format: 'text' },
        { key: 'sku', label: 'SKU', format: 'text' },
        { key: 'category', label: 'Category', format: 'text' },
        { key: 'quantity', label: 'Sold', format: 'quantity' },
        { key: 'refundedQuantity', label: 'Refunded', format: 'quantity' },
        ...columns,
      ],
      rows: report.byProduct,
      totals: { name: 'Total', ...totalsOf(report.byProduct) },
    },
    byCategory: {
      key: 'by-category',
      title: 'By category',
      columns: [{ key: 'category', label: 'Category', format: 'text' }, ...columns],
      rows: report.byCategory,
      totals: { category: 'Total', ...totalsOf(report.byCategory) },
    },
    byCashier: {
      key: 'by-cashier',
      title: 'By cashier',
      columns: [
        { key: 'name', label: 'Cashier', format: 'text' },
        { key: 'salesCount', label: 'Sales', format: 'count' },
        { key: 'refundsCount', label: 'Refunds', format: 'count' },
        { key: 'averageBasketMinor', label: 'Average basket', format: 'money' },
        ...columns,
      ],
      rows: report.byCashier,
      totals: {
        name: 'Total',
        salesCount: report.summary.salesCount,
        refundsCount: report.summary.refundsCount,
        averageBasketMinor: report.summary.averageBasketMinor,
        ...totalsOf(report.byCashier),
      },
    },
    byPaymentMethod: {
      key: 'by-payment-method',
      title: 'By payment method',
      columns: [
        { key: 'method', label: 'Method', format: 'text' },
        { key: 'paymentsCount', label: 'Payments', format: 'count' },
        { key: 'amountMinor', label: 'Taken', format: 'money' },
        { key: 'refundsCount', label: 'Refunds', format: 'count' },
        { key: 'refundsMinor', label: 'Refunded', format: 'money' },
        { key: 'netMinor', label: 'Net', format: 'money' },
      ],
      rows: report.byPaymentMethod.map((p) => ({ ...p, method: paymentMethodLabels[p.method] })),
      totals: {
        method: 'Total',
        ...Object.fromEntries(
          (['paymentsCount', 'amountMinor', 'refundsCount', 'refundsMinor', 'netMinor'] as const).map((k) => [
            k,
            report.byPaymentMethod.reduce((sum, p) => sum + p[k], 0),
          ]),
        ),
      },
    },
    byStore: {
      key: 'by-store',
      title: 'By store',
      columns: [
        { key: 'name', label: 'Store', format: 'text' },
        { key: 'salesCount', label: 'Sales', format: 'count' },
        ...columns,
      ],
      rows: report.byStore,
      totals: { name: 'Total', salesCount: report.summary.salesCount, ...totalsOf(report.byStore) },
    },
  };
}

/** The sales report as a document: its figures and every table (by store only for several stores). */
export function salesReportDocument(report: SalesReport): ReportDocument {
  const t = salesReportTables(report);
  return {
    title: 'Sales report',
    scope: report.scope,
    figures: salesSummaryFigures(report),
    tables: [
      t.trend,
      t.byProduct,
      t.byCategory,
      t.byCashier,
      t.byPaymentMethod,
      ...(report.byStore.length > 1 ? [t.byStore] : []),
    ],
  };
}
