import { liveQuery } from 'dexie';
import { listSellableChanges, toThousandths, type SellableChangesPage } from '@ipos/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { isOnline } from '../../../lib/online';
import { readStored, storageKeys } from '../../../lib/storage';
import { deviceDb, type DeviceDb, type SellableRow } from '../../../lib/device-db';
import { storeSales } from '../outbox/outbox-store';
import {
  buildIndex,
  indexBuilder,
  withRows,
  withSold,
  type CatalogueIndex,
  type SoldOnDevice,
} from './catalogue-index';
import {
  applyDelta,
  clearCatalogue,
  decodeIndexable,
  readCatalogue,
  readCursor,
  saveCatalogue,
  toRow,
} from './catalogue-store';

/**
 * The active store's catalogue, live: read from the device store into memory once, then kept
 * current by the server's deltas, which go to the device store first and then into the index.
 * `ready` once a full download has finished on this device (now or before): from then on search,
 * scanning and the tiles run from it alone, online or not. One store at a time is held in memory.
 * What this device sold that the server's on hand does not count yet is taken off it.
 */
export interface CatalogueSnapshot {
  storeId: string;
  index: CatalogueIndex;
  /** A full download has finished: the index is the whole catalogue. */
  ready: boolean;
  /** The device holds a full download and is reading it (a cold start): it answers once read. */
  loading: boolean;
}

/** Pages as big as the server gives: fewer round trips on a slow line. */
export const CATALOGUE_PAGE_SIZE = 5_000;

type FetchPage = (cursor: string | null) => Promise<SellableChangesPage>;

const fetchFromServer: FetchPage = (cursor) =>
  apiRequest(listSellableChanges, { query: { ...(cursor ? { cursor } : {}), limit: CATALOGUE_PAGE_SIZE } });

interface Live {
  snapshot: CatalogueSnapshot;
  loaded: Promise<void>;
  syncing: Promise<void> | null;
  listeners: Set<() => void>;
  /** What this device sold since the on hand it holds (kept current from the sale outbox). */
  sold: SoldOnDevice;
  stopWatching: () => void;
}

const empty = (storeId: string): CatalogueSnapshot => ({
  storeId,
  index: buildIndex([]),
  ready: false,
  loading: false,
});
let live: Live | null = null;

function publish(current: Live, snapshot: CatalogueSnapshot) {
  current.snapshot = snapshot;
  for (const listener of current.listeners) listener();
}

