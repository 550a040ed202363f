import { describe, expect, it } from 'vitest';
import { buildIndex, findByCode, inCategories, normalise, searchIndex, withRows } from './catalogue-index';
import { catalogueRow } from './catalogue-test-rows';

const STORE = 'store-a';
const DRINKS = '0190a6a0-0000-7000-8000-0000000000c1';
const WATER = '0190a6a0-0000-7000-8000-0000000000c2';

const peak = catalogueRow(STORE, { name: 'Peak Milk 400g', sku: 'PEAK-400', barcodes: ['6001234567890'] });
const peakTin = catalogueRow(STORE, { name: 'Peak Milk tin', sku: 'PEAK-TIN', categoryId: DRINKS });
const evap = catalogueRow(STORE, { name: 'Evaporated milk (Peak)', sku: 'EVAP-1', categoryId: WATER });
const cafe = catalogueRow(STORE, { name: 'Café Crème', sku: 'CAFE-1' });
const sku = catalogueRow(STORE, { name: 'Zobo drink', sku: 'PEAK' });
const gone = catalogueRow(STORE, {
  name: 'Peak Gone',
  sku: 'PEAK-GONE',
  barcodes: ['6001234500009'],
  isArchived: true,
});
const names = (items: { name: string }[]) => items.map((s) => s.name);

