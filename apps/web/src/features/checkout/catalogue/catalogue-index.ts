import { toThousandths, type RegisterSellable } from '@ipos/contracts';
import type { SellableRow } from '../../../lib/device-db';

/**
 * The store's catalogue in memory, searched as the cashier types: every sellable variant in name
 * order with what a search compares (its normalised name and SKU), and exact lookups by barcode and
 * SKU for the scanner. Built once from the device store, then kept current by each delta.
 */

/** Lower case, accents off ("Café" finds "cafe"), runs of spaces and punctuation as one space. */
export function normalise(text: string): string {
  // Most names are printable ASCII: the Unicode pass (10 times slower) only for the others.
  const plain = /^[ -~]*$/.test(text)
    ? text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')
    : text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ');
  return plain.trim();
}

/** A code as scanned or typed: no spaces, upper case (SKUs are unique ignoring case). */
const codeKey = (code: string) => code.trim().toUpperCase();

interface Entry {
  sellable: SellableRow;
  /** The normalised name, then the normalised SKU: what a search looks in. */
  haystack: string;
  name: string;
  /** The normalised SKU, compared whole. */
  sku: string;
}

/**
 * What this device sold that the on hand it holds does not count yet, in thousandths by variant
 * (sales not yet synced, or synced since the catalogue's last delta).
 */
export type SoldOnDevice = ReadonlyMap<string, number>;

const NOTHING_SOLD: SoldOnDevice = new Map();

export interface CatalogueIndex {
  /** Sellable (not archived) variants in name order. */
  entries: Entry[];
  byCode: Map<string, SellableRow>;
  byVariant: Map<string, SellableRow>;
  /**
   * Every entry's haystack in name order, one per line: a word is looked for in all of them at once
   * (`indexOf` over one string), not name by name. `starts[i]` is where entry i's line starts.
   */
  text: string;
  starts: Int32Array;
  /** Taken off the on hand of what a search, a scan or a tile gives. */
  sold: SoldOnDevice;
}

const byName = (a: Entry, b: Entry) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.sellable.variantId < b.sellable.variantId ? -1 : 1;

function entryOf(sellable: SellableRow): Entry {
  const name = normalise(sellable.name);
  const sku = normalise(sellable.sku);
  return { sellable, name, sku, haystack: `${name} ${sku}` };
}

/**
 * A row as the device store keeps it for the index: its normalised name and SKU, and its place in
 * name order when last indexed whole (-1: unknown, it is sorted in).
 */
export interface IndexableRow {
  sellable: SellableRow;
  name: string;
  sku: string;
  rank: number;
}

/** What the device store keeps beside a row: its normalised name and SKU (its place is given later). */
export function indexable(sellable: SellableRow, rank = -1): IndexableRow {
  return { sellable, name: normalise(sellable.name), sku: normalise(sellable.sku), rank };
}

/** Entries placed by their known rank (in name order, gaps closed), the others sorted and merged in. */
function inNameOrder(ranked: Entry[], ranks: number[], unranked: Entry[]): Entry[] {
  const slots = new Array<Entry | undefined>(ranks.reduce((max, rank) => Math.max(max, rank + 1), 0));
  for (let i = 0; i < ranked.length; i++) {
    if (slots[ranks[i]!]) unranked.push(ranked[i]!);
    else slots[ranks[i]!] = ranked[i];
  }
  const placed: Entry[] = [];
  for (const entry of slots) if (entry) placed.push(entry);
  if (unranked.length === 0) return placed;
  return merged(placed, unranked.sort(byName));
}

/** Two lists in name order as one. */
function merged(a: Entry[], b: Entry[]): Entry[] {
  const entries: Entry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && byName(a[i]!, b[j]!) < 0)) entries.push(a[i++]!);
    else entries.push(b[j++]!);
  }
  return entries;
}

function indexOf(
  entries: Entry[],
  byCode: Map<string, SellableRow>,
  byVariant: Map<string, SellableRow>,
  sold: SoldOnDevice,
): CatalogueIndex {
  const starts = new Int32Array(entries.length);
  let offset = 0;
  for (let i = 0; i < entries.length; i++) {
    starts[i] = offset;
    offset += entries[i]!.haystack.length + 1;
  }
  const text = entries.map((e) => e.haystack).join('\n');
  return { entries, byCode, byVariant, text, starts, sold };
}

/**
 * Builds an index from rows given a batch at a time (a catalogue read chunk by chunk, the page free
 * to answer between batches); archived rows are left out (never offered for sale). Rows kept with
 * their place in name order are put there, not sorted again.
 */
export function indexBuilder() {
  const ranked: Entry[] = [];
  const ranks: number[] = [];
  const unranked: Entry[] = [];
  const byCode = new Map<string, SellableRow>();
  const byVariant = new Map<string, SellableRow>();
  const put = (sellable: SellableRow, entry: Entry, rank: number) => {
    if (rank < 0) unranked.push(entry);
    else {
      ranked.push(entry);
      ranks.push(rank);
    }
    byVariant.set(sellable.variantId, sellable);
    byCode.set(codeKey(sellable.sku), sellable);
  };
  return {
    add(rows: Iterable<SellableRow>) {
      for (const row of rows) if (!row.isArchived) put(row, entryOf(row), -1);
    },
    addIndexable(rows: IndexableRow[]) {
      for (const { sellable, name, sku, rank } of rows)
        if (!sellable.isArchived) put(sellable, { sellable, name, sku, haystack: `${name} ${sku}` }, rank);
    },
    finish(sold: SoldOnDevice = NOTHING_SOLD): CatalogueIndex {
      // Barcodes win over SKUs: a scanned code is a barcode first.
      for (const row of byVariant.values()) for (const code of row.barcodes) byCode.set(codeKey(code), row);
      return indexOf(inNameOrder(ranked, ranks, unranked), byCode, byVariant, sold);
    },
  };
}

