import { Dexie } from 'dexie';
import type { CatalogueSellable } from '@ipos/contracts';
import { deviceDb, type SellableRow } from '../../../lib/device-db';

/**
 * The store's catalogue in the device store (decision 0036): its sellables keyed by store and
 * variant, and per store the cursor of the last delta it applied. Every read and write names the
 * store, so one store's catalogue never shows in another's register.
 */

/** The store's rows by primary key (one range read, faster than the storeId index on 100,000 rows). */
const ofStore = (storeId: string) =>
  deviceDb().sellables.where('[storeId+variantId]').between([storeId, Dexie.minKey], [storeId, Dexie.maxKey]);

/** A sellable as the device keeps it. */
export function toRow(storeId: string, sellable: CatalogueSellable): SellableRow {
  const { archived, ...rest } = sellable;
  return { ...rest, storeId, isArchived: archived };
}

/** The store's rows (archived ones included) and its cursor; null cursor: no download has finished. */
export async function readCatalogue(storeId: string): Promise<{ rows: SellableRow[]; cursor: string | null }> {
  const db = deviceDb();
  const [rows, catalogue] = await Promise.all([ofStore(storeId).toArray(), db.catalogues.get(storeId)]);
  return { rows, cursor: catalogue?.cursor ?? null };
}

/** The cursor the next delta starts from; null before the first full download has finished. */
export async function readCursor(storeId: string): Promise<string | null> {
  return (await deviceDb().catalogues.get(storeId))?.cursor ?? null;
}

/** Forgets the store's catalogue: a full download starts over from nothing. */
export async function clearCatalogue(storeId: string): Promise<void> {
  const db = deviceDb();
  await db.transaction('rw', db.sellables, db.catalogues, async () => {
    await ofStore(storeId).delete();
    await db.catalogues.delete(storeId);
  });
}

/**
 * Puts a page in (an upsert by store and variant: reading a row twice is harmless), and, on the
 * last page of a download or delta, the cursor the next delta starts from. One transaction: the
 * cursor never runs ahead of the rows.
 */
export async function applyPage(storeId: string, rows: SellableRow[], cursor: string | null): Promise<void> {
  const db = deviceDb();
  await db.transaction('rw', db.sellables, db.catalogues, async () => {
    if (rows.length > 0) await db.sellables.bulkPut(rows);
    if (cursor !== null) await db.catalogues.put({ storeId, cursor, readAt: new Date().toISOString() });
  });
}
