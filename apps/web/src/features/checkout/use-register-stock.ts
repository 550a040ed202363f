import { useMemo } from 'react';
import { useActiveStore } from '../../lib/active-store';
import type { Cart } from './cart';
import { payBlockedMessage, stockShortfalls } from './stock';
import { useStockRefreshOnFocus } from './use-stock-refresh';

/**
 * The register's cart against the stock: lines beyond the on hand are flagged at once (by variant id),
 * and where the store refuses negative stock they block Pay, with the message saying why. The on hand
 * is read again when the register gains the focus (useStockRefreshOnFocus).
 */
export function useRegisterStock(storeId: string, cart: Cart, setCart: (next: (cart: Cart) => Cart) => void) {
  const allowNegativeStock = useActiveStore(storeId).data?.allowNegativeStock ?? false;
  const shortfalls = useMemo(() => stockShortfalls(cart, allowNegativeStock), [cart, allowNegativeStock]);
  const shortfallOf = useMemo(() => new Map(shortfalls.map((s) => [s.variantId, s])), [shortfalls]);
  const payBlocked = payBlockedMessage(shortfalls);
  useStockRefreshOnFocus(storeId, cart, setCart);
  return { allowNegativeStock, shortfallOf, payBlocked };
}
