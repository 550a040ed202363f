/**
 * What every report shares (spec `report`): the period and store it covers, the date-range
 * presets in the store's calendar, the day/week/month buckets, and a plain description of a report's
 * figures and tables (`ReportDocument`) from which the screen exports CSV, prints, and the API
 * writes the PDF — one description, so they always agree.
 */
import { z } from 'zod';
import { csvLine, csvNumber, minorToDecimal, type CsvValue } from '../documents/csv.js';
import { defineEndpoint } from '../http/endpoint.js';
import { addDays, checkDayRange, formatDay, isoDateSchema } from '../stores/store-time.js';

// ---------------------------------------------------------------- period presets

export const reportPresets = [
  'today',
  'yesterday',
  'this_week',
  'last_7_days',
  'this_month',
  'last_month',
  'this_year',
  'custom',
] as const;
export type ReportPreset = (typeof reportPresets)[number];

export const reportPresetLabels: Record<ReportPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  this_week: 'This week',
  last_7_days: 'Last 7 days',
  this_month: 'This month',
  last_month: 'Last month',
  this_year: 'This year',
  custom: 'Custom',
};

/** A span of the store's calendar days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** Monday of the week of a day (weeks run Monday to Sunday). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonthStart = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** The days a preset covers, given the store's today (YYYY-MM-DD); custom has none of its own. */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'this_week':
      return { from: weekStart(today), to: today };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'this_month':
      return { from: monthStart(today), to: today };
    case 'last_month': {
      const to = addDays(monthStart(today), -1);
      return { from: monthStart(to), to };
    }
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysIn(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

// ---------------------------------------------------------------- buckets

export const reportBuckets = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof reportBuckets)[number];

/** The heading of a trend table's first column: Day, Week or Month. */
export function bucketColumnLabel(bucket: ReportBucket): string {
  return bucket === 'day' ? 'Day' : bucket === 'week' ? 'Week' : 'Month';
}

/** The first day of the bucket a day falls in: itself, its week's Monday, its month's 1st. */
export function bucketStart(day: string, bucket: ReportBucket): string {
  return bucket === 'day' ? day : bucket === 'week' ? weekStart(day) : monthStart(day);
}

/** Every bucket touching the range, oldest first (the first and last may be partial). */
export function bucketsBetween(range: DayRange, bucket: ReportBucket): string[] {
  const result: string[] = [];
  for (let day = bucketStart(range.from, bucket); day <= range.to;) {
    result.push(day);
    day = bucket === 'day' ? addDays(day, 1) : bucket === 'week' ? addDays(day, 7) : nextMonthStart(day);
  }
  return result;
}

/** The bucket a range reads best in: days up to a month and a half, weeks up to half a year, then months. */
export function defaultBucket(range: DayRange): ReportBucket {
  const days = daysIn(range);
  return days <= 45 ? 'day' : days <= 190 ? 'week' : 'month';
}

// ---------------------------------------------------------------- query and scope

/** The longest span one report covers: five years of the store's days. */
export const MAX_REPORT_DAYS = 1_830;

/**
 * `storeId`: left out, the active store (x-store-id); another store of the same business where I may
 * read reports; or `all`, every store of the business (its owner only).
 */
export const reportStoreSchema = z.union([z.literal('all'), z.string().uuid()]);

/** The query every report takes: the period (the store's days, both ends included) and the store. */
export const reportQueryShape = {
  from: isoDateSchema,
  to: isoDateSchema,
  storeId: reportStoreSchema.optional(),
};

export function checkReportRange(range: { from: string; to: string }, ctx: z.RefinementCtx) {
  checkDayRange(range, ctx);
  if (range.from <= range.to && daysIn(range) > MAX_REPORT_DAYS)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'A report covers at most five years' });
}

export const reportQuerySchema = z.strictObject(reportQueryShape).superRefine(checkReportRange);
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** The query of a report with a trend: the period, the store and the bucket (day, week or month). */
export const bucketedReportQuerySchema = z
  .strictObject({ ...reportQueryShape, bucket: z.enum(reportBuckets).optional() })
  .superRefine(checkReportRange);
export type BucketedReportQuery = z.input<typeof bucketedReportQuerySchema>;

/** What a report covers, as the API understood the query. */
export const reportScopeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every store of the business (`storeId=all`). */
  allStores: z.boolean(),
  stores: z.array(z.object({ id: z.string().uuid(), name: z.string(), alias: z.string(), timeZone: z.string() })),
  currency: z.string(),
  /** When the figures were read (ISO instant). */
  generatedAt: z.string(),
});
export type ReportScope = z.infer<typeof reportScopeSchema>;

// ---------------------------------------------------------------- the description of a report

/**
 * How a value reads: money in minor units; quantity with up to 3 decimals; count; percent in basis
 * points (1250 = 12.5%); days with one decimal; date YYYY-MM-DD; text as is.
 */
export const reportFormats = ['money', 'quantity', 'count', 'percent', 'days', 'date', 'text'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const reportFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** null: not defined for the period (a margin without sales). */
  value: z.number().nullable(),
  format: z.enum(reportFormats),
  /** One line on what the figure means or how it is computed. */
  hint: z.string().optional(),
});
export type ReportFigure = z.infer<typeof reportFigureSchema>;