/** Lets the page paint and take keys between slices of a long task. */
const yieldToPage = () =>
  new Promise<void>((resolve) => {
    if (typeof MessageChannel === 'undefined') return void resolve();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * The catalogue read from the device store: its chunks in one read, then indexed a few chunks at a
 * time (the page still answers keys between them), while the register says it is loading.
 */
async function load(current: Live): Promise<void> {
  const { storeId } = current.snapshot;
  if ((await readCursor(storeId)) === null || live !== current) return;
  publish(current, { ...current.snapshot, loading: true });
  const started = performance.now();
  const { chunks, cursor } = await readCatalogue(storeId);
  const read = performance.now();
  const builder = indexBuilder();
  for (let i = 0; i < chunks.length; i++) {
    builder.addIndexable(decodeIndexable(chunks[i]!));
    if (i % 8 === 7) await yieldToPage();
    if (live !== current) return;
  }
  publish(current, { storeId, index: builder.finish(current.sold), ready: cursor !== null, loading: false });
  // How long the device took (the register-catalogue bench reads these).
  performance.measure('catalogue:read', { start: started, end: read });
  performance.measure('catalogue:index', { start: read, end: performance.now() });
}

/**
 * What this device sold that the on hand it holds does not count: its sales not yet recorded by the
 * server (the goods have left), and those recorded since the catalogue's last delta started.
 */
export async function soldOnDevice(db: DeviceDb, storeId: string): Promise<SoldOnDevice> {
  const [sales, catalogue] = await Promise.all([storeSales(db, storeId), db.catalogues.get(storeId)]);
  const readAt = catalogue?.readAt ?? '';
  const sold = new Map<string, number>();
  for (const sale of sales) {
    if (sale.state === 'synced' && (sale.lastAnswer?.at ?? '') <= readAt) continue;
    for (const line of sale.body.lines)
      sold.set(line.variantId, (sold.get(line.variantId) ?? 0) + toThousandths(line.quantity));
  }
  return sold;
}

const sameSold = (a: SoldOnDevice, b: SoldOnDevice) =>
  a.size === b.size && [...a].every(([variantId, taken]) => b.get(variantId) === taken);

/** Follows the sale outbox (this tab's and others'): the on hand shown falls with each sale. */
function watchSales(current: Live): () => void {
  const db = deviceDb();
  const { storeId } = current.snapshot;
  const subscription = liveQuery(() => soldOnDevice(db, storeId)).subscribe({
    next: (sold) => {
      if (live !== current || sameSold(sold, current.sold)) return;
      current.sold = sold;
      publish(current, { ...current.snapshot, index: withSold(current.snapshot.index, sold) });
    },
    error: () => undefined, // no device store: nothing sold on it
  });
  return () => subscription.unsubscribe();
}

/** The store's live catalogue, read from the device store on first use (another store's is let go). */
function liveFor(storeId: string): Live {
  if (live?.snapshot.storeId === storeId) return live;
  live?.stopWatching();
  const current: Live = {
    snapshot: empty(storeId),
    loaded: Promise.resolve(),
    syncing: null,
    listeners: new Set(),
    sold: new Map(),
    stopWatching: () => undefined,
  };
  live = current;
  current.loaded = load(current).catch(() => {
    // No device store (a private window): the server's search answers.
    if (live === current && current.snapshot.loading) publish(current, { ...current.snapshot, loading: false });
  });
  current.stopWatching = watchSales(current);
  return current;
}

/** The catalogue as it is now (empty and not ready until read from the device store). */
export function catalogueSnapshot(storeId: string): CatalogueSnapshot {
  return liveFor(storeId).snapshot;
}

export function subscribeCatalogue(storeId: string, listener: () => void): () => void {
  const current = liveFor(storeId);
  current.listeners.add(listener);
  return () => current.listeners.delete(listener);
}

/** Resolves once the store's catalogue has been read from the device store. */
export function catalogueLoaded(storeId: string): Promise<void> {
  return liveFor(storeId).loaded;
}

/**
 * Whether the device already has this row as it is: the same fields (barcodes in order), or archived
 * and not offered here anyway (the index holds only what is sold).
 */
function sameRow(had: SellableRow | undefined, row: SellableRow): boolean {
  if (!had) return row.isArchived;
  return (Object.keys(row) as (keyof SellableRow)[]).every((key) => {
    const [a, b] = [had[key], row[key]];
    return Array.isArray(a) && Array.isArray(b) ? a.join('\n') === b.join('\n') : a === b;
  });
}

const isBadCursor = (error: unknown) => error instanceof ApiError && error.code === 'VALIDATION_FAILED';

/**
 * One download or delta, page by page; false when the active store changed under it (it stops).
 * Either is kept whole once complete (a delta of many pages rewrites each chunk once, not once a
 * page; one that stops half way is asked again from the same cursor).
 */
async function download(current: Live, fetchPage: FetchPage, from: string | null): Promise<boolean> {
  const { storeId } = current.snapshot;
  // Requests name the active store: a page read for another store would be put in the wrong one.
  const stillActive = () => readStored(storageKeys.storeId) === storeId && live === current;
  if (!stillActive()) return false;
  const full = from === null;
  const startedAt = new Date();
  if (full) await clearCatalogue(storeId);
  const got = new Map<string, SellableRow>();
  let page: SellableChangesPage | null = null;
  while (!page?.complete) {
    if (!stillActive()) return false;
    page = await fetchPage(page ? page.nextCursor : from);
    for (const item of page.items) {
      const row = toRow(storeId, item);
      // A delta reads the last minute's changes again: only what differs is written and re-indexed.
      if (full || !sameRow(current.snapshot.index.byVariant.get(row.variantId), row)) got.set(row.variantId, row);
    }
  }
  const next = { cursor: page.nextCursor, readAt: startedAt };
  if (full) {
    const index = buildIndex(got.values(), current.sold);
    await saveCatalogue(storeId, [...got.values()], index, next.cursor, next.readAt);
    if (live === current)
      publish(current, { storeId, index: withSold(index, current.sold), ready: true, loading: false });
  } else {
    const rows = [...got.values()];
    await applyDelta(storeId, rows, next);
    if (live === current && rows.length > 0)
      publish(current, { ...current.snapshot, index: withRows(current.snapshot.index, rows) });
  }
  return true;
}

/**
 * Brings the store's catalogue up to date: the full download the first time, a delta after. One
 * at a time per store (a second call while one runs shares it). A cursor the server no longer takes
 * starts the download over. Fails as the request fails (offline: the copy on the device stays).
 */
export function syncCatalogue(storeId: string, fetchPage: FetchPage = fetchFromServer): Promise<void> {
  const current = liveFor(storeId);
  current.syncing ??= (async () => {
    try {
      await current.loaded;
      const cursor = await readCursor(storeId);
      try {
        await download(current, fetchPage, cursor);
      } catch (error) {
        if (cursor === null || !isBadCursor(error)) throw error;
        await download(current, fetchPage, null);
      }
    } finally {
      current.syncing = null;
    }
  })();
  return current.syncing;
}

/** Asks for the catalogue's changes now; a failure (offline, server down) keeps the copy on the device. */
export function requestCatalogueSync(storeId: string): void {
  if (isOnline()) syncCatalogue(storeId).catch(() => undefined);
}

/** Lets the catalogue in memory go (tests start each case from the device store). */
export function forgetLiveCatalogue(): void {
  live?.stopWatching();
  live = null;
}