describe('the catalogue index', () => {
  it('normalises case, accents, punctuation and spaces', () => {
    expect(normalise('  Café   Crème—(50cl) ')).toBe('cafe creme 50cl');
    expect(normalise('PEAK-400')).toBe('peak 400');
  });

  it('ranks an exact SKU or barcode first, then names starting with the search, then the rest, by name', () => {
    const index = buildIndex([peak, peakTin, evap, cafe, sku, gone]);
    expect(names(searchIndex(index, 'peak', 20))).toEqual([
      'Zobo drink', // its SKU is exactly PEAK
      'Peak Milk 400g',
      'Peak Milk tin',
      'Evaporated milk (Peak)',
    ]);
    expect(names(searchIndex(index, '6001234567890', 20))).toEqual(['Peak Milk 400g']);
    // Every word, in any order, in the name or the SKU; accents and case do not matter.
    expect(names(searchIndex(index, 'milk peak', 20))).toEqual([
      'Evaporated milk (Peak)',
      'Peak Milk 400g',
      'Peak Milk tin',
    ]);
    expect(names(searchIndex(index, 'CAFE creme', 20))).toEqual(['Café Crème']);
    expect(names(searchIndex(index, 'tin 400', 20))).toEqual([]);
    expect(searchIndex(index, '   ', 20)).toEqual([]);
    expect(names(searchIndex(index, 'peak', 2))).toEqual(['Zobo drink', 'Peak Milk 400g']);
  });

  it('answers a search typed key by key (and backspaced) as a fresh index answers it', () => {
    const rows = Array.from({ length: 300 }, (_, i) =>
      catalogueRow(STORE, {
        name: `${['Peak', 'Milo', 'Pepsi'][i % 3]} ${['Milk', 'Malt', 'Tin'][(i % 7) % 3]} ${i}`,
        sku: `S-${i}`,
      }),
    );
    const index = buildIndex(rows);
    const typed = [
      'p',
      'pe',
      'pea',
      'peak',
      'peak ',
      'peak m',
      'peak mi',
      'peak m',
      'peak ',
      'pep',
      'm',
      'ma',
      'mal',
      'malt 1',
      'malt 12',
    ];
    for (const text of typed)
      expect(names(searchIndex(index, text, 10)), text).toEqual(names(searchIndex(buildIndex(rows), text, 10)));
    // Few names start with it: the rest (every word anywhere in the name or SKU), by name, fill the list.
    const holding = rows.filter((r) => ['tin', '2'].every((w) => `${r.name} ${r.sku}`.toLowerCase().includes(w)));
    expect(names(searchIndex(index, 'tin 2', 10))).toEqual(names(holding).sort().slice(0, 10));
  });

  it('never offers an archived variant, not even by its barcode', () => {
    const index = buildIndex([peak, gone]);
    expect(names(searchIndex(index, 'gone', 20))).toEqual([]);
    expect(findByCode(index, '6001234500009')).toBeNull();
    expect(findByCode(index, ' 6001234567890 ')?.name).toBe('Peak Milk 400g');
    expect(findByCode(index, 'peak-400')?.name).toBe('Peak Milk 400g');
  });

  it('merges a delta: a changed row is upserted in name order, an archived one leaves search and scan', () => {
    const index = buildIndex([peak, peakTin, evap]);
    const renamed = { ...peakTin, name: 'Aardvark Peak tin', priceMinor: 31_000, barcodes: ['5000000000001'] };
    const added = catalogueRow(STORE, { name: 'Peak Butter', sku: 'PB-1' });
    const archived = { ...peak, isArchived: true };
    const next = withRows(index, [renamed, added, archived]);
    expect(names(searchIndex(next, 'peak', 20))).toEqual([
      'Peak Butter',
      'Aardvark Peak tin',
      'Evaporated milk (Peak)',
    ]);
    expect(findByCode(next, '5000000000001')).toMatchObject({ priceMinor: 31_000 });
    expect(findByCode(next, '6001234567890')).toBeNull();
    expect(findByCode(next, 'PEAK-400')).toBeNull();
    expect(next.entries.map((e) => e.name)).toEqual([...next.entries.map((e) => e.name)].sort());
    // The index it came from is unchanged.
    expect(names(searchIndex(index, '6001234567890', 20))).toEqual(['Peak Milk 400g']);
    // Unarchived again, it comes back.
    expect(names(searchIndex(withRows(next, [peak]), '6001234567890', 20))).toEqual(['Peak Milk 400g']);
  });

  it('lists a tile’s categories in name order', () => {
    const index = buildIndex([peak, peakTin, evap]);
    expect(names(inCategories(index, new Set([DRINKS, WATER]), 60))).toEqual([
      'Evaporated milk (Peak)',
      'Peak Milk tin',
    ]);
    expect(names(inCategories(index, new Set([WATER]), 60))).toEqual(['Evaporated milk (Peak)']);
  });

  it('finds what a look through every name finds, in the same order, for any part of a name or SKU', () => {
    const words = ['peak', 'milk', 'milo', 'tin', 'gold', 'penny', 'sugar', '1kg', '50cl', 'x12'];
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647);
    const rows = Array.from({ length: 2000 }, (_, i) =>
      catalogueRow(STORE, {
        name: Array.from({ length: 2 + (next() % 3) }, () => words[next() % words.length]).join(' '),
        sku: `BN-${String(i).padStart(5, '0')}`,
      }),
    );
    const index = buildIndex(rows);
    const sorted = [...rows].sort((a, b) =>
      normalise(a.name) < normalise(b.name)
        ? -1
        : normalise(a.name) > normalise(b.name)
          ? 1
          : a.variantId < b.variantId
            ? -1
            : 1,
    );
    const lookThrough = (text: string, limit: number) => {
      const q = normalise(text);
      const every = q.split(' ');
      const holding = sorted.filter((r) => every.every((w) => `${normalise(r.name)} ${normalise(r.sku)}`.includes(w)));
      const starting = holding.filter((r) => normalise(r.name).startsWith(q));
      return [...starting, ...holding.filter((r) => !starting.includes(r))].slice(0, limit).map((r) => r.variantId);
    };
    const queries = [
      'ilk',
      'k g',
      'x12 peak',
      'nny su',
      'bn 0199',
      '0199',
      'zzz',
      'milk milo tin',
      'p',
      '1k',
      'old pe',
    ];
    for (const q of queries) {
      expect(
        searchIndex(index, q, 20).map((s) => s.variantId),
        q,
      ).toEqual(lookThrough(q, 20));
      expect(
        searchIndex(index, q, 3000).map((s) => s.variantId),
        q,
      ).toEqual(lookThrough(q, 3000));
    }
  });
});
