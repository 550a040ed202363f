/**
 * The tax report (spec `report/tax`): the tax a shop collected in a period, per rate
 * as it was on each line — what it needs to file its VAT return. Till sales and refunds come from the
 * report summaries (the day of the sale, the day of the refund); invoices count on their issue date
 * while issued or paid (a voided invoice's tax is reversed, drafts have none). Inclusive rates (tax
 * within the price) and exclusive rates (tax added on top) are shown apart.
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

export const taxReportQuerySchema = bucketedReportQuerySchema;
export type TaxReportQuery = z.input<typeof taxReportQuerySchema>;

const money = z.number().int();

export const taxRateRowSchema = z.object({
  /** Null: lines without tax. */
  taxRateId: z.string().uuid().nullable(),
  /** The rate's current name ("VAT"), "No tax" for untaxed lines. */
  name: z.string(),
  basisPoints: z.number().int(),
  inclusive: z.boolean(),
  /** Amounts before tax (line totals less their tax) and the tax, per source. */
  salesTaxableMinor: money,
  salesTaxMinor: money,
  refundsTaxableMinor: money,
  refundsTaxMinor: money,
  invoicesTaxableMinor: money,
  invoicesTaxMinor: money,
  /** sales − refunds + invoices. */
  netTaxableMinor: money,
  netTaxMinor: money,
});
export type TaxRateRow = z.infer<typeof taxRateRowSchema>;

export const taxReportSchema = z.object({
  ...reportHeadlineShape,
  bucket: z.enum(reportBuckets),
  summary: z.object({
    salesTaxMinor: money,
    refundsTaxMinor: money,
    invoicesTaxMinor: money,
    /** sales − refunds + invoices. */
    netTaxMinor: money,
    inclusiveTaxMinor: money,
    exclusiveTaxMinor: money,
    /** Net amount before tax of taxed lines. */
    taxableMinor: money,
    /** Net amount of lines without tax. */
    untaxedMinor: money,
  }),
  /** Taxed rates, inclusive first, then by rate; the untaxed row last when there is one. */
  byRate: z.array(taxRateRowSchema),
  /** Every bucket of the period, zeros included. */
  byPeriod: z.array(
    z.object({
      start: z.string(),
      netTaxableMinor: money,
      inclusiveTaxMinor: money,
      exclusiveTaxMinor: money,
      netTaxMinor: money,
    }),
  ),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

export const getTaxReport = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/tax',
  summary: 'Tax report: tax collected per rate from sales, refunds and invoices, inclusive and exclusive apart',
  tags: ['reports'],
  access: 'reports.view',
  query: taxReportQuerySchema,
  status: 200,
  response: taxReportSchema,
});

export const getTaxReportPdf = reportPdfEndpoint('tax', 'tax report', taxReportQuerySchema);

// ---------------------------------------------------------------- presentation

export function taxSummaryFigures(report: TaxReport): ReportFigure[] {
  const s = report.summary;
  return [
    {
      key: 'net-tax',
      label: 'Tax to declare',
      value: s.netTaxMinor,
      format: 'money',
      hint: 'Tax on sales and issued invoices, less tax refunded.',
    },
    {
      key: 'sales-tax',
      label: 'Tax on sales',
      value: s.salesTaxMinor,
      format: 'money',
      hint: 'Till sales of the period.',
    },
    {
      key: 'refunds-tax',
      label: 'Tax refunded',
      value: s.refundsTaxMinor,
      format: 'money',
      hint: 'Tax in the refunds paid out in the period.',
    },
    {
      key: 'invoices-tax',
      label: 'Tax on invoices',
      value: s.invoicesTaxMinor,
      format: 'money',
      hint: 'Invoices issued in the period (by issue date), unless voided.',
    },
    {
      key: 'inclusive-tax',
      label: 'Within prices',
      value: s.inclusiveTaxMinor,
      format: 'money',
      hint: 'Tax of inclusive rates: part of the shelf price.',
    },
    {
      key: 'exclusive-tax',
      label: 'Added on top',
      value: s.exclusiveTaxMinor,
      format: 'money',
      hint: 'Tax of exclusive rates: added to the price at the till.',
    },
    {
      key: 'taxable',
      label: 'Taxable amount',
      value: s.taxableMinor,
      format: 'money',
      hint: 'Net sales of taxed goods before tax.',
    },
    {
      key: 'untaxed',
      label: 'Untaxed sales',
      value: s.untaxedMinor,
      format: 'money',
      hint: 'Net sales of goods without tax.',
    },
  ];
}

