/**
 * The purchase-order report (spec `report/purchase-order`): what the shop spent with
 * its vendors in a period — goods received, at the cost on the delivery —, what went back, how long
 * deliveries take, the orders placed by status, and the orders still open now.
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

export const purchaseOrderReportQuerySchema = bucketedReportQuerySchema;
export type PurchaseOrderReportQuery = z.input<typeof purchaseOrderReportQuerySchema>;

const money = z.number().int();
/** Days with one decimal; null without deliveries. */
const days = z.number().nullable();

export const purchaseOrderReportSchema = z.object({
  ...reportHeadlineShape,
  bucket: z.enum(reportBuckets),
  today: z.string(),
  summary: z.object({
    /** Goods received in the period at the delivery's unit cost (per line, rounded). */
    spendMinor: money,
    receiptsCount: z.number().int(),
    /** Goods returned to vendors in the period, at the order line's cost. */
    returnsMinor: money,
    returnsCount: z.number().int(),
    netSpendMinor: money,
    ordersPlaced: z.number().int(),
    orderedValueMinor: money,
    /** From the order to each delivery of the period, averaged. */
    averageLeadTimeDays: days,
    /** Now, whatever the period: open orders and what they still have to bring, at cost. */
    openOrdersCount: z.number().int(),
    openValueMinor: money,
  }),
  byVendor: z.array(
    z.object({
      vendorId: z.string().uuid(),
      name: z.string(),
      ordersPlaced: z.number().int(),
      orderedValueMinor: money,
      spendMinor: money,
      returnsMinor: money,
      netSpendMinor: money,
      averageLeadTimeDays: days,
    }),
  ),
  byPeriod: z.array(z.object({ start: z.string(), spendMinor: money, returnsMinor: money, netSpendMinor: money })),
  /** Orders placed in the period, by their status now (every status listed). */
  byStatus: z.array(
    z.object({ status: z.number().int(), label: z.string(), count: z.number().int(), valueMinor: money }),
  ),
  openOrders: z.array(
    z.object({
      id: z.string().uuid(),
      number: z.string(),
      vendor: z.string(),
      orderedOn: z.string(),
      expectedOn: z.string().nullable(),
      outstandingMinor: money,
      /** Days past the expected date (0 when not yet expected or no date). */
      daysLate: z.number().int(),
    }),
  ),
});
export type PurchaseOrderReport = z.infer<typeof purchaseOrderReportSchema>;

export const getPurchaseOrderReport = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/purchase-order',
  summary: 'Purchase-order report: spend and returns by vendor and period, lead times, orders by status, open orders',
  tags: ['reports'],
  access: 'reports.view',
  query: purchaseOrderReportQuerySchema,
  status: 200,
  response: purchaseOrderReportSchema,
});

export const getPurchaseOrderReportPdf = reportPdfEndpoint(
  'purchase-order',
  'purchase-order report',
  purchaseOrderReportQuerySchema,
);

// ---------------------------------------------------------------- presentation

export function purchaseOrderSummaryFigures(report: PurchaseOrderReport): ReportFigure[] {
  const s = report.summary;
  return [
    {
      key: 'spend',
      label: 'Received',
      value: s.spendMinor,
      format: 'money',
      hint: 'Goods delivered in the period, at the cost on each delivery.',
    },
    {
      key: 'returns',
      label: 'Returned to vendors',
      value: s.returnsMinor,
      format: 'money',
      hint: 'Goods sent back in the period, at the order’s cost.',
    },
    { key: 'net-spend', label: 'Net spend', value: s.netSpendMinor, format: 'money', hint: 'Received less returned.' },
    { key: 'deliveries', label: 'Deliveries', value: s.receiptsCount, format: 'count', hint: 'Receipts of goods.' },
    {
      key: 'lead-time',
      label: 'Average lead time',
      value: s.averageLeadTimeDays,
      format: 'days',
      hint: 'From placing the order to each delivery of the period.',
    },
    {
      key: 'orders-placed',
      label: 'Orders placed',
      value: s.ordersPlaced,
      format: 'count',
      hint: 'Purchase orders created in the period.',
    },
    {
      key: 'open-value',
      label: 'Still to come',
      value: s.openValueMinor,
      format: 'money',
      hint: `${s.openOrdersCount} open order(s) now: what they have yet to deliver, at cost.`,
    },
  ];
}

