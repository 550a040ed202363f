import { Dexie } from 'dexie';
import type { CatalogueSellable } from '@ipos/contracts';
import { deviceDb, type SellableChunkRow, type SellableRow } from '../../../lib/device-db';
import { indexable, type CatalogueIndex, type IndexableRow } from './catalogue-index';

/**
 * The store's catalogue in the device store (decision 0036): its sellables in a fixed number of
 * chunks per store, each chunk one record holding its rows column by column, and per store the
 * cursor of the last delta it applied. A cold read is one range read of a few dozen records (not a
 * cursor step per item), and a delta rewrites only the chunks holding the rows it changes. Every
 * read and write names the store, so one store's catalogue never shows in another's register.
 */

/** Chunks per store: 100,000 items make chunks of about 1,600, a delta of one item rewrites one. */
export const CATALOGUE_CHUNKS = 64;

/** The chunk a variant lives in, for good (FNV-1a of its id: spreads UUID v7 ids evenly). */
export function chunkOf(variantId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < variantId.length; i++) hash = Math.imul(hash ^ variantId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % CATALOGUE_CHUNKS;
}

/** A sellable as the device keeps it. */
export function toRow(storeId: string, sellable: CatalogueSellable): SellableRow {
  const { archived, ...rest } = sellable;
  return { ...rest, storeId, isArchived: archived };
}

/** Rows as columns, one array per field, with what the index needs (arrays of values read back fastest). */
function encode(storeId: string, chunk: number, rows: IndexableRow[]): SellableChunkRow {
  const column = <T>(value: (row: SellableRow) => T) => rows.map((r) => value(r.sellable));
  return {
    storeId,
    chunk,
    columns: {
      productId: column((r) => r.productId),
      variantId: column((r) => r.variantId),
      name: column((r) => r.name),
      sku: column((r) => r.sku),
      barcode: column((r) => r.barcode),
      unit: column((r) => r.unit),
      priceMinor: column((r) => r.priceMinor),
      costPriceMinor: column((r) => r.costPriceMinor),
      taxRateId: column((r) => r.taxRateId),
      isTracked: column((r) => r.isTracked),
      onHand: column((r) => r.onHand),
      imageVersion: column((r) => r.imageVersion),
      taxRateBasisPoints: column((r) => r.taxRateBasisPoints),
      taxInclusive: column((r) => r.taxInclusive),
      categoryId: column((r) => r.categoryId),
      isArchived: column((r) => r.isArchived),
    },
    barcodes: column((r) => r.barcodes.join('\n')),
    searchNames: rows.map((r) => r.name),
    searchSkus: rows.map((r) => r.sku),
    ranks: rows.map((r) => r.rank),
  };
}

const barcodesOf = (joined: string) => (joined === '' ? [] : joined.includes('\n') ? joined.split('\n') : [joined]);

/** The rows of a chunk as they were put in, with what the index needs. */
export function decodeIndexable(record: SellableChunkRow): IndexableRow[] {
  const { storeId, columns: c, barcodes, searchNames, searchSkus, ranks } = record;
  const rows = new Array<IndexableRow>(barcodes.length);
  for (let i = 0; i < barcodes.length; i++) {
    const sellable: SellableRow = {
      storeId,
      productId: c.productId[i]!,
      variantId: c.variantId[i]!,
      name: c.name[i]!,
      sku: c.sku[i]!,
      barcode: c.barcode[i]!,
      unit: c.unit[i]!,
      priceMinor: c.priceMinor[i]!,
      costPriceMinor: c.costPriceMinor[i]!,
      taxRateId: c.taxRateId[i]!,
      isTracked: c.isTracked[i]!,
      onHand: c.onHand[i]!,
      imageVersion: c.imageVersion[i]!,
      taxRateBasisPoints: c.taxRateBasisPoints[i]!,
      taxInclusive: c.taxInclusive[i]!,
      categoryId: c.categoryId[i]!,
      isArchived: c.isArchived[i]!,
      barcodes: barcodesOf(barcodes[i]!),
    };
    rows[i] = { sellable, name: searchNames[i]!, sku: searchSkus[i]!, rank: ranks[i]! };
  }
  return rows;
}

/** The rows of a chunk, as they were put in. */
export const decode = (record: SellableChunkRow): SellableRow[] => decodeIndexable(record).map((r) => r.sellable);