export type ReportCell = string | number | null;

export interface ReportColumn {
  key: string;
  label: string;
  format: ReportFormat;
}

export interface ReportTable {
  /** Stable id (the CSV's file name): "by-product". */
  key: string;
  title: string;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  /** A totals row under the table, in the same columns (missing keys stay blank). */
  totals?: Record<string, ReportCell>;
}

export interface ReportDocument {
  /** "Sales report". */
  title: string;
  scope: ReportScope;
  figures: ReportFigure[];
  tables: ReportTable[];
}

/** Every report's response carries its scope and its headline figure (a landing card's figure). */
export const reportHeadlineShape = { scope: reportScopeSchema, headline: reportFigureSchema };

// ---------------------------------------------------------------- values as text

const quantityText = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });
const countText = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const oneDecimalText = new Intl.NumberFormat('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/**
 * A report value for people (the screen, the print copy, the PDF), money written by the caller's
 * `money` (the screen's and the PDF's currency formats differ); null reads as an em dash.
 */
export function reportValueText(value: ReportCell, format: ReportFormat, money: (minor: number) => string): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'string') return format === 'date' ? formatReportDay(value) : value;
  switch (format) {
    case 'money':
      return money(value);
    case 'quantity':
      return quantityText.format(value);
    case 'count':
      return countText.format(value);
    case 'percent':
      return `${oneDecimalText.format(value / 100)}%`;
    case 'days':
      return `${oneDecimalText.format(value)} d`;
    default:
      return String(value);
  }
}

/** Numbers right, text left. */
export const isNumericReportFormat = (format: ReportFormat) => format !== 'text' && format !== 'date';

/** "7 Mar 2026" for a calendar day (YYYY-MM-DD, no zone involved): the app's one day format. */
export const formatReportDay = formatDay;

/** "1,234": a whole count as people read it (screens, PDFs, messages). */
export const formatCount = (n: number): string => countText.format(n);

/** "1 Oct 2026 – 31 Oct 2026", or one day alone. */
export function formatReportRange(range: { from: string; to: string }): string {
  return range.from === range.to
    ? formatReportDay(range.from)
    : `${formatReportDay(range.from)} – ${formatReportDay(range.to)}`;
}

/** "Demo Mart Lekki" or "All stores (Demo Mart Lekki, Demo Mart Ikeja)". */
export function reportStoresLabel(scope: ReportScope): string {
  const names = scope.stores.map((s) => s.name).join(', ');
  return scope.allStores ? `All stores (${names})` : names;
}

/** The file a report's PDF is saved as: "sales-report-2026-10-01-to-2026-10-31.pdf". */
export function reportPdfFileName(title: string, scope: Pick<ReportScope, 'from' | 'to'>): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return scope.from === scope.to ? `${slug}-${scope.from}.pdf` : `${slug}-${scope.from}-to-${scope.to}.pdf`;
}

/** A value as a spreadsheet cell: numbers as numbers (money as an exact decimal, percent as 12.5), text as text. */
export function reportCsvValue(value: ReportCell, format: ReportFormat, minorDigits = 2): CsvValue {
  if (value === null || value === '') return null;
  if (typeof value === 'string') return value;
  switch (format) {
    case 'money':
      return csvNumber(minorToDecimal(value, minorDigits));
    case 'percent':
      return Math.round(value) / 100;
    case 'days':
      return csvNumber(value.toFixed(1));
    default:
      return value;
  }
}

/**
 * A table as CSV, on the one CSV writer (`documents/csv.ts`): a header row of the labels, the rows,
 * then the totals. Numbers are written plain, text is escaped and guarded against formulas.
 */
export function reportTableCsv(table: ReportTable, minorDigits = 2): string {
  const write = (row: Record<string, ReportCell>) =>
    csvLine(table.columns.map((c) => reportCsvValue(row[c.key] ?? null, c.format, minorDigits)));
  const lines = [csvLine(table.columns.map((c) => c.label)), ...table.rows.map(write)];
  if (table.totals) lines.push(write(table.totals));
  return lines.join('');
}

/** a / b in basis points, rounded half away from zero; null when b is 0. */
export function basisPointsOf(a: number, b: number): number | null {
  if (b === 0) return null;
  const ratio = (a * 10_000) / b;
  return Math.sign(ratio) * Math.round(Math.abs(ratio));
}

// ---------------------------------------------------------------- the PDF of a report

/**
 * GET /api/v1/reports/<report>/pdf: the report for the same query as an A4 landscape PDF — its
 * scope, figures and every table in full (the print copy's content), for filing or sending on.
 */
export function reportPdfEndpoint<Q extends z.ZodType>(report: string, title: string, query: Q) {
  return defineEndpoint({
    method: 'GET',
    path: `/api/v1/reports/${report}/pdf`,
    summary: `The ${title} as an A4 PDF: its period, stores, figures and every table`,
    tags: ['reports'],
    access: 'reports.view',
    query,
    produces: 'application/pdf',
    status: 200,
    response: z.unknown(),
  });
}