export function purchaseOrderReportTables(report: PurchaseOrderReport) {
  const label = bucketColumnLabel(report.bucket);
  const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    byVendor: {
      key: 'by-vendor',
      title: 'By vendor',
      columns: [
        { key: 'name', label: 'Vendor', format: 'text' },
        { key: 'ordersPlaced', label: 'Orders placed', format: 'count' },
        { key: 'orderedValueMinor', label: 'Ordered', format: 'money' },
        { key: 'spendMinor', label: 'Received', format: 'money' },
        { key: 'returnsMinor', label: 'Returned', format: 'money' },
        { key: 'netSpendMinor', label: 'Net spend', format: 'money' },
        { key: 'averageLeadTimeDays', label: 'Lead time', format: 'days' },
      ],
      rows: report.byVendor,
      totals: {
        name: 'Total',
        ordersPlaced: report.summary.ordersPlaced,
        orderedValueMinor: report.summary.orderedValueMinor,
        spendMinor: report.summary.spendMinor,
        returnsMinor: report.summary.returnsMinor,
        netSpendMinor: report.summary.netSpendMinor,
        averageLeadTimeDays: report.summary.averageLeadTimeDays,
      },
    } satisfies ReportTable,
    byPeriod: {
      key: 'by-period',
      title: `By ${report.bucket}`,
      columns: [
        { key: 'period', label, format: 'text' },
        { key: 'spendMinor', label: 'Received', format: 'money' },
        { key: 'returnsMinor', label: 'Returned', format: 'money' },
        { key: 'netSpendMinor', label: 'Net spend', format: 'money' },
      ],
      rows: report.byPeriod.map((p) => ({ ...p, period: bucketLabel(p.start, report.bucket) })),
      totals: {
        period: 'Total',
        spendMinor: report.summary.spendMinor,
        returnsMinor: report.summary.returnsMinor,
        netSpendMinor: report.summary.netSpendMinor,
      },
    } satisfies ReportTable,
    byStatus: {
      key: 'by-status',
      title: 'Orders placed, by status',
      columns: [
        { key: 'label', label: 'Status', format: 'text' },
        { key: 'count', label: 'Orders', format: 'count' },
        { key: 'valueMinor', label: 'Ordered', format: 'money' },
      ],
      rows: report.byStatus,
      totals: {
        label: 'Total',
        count: sum(report.byStatus, (s) => s.count),
        valueMinor: sum(report.byStatus, (s) => s.valueMinor),
      },
    } satisfies ReportTable,
    openOrders: {
      key: 'open-orders',
      title: `Open orders (today, ${report.today})`,
      columns: [
        { key: 'number', label: 'Order', format: 'text' },
        { key: 'vendor', label: 'Vendor', format: 'text' },
        { key: 'orderedOn', label: 'Ordered', format: 'date' },
        { key: 'expectedOn', label: 'Expected', format: 'date' },
        { key: 'daysLate', label: 'Days late', format: 'count' },
        { key: 'outstandingMinor', label: 'Still to come', format: 'money' },
      ],
      rows: report.openOrders,
      totals: { number: 'Total', outstandingMinor: report.summary.openValueMinor },
    } satisfies ReportTable,
  };
}

export function purchaseOrderReportDocument(report: PurchaseOrderReport): ReportDocument {
  const t = purchaseOrderReportTables(report);
  return {
    title: 'Purchase-order report',
    scope: report.scope,
    figures: purchaseOrderSummaryFigures(report),
    tables: [t.byVendor, t.byPeriod, t.byStatus, t.openOrders],
  };
}
