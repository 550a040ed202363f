import type { Page } from '@playwright/test';

/** What the journeys read of the app's device store (IndexedDB `ipos-device`, decision 0036). */

/** The rows of one table of the app's device store (none before the app has made it). */
export function deviceRows<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve) => {
        const open = indexedDB.open('ipos-device');
        // Never create the app's database from here: only read it once the app has.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) return (db.close(), resolve([]));
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => (db.close(), resolve(all.result as T[]));
          all.onerror = () => (db.close(), resolve([]));
        };
      }),
    table,
  );
}

/** Whether the store's catalogue has finished its first download to the device. */
export async function catalogueOnDevice(page: Page): Promise<boolean> {
  return (await deviceRows<{ cursor: string | null }>(page, 'catalogues')).some((c) => c.cursor !== null);
}

/** A sale in the device's sale queue, as the journeys read it (`M`: the payment methods they name). */
export interface QueuedSale<M extends string = string> {
  saleId: string;
  sessionId: string;
  soldAt: string;
  offlineReference: string | null;
  state: string;
  receipt: {
    sale: { totalMinor: number; payments: { method: M; amountMinor: number }[] };
  } | null;
}

/** The device's sale queue, in the order sold. */
export async function queuedSales<M extends string = string>(page: Page): Promise<QueuedSale<M>[]> {
  const rows = await deviceRows<QueuedSale<M> & { sequence: number }>(page, 'outbox');
  return rows
    .sort((x, y) => x.sequence - y.sequence)
    .map(({ saleId, sessionId, soldAt, offlineReference, state, receipt }) => ({
      saleId,
      sessionId,
      soldAt,
      offlineReference,
      state,
      receipt,
    }));
}
