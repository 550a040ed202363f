/** Stock counts of the active store (built by the stock screens). */
export function StockCountsPanel() {
  return null;
}
