/**
 * The customer report (spec `report/customer`): who bought in a period — named
 * customers only (walk-ins have no name to count) —, how often, new or returning, the best of them,
 * and what customers owe on invoices by age. Sales and refunds come from the report summaries;
 * invoices count on their issue date while they stand (issued or paid).
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
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
import { bucketLabel } from './sales-report.js';

export const customerReportQuerySchema = bucketedReportQuerySchema;
export type CustomerReportQuery = z.input<typeof customerReportQuerySchema>;

const money = z.number().int();

/** How long past its due date an open invoice balance is, as of the store's today. */
export const ageingBuckets = ['current', 'days1To30', 'days31To60', 'days61To90', 'over90'] as const;
export type AgeingBucket = (typeof ageingBuckets)[number];
export const ageingLabels: Record<AgeingBucket, string> = {
  current: 'Not yet due',
  days1To30: '1–30 days',
  days31To60: '31–60 days',
  days61To90: '61–90 days',
  over90: 'Over 90 days',
};

/** The bucket of a balance due on `dueDate`, seen on `today` (both YYYY-MM-DD). */
export function ageingBucketOf(dueDate: string, today: string): AgeingBucket {
  const late = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1To30';
  if (late <= 60) return 'days31To60';
  if (late <= 90) return 'days61To90';
  return 'over90';
}

const ageingShape = Object.fromEntries(ageingBuckets.map((b) => [b, money])) as Record<AgeingBucket, typeof money>;

export const customerReportSchema = z.object({
  ...reportHeadlineShape,
  bucket: z.enum(reportBuckets),
  /** The store's today, on which the ageing is taken. */
  today: z.string(),
  summary: z.object({
    /** Named customers with a completed sale in the period. */
    customersCount: z.number().int(),
    /** Of them, those whose first sale in the business fell in the period. */
    newCustomers: z.number().int(),
    returningCustomers: z.number().int(),
    /** Their sales less refunds (tax included). */
    netSalesMinor: money,
    /** netSalesMinor over all net sales of the period (walk-ins included), in basis points. */
    shareOfSalesBasisPoints: z.number().int().nullable(),
    visits: z.number().int(),
    /** Their sales before refunds / visits. */
    averageBasketMinor: money,
    /** Visits per customer × 10 (one decimal, exact: 15 = 1.5 visits). */
    visitsPerCustomerTenths: z.number().int(),
    invoicedMinor: money,
    /** Open balances of issued invoices now, and the part past its due date. */
    receivablesMinor: money,
    overdueMinor: money,
  }),
  /** The 50 who spent most in the period (sales − refunds + invoiced). */
  topCustomers: z.array(
    z.object({
      customerId: z.string().uuid(),
      name: z.string(),
      phone: z.string().nullable(),
      visits: z.number().int(),
      salesMinor: money,
      refundsMinor: money,
      invoicedMinor: money,
      netSpendMinor: money,
      averageBasketMinor: money,
      firstVisit: z.string().nullable(),
      lastVisit: z.string().nullable(),
      isNew: z.boolean(),
    }),
  ),
  /** Every bucket: customers who bought in it, new (first sale ever in it) and returning. */
  newVsReturning: z.array(
    z.object({ start: z.string(), customers: z.number().int(), new: z.number().int(), returning: z.number().int() }),
  ),
  /** Customers with an open balance, largest first, by age of what they owe. */
  ageing: z.array(z.object({ customerId: z.string().uuid(), name: z.string(), ...ageingShape, totalMinor: money })),
});
export type CustomerReport = z.infer<typeof customerReportSchema>;

export const getCustomerReport = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/customer',
  summary: 'Customer report: customers who bought, new and returning, top customers, and invoice balances by age',
  tags: ['reports'],
  access: 'reports.view',
  query: customerReportQuerySchema,
  status: 200,
  response: customerReportSchema,
});

export const getCustomerReportPdf = reportPdfEndpoint('customer', 'customer report', customerReportQuerySchema);

// ---------------------------------------------------------------- presentation

