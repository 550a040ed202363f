import {
  addDays,
  parseThousandths,
  reorderUnitCost,
  RESTOCK_SALES_DAYS,
  restockSuggestion,
  storeDay,
} from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { netSoldByVariant, reorderRows, type ReorderRow } from './restock.repository.js';

/**
 * Restock: which variants of a store need reordering and how much. The restock report and a purchase
 * order's reorder suggestions both read it, so they never disagree.
 */

/** The store's last 30 calendar days, today (in its zone) included. */
export function salesWindow(timeZone: string, now: Date) {
  const to = storeDay(timeZone, now);
  return { from: addDays(to, -(RESTOCK_SALES_DAYS - 1)), to };
}

/** A variant at or below its reorder level with its figures (quantities in thousandths, costs in minor units). */
export interface RestockNeed {
  row: ReorderRow;
  onHand: number;
  reorderLevel: number;
  reorderQuantity: number | null;
  onOrder: number;
  soldLast30Days: number;
  /** contracts `restockSuggestion`: the reorder level plus the window's sales, less on hand and on order. */
  suggested: number;
  unitCostMinor: number;
}

/**
 * The store's variants at or below their reorder level (`reorderRows`: tracked, not archived, level
 * set; with `vendorId`, only the products whose preferred vendor it is), each with what sold in the
 * window and the suggested quantity.
 */
export async function restockNeeds(
  db: Executor,
  scope: { businessId: string; storeId: string; vendorId?: string },
  window: { from: string; to: string },
): Promise<RestockNeed[]> {
  const rows = await reorderRows(db, scope);
  const sold = await netSoldByVariant(db, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    ...window,
    variantIds: rows.map((r) => r.variantId),
  });
  const soldByVariant = new Map(sold.map((s) => [s.variant_id, parseThousandths(s.sold)]));
  return rows.map((row) => {
    const onHand = parseThousandths(row.onHand);
    const reorderLevel = parseThousandths(row.reorderLevel);
    const reorderQuantity = row.reorderQuantity === null ? null : parseThousandths(row.reorderQuantity);
    const onOrder = parseThousandths(row.onOrder);
    const soldLast30Days = soldByVariant.get(row.variantId) ?? 0;
    return {
      row,
      onHand,
      reorderLevel,
      reorderQuantity,
      onOrder,
      soldLast30Days,
      suggested: restockSuggestion({ unit: row.unit, onHand, reorderLevel, reorderQuantity, onOrder, soldLast30Days }),
      unitCostMinor: reorderUnitCost({
        lastCostMinor: row.lastCostMinor === null ? null : Number(row.lastCostMinor),
        costPriceMinor: Number(row.costPriceMinor),
      }),
    };
  });
}
