import { Dexie } from 'dexie';
import type { CatalogueSellable } from '@ipos/contracts';
import { deviceDb, type SellableChunkRow, type SellableRow } from '../../../lib/device-db';

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

type Field = Exclude<keyof SellableRow, 'storeId' | 'barcodes'>;

/** Rows as columns: one array per field, barcodes as one string each (arrays of values read back fastest). */
function encode(storeId: string, chunk: number, rows: SellableRow[]): SellableChunkRow {
  const fields = new Set<Field>();
  for (const row of rows) for (const key of Object.keys(row)) fields.add(key as Field);
  fields.delete('storeId' as Field);
  fields.delete('barcodes' as Field);
  const keys = [...fields];
  return {
    storeId,
    chunk,
    keys,
    columns: keys.map((key) => rows.map((row) => row[key])),
    barcodes: rows.map((row) => row.barcodes.join('\n')),
  };
}

/** The rows of a chunk, as they were put in. */
export function decode(record: SellableChunkRow): SellableRow[] {
  const { storeId, keys, columns, barcodes } = record;
  const rows: SellableRow[] = new Array<SellableRow>(barcodes.length);
  for (let i = 0; i < barcodes.length; i++) {
    const row: Record<string, unknown> = { storeId };
    for (let k = 0; k < keys.length; k++) row[keys[k]!] = columns[k]![i];
    row.barcodes = barcodes[i] ? barcodes[i]!.split('\n') : [];
    rows[i] = row as unknown as SellableRow;
  }
  return rows;
}

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
function byChunk(rows: SellableRow[]): Map<number, SellableRow[]> {
  const groups = new Map<number, SellableRow[]>();
  for (const row of rows) {
    const chunk = chunkOf(row.variantId);
    const group = groups.get(chunk);
    if (group) group.push(row);
    else groups.set(chunk, [row]);
  }
  return groups;
}

/**
 * A full download, whole: the store's chunks replaced and its cursor kept, in one transaction (a
 * download that stops half way leaves nothing; it starts over anyway). `readAt`: when the download
 * started, so that what was sold on this device since is still taken off its on hand.
 */
export async function saveCatalogue(storeId: string, rows: SellableRow[], cursor: string, readAt: Date): Promise<void> {
  const db = deviceDb();
  const records = [...byChunk(rows)].map(([chunk, group]) => encode(storeId, chunk, group));
  await db.transaction('rw', db.sellableChunks, db.catalogues, async () => {
    await chunksOf(storeId).delete();
    await db.sellableChunks.bulkPut(records);
    await db.catalogues.put({ storeId, cursor, readAt: readAt.toISOString() });
  });
}

/**
 * A delta's page: its rows put in (an upsert by variant: reading a row twice is harmless), only the
 * chunks holding them rewritten; on the delta's last page, the cursor the next one starts from (and
 * when that delta started). One transaction: the cursor never runs ahead of the rows.
 */
export async function applyDelta(
  storeId: string,
  rows: SellableRow[],
  next: { cursor: string; readAt: Date } | null,
): Promise<void> {
  const db = deviceDb();
  await db.transaction('rw', db.sellableChunks, db.catalogues, async () => {
    const groups = byChunk(rows);
    const chunks = [...groups.keys()];
    const stored = chunks.length > 0 ? await db.sellableChunks.bulkGet(chunks.map((chunk) => [storeId, chunk])) : [];
    const records = chunks.map((chunk, i) => {
      const changed = new Map(groups.get(chunk)!.map((row) => [row.variantId, row]));
      const kept = stored[i] ? decode(stored[i]).filter((row) => !changed.has(row.variantId)) : [];
      return encode(storeId, chunk, [...kept, ...changed.values()]);
    });
    if (records.length > 0) await db.sellableChunks.bulkPut(records);
    if (next) await db.catalogues.put({ storeId, cursor: next.cursor, readAt: next.readAt.toISOString() });
  });
}
