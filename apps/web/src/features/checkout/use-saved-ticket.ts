import { useEffect, useState } from 'react';
import { toast } from '../../components/toast';
import { logger } from '../../lib/logger';
import { fetchSellables } from './api/checkout-api';
import type { Cart } from './cart';
import { loadTicket, priceChanges, repriceRestored, restoreInto, saveTicket, type TicketKey } from './saved-ticket';

/**
 * The register's cart kept on the device (decision 0036): saved on every change as this person's
 * ticket on this store's register session, and put back when they open it again — after a PIN lock,
 * a trip to another screen, a reload or a crash. Until the ticket is read `ready` is false and the
 * register shows a short loading state, so an empty cart never shows and then changes under the
 * cashier. A restored ticket is priced again from the current sellables, as a resumed held sale is;
 * with no network it keeps its prices, and the server checks them when the sale is paid.
 *
 * `cart` is what should be kept: the register passes an empty cart once the sale is completed.
 */
export function useSavedTicket({
  accountId,
  storeId,
  sessionId,
  cart,
  setCart,
}: TicketKey & { cart: Cart; setCart: (next: (cart: Cart) => Cart) => void }): { ready: boolean } {
  const id = `${accountId}|${storeId}|${sessionId}`;
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const ready = readyFor === id;

  useEffect(() => {
    let live = true;
    const key = { accountId, storeId, sessionId };

    const refreshPrices = async (saved: Cart) => {
      const restored = saved.lines.map((l) => l.variantId);
      let sellables;
      try {
        sellables = await fetchSellables(restored);
      } catch {
        return; // Offline: the saved prices stay, and the server checks them with the sale.
      }
      if (!live) return;
      setCart((current) => repriceRestored(current, restored, sellables));
      const { dropped, repriced } = priceChanges(saved, sellables);
      if (dropped > 0)
        toast.show({
          type: 'warning',
          message: `${dropped} item${dropped === 1 ? ' is' : 's are'} no longer sold and left out.`,
        });
      else if (repriced > 0)
        toast.show({
          type: 'info',
          message: 'Prices changed since this sale was started: the cart shows the new prices.',
        });
    };

    void (async () => {
      const saved = await loadTicket(key).catch((error: unknown) => {
        logger.warn('The sale in progress could not be read from this device', error);
        return null;
      });
      if (!live) return;
      if (saved) setCart((current) => restoreInto(current, saved));
      setReadyFor(`${accountId}|${storeId}|${sessionId}`);
      if (saved) await refreshPrices(saved);
    })();
    return () => {
      live = false;
    };
  }, [accountId, storeId, sessionId, setCart]);

  useEffect(() => {
    if (!ready) return;
    saveTicket({ accountId, storeId, sessionId }, cart).catch((error: unknown) =>
      logger.warn('The sale in progress could not be kept on this device', error),
    );
  }, [ready, accountId, storeId, sessionId, cart]);

  return { ready };
}
