/**
 * The restock report (spec `report/restock`): what to reorder NOW. Every tracked,
 * non-archived variant of each chosen store at or below that store's reorder level (the same
 * selection as the purchase orders' reorder suggestions), with what open orders still bring, how fast
 * it sold over the store's last 30 days (today included, from the report summaries), how many days
 * what is on the shelf lasts at that pace, and a suggested order quantity (`restockSuggestion`).
 * The list is taken now: a period (`from`/`to`) is accepted like every report's and ignored.
 */
import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint.js';
import { productUnits, unitAllowsFractions, type ProductUnit } from '../catalog/products.js';
import { checkDayRange, isoDateSchema } from '../stores/store-time.js';
import {
  reportHeadlineShape,
  reportStoreSchema,
  type ReportDocument,
  type ReportFigure,
  type ReportTable,
  reportPdfEndpoint,
} from './report-common.js';

/** The store days of sales the pace is read from: the last 30, today included. */
export const RESTOCK_SALES_DAYS = 30;

export const restockReportQuerySchema = z
  .strictObject({
    /** Accepted for uniformity with the other reports; the list is always taken now. */
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    storeId: reportStoreSchema.optional(),
  })
  .superRefine(checkDayRange);
export type RestockReportQuery = z.input<typeof restockReportQuerySchema>;

const money = z.number().int();

export const restockLineSchema = z.object({
  storeId: z.string().uuid(),
  storeName: z.string(),
  productId: z.string().uuid(),
  variantId: z.string().uuid(),
  /** Product name, with the variant's options: "Ankara fabric (Blue)". */
  name: z.string(),
  sku: z.string(),
  category: z.string(),
  /** The product's preferred vendor (not archived), or null: what "Group by vendor" groups by. */
  preferredVendor: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  /** That vendor's code for the item, or null. */
  vendorItemCode: z.string().nullable(),
  unit: z.enum(productUnits),
  onHand: z.number(),
  /** The store's reorder level of the variant. */
  reorderLevel: z.number(),
  /** The store's reorder quantity (the smallest order the shop places), if set. */
  reorderQuantity: z.number().nullable(),
  /** Σ ordered − received on the store's OPEN purchase orders. */
  onOrder: z.number(),
  /** Sold less refunded over the store's last 30 days (today included). */
  soldLast30Days: z.number(),
  /** soldLast30Days / 30, to 3 decimals; 0 when refunds outweigh sales. */
  averageDailySales: z.number(),
  /** onHand / averageDailySales, one decimal (0 when nothing is on hand); null when nothing sold. */
  daysOfCover: z.number().nullable(),
  /** `restockSuggestion`; 0 when open orders already cover the need. */
  suggestedQuantity: z.number(),
  /** `reorderUnitCost`: the last cost from the preferred vendor, else the variant's cost price now. */
  unitCostMinor: money,
  /** suggestedQuantity × unitCostMinor, rounded to the minor unit. */
  suggestedValueMinor: money,
});
export type RestockLine = z.infer<typeof restockLineSchema>;

export const restockReportSchema = z.object({
  ...reportHeadlineShape,
  summary: z.object({
    /** Lines at or below their reorder level. */
    linesCount: z.number().int(),
    /** Of them, those with nothing (or less than nothing) on hand. */
    outOfStockCount: z.number().int(),
    /** Σ suggestedValueMinor. */
    suggestedValueMinor: money,
  }),
  /** Ordered by store, then days of cover (least first; unsold last), then name. */
  lines: z.array(restockLineSchema),
});
export type RestockReport = z.infer<typeof restockReportSchema>;

export const getRestockReport = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reports/restock',
  summary:
    'Restock report: variants at or below their reorder level now, with days of cover from the last 30 days of sales and a suggested order quantity',
  tags: ['reports'],
  access: 'reports.view',
  query: restockReportQuerySchema,
  status: 200,
  response: restockReportSchema,
});

export const getRestockReportPdf = reportPdfEndpoint('restock', 'restock report', restockReportQuerySchema);

// ---------------------------------------------------------------- the rules

/**
 * The suggested order, in integer thousandths: enough to hold the reorder level plus 30 days of sales
 * (sold less refunded, never below zero), less what is on hand and what open orders still bring;
 * rounded up to whole units for goods counted in units (each, pack); raised to the store's reorder
 * quantity when one is set; 0 when the need is already covered.
 */
export function restockSuggestion(line: {
  unit: ProductUnit;
  onHand: number;
  reorderLevel: number;
  reorderQuantity: number | null;
  onOrder: number;
  soldLast30Days: number;
}): number {
  let need = line.reorderLevel + Math.max(0, line.soldLast30Days) - line.onHand - line.onOrder;
  if (need <= 0) return 0;
  if (!unitAllowsFractions(line.unit)) need = Math.ceil(need / 1000) * 1000;
  return line.reorderQuantity !== null && need < line.reorderQuantity ? line.reorderQuantity : need;
}

