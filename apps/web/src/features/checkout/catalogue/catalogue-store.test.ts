import { describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import { DEVICE_DB_NAME, closeDeviceDb, deviceDb, type SellableRow } from '../../../lib/device-db';
import { buildIndex, indexBuilder } from './catalogue-index';
import {
  CATALOGUE_CHUNKS,
  applyDelta,
  chunkOf,
  decode,
  decodeIndexable,
  readCatalogue,
  saveCatalogue,
} from './catalogue-store';
import { catalogueRow } from './catalogue-test-rows';

const STORE = '0190a6a0-0000-7000-8000-00000000a001';
const OTHER = '0190a6a0-0000-7000-8000-00000000b001';

const rowsOf = async (storeId: string) => (await readCatalogue(storeId)).chunks.flatMap(decode);
const byId = (rows: SellableRow[]) => [...rows].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));

/** Rows with every kind of field: barcodes none, one or several; archived; weighed; a category. */
function someRows(count: number): SellableRow[] {
  return Array.from({ length: count }, (_, i) =>
    catalogueRow(STORE, {
      name: `Item ${i}`,
      barcodes: i % 3 === 0 ? [] : i % 3 === 1 ? [`600${i}`] : [`600${i}`, `700${i}`],
      unit: i % 5 === 0 ? 'kg' : 'each',
      onHand: i % 5 === 0 ? 2.5 : i,
      categoryId: i % 4 === 0 ? '0190a6a0-0000-7000-8000-0000000000c1' : null,
      imageVersion: i % 2 === 0 ? null : i,
      isArchived: i % 7 === 0,
    }),
  );
}

describe('the catalogue in the device store', () => {
  it('keeps a download in a few chunk records and reads back every row as it was', async () => {
    const rows = someRows(500);
    await saveCatalogue(STORE, rows, buildIndex(rows), 'cursor-1', new Date('2026-11-26T10:00:00Z'));
    const elsewhere = [catalogueRow(OTHER, { name: 'Elsewhere' })];
    await saveCatalogue(OTHER, elsewhere, buildIndex(elsewhere), 'other-1', new Date());
    const { chunks, cursor, readAt } = await readCatalogue(STORE);
    expect(cursor).toBe('cursor-1');
    expect(readAt).toBe('2026-11-26T10:00:00.000Z');
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThanOrEqual(CATALOGUE_CHUNKS);
    expect(await deviceDb().sellableChunks.count()).toBe(chunks.length + 1);
    expect(byId(chunks.flatMap(decode))).toEqual(byId(rows));
    expect((await rowsOf(OTHER)).map((r) => r.name)).toEqual(['Elsewhere']);
  });

  it('a delta rewrites only the chunks holding the rows it changes', async () => {
    const rows = someRows(300);
    await saveCatalogue(STORE, rows, buildIndex(rows), 'cursor-1', new Date());
    const [first, second] = [rows[10]!, rows.find((r) => chunkOf(r.variantId) !== chunkOf(rows[10]!.variantId))!];
    const added = catalogueRow(STORE, { name: 'New item', barcodes: ['123'] });
    const put = vi.spyOn(deviceDb().sellableChunks, 'bulkPut');
    const changed = [{ ...first, priceMinor: 1 }, { ...second, isArchived: true }, added];
    await applyDelta(STORE, changed, { cursor: 'cursor-2', readAt: new Date('2026-11-26T11:00:00Z') });
    const touched = new Set(changed.map((r) => chunkOf(r.variantId)));
    expect(put).toHaveBeenCalledTimes(1);
    expect(put.mock.calls[0]![0].map((record) => record.chunk).sort()).toEqual([...touched].sort());
    const after = byId(await rowsOf(STORE));
    expect(after).toEqual(byId([...rows.filter((r) => r !== first && r !== second), ...changed]));
    expect(await readCatalogue(STORE)).toMatchObject({ cursor: 'cursor-2', readAt: '2026-11-26T11:00:00.000Z' });
    // A page that is not the delta's last keeps the cursor where it was.
    await applyDelta(STORE, [{ ...first, priceMinor: 2 }], null);
    expect(await readCatalogue(STORE)).toMatchObject({ cursor: 'cursor-2' });
    expect((await rowsOf(STORE)).find((r) => r.variantId === first.variantId)?.priceMinor).toBe(2);
  });

  it('version 4 drops the row-per-item catalogue and its cursors, and keeps the tickets and the outbox', async () => {
    closeDeviceDb();
    await Dexie.delete(DEVICE_DB_NAME);
    const old = new Dexie(DEVICE_DB_NAME);
    old.version(2).stores({
      tickets: '[accountId+storeId+sessionId], accountId, sessionId',
      sellables: '[storeId+variantId]',
      catalogues: 'storeId',
      outbox: 'saleId, &sequence, state, sessionId, [storeId+state]',
    });
    await old.table('sellables').put(catalogueRow(STORE, { name: 'Old row' }));
    await old.table('catalogues').put({ storeId: STORE, cursor: 'old', readAt: '2026-11-25T10:00:00.000Z' });
    await old
      .table('tickets')
      .put({ accountId: 'a', storeId: STORE, sessionId: 's', cart: { lines: [] }, savedAt: 'x' });
    await old.table('outbox').put({ saleId: 'sale-1', sequence: 1, storeId: STORE, sessionId: 's', state: 'pending' });
    old.close();

    const db = deviceDb();
    await db.open();
    expect(db.tables.map((t) => t.name)).not.toContain('sellables');
    expect(await db.catalogues.count()).toBe(0);
    expect(await db.sellableChunks.count()).toBe(0);
    expect(await db.tickets.count()).toBe(1);
    expect(await db.outbox.get('sale-1')).toMatchObject({ state: 'pending' });
  });

  it('keeps each row’s place in name order, so a cold read indexes without sorting, and a delta keeps it unless renamed', async () => {
    const rows = someRows(200);
    const index = buildIndex(rows);
    await saveCatalogue(STORE, rows, index, 'cursor-1', new Date());
    const stored = (await readCatalogue(STORE)).chunks.flatMap(decodeIndexable);
    const place = new Map(index.entries.map((e, rank) => [e.sellable.variantId, rank]));
    for (const row of stored) expect(row.rank).toBe(place.get(row.sellable.variantId) ?? -1);
    expect(stored.filter((r) => r.sellable.isArchived).every((r) => r.rank === -1)).toBe(true);

    const [priced, renamed] = [index.entries[5]!.sellable, index.entries[6]!.sellable];
    await applyDelta(
      STORE,
      [
        { ...priced, priceMinor: 9 },
        { ...renamed, name: 'Aaa first' },
      ],
      null,
    );
    const after = new Map(
      (await readCatalogue(STORE)).chunks.flatMap(decodeIndexable).map((r) => [r.sellable.variantId, r]),
    );
    expect(after.get(priced.variantId)).toMatchObject({ rank: 5, sellable: { priceMinor: 9 } });
    expect(after.get(renamed.variantId)).toMatchObject({ rank: -1, name: 'aaa first' });
    // Read back and indexed from the kept places, it is in the order a fresh index sorts.
    const builder = indexBuilder();
    builder.addIndexable([...after.values()]);
    const fresh = buildIndex([...after.values()].map((r) => r.sellable));
    expect(builder.finish().entries.map((e) => e.sellable.variantId)).toEqual(
      fresh.entries.map((e) => e.sellable.variantId),
    );
  });
});
