import { restockPace, restockSummaryFigures, type RestockLine, type RestockReport } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { variantDisplayName } from '../inventory/stock-variants.repository.js';
import { DEFAULT_TIME_ZONE } from '../../tenancy/stores.js';
import { restockNeeds, salesWindow } from '../restock/restock.service.js';
import { scopeResponse, type ResolvedReportScope } from './report-scope.js';
import { productCategories } from './restock-report.repository.js';

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
      return {
        store,
        window,
        needs: await restockNeeds(db, { businessId: scope.businessId, storeId: store.id }, window),
      };
    }),
  );
  const productIds = [...new Set(perStore.flatMap((s) => s.needs.map((n) => n.row.productId)))];
  const categories = new Map(
    (await productCategories(db, scope.businessId, productIds)).map((c) => [c.product_id, c.category]),
  );

  const lines: RestockLine[] = [];
  for (const { store, needs } of perStore) {
    const storeLines = needs.map((need): RestockLine => {
      const { row: r, onHand, reorderLevel, reorderQuantity, onOrder, soldLast30Days, suggested, unitCostMinor } = need;
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

  const window = perStore[0]?.window ?? salesWindow(DEFAULT_TIME_ZONE, now);
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