export function customerSummaryFigures(report: CustomerReport): ReportFigure[] {
  const s = report.summary;
  return [
    {
      key: 'customers',
      label: 'Customers',
      value: s.customersCount,
      format: 'count',
      hint: 'Named customers who bought in the period (walk-ins are not counted).',
    },
    { key: 'new-customers', label: 'New', value: s.newCustomers, format: 'count', hint: 'Their first purchase ever.' },
    {
      key: 'returning-customers',
      label: 'Returning',
      value: s.returningCustomers,
      format: 'count',
      hint: 'Bought before the period too.',
    },
    {
      key: 'customer-sales',
      label: 'Their net sales',
      value: s.netSalesMinor,
      format: 'money',
      hint: 'Sales to named customers less their refunds.',
    },
    {
      key: 'customer-share',
      label: 'Share of sales',
      value: s.shareOfSalesBasisPoints,
      format: 'percent',
      hint: 'Of all net sales in the period.',
    },
    { key: 'visits', label: 'Visits', value: s.visits, format: 'count', hint: 'Sales to named customers.' },
    {
      key: 'average-basket',
      label: 'Average basket',
      value: s.averageBasketMinor,
      format: 'money',
      hint: 'Their sales divided by their visits.',
    },
    {
      key: 'receivables',
      label: 'Owed on invoices',
      value: s.receivablesMinor,
      format: 'money',
      hint: 'Open balances of issued invoices today, whenever issued.',
    },
    { key: 'overdue', label: 'Overdue', value: s.overdueMinor, format: 'money', hint: 'The part past its due date.' },
  ];
}

export function customerReportTables(report: CustomerReport) {
  const label = bucketColumnLabel(report.bucket);
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    topCustomers: {
      key: 'top-customers',
      title: 'Top customers',
      columns: [
        { key: 'name', label: 'Customer', format: 'text' },
        { key: 'phone', label: 'Phone', format: 'text' },
        { key: 'visits', label: 'Visits', format: 'count' },
        { key: 'salesMinor', label: 'Sales', format: 'money' },
        { key: 'refundsMinor', label: 'Refunds', format: 'money' },
        { key: 'invoicedMinor', label: 'Invoiced', format: 'money' },
        { key: 'netSpendMinor', label: 'Net spend', format: 'money' },
        { key: 'averageBasketMinor', label: 'Average basket', format: 'money' },
        { key: 'lastVisit', label: 'Last visit', format: 'date' },
        { key: 'kind', label: 'New or returning', format: 'text' },
      ],
      rows: report.topCustomers.map(({ isNew, ...c }) => ({ ...c, kind: isNew ? 'New' : 'Returning' })),
    } satisfies ReportTable,
    newVsReturning: {
      key: 'new-vs-returning',
      title: 'New and returning customers',
      columns: [
        { key: 'period', label, format: 'text' },
        { key: 'customers', label: 'Customers', format: 'count' },
        { key: 'new', label: 'New', format: 'count' },
        { key: 'returning', label: 'Returning', format: 'count' },
      ],
      rows: report.newVsReturning.map((b) => ({ ...b, period: bucketLabel(b.start, report.bucket) })),
    } satisfies ReportTable,
    ageing: {
      key: 'ageing',
      title: `Invoice balances by age (today, ${report.today})`,
      columns: [
        { key: 'name', label: 'Customer', format: 'text' },
        ...ageingBuckets.map((b) => ({ key: b, label: ageingLabels[b], format: 'money' as const })),
        { key: 'totalMinor', label: 'Total owed', format: 'money' },
      ],
      rows: report.ageing,
      totals: {
        name: 'Total',
        ...Object.fromEntries(ageingBuckets.map((b) => [b, sum(report.ageing, (r) => r[b])])),
        totalMinor: sum(report.ageing, (r) => r.totalMinor),
      },
    } satisfies ReportTable,
  };
}

export function customerReportDocument(report: CustomerReport): ReportDocument {
  const t = customerReportTables(report);
  return {
    title: 'Customer report',
    scope: report.scope,
    figures: customerSummaryFigures(report),
    tables: [t.topCustomers, t.newVsReturning, t.ageing],
  };
}
