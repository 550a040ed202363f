/** Transfers in and out of the active store (built by the stock screens). */
export function StockTransfersPanel() {
  return null;
}
