import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { SellableChangesPage } from '@ipos/contracts';
import { ApiError } from '../../../lib/api-client';
import { deviceDb, type OutboxRow } from '../../../lib/device-db';
import { writeStored, storageKeys } from '../../../lib/storage';
import {
  catalogueLoaded,
  catalogueSnapshot,
  forgetLiveCatalogue,
  subscribeCatalogue,
  syncCatalogue,
} from './catalogue';
import { chunkOf, decode, readCatalogue } from './catalogue-store';
import { findByCode, searchIndex } from './catalogue-index';
import { catalogueItem } from './catalogue-test-rows';

const STORE_A = '0190a6a0-0000-7000-8000-00000000a001';
const STORE_B = '0190a6a0-0000-7000-8000-00000000b001';

/** A server that answers pages in turn, and the cursors it was asked with. */
function server(pages: Partial<SellableChangesPage>[]) {
  const asked: (string | null)[] = [];
  let i = 0;
  const fetchPage = vi.fn(async (cursor: string | null) => {
    asked.push(cursor);
    const page = pages[i++];
    if (!page) throw new Error('no more pages');
    return { items: [], nextCursor: `c${i}`, complete: true, ...page } as SellableChangesPage;
  });
  return { fetchPage, asked };
}

/** The rows the device store holds for a store, as stored (archived ones included). */
const stored = async (storeId: string) => (await readCatalogue(storeId)).chunks.flatMap(decode);

const names = (storeId: string, q: string) => searchIndex(catalogueSnapshot(storeId).index, q, 20).map((s) => s.name);

beforeEach(() => {
  forgetLiveCatalogue();
  writeStored(storageKeys.storeId, STORE_A);
});
afterEach(() => {
  forgetLiveCatalogue();
});