const rateColumns = [
  { key: 'name', label: 'Rate', format: 'text' },
  { key: 'rate', label: '%', format: 'percent' },
  { key: 'salesTaxableMinor', label: 'Sales before tax', format: 'money' },
  { key: 'salesTaxMinor', label: 'Sales tax', format: 'money' },
  { key: 'refundsTaxableMinor', label: 'Refunds before tax', format: 'money' },
  { key: 'refundsTaxMinor', label: 'Refunded tax', format: 'money' },
  { key: 'invoicesTaxableMinor', label: 'Invoices before tax', format: 'money' },
  { key: 'invoicesTaxMinor', label: 'Invoice tax', format: 'money' },
  { key: 'netTaxableMinor', label: 'Net taxable', format: 'money' },
  { key: 'netTaxMinor', label: 'Net tax', format: 'money' },
] as const;
const moneyKeys = rateColumns.filter((c) => c.format === 'money').map((c) => c.key as keyof TaxRateRow);

function rateTable(key: string, title: string, rows: TaxRateRow[]): ReportTable {
  return {
    key,
    title,
    columns: [...rateColumns],
    rows: rows.map(({ inclusive, ...r }) => ({
      ...r,
      kind: inclusive ? 'Inclusive' : 'Exclusive',
      rate: r.basisPoints,
    })),
    totals: {
      name: 'Total',
      ...Object.fromEntries(moneyKeys.map((k) => [k, rows.reduce((sum, r) => sum + (r[k] as number), 0)])),
    },
  };
}

/** The tables: inclusive rates, exclusive rates (each with its totals), untaxed sales, and the trend. */
export function taxReportTables(report: TaxReport) {
  const taxed = report.byRate.filter((r) => r.taxRateId !== null);
  const label = bucketColumnLabel(report.bucket);
  return {
    inclusive: rateTable(
      'inclusive-rates',
      'Inclusive rates (tax within prices)',
      taxed.filter((r) => r.inclusive),
    ),
    exclusive: rateTable(
      'exclusive-rates',
      'Exclusive rates (tax added on top)',
      taxed.filter((r) => !r.inclusive),
    ),
    untaxed: rateTable(
      'untaxed',
      'Without tax',
      report.byRate.filter((r) => r.taxRateId === null),
    ),
    byPeriod: {
      key: 'by-period',
      title: `By ${report.bucket}`,
      columns: [
        { key: 'period', label, format: 'text' },
        { key: 'netTaxableMinor', label: 'Net taxable', format: 'money' },
        { key: 'inclusiveTaxMinor', label: 'Within prices', format: 'money' },
        { key: 'exclusiveTaxMinor', label: 'Added on top', format: 'money' },
        { key: 'netTaxMinor', label: 'Net tax', format: 'money' },
      ],
      rows: report.byPeriod.map((p) => ({ ...p, period: bucketLabel(p.start, report.bucket) })),
      totals: {
        period: 'Total',
        ...Object.fromEntries(
          (['netTaxableMinor', 'inclusiveTaxMinor', 'exclusiveTaxMinor', 'netTaxMinor'] as const).map((k) => [
            k,
            report.byPeriod.reduce((sum, p) => sum + p[k], 0),
          ]),
        ),
      },
    } satisfies ReportTable,
  };
}

export function taxReportDocument(report: TaxReport): ReportDocument {
  const t = taxReportTables(report);
  return {
    title: 'Tax report',
    scope: report.scope,
    figures: taxSummaryFigures(report),
    tables: [t.inclusive, t.exclusive, t.untaxed, t.byPeriod],
  };
}
