import type { RegisterSellable } from '@ipos/contracts';
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

export interface CatalogueIndex {
  /** Sellable (not archived) variants in name order. */
  entries: Entry[];
  byCode: Map<string, SellableRow>;
  byVariant: Map<string, SellableRow>;
}

const byName = (a: Entry, b: Entry) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.sellable.variantId < b.sellable.variantId ? -1 : 1;

function entryOf(sellable: SellableRow): Entry {
  const name = normalise(sellable.name);
  const sku = normalise(sellable.sku);
  return { sellable, name, sku, haystack: [name, sku].join(' ') };
}

/** The index of these rows; archived ones are left out (never offered for sale). */
export function buildIndex(rows: Iterable<SellableRow>): CatalogueIndex {
  const entries: Entry[] = [];
  const byCode = new Map<string, SellableRow>();
  const byVariant = new Map<string, SellableRow>();
  for (const row of rows) {
    if (row.isArchived) continue;
    entries.push(entryOf(row));
    byVariant.set(row.variantId, row);
    byCode.set(codeKey(row.sku), row);
  }
  // Barcodes win over SKUs: a scanned code is a barcode first.
  for (const row of byVariant.values()) for (const code of row.barcodes) byCode.set(codeKey(code), row);
  entries.sort(byName);
  return { entries, byCode, byVariant };
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
  const entries: Entry[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length || j < fresh.length) {
    if (j >= fresh.length || (i < kept.length && byName(kept[i]!, fresh[j]!) < 0)) entries.push(kept[i++]!);
    else entries.push(fresh[j++]!);
  }
  return { entries, byCode, byVariant };
}

/** The sellable carrying this exact barcode, or else this exact SKU; null when none. */
export function findByCode(index: CatalogueIndex, code: string): RegisterSellable | null {
  return index.byCode.get(codeKey(code)) ?? null;
}

/** The last search's matches on an index: typing on narrows them instead of scanning everything again. */
const lastSearch = new WeakMap<CatalogueIndex, { q: string; matches: Int32Array }>();

/** Positions (in name order) of the entries holding every word, among `within` when given. */
function matching(entries: Entry[], words: string[], within: Int32Array | undefined): Int32Array {
  const total = within ? within.length : entries.length;
  const found = new Int32Array(total);
  let count = 0;
  for (let k = 0; k < total; k++) {
    const i = within ? within[k]! : k;
    const haystack = entries[i]!.haystack;
    let all = true;
    for (const word of words)
      if (!haystack.includes(word)) {
        all = false;
        break;
      }
    if (all) found[count++] = i;
  }
  return found.subarray(0, count);
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

/**
 * What a search finds: variants whose name or SKU holds every word typed, the best first: an exact
 * SKU or barcode, then names starting with what is typed, then the rest, each in name order. Names
 * starting with it sit together in name order, found by bisection; only when they are too few is
 * every name looked through, and a search that extends the last such one looks only among its
 * matches (every word of it is still in them).
 */
export function searchIndex(index: CatalogueIndex, text: string, limit: number): RegisterSellable[] {
  const q = normalise(text);
  if (!q) return [];
  const { entries } = index;
  const exact = findByCode(index, text);
  const found: RegisterSellable[] = exact ? [exact] : [];
  for (let i = firstNotBefore(entries, q); i < entries.length && found.length < limit; i++) {
    const entry = entries[i]!;
    if (!entry.name.startsWith(q)) break;
    if (entry.sellable !== exact) found.push(entry.sellable);
  }
  if (found.length >= limit) return found;
  const previous = lastSearch.get(index);
  const within = previous && q.startsWith(previous.q) ? previous.matches : undefined;
  const matches = matching(entries, q.split(' '), within);
  lastSearch.set(index, { q, matches });
  for (const i of matches) {
    if (found.length >= limit) break;
    const entry = entries[i]!;
    if (entry.sellable !== exact && !entry.name.startsWith(q)) found.push(entry.sellable);
  }
  return found;
}

/** The tile grid: the variants in these categories, in name order (a top-level tile names its children too). */
export function inCategories(index: CatalogueIndex, categoryIds: ReadonlySet<string>, limit: number) {
  const found: RegisterSellable[] = [];
  for (const entry of index.entries) {
    if (found.length >= limit) break;
    if (entry.sellable.categoryId && categoryIds.has(entry.sellable.categoryId)) found.push(entry.sellable);
  }
  return found;
}