describe('the catalogue on the device', () => {
  const peak = catalogueItem({ name: 'Peak Milk', sku: 'PEAK-1', barcodes: ['6001234567890'] });
  const malt = catalogueItem({ name: 'Malt crate', sku: 'MALT-1' });
  const rice = catalogueItem({ name: 'Rice', sku: 'RICE-1', unit: 'kg' });

  it('downloads it whole page by page, keeps the cursor only once complete, then applies deltas', async () => {
    const full = server([
      { items: [peak, malt], nextCursor: 'page-2', complete: false },
      { items: [rice], nextCursor: 'delta-1', complete: true },
    ]);
    expect(catalogueSnapshot(STORE_A).ready).toBe(false);
    await syncCatalogue(STORE_A, full.fetchPage);
    expect(full.asked).toEqual([null, 'page-2']);
    expect(catalogueSnapshot(STORE_A).ready).toBe(true);
    expect(names(STORE_A, 'peak')).toEqual(['Peak Milk']);
    expect(await deviceDb().catalogues.get(STORE_A)).toMatchObject({ cursor: 'delta-1' });
    expect(await stored(STORE_A)).toHaveLength(3);

    // A delta: a new price, a new item, an archived one.
    const delta = server([
      {
        items: [
          { ...peak, priceMinor: 55_000 },
          catalogueItem({ name: 'Peak Butter', sku: 'PB-1' }),
          { ...malt, archived: true },
        ],
        nextCursor: 'delta-2',
      },
    ]);
    await syncCatalogue(STORE_A, delta.fetchPage);
    expect(delta.asked).toEqual(['delta-1']);
    expect(names(STORE_A, 'peak')).toEqual(['Peak Butter', 'Peak Milk']);
    expect(findByCode(catalogueSnapshot(STORE_A).index, '6001234567890')).toMatchObject({ priceMinor: 55_000 });
    expect(names(STORE_A, 'malt')).toEqual([]);
    expect((await stored(STORE_A)).find((r) => r.variantId === malt.variantId)).toMatchObject({ isArchived: true });
    expect(await deviceDb().catalogues.get(STORE_A)).toMatchObject({ cursor: 'delta-2' });
  });

  it('a delta that reads unchanged rows again (the last minute’s) leaves the catalogue as it is', async () => {
    await syncCatalogue(STORE_A, server([{ items: [peak, malt], nextCursor: 'delta-1' }]).fetchPage);
    const before = catalogueSnapshot(STORE_A);
    const put = vi.spyOn(deviceDb().sellableChunks, 'bulkPut');
    const goneElsewhere = catalogueItem({ name: 'Never here', archived: true });
    await syncCatalogue(STORE_A, server([{ items: [peak, malt, goneElsewhere], nextCursor: 'delta-2' }]).fetchPage);
    expect(catalogueSnapshot(STORE_A)).toBe(before);
    expect(put).not.toHaveBeenCalled();
    expect(await deviceDb().catalogues.get(STORE_A)).toMatchObject({ cursor: 'delta-2' });
    // One field differs: that row's chunk alone is written.
    await syncCatalogue(STORE_A, server([{ items: [peak, { ...malt, onHand: 19 }], nextCursor: 'delta-3' }]).fetchPage);
    expect(put).toHaveBeenCalledTimes(1);
    expect(put.mock.calls[0]![0].map((r) => r.chunk)).toEqual([chunkOf(malt.variantId)]);
    expect(findByCode(catalogueSnapshot(STORE_A).index, 'MALT-1')).toMatchObject({ onHand: 19 });
  });

  it('says it is loading while a copy on the device is read, and only then answers from it', async () => {
    await syncCatalogue(STORE_A, server([{ items: [peak, malt], nextCursor: 'delta-1' }]).fetchPage);
    forgetLiveCatalogue();
    const seen: { loading: boolean; ready: boolean; items: number }[] = [];
    subscribeCatalogue(STORE_A, () => {
      const { loading, ready, index } = catalogueSnapshot(STORE_A);
      seen.push({ loading, ready, items: index.entries.length });
    });
    await catalogueLoaded(STORE_A);
    expect(seen).toEqual([
      { loading: true, ready: false, items: 0 },
      { loading: false, ready: true, items: 2 },
    ]);
    // A device with no copy never says it is loading.
    forgetLiveCatalogue();
    await catalogueLoaded(STORE_B);
    expect(catalogueSnapshot(STORE_B)).toMatchObject({ loading: false, ready: false });
  });

  it('keeps a delta of several pages whole once complete: each chunk written once, the last word winning', async () => {
    await syncCatalogue(STORE_A, server([{ items: [peak, malt], nextCursor: 'delta-1' }]).fetchPage);
    const put = vi.spyOn(deviceDb().sellableChunks, 'bulkPut');
    const delta = server([
      {
        items: [
          { ...peak, priceMinor: 1 },
          { ...malt, priceMinor: 2 },
        ],
        nextCursor: 'page-2',
        complete: false,
      },
      { items: [{ ...peak, priceMinor: 3 }, rice], nextCursor: 'delta-2' },
    ]);
    await syncCatalogue(STORE_A, delta.fetchPage);
    expect(delta.asked).toEqual(['delta-1', 'page-2']);
    expect(put).toHaveBeenCalledTimes(1);
    const chunks = put.mock.calls[0]![0].map((r) => r.chunk);
    expect(new Set(chunks).size).toBe(chunks.length);
    expect(findByCode(catalogueSnapshot(STORE_A).index, 'PEAK-1')).toMatchObject({ priceMinor: 3 });
    expect((await stored(STORE_A)).map((r) => [r.name, r.priceMinor]).sort()).toEqual([
      ['Malt crate', 2],
      ['Peak Milk', 3],
      ['Rice', 10_000],
    ]);
  });

  it('after a reload it is ready from the device at once, and a failed delta keeps it', async () => {
    await syncCatalogue(STORE_A, server([{ items: [peak, malt], nextCursor: 'delta-1' }]).fetchPage);
    forgetLiveCatalogue();
    expect(catalogueSnapshot(STORE_A).ready).toBe(false);
    await catalogueLoaded(STORE_A);
    expect(catalogueSnapshot(STORE_A).ready).toBe(true);
    expect(names(STORE_A, 'malt')).toEqual(['Malt crate']);
    const offline = vi.fn(() => Promise.reject(new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'offline' })));
    await expect(syncCatalogue(STORE_A, offline)).rejects.toThrow('offline');
    expect(catalogueSnapshot(STORE_A).ready).toBe(true);
    expect(names(STORE_A, 'malt')).toEqual(['Malt crate']);
  });

  it('a download interrupted half way is not ready, and starts over', async () => {
    const broken = server([{ items: [peak], nextCursor: 'page-2', complete: false }]);
    await expect(syncCatalogue(STORE_A, broken.fetchPage)).rejects.toThrow('no more pages');
    expect(catalogueSnapshot(STORE_A).ready).toBe(false);
    expect(await deviceDb().catalogues.get(STORE_A)).toBeUndefined();
    const again = server([{ items: [malt], nextCursor: 'delta-1' }]);
    await syncCatalogue(STORE_A, again.fetchPage);
    expect(again.asked).toEqual([null]);
    // Started over from nothing: what the broken download left is gone.
    expect(names(STORE_A, 'peak')).toEqual([]);
    expect(await stored(STORE_A)).toHaveLength(1);
  });

  it('a cursor the server refuses starts the full download over', async () => {
    await syncCatalogue(STORE_A, server([{ items: [peak, malt], nextCursor: 'delta-1' }]).fetchPage);
    const refused = new ApiError({ code: 'VALIDATION_FAILED', status: 400, message: 'Not a cursor of this store' });
    let calls = 0;
    const fetchPage = vi.fn(async (cursor: string | null) => {
      calls++;
      if (cursor === 'delta-1') throw refused;
      return { items: [rice], nextCursor: 'fresh', complete: true } satisfies SellableChangesPage;
    });
    await syncCatalogue(STORE_A, fetchPage);
    expect(calls).toBe(2);
    expect(names(STORE_A, 'malt')).toEqual([]);
    expect(names(STORE_A, 'rice')).toEqual(['Rice']);
  });

  it('keeps each store’s catalogue apart, and stops a download when the active store changes', async () => {
    await syncCatalogue(STORE_A, server([{ items: [peak], nextCursor: 'a-1' }]).fetchPage);
    writeStored(storageKeys.storeId, STORE_B);
    await syncCatalogue(STORE_B, server([{ items: [malt], nextCursor: 'b-1' }]).fetchPage);
    expect(names(STORE_B, 'peak')).toEqual([]);
    expect(names(STORE_B, 'malt')).toEqual(['Malt crate']);
    await catalogueLoaded(STORE_A);
    expect(names(STORE_A, 'malt')).toEqual([]);
    expect(names(STORE_A, 'peak')).toEqual(['Peak Milk']);
    // The till now works for store B: a sync of A asks nothing (its requests would go to B).
    const forA = server([{ items: [rice] }]);
    await syncCatalogue(STORE_A, forA.fetchPage);
    expect(forA.asked).toEqual([]);
    const rows = [...(await stored(STORE_A)), ...(await stored(STORE_B))];
    expect(rows.map((r) => [r.storeId, r.name]).sort()).toEqual([
      [STORE_A, 'Peak Milk'],
      [STORE_B, 'Malt crate'],
    ]);
  });

  it('shows on hand less what this device sold that the server’s on hand does not count yet', async () => {
    const sugar = catalogueItem({ name: 'Sugar', sku: 'SUGAR-1', unit: 'kg', onHand: 10 });
    const bag = catalogueItem({ name: 'Bag', sku: 'BAG-1', isTracked: false, onHand: 0 });
    await syncCatalogue(STORE_A, server([{ items: [peak, sugar, bag], nextCursor: 'delta-1' }]).fetchPage);
    const onHand = (code: string) => findByCode(catalogueSnapshot(STORE_A).index, code)?.onHand;
    expect([onHand('PEAK-1'), onHand('SUGAR-1')]).toEqual([20, 10]);

    let sequence = 0;
    const sale = (storeId: string, lines: [string, number][], state: OutboxRow['state'], answeredAt?: string) => {
      sequence += 1;
      return {
        saleId: `sale-${sequence}`,
        sequence,
        businessId: 'b',
        storeId,
        sessionId: 's',
        cashierId: 'c',
        idempotencyKey: `key-${sequence}`,
        soldAt: new Date().toISOString(),
        body: { lines: lines.map(([variantId, quantity]) => ({ variantId, quantity })) } as OutboxRow['body'],
        offlineReference: null,
        state,
        lastAnswer: answeredAt ? { status: 201, at: answeredAt } : null,
      } satisfies OutboxRow;
    };
    const longAgo = '2020-01-01T00:00:00.000Z';
    await deviceDb().outbox.bulkAdd([
      // Sold offline, waiting: taken off.
      sale(
        STORE_A,
        [
          [peak.variantId, 2],
          [sugar.variantId, 1.25],
          [bag.variantId, 1],
        ],
        'pending',
      ),
      // Refused by the server, but the goods have left: taken off.
      sale(STORE_A, [[peak.variantId, 1]], 'needs-attention'),
      // Recorded before the catalogue was read: its on hand already counts it.
      sale(STORE_A, [[peak.variantId, 5]], 'synced', longAgo),
      // Another store's sale.
      sale(STORE_B, [[peak.variantId, 4]], 'pending'),
    ]);
    await waitFor(() => expect(onHand('PEAK-1')).toBe(17));
    expect(onHand('SUGAR-1')).toBe(8.75);
    expect(onHand('BAG-1')).toBe(0); // not tracked: no stock to count
    expect(searchIndex(catalogueSnapshot(STORE_A).index, 'peak', 20)[0]).toMatchObject({ onHand: 17 });

    // Recorded now, after the catalogue was read: still taken off until a delta brings the server's on hand.
    await deviceDb().outbox.add(
      sale(STORE_A, [[peak.variantId, 3]], 'synced', new Date(Date.now() + 1000).toISOString()),
    );
    await waitFor(() => expect(onHand('PEAK-1')).toBe(14));
    await new Promise((r) => setTimeout(r, 1100));
    await syncCatalogue(STORE_A, server([{ items: [{ ...peak, onHand: 17 }], nextCursor: 'delta-2' }]).fetchPage);
    await waitFor(() => expect(onHand('PEAK-1')).toBe(14)); // 17 from the server, less the 3 still unsynced
    // After a reload, the same from the device store.
    forgetLiveCatalogue();
    await catalogueLoaded(STORE_A);
    await waitFor(() => expect(onHand('PEAK-1')).toBe(14));
  });
});
