/**
 * The waste report (spec `report/waste`): what was written off in a period, valued at
 * cost, by reason, product, category and period, and as a share of sales. Waste counts on the day the
 * stock left the shelf: when it was recorded, or when a manager approved it. Waiting records are shown
 * apart and rejected ones not at all.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { wasteReasonLabels, wasteReasons } from '../waste/waste.js';
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

export const wasteReportQuerySchema = bucketedReportQuerySchema;
export type WasteReportQuery = z.input<typeof wasteReportQuerySchema>;

const money = z.number().int();
const slice = { recordsCount: z.number().int(), quantity: z.number(), valueMinor: money };

export const wasteReportSchema = z.object({
  ...reportHeadlineShape,
  bucket: z.enum(reportBuckets),
  summary: z.object({
    ...slice,
    pendingCount: z.number().int(),
    pendingValueMinor: money,
    /** Net sales ex tax of the same stores and days. */
    netSalesExTaxMinor: money,
    /** Waste value / net sales ex tax, in basis points; null without sales. */
    shareOfSalesBasisPoints: z.number().int().nullable(),
  }),
  /** Every reason, zeros included, with its share of the waste value (basis points). */
  byReason: z.array(
    z.object({ reason: z.enum(wasteReasons), ...slice, shareBasisPoints: z.number().int().nullable() }),
  ),
  byProduct: z.array(
    z.object({ variantId: z.string().uuid(), name: z.string(), sku: z.string(), category: z.string(), ...slice }),
  ),
  byCategory: z.array(z.object({ category: z.string(), ...slice })),
  /** Every bucket, zeros included. */
  byPeriod: z.array(
    z.object({
      start: z.string(),
      ...slice,
      netSalesExTaxMinor: money,
      shareOfSalesBasisPoints: z.number().int().nullable(),
    }),
  ),
});
export type WasteReport = z.infer<typeof wasteReportSchema>;

export const getWasteReport = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/waste',
  summary:
    'Waste report: value and quantity written off by reason, product, category and period, and its share of sales',
  tags: ['reports'],
  access: 'reports.view',
  query: wasteReportQuerySchema,
  status: 200,
  response: wasteReportSchema,
});

export const getWasteReportPdf = reportPdfEndpoint('waste', 'waste report', wasteReportQuerySchema);

// ---------------------------------------------------------------- presentation

export function wasteSummaryFigures(report: WasteReport): ReportFigure[] {
  const s = report.summary;
  return [
    {
      key: 'waste-value',
      label: 'Waste at cost',
      value: s.valueMinor,
      format: 'money',
      hint: 'Stock written off in the period, at its cost when recorded.',
    },
    {
      key: 'waste-records',
      label: 'Records',
      value: s.recordsCount,
      format: 'count',
      hint: 'Waste records that moved stock.',
    },
    {
      key: 'waste-share',
      label: 'Share of sales',
      value: s.shareOfSalesBasisPoints,
      format: 'percent',
      hint: 'Waste at cost over net sales before tax in the same period.',
    },
    {
      key: 'net-sales-ex-tax',
      label: 'Net sales ex tax',
      value: s.netSalesExTaxMinor,
      format: 'money',
      hint: 'Sales less refunds, before tax, in the same stores and days.',
    },
    {
      key: 'pending-value',
      label: 'Waiting for approval',
      value: s.pendingValueMinor,
      format: 'money',
      hint: `${s.pendingCount} record(s) recorded in the period that a manager has not approved yet; not counted above.`,
    },
  ];
}

const sliceColumns = [
  { key: 'recordsCount', label: 'Records', format: 'count' },
  { key: 'quantity', label: 'Quantity', format: 'quantity' },
  { key: 'valueMinor', label: 'Value at cost', format: 'money' },
] as const;

type Slice = { recordsCount: number; quantity: number; valueMinor: number };
const sliceTotals = (rows: Slice[]) => ({
  recordsCount: rows.reduce((s, r) => s + r.recordsCount, 0),
  valueMinor: rows.reduce((s, r) => s + r.valueMinor, 0),
});

export function wasteReportTables(report: WasteReport) {
  const label = bucketColumnLabel(report.bucket);
  return {
    byReason: {
      key: 'by-reason',
      title: 'By reason',
      columns: [
        { key: 'reason', label: 'Reason', format: 'text' },
        ...sliceColumns,
        { key: 'shareBasisPoints', label: 'Share', format: 'percent' },
      ],
      rows: report.byReason.map((r) => ({ ...r, reason: wasteReasonLabels[r.reason] })),
      totals: { reason: 'Total', ...sliceTotals(report.byReason) },
    } satisfies ReportTable,
    byProduct: {
      key: 'by-product',
      title: 'By product',
      columns: [
        { key: 'name', label: 'Product', format: 'text' },
        { key: 'sku', label: 'SKU', format: 'text' },
        { key: 'category', label: 'Category', format: 'text' },
        ...sliceColumns,
      ],
      rows: report.byProduct,
      totals: { name: 'Total', ...sliceTotals(report.byProduct) },
    } satisfies ReportTable,
    byCategory: {
      key: 'by-category',
      title: 'By category',
      columns: [{ key: 'category', label: 'Category', format: 'text' }, ...sliceColumns],
      rows: report.byCategory,
      totals: { category: 'Total', ...sliceTotals(report.byCategory) },
    } satisfies ReportTable,
    byPeriod: {
      key: 'by-period',
      title: `By ${report.bucket}`,
      columns: [
        { key: 'period', label, format: 'text' },
        ...sliceColumns,
        { key: 'netSalesExTaxMinor', label: 'Net sales ex tax', format: 'money' },
        { key: 'shareOfSalesBasisPoints', label: 'Share of sales', format: 'percent' },
      ],
      rows: report.byPeriod.map((p) => ({ ...p, period: bucketLabel(p.start, report.bucket) })),
      totals: {
        period: 'Total',
        ...sliceTotals(report.byPeriod),
        netSalesExTaxMinor: report.summary.netSalesExTaxMinor,
        shareOfSalesBasisPoints: report.summary.shareOfSalesBasisPoints,
      },
    } satisfies ReportTable,
  };
}

export function wasteReportDocument(report: WasteReport): ReportDocument {
  const t = wasteReportTables(report);
  return {
    title: 'Waste report',
    scope: report.scope,
    figures: wasteSummaryFigures(report),
    tables: [t.byReason, t.byProduct, t.byCategory, t.byPeriod],
  };
}