/** The index of these rows; archived ones are left out (never offered for sale). */
export function buildIndex(rows: Iterable<SellableRow>, sold: SoldOnDevice = NOTHING_SOLD): CatalogueIndex {
  const builder = indexBuilder();
  builder.add(rows);
  return builder.finish(sold);
}

/**
 * The index with these rows put in (or, archived, taken out): a delta. The rest of the catalogue
 * keeps its order, and the delta's rows are merged in, so a small delta costs one pass, not a sort.
 */
export function withRows(index: CatalogueIndex, rows: SellableRow[]): CatalogueIndex {
  if (rows.length === 0) return index;
  const changed = new Map(rows.map((row) => [row.variantId, row]));
  const byVariant = new Map(index.byVariant);
  const byCode = new Map(index.byCode);
  for (const id of changed.keys()) {
    const old = byVariant.get(id);
    if (!old) continue;
    byVariant.delete(id);
    for (const code of [old.sku, ...old.barcodes]) if (byCode.get(codeKey(code)) === old) byCode.delete(codeKey(code));
  }
  const added = [...changed.values()].filter((row) => !row.isArchived);
  for (const row of added) {
    byVariant.set(row.variantId, row);
    if (!byCode.has(codeKey(row.sku))) byCode.set(codeKey(row.sku), row);
  }
  for (const row of added) for (const code of row.barcodes) byCode.set(codeKey(code), row);
  const kept = index.entries.filter((e) => !changed.has(e.sellable.variantId));
  const fresh = added.map(entryOf).sort(byName);
  return indexOf(merged(kept, fresh), byCode, byVariant, index.sold);
}

/** The same index, with what this device sold since taken off the on hand it gives. */
export function withSold(index: CatalogueIndex, sold: SoldOnDevice): CatalogueIndex {
  return { ...index, sold };
}

/** The sellable as the till sees it: a tracked item's on hand less what this device sold since. */
function onHandNow(index: CatalogueIndex, row: SellableRow): RegisterSellable {
  const taken = index.sold.get(row.variantId);
  if (!taken || !row.isTracked) return row;
  return { ...row, onHand: (toThousandths(row.onHand) - taken) / 1000 };
}

/** The sellable carrying this exact barcode, or else this exact SKU; null when none. */
export function findByCode(index: CatalogueIndex, code: string): RegisterSellable | null {
  const row = index.byCode.get(codeKey(code));
  return row ? onHandNow(index, row) : null;
}

/** The sellable of this variant as the till sees it; null when the device does not hold it (or it is archived). */
export function findByVariant(index: CatalogueIndex, variantId: string): RegisterSellable | null {
  const row = index.byVariant.get(variantId);
  return row ? onHandNow(index, row) : null;
}

/** The first position (in name order) whose name is not before `q`. */
function firstNotBefore(entries: Entry[], q: string): number {
  let [low, high] = [0, entries.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.name < q) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The entry whose line holds this position of the index's text. */
function entryAt(starts: Int32Array, position: number): number {
  let [low, high] = [0, starts.length - 1];
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Entries (in name order) holding every word, the first `limit` of them not refused by `skip`: the
 * longest word is looked for in the whole text at once, and each entry holding it is checked for
 * the others. A word found nowhere costs one pass over the text; a common one stops at `limit`.
 */
function holdingEvery(index: CatalogueIndex, words: string[], limit: number, skip: (e: Entry) => boolean): Entry[] {
  const { entries, text, starts } = index;
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const others = words.filter((w) => w !== longest);
  const found: Entry[] = [];
  let from = 0;
  while (found.length < limit) {
    const at = text.indexOf(longest, from);
    if (at < 0) break;
    const i = entryAt(starts, at);
    const entry = entries[i]!;
    if (!skip(entry) && others.every((w) => entry.haystack.includes(w))) found.push(entry);
    from = i + 1 < starts.length ? starts[i + 1]! : text.length;
  }
  return found;
}

/**
 * What a search finds: variants whose name or SKU holds every word typed, the best first: an exact
 * SKU or barcode, then names starting with what is typed, then the rest, each in name order. Names
 * starting with it sit together in name order, found by bisection; only when they are too few are
 * the others looked for, in the index's text.
 */
export function searchIndex(index: CatalogueIndex, text: string, limit: number): RegisterSellable[] {
  const q = normalise(text);
  if (!q) return [];
  const { entries } = index;
  const exact = index.byCode.get(codeKey(text)) ?? null;
  const found: SellableRow[] = exact ? [exact] : [];
  for (let i = firstNotBefore(entries, q); i < entries.length && found.length < limit; i++) {
    const entry = entries[i]!;
    if (!entry.name.startsWith(q)) break;
    if (entry.sellable !== exact) found.push(entry.sellable);
  }
  if (found.length < limit) {
    const skip = (e: Entry) => e.sellable === exact || e.name.startsWith(q);
    for (const entry of holdingEvery(index, q.split(' '), limit - found.length, skip)) found.push(entry.sellable);
  }
  return found.map((row) => onHandNow(index, row));
}

/** The tile grid: the variants in these categories, in name order (a top-level tile names its children too). */
export function inCategories(index: CatalogueIndex, categoryIds: ReadonlySet<string>, limit: number) {
  const found: RegisterSellable[] = [];
  for (const entry of index.entries) {
    if (found.length >= limit) break;
    if (entry.sellable.categoryId && categoryIds.has(entry.sellable.categoryId))
      found.push(onHandNow(index, entry.sellable));
  }
  return found;
}