/** The store's chunk records, by primary key (one range read). */
const chunksOf = (storeId: string) =>
  deviceDb().sellableChunks.where('[storeId+chunk]').between([storeId, Dexie.minKey], [storeId, Dexie.maxKey]);

/**
 * The store's chunks as stored (archived rows included), and its cursor and when the data it
 * holds was read from the server; null cursor: no download has finished.
 */
export async function readCatalogue(
  storeId: string,
): Promise<{ chunks: SellableChunkRow[]; cursor: string | null; readAt: string | null }> {
  const db = deviceDb();
  const [chunks, catalogue] = await db.transaction('r', db.sellableChunks, db.catalogues, () =>
    Promise.all([chunksOf(storeId).toArray(), db.catalogues.get(storeId)]),
  );
  return { chunks, cursor: catalogue?.cursor ?? null, readAt: catalogue?.readAt ?? null };
}

/** The cursor the next delta starts from; null before the first full download has finished. */
export async function readCursor(storeId: string): Promise<string | null> {
  return (await deviceDb().catalogues.get(storeId))?.cursor ?? null;
}

/** Forgets the store's catalogue: a full download starts over from nothing. */
export async function clearCatalogue(storeId: string): Promise<void> {
  const db = deviceDb();
  await db.transaction('rw', db.sellableChunks, db.catalogues, async () => {
    await chunksOf(storeId).delete();
    await db.catalogues.delete(storeId);
  });
}

/** Rows grouped by the chunk they live in. */
function byChunk<T extends { sellable: SellableRow }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const chunk = chunkOf(row.sellable.variantId);
    const group = groups.get(chunk);
    if (group) group.push(row);
    else groups.set(chunk, [row]);
  }
  return groups;
}

/**
 * A full download, whole: the store's chunks replaced and its cursor kept, in one transaction (a
 * download that stops half way leaves nothing; it starts over anyway). `index`: the same rows
 * indexed, whose name order is kept beside them. `readAt`: when the download started, so that what
 * was sold on this device since is still taken off its on hand.
 */
export async function saveCatalogue(
  storeId: string,
  rows: SellableRow[],
  index: CatalogueIndex,
  cursor: string,
  readAt: Date,
): Promise<void> {
  const db = deviceDb();
  const rankOf = new Map(index.entries.map((entry, rank) => [entry.sellable, rank]));
  const unique = new Map(rows.map((row) => [row.variantId, row]));
  const stored = [...unique.values()].map((row) => indexable(row, rankOf.get(row) ?? -1));
  const records = [...byChunk(stored)].map(([chunk, group]) => encode(storeId, chunk, group));
  await db.transaction('rw', db.sellableChunks, db.catalogues, async () => {
    await chunksOf(storeId).delete();
    await db.sellableChunks.bulkPut(records);
    await db.catalogues.put({ storeId, cursor, readAt: readAt.toISOString() });
  });
}

/**
 * A delta's page: its rows put in (an upsert by variant: reading a row twice is harmless), only the
 * chunks holding them rewritten; on the delta's last page, the cursor the next one starts from (and
 * when that delta started). A row keeps its place in name order unless its name changed. One
 * transaction: the cursor never runs ahead of the rows.
 */
export async function applyDelta(
  storeId: string,
  rows: SellableRow[],
  next: { cursor: string; readAt: Date } | null,
): Promise<void> {
  const db = deviceDb();
  await db.transaction('rw', db.sellableChunks, db.catalogues, async () => {
    const groups = byChunk(rows.map((row) => indexable(row)));
    const chunks = [...groups.keys()];
    const stored = chunks.length > 0 ? await db.sellableChunks.bulkGet(chunks.map((chunk) => [storeId, chunk])) : [];
    const records = chunks.map((chunk, i) => {
      const kept = new Map((stored[i] ? decodeIndexable(stored[i]) : []).map((r) => [r.sellable.variantId, r]));
      for (const row of groups.get(chunk)!) {
        const had = kept.get(row.sellable.variantId);
        kept.set(row.sellable.variantId, had && had.name === row.name ? { ...row, rank: had.rank } : row);
      }
      return encode(storeId, chunk, [...kept.values()]);
    });
    if (records.length > 0) await db.sellableChunks.bulkPut(records);
    if (next) await db.catalogues.put({ storeId, cursor: next.cursor, readAt: next.readAt.toISOString() });
  });
}