/** A positive ratio rounded half up to `scale` (10 → one decimal), computed in integers. */
const roundedRatio = (numerator: number, denominator: number, scale: number) =>
  Math.floor((2 * numerator * scale + denominator) / (2 * denominator)) / scale;

/**
 * Pace and cover from thousandths: average daily sales to 3 decimals and days of cover to one
 * decimal (null when nothing sold; 0 when nothing is on hand).
 */
export function restockPace(onHand: number, soldLast30Days: number) {
  const sold = Math.max(0, soldLast30Days);
  return {
    averageDailySales: roundedRatio(sold, RESTOCK_SALES_DAYS, 1) / 1000,
    daysOfCover: sold === 0 ? null : onHand <= 0 ? 0 : roundedRatio(onHand * RESTOCK_SALES_DAYS, sold, 10),
  };
}

// ---------------------------------------------------------------- presentation

export function restockSummaryFigures(report: RestockReport): ReportFigure[] {
  const s = report.summary;
  return [
    {
      key: 'restock-lines',
      label: 'To reorder',
      value: s.linesCount,
      format: 'count',
      hint: 'Products with stock on hand at or below their reorder level in the store, now.',
    },
    {
      key: 'out-of-stock',
      label: 'Out of stock',
      value: s.outOfStockCount,
      format: 'count',
      hint: 'Of those, the ones with nothing left on the shelf.',
    },
    {
      key: 'suggested-value',
      label: 'Suggested order at cost',
      value: s.suggestedValueMinor,
      format: 'money',
      hint: 'What ordering every suggested quantity would cost at the preferred vendors’ last prices, else today’s cost prices.',
    },
  ];
}

/** One line per column hint, for the screen's legend and the print copy. */
export const restockColumnHints = {
  onOrder: 'On order: still to arrive on open purchase orders of the store.',
  soldLast30Days: 'Sold (30 days): sold less refunded over the store’s last 30 days, today included.',
  daysOfCover:
    'Days of cover: how many days what is on hand lasts at the last 30 days’ average daily sales; blank when nothing sold.',
  suggestedQuantity:
    'Suggested: enough for the reorder level plus 30 days of sales, less on hand and on order; whole units for counted goods; at least the reorder quantity when one is set; 0 when open orders already cover it.',
} as const;

export function restockReportTable(report: RestockReport): ReportTable {
  const manyStores = new Set(report.lines.map((l) => l.storeId)).size > 1 || report.scope.allStores;
  return {
    key: 'restock',
    title: 'Products to reorder',
    columns: [
      ...(manyStores ? [{ key: 'storeName', label: 'Store', format: 'text' as const }] : []),
      { key: 'name', label: 'Product', format: 'text' },
      { key: 'sku', label: 'SKU', format: 'text' },
      { key: 'category', label: 'Category', format: 'text' },
      { key: 'vendor', label: 'Vendor', format: 'text' },
      { key: 'onHand', label: 'On hand', format: 'quantity' },
      { key: 'reorderLevel', label: 'Reorder level', format: 'quantity' },
      { key: 'onOrder', label: 'On order', format: 'quantity' },
      { key: 'soldLast30Days', label: 'Sold (30 days)', format: 'quantity' },
      { key: 'averageDailySales', label: 'Per day', format: 'quantity' },
      { key: 'daysOfCover', label: 'Days of cover', format: 'days' },
      { key: 'suggestedQuantity', label: 'Suggested', format: 'quantity' },
      { key: 'unitCostMinor', label: 'Unit cost', format: 'money' },
      { key: 'suggestedValueMinor', label: 'Suggested value', format: 'money' },
    ],
    rows: report.lines.map(({ preferredVendor, ...l }) => ({ ...l, vendor: preferredVendor?.name ?? '' })),
    totals: { [manyStores ? 'storeName' : 'name']: 'Total', suggestedValueMinor: report.summary.suggestedValueMinor },
  };
}

export function restockReportDocument(report: RestockReport): ReportDocument {
  return {
    title: 'Restock report',
    scope: report.scope,
    figures: restockSummaryFigures(report),
    tables: [restockReportTable(report)],
  };
}

/** The lines of one preferred vendor (null: products without one), for "Group by vendor". */
export interface RestockVendorGroup {
  vendor: { id: string; name: string } | null;
  lines: RestockLine[];
  /** Σ suggestedValueMinor of the group. */
  suggestedValueMinor: number;
}

/** The report's lines by preferred vendor, vendors in name order, the lines without one last. */
export function restockVendorGroups(report: RestockReport): RestockVendorGroup[] {
  const groups = new Map<string, RestockVendorGroup>();
  for (const line of report.lines) {
    const key = line.preferredVendor?.id ?? '';
    const group = groups.get(key) ?? { vendor: line.preferredVendor, lines: [], suggestedValueMinor: 0 };
    group.lines.push(line);
    group.suggestedValueMinor += line.suggestedValueMinor;
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) => (a.vendor ? 0 : 1) - (b.vendor ? 0 : 1) || (a.vendor?.name ?? '').localeCompare(b.vendor?.name ?? ''),
  );
}
