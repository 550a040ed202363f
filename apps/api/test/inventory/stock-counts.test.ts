import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  cancelStockCount,
  createStockAdjustment,
  createStockCount,
  getStockCount,
  listStockCounts,
  postStockCount,
  previewStockCount,
  recordStockCountLines,
  scanStockCount,
  type StockCount,
  type StockCountSummary,
} from '@ipos/contracts';
import { auditEvents, categories, stockMovements } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, onHand, randomEan13, type TestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from './helpers.js';

describe('stock counts', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let otherProduct: TestProduct;
  let otherCount: StockCount;
  let call: ReturnType<typeof caller>;
  let aisleId: string;
  let shelfId: string;

  const ok = async <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const start = async (body: unknown = {}) =>
    ok<StockCount>(await call(createStockCount, { storeId: demo.lekkiId, body }), 201);
  const record = (count: StockCount, lines: unknown) =>
    call(recordStockCountLines, { storeId: demo.lekkiId, params: { countId: count.id }, body: { lines } });
  const line = (count: StockCount, variantId: string) => count.lines.find((l) => l.variantId === variantId)!;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    other = await registerTenant(server);
    otherProduct = await createTestProduct(server, {
      businessId: other.businessId,
      name: 'Other Secret Soap',
      variants: [{ barcodes: [{ code: randomEan13() }], stock: { [other.storeId]: 5 } }],
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/stock-counts',
      headers: { authorization: `Bearer ${await other.token()}`, 'x-store-id': other.storeId },
      payload: { note: 'Other Secret Count' },
    });
    otherCount = await ok<StockCount>(res, 201);
    // A fresh category pair, so the demo catalogue (whatever the seed holds) is not in this count.
    aisleId = newId();
    shelfId = newId();
    await server.deps.database.db.insert(categories).values([
      { businessId: demo.businessId, id: aisleId, name: 'Counted Aisle', position: 99 },
      { businessId: demo.businessId, id: shelfId, parentId: aisleId, name: 'Counted Shelf' },
    ]);
  });
  afterEach(async () => {
    await expectLedgerHolds(server, demo.businessId);
    await expectLedgerHolds(server, other.businessId);
  });
  afterAll(() => server.close());

  it('counts a category with its children, records and scans, values the variance at cost, and posts', async () => {
    const cola = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Cola',
      categoryId: shelfId,
      variants: [{ costPriceMinor: 25_000, barcodes: [{ code: randomEan13() }], stock: { [demo.lekkiId]: 10 } }],
    });
    const sugar = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Sugar loose',
      unit: 'kg',
      categoryId: aisleId,
      variants: [{ costPriceMinor: 1_000, stock: { [demo.lekkiId]: 2.5 } }],
    });
    const notTracked = await createTestProduct(server, {
      businessId: demo.businessId,
      categoryId: aisleId,
      isTracked: false,
    });
    const outside = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ stock: { [demo.lekkiId]: 3 } }],
    });

    const count = await start({ categoryIds: [aisleId], note: 'Drinks aisle' });
    expect(count.number).toMatch(/^LEK-CNT\d{6}$/);
    expect(count).toMatchObject({ status: 'open', version: 1, lineCount: 2, countedCount: 0, note: 'Drinks aisle' });
    expect(count.lines.map((l) => l.variantId).sort()).toEqual([cola.variantId, sugar.variantId].sort());
    expect(count.lines.some((l) => l.variantId === notTracked.variantId)).toBe(false);
    expect(line(count, cola.variantId)).toMatchObject({
      expected: 10,
      counted: null,
      variance: null,
      barcode: cola.variants[0]!.barcodes[0],
    });

    let now = await ok<StockCount>(
      await record(count, [
        { variantId: cola.variantId, counted: 7 },
        { variantId: sugar.variantId, counted: 2.75 },
        { variantId: outside.variantId, counted: 3 },
      ]),
    );
    expect(now.version).toBe(2);
    expect(now.lineCount).toBe(3);
    expect(line(now, cola.variantId)).toMatchObject({ counted: 7, variance: -3, varianceValueMinor: -75_000 });
    expect(line(now, sugar.variantId)).toMatchObject({ counted: 2.75, variance: 0.25, varianceValueMinor: 250 });
    expect(now.totals).toEqual({ surplusValueMinor: 250, shortageValueMinor: 75_000, netValueMinor: -74_750 });

    now = await ok<StockCount>(
      await call(scanStockCount, {
        storeId: demo.lekkiId,
        params: { countId: count.id },
        body: { barcode: cola.variants[0]!.barcodes[0], quantity: 2 },
      }),
    );
    expect(line(now, cola.variantId)).toMatchObject({ counted: 9, variance: -1 });

    // Stock moves while the count is open: expected follows on hand until posting.
    const sale = await call(createStockAdjustment, {
      storeId: demo.lekkiId,
      body: { reasonCode: 'lost', lines: [{ variantId: cola.variantId, delta: -1 }] },
    });
    expect(sale.statusCode).toBe(201);
    now = await ok<StockCount>(await call(getStockCount, { storeId: demo.lekkiId, params: { countId: count.id } }));
    expect(line(now, cola.variantId)).toMatchObject({ expected: 9, counted: 9, variance: 0 });

    const stale = await call(postStockCount, {
      storeId: demo.lekkiId,
      params: { countId: count.id },
      body: { version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const posted = await ok<StockCount>(
      await call(postStockCount, {
        storeId: demo.lekkiId,
        params: { countId: count.id },
        body: { version: now.version },
      }),
    );
    expect(posted.status).toBe('posted');
    expect(posted.postedAt).toBeTruthy();
    expect(await onHand(server, demo.businessId, demo.lekkiId, cola.variantId)).toBe(9);
    expect(await onHand(server, demo.businessId, demo.lekkiId, sugar.variantId)).toBe(2.75);
    expect(await onHand(server, demo.businessId, demo.lekkiId, outside.variantId)).toBe(3);
    // Only the line with a difference moved; expected is now the snapshot at posting.
    const moves = await server.deps.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.refType, 'stock_count'), eq(stockMovements.refId, count.id)));
    expect(moves.map((m) => [m.variantId, m.reason])).toEqual([[sugar.variantId, 'count']]);
    expect(line(posted, sugar.variantId)).toMatchObject({ expected: 2.5, counted: 2.75, variance: 0.25 });

    const adjustAfter = await call(createStockAdjustment, {
      storeId: demo.lekkiId,
      body: { reasonCode: 'found', lines: [{ variantId: sugar.variantId, delta: 1 }] },
    });
    expect(adjustAfter.statusCode).toBe(201);
    const reread = await ok<StockCount>(
      await call(getStockCount, { storeId: demo.lekkiId, params: { countId: count.id } }),
    );
    expect(line(reread, sugar.variantId)).toMatchObject({ expected: 2.5, variance: 0.25 });

    for (const res of [
      await record(count, [{ variantId: cola.variantId, counted: 1 }]),
      await call(postStockCount, {
        storeId: demo.lekkiId,
        params: { countId: count.id },
        body: { version: posted.version },
      }),
      await call(cancelStockCount, {
        storeId: demo.lekkiId,
        params: { countId: count.id },
        body: { version: posted.version },
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('STOCK_COUNT_CLOSED');
    }
    const audit = await server.deps.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'stock_count'), eq(auditEvents.entityId, count.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['stock_count.created', 'stock_count.lines_recorded', 'stock_count.posted', 'stock_count.scanned'].sort(),
    );
  });

  it('sets stock to zero when nothing is found, clears a line with null, and cancels without moving stock', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ stock: { [demo.lekkiId]: 4 } }],
    });
    const q = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ stock: { [demo.lekkiId]: 6 } }],
    });
    const count = await start({ productIds: [p.id, q.id] });
    let now = await ok<StockCount>(
      await record(count, [
        { variantId: p.variantId, counted: 0 },
        { variantId: q.variantId, counted: 1 },
      ]),
    );
    now = await ok<StockCount>(await record(now, [{ variantId: q.variantId, counted: null }]));
    expect(line(now, q.variantId).counted).toBeNull();
    expect(now.countedCount).toBe(1);
    await ok(
      await call(postStockCount, {
        storeId: demo.lekkiId,
        params: { countId: count.id },
        body: { version: now.version },
      }),
    );
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(0);
    expect(await onHand(server, demo.businessId, demo.lekkiId, q.variantId)).toBe(6);

    const second = await start({ productIds: [q.id] });
    await record(second, [{ variantId: q.variantId, counted: 100 }]);
    const cancelled = await ok<StockCount>(
      await call(cancelStockCount, { storeId: demo.lekkiId, params: { countId: second.id }, body: { version: 2 } }),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(await onHand(server, demo.businessId, demo.lekkiId, q.variantId)).toBe(6);

    const list = await ok<{ items: StockCountSummary[]; total: number }>(
      await call(listStockCounts, { storeId: demo.lekkiId, query: { status: 'cancelled' } }),
    );
    expect(list.items[0]).toMatchObject({ id: second.id, status: 'cancelled', lineCount: 1, countedCount: 1 });
    expect(list.items.every((c) => c.status === 'cancelled')).toBe(true);
    expect(JSON.stringify(list)).not.toContain('Other Secret Count');
  });

  it('a blind count answers no expected, variance or value from any endpoint until it is posted', async () => {
    const tea = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Blind Tea',
      variants: [{ costPriceMinor: 500, barcodes: [{ code: randomEan13() }], stock: { [demo.lekkiId]: 8 } }],
    });
    const rice = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Blind Rice',
      variants: [{ costPriceMinor: 900, stock: { [demo.lekkiId]: 5 } }],
    });
    /** Nothing that gives away what is on hand: no expected, variance, value or totals. */
    const expectHidden = (count: StockCount) => {
      expect(count.isBlind).toBe(true);
      expect(count.totals).toBeNull();
      for (const l of count.lines)
        expect(l).toMatchObject({ expected: null, variance: null, varianceValueMinor: null });
    };
    const countId = (await start({ productIds: [tea.id, rice.id], isBlind: true })).id;
    const params = { countId };
    const opened = await ok<StockCount>(await call(getStockCount, { storeId: demo.lekkiId, params }));
    expectHidden(opened);
    expectHidden(await ok<StockCount>(await record(opened, [{ variantId: tea.variantId, counted: 6 }])));
    const scanned = await ok<StockCount>(
      await call(scanStockCount, { storeId: demo.lekkiId, params, body: { barcode: tea.variants[0]!.barcodes[0] } }),
    );
    expectHidden(scanned);
    expect(line(scanned, tea.variantId).counted).toBe(7);
    // Hidden from everyone, the owner included.
    expectHidden(await ok<StockCount>(await call(getStockCount, { as: DEMO.owner, storeId: demo.lekkiId, params })));
    const summaries = await ok<{ items: StockCountSummary[] }>(
      await call(listStockCounts, { storeId: demo.lekkiId, query: { status: 'open' } }),
    );
    expect(summaries.items.find((c) => c.id === countId)).toMatchObject({ isBlind: true, countedCount: 1 });

    const posted = await ok<StockCount>(
      await call(postStockCount, { storeId: demo.lekkiId, params, body: { version: scanned.version } }),
    );
    expect(posted.isBlind).toBe(true);
    expect(line(posted, tea.variantId)).toMatchObject({
      expected: 8,
      counted: 7,
      variance: -1,
      varianceValueMinor: -500,
    });
    expect(line(posted, rice.variantId)).toMatchObject({ expected: 5, counted: null, variance: null });
    expect(posted.totals).toEqual({ surplusValueMinor: 0, shortageValueMinor: 500, netValueMinor: -500 });
    const reread = await ok<StockCount>(await call(getStockCount, { storeId: demo.lekkiId, params }));
    expect(line(reread, tea.variantId).expected).toBe(8);

    // A cancelled blind count never shows them: cancelling is not a way to see the figures.
    const second = await start({ productIds: [rice.id], isBlind: true });
    const cancelled = await ok<StockCount>(
      await call(cancelStockCount, { storeId: demo.lekkiId, params: { countId: second.id }, body: { version: 1 } }),
    );
    expectHidden(cancelled);
    // An ordinary count still shows expected while open.
    const open = await start({ productIds: [rice.id] });
    expect(open.isBlind).toBe(false);
    expect(line(open, rice.variantId).expected).toBe(5);
  });

  it('previews what a count would cover before starting it, refusing ids of another business', async () => {
    const shirt = await createTestProduct(server, {
      businessId: demo.businessId,
      categoryId: shelfId,
      variants: [{ stock: { [demo.lekkiId]: 1 } }, { stock: { [demo.lekkiId]: 2 } }],
    });
    const preview = (query: Record<string, string | string[]>) =>
      call(previewStockCount, { storeId: demo.lekkiId, query });
    expect(await ok(await preview({ productId: shirt.id }))).toEqual({ variantCount: 2, productCount: 1 });
    const inAisle = await ok<{ variantCount: number }>(await preview({ categoryId: aisleId }));
    expect(inAisle.variantCount).toBeGreaterThanOrEqual(2);
    // Nothing is created by a preview.
    const before = await ok<{ total: number }>(await call(listStockCounts, { storeId: demo.lekkiId }));
    const all = await ok<{ variantCount: number; productCount: number }>(await preview({}));
    expect(all.variantCount).toBeGreaterThan(inAisle.variantCount);
    expect((await ok<{ total: number }>(await call(listStockCounts, { storeId: demo.lekkiId }))).total).toBe(
      before.total,
    );
    const foreign = await preview({ productId: [shirt.id, otherProduct.id] });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['productId.1']);
    expect(foreign.body).not.toContain('Other Secret Soap');
    expect((await call(previewStockCount, { as: DEMO.cashier, storeId: demo.ikejaId })).statusCode).toBe(403);
  });

  it('answers 400 naming the field, 404 for an unknown barcode, and domain errors', async () => {
    const each = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ barcodes: [{ code: randomEan13() }] }],
    });
    const service = await createTestProduct(server, { businessId: demo.businessId, isTracked: false });
    const bad = async (body: unknown, field: string) => {
      const res = await call(createStockCount, { storeId: demo.lekkiId, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    };
    await bad({ productIds: [otherProduct.id] }, 'productIds.0');
    await bad({ categoryIds: [each.id] }, 'categoryIds.0');
    await bad({ productIds: ['x'] }, 'productIds.0');
    await bad({ note: 'x'.repeat(501) }, 'note');

    const count = await start({ productIds: [each.id] });
    for (const [lines, field] of [
      [[{ variantId: each.variantId, counted: -1 }], 'lines.0.counted'],
      [[{ variantId: each.variantId, counted: 1.5 }], 'lines.0.counted'],
      [[{ variantId: each.variantId, counted: 1.0005 }], 'lines.0.counted'],
      [[{ variantId: otherProduct.variantId, counted: 1 }], 'lines.0.variantId'],
      [[], 'lines'],
    ] as const) {
      const res = await record(count, lines);
      expect(res.statusCode, JSON.stringify(lines)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    const untracked = await record(count, [{ variantId: service.variantId, counted: 1 }]);
    expect(untracked.statusCode).toBe(409);
    expect(untracked.json().code).toBe('PRODUCT_NOT_TRACKED');

    const scan = (body: unknown) =>
      call(scanStockCount, { storeId: demo.lekkiId, params: { countId: count.id }, body });
    const badCheckDigit =
      each.variants[0]!.barcodes[0]!.slice(0, 12) + String((Number(each.variants[0]!.barcodes[0]!.at(-1)) + 1) % 10);
    const invalid = await scan({ barcode: badCheckDigit });
    expect(invalid.statusCode).toBe(400);
    expect(fieldsOf(invalid)).toContain('barcode');
    const unknown = await scan({ barcode: otherProduct.variants[0]!.barcodes[0] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail ?? unknown.json().title).toBeTruthy();
    expect(unknown.body).not.toContain('Other Secret Soap');
    const fraction = await scan({ barcode: each.variants[0]!.barcodes[0], quantity: 0.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fieldsOf(fraction)).toContain('quantity');
    const fine = await ok<StockCount>(await scan({ barcode: each.variants[0]!.barcodes[0] }));
    expect(line(fine, each.variantId).counted).toBe(1);
  });

  it('answers 401, 403 to IPOS_BASIC, and 404 for another tenant’s count', async () => {
    expect((await call(createStockCount, { as: null, storeId: demo.lekkiId, body: {} })).statusCode).toBe(401);
    expect((await call(createStockCount, { as: DEMO.cashier, storeId: demo.ikejaId, body: {} })).statusCode).toBe(403);
    const ikeja = await ok<StockCount>(
      await call(createStockCount, { as: DEMO.owner, storeId: demo.ikejaId, body: { productIds: [] } }),
      201,
    );
    expect(ikeja.number).toMatch(/^IKJ-CNT\d{6}$/);
    const asBasic = { as: DEMO.cashier, storeId: demo.ikejaId, params: { countId: ikeja.id } };
    for (const endpoint of [postStockCount, cancelStockCount])
      expect((await call(endpoint, { ...asBasic, body: { version: 1 } })).statusCode).toBe(403);
    expect((await call(recordStockCountLines, { ...asBasic, body: { lines: [] } })).statusCode).toBe(403);
    expect((await call(getStockCount, asBasic)).statusCode).toBe(200);
    expect((await call(listStockCounts, { as: DEMO.cashier, storeId: demo.ikejaId })).statusCode).toBe(200);
    // A count belongs to its store: from Lekki, Ikeja's count is not there.
    expect((await call(getStockCount, { storeId: demo.lekkiId, params: { countId: ikeja.id } })).statusCode).toBe(404);

    const params = { countId: otherCount.id };
    const as = { email: DEMO.manager };
    const storeId = demo.lekkiId;
    const mustNotReveal = ['Other Secret Count'];
    await expectCrossTenantNotFound(server, { endpoint: getStockCount, params, as, storeId, mustNotReveal });
    await expectCrossTenantNotFound(server, {
      endpoint: recordStockCountLines,
      params,
      as,
      storeId,
      body: { lines: [{ variantId: otherProduct.variantId, counted: 1 }] },
    });
    await expectCrossTenantNotFound(server, {
      endpoint: scanStockCount,
      params,
      as,
      storeId,
      body: { barcode: otherProduct.variants[0]!.barcodes[0] },
    });
    await expectCrossTenantNotFound(server, { endpoint: postStockCount, params, as, storeId, body: { version: 1 } });
    await expectCrossTenantNotFound(server, { endpoint: cancelStockCount, params, as, storeId, body: { version: 1 } });
    await expectCrossTenantNotFound(server, { endpoint: createStockCount, as, storeId: other.storeId, body: {} });
  });
});
