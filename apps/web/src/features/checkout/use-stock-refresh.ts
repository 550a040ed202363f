import { useEffect, useRef } from 'react';
import { fetchSellables, useRefreshStock } from './api/checkout-api';
import type { Cart } from './cart';
import { onHandOf, withOnHand } from './stock';

/** Focus and visibility both fire when the cashier comes back to the tab: one read is enough. */
const QUIET_MS = 2_000;

/**
 * Keeps the on hand the register knows fresh enough: when the register gains the focus again (the
 * cashier comes back from another tab or window, while other tills may have sold the same goods),
 * the on hand of the cart's tracked lines is read again, and so are the searches, the tiles and the
 * store's negative-stock setting. Quantities, prices and discounts in the cart stay as they are.
 */
export function useStockRefreshOnFocus(storeId: string, cart: Cart, setCart: (next: (cart: Cart) => Cart) => void) {
  const refreshStock = useRefreshStock(storeId);
  const latest = useRef(cart);
  useEffect(() => {
    latest.current = cart;
  }, [cart]);

  useEffect(() => {
    let lastAt = 0;
    const refresh = async () => {
      if (document.visibilityState === 'hidden' || Date.now() - lastAt < QUIET_MS) return;
      lastAt = Date.now();
      refreshStock();
      const ids = latest.current.lines.filter((l) => l.isTracked).map((l) => l.variantId);
      if (ids.length === 0) return;
      try {
        const found = await fetchSellables(ids);
        setCart((c) => withOnHand(c, onHandOf(found)));
      } catch {
        // The stock is read again on the next focus, and the server checks it with the sale.
      }
    };
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [refreshStock, setCart]);
}
