import {
  addDays,
  parseThousandths,
  reorderUnitCost,
  RESTOCK_SALES_DAYS,
  restockPace,
  restockSuggestion,
  restockSummaryFigures,
  storeDay,
  type RestockLine,
  type RestockReport,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { variantDisplayName } from '../inventory/stock-variants.repository.js';
import { scopeResponse, type ResolvedReportScope } from './report-scope.js';
import { netSoldByVariant, productCategories, restockCandidates } from './restock-report.repository.js';

/** The store's last 30 calendar days, today (in its zone) included. */
export function salesWindow(timeZone: string, now: Date) {
  const to = storeDay(timeZone, now);
  return { from: addDays(to, -(RESTOCK_SALES_DAYS - 1)), to };
}

/** suggested (thousandths) × unit cost, rounded half up to the minor unit (both are never negative). */
const valueOf = (thousandths: number, unitCostMinor: number) =>
  Math.floor((2 * thousandths * unitCostMinor + 1000) / 2000);

/**
 * GET /reports/restock: now, per store of the scope, the variants at or below their reorder level
 * (the purchase orders' selection, on order included), their pace over the store's last 30 days and
 * the suggested order (`restockSuggestion`). The period of the query is not used: the scope reports
 * the 30 days the pace is read from.
 */
export async function restockReport(deps: AppDeps, scope: ResolvedReportScope): Promise<RestockReport> {
  const db = deps.database.db;
  const now = deps.now();
  const perStore = await Promise.all(
    scope.stores.map(async (store) => {
      const window = salesWindow(store.timeZone, now);
      const rows = await restockCandidates(db, scope.businessId, store.id);
      const sold = await netSoldByVariant(db, {
        businessId: scope.businessId,
        storeId: store.id,
        ...window,
        variantIds: rows.map((r) => r.variantId),
      });
      return { store, window, rows, sold: new Map(sold.map((s) => [s.variant_id, parseThousandths(s.sold)])) };
    }),
  );
  const productIds = [...new Set(perStore.flatMap((s) => s.rows.map((r) => r.productId)))];
  const categories = new Map(
    (await productCategories(db, scope.businessId, productIds)).map((c) => [c.product_id, c.category]),
  );

  const lines: RestockLine[] = [];
  for (const { store, rows, sold } of perStore) {
    const storeLines = rows.map((r): RestockLine => {
      const onHand = parseThousandths(r.onHand);
      const reorderLevel = parseThousandths(r.reorderLevel);
      const reorderQuantity = r.reorderQuantity === null ? null : parseThousandths(r.reorderQuantity);
      const onOrder = parseThousandths(r.onOrder);
      const soldLast30Days = sold.get(r.variantId) ?? 0;
      const suggested = restockSuggestion({
        unit: r.unit,
        onHand,
        reorderLevel,
        reorderQuantity,
        onOrder,
        soldLast30Days,
      });
      const unitCostMinor = reorderUnitCost({
        lastCostMinor: r.lastCostMinor === null ? null : Number(r.lastCostMinor),
        costPriceMinor: Number(r.costPriceMinor),
      });
      return {
        storeId: store.id,
        storeName: store.name,
        productId: r.productId,
        variantId: r.variantId,
        name: variantDisplayName(r),
        sku: r.sku,
        category: categories.get(r.productId) ?? 'Uncategorised',
        preferredVendor: r.vendorId === null ? null : { id: r.vendorId, name: r.vendorName ?? '' },
        vendorItemCode: r.vendorItemCode,
        unit: r.unit,
        onHand: onHand / 1000,
        reorderLevel: reorderLevel / 1000,
        reorderQuantity: reorderQuantity === null ? null : reorderQuantity / 1000,
        onOrder: onOrder / 1000,
        soldLast30Days: soldLast30Days / 1000,
        ...restockPace(onHand, soldLast30Days),
        suggestedQuantity: suggested / 1000,
        unitCostMinor,
        suggestedValueMinor: valueOf(suggested, unitCostMinor),
      };
    });
    // Least cover first; what did not sell at all last, then by name.
    storeLines.sort(
      (a, b) =>
        (a.daysOfCover ?? Infinity) - (b.daysOfCover ?? Infinity) ||
        (a.daysOfCover === null ? 1 : 0) - (b.daysOfCover === null ? 1 : 0) ||
        a.name.localeCompare(b.name) ||
        a.sku.localeCompare(b.sku),
    );
    lines.push(...storeLines);
  }

  const window = perStore[0]?.window ?? salesWindow('Africa/Lagos', now);
  const report: RestockReport = {
    scope: { ...scopeResponse(scope), ...window },
    headline: { key: 'restock-lines', label: 'To reorder', value: 0, format: 'count' },
    summary: {
      linesCount: lines.length,
      outOfStockCount: lines.filter((l) => l.onHand <= 0).length,
      suggestedValueMinor: lines.reduce((sum, l) => sum + l.suggestedValueMinor, 0),
    },
    lines,
  };
  report.headline = restockSummaryFigures(report)[0]!;
  return report;
}
