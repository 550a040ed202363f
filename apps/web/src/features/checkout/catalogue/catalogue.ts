import { listSellableChanges, type SellableChangesPage } from '@ipos/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { isOnline } from '../../../lib/online';
import { readStored, storageKeys } from '../../../lib/storage';
import type { SellableRow } from '../../../lib/device-db';
import { buildIndex, withRows, type CatalogueIndex } from './catalogue-index';
import { applyPage, clearCatalogue, readCatalogue, readCursor, toRow } from './catalogue-store';

/**
 * The active store's catalogue, live: read from the device store into memory once, then kept
 * current by the server's deltas, which go to the device store first and then into the index.
 * `ready` once a full download has finished on this device (now or before): from then on search,
 * scanning and the tiles run from it alone, online or not. One store at a time is held in memory.
 */
export interface CatalogueSnapshot {
  storeId: string;
  index: CatalogueIndex;
  /** A full download has finished: the index is the whole catalogue. */
  ready: boolean;
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
}

const empty = (storeId: string): CatalogueSnapshot => ({ storeId, index: buildIndex([]), ready: false });
let live: Live | null = null;

function publish(current: Live, snapshot: CatalogueSnapshot) {
  current.snapshot = snapshot;
  for (const listener of current.listeners) listener();
}

/** The store's live catalogue, read from the device store on first use (another store's is let go). */
function liveFor(storeId: string): Live {
  if (live?.snapshot.storeId === storeId) return live;
  const current: Live = { snapshot: empty(storeId), loaded: Promise.resolve(), syncing: null, listeners: new Set() };
  const started = performance.now();
  current.loaded = readCatalogue(storeId).then(
    ({ rows, cursor }) => {
      const read = performance.now();
      if (live !== current) return;
      publish(current, { storeId, index: buildIndex(rows), ready: cursor !== null });
      // How long the device took (the register-catalogue bench reads these).
      performance.measure('catalogue:read', { start: started, end: read });
      performance.measure('catalogue:index', { start: read, end: performance.now() });
    },
    () => undefined, // no device store (a private window): the server's search answers
  );
  live = current;
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

/** One download or delta, page by page; false when the active store changed under it (it stops). */
async function download(current: Live, fetchPage: FetchPage, from: string | null): Promise<boolean> {
  const { storeId } = current.snapshot;
  // Requests name the active store: a page read for another store would be put in the wrong one.
  const stillActive = () => readStored(storageKeys.storeId) === storeId && live === current;
  if (!stillActive()) return false;
  const full = from === null;
  if (full) await clearCatalogue(storeId);
  const downloaded: SellableRow[] = [];
  let cursor = from;
  for (;;) {
    if (!stillActive()) return false;
    const page = await fetchPage(cursor);
    const items = page.items.map((item) => toRow(storeId, item));
    // A delta reads the last minute's changes again: only what differs is written and re-indexed.
    const rows = full
      ? items
      : items.filter((row) => !sameRow(current.snapshot.index.byVariant.get(row.variantId), row));
    await applyPage(storeId, rows, page.complete ? page.nextCursor : null);
    if (full) downloaded.push(...rows);
    else if (live === current && rows.length > 0)
      publish(current, { ...current.snapshot, index: withRows(current.snapshot.index, rows) });
    cursor = page.nextCursor;
    if (page.complete) break;
  }
  if (full && live === current) publish(current, { storeId, index: buildIndex(downloaded), ready: true });
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
  live = null;
}
