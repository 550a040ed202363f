import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  cancelPurchaseOrder,
  createPurchaseOrder,
  createRefund,
  getRestockReport,
  storeDay,
  type PurchaseOrder,
  type RestockReport,
  type Sale,
} from '@ipos/contracts';
import { registerTenantIn } from './reports-support.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, type Tenant } from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import { openTestSession, saleBody } from '../checkout/checkout-support.js';
import { createTestContact, poster, refundBody, sellOk, setCompletedAt } from '../transactions/transactions-support.js';

/**
 * The restock report against a shop of its own (Lagos): products at, below and above their reorder
 * level, one without a level, an untracked and an archived one, sales inside and just outside the
 * store's last 30 days (the edge taken on Lagos's clock), a refund, and open and cancelled orders.
 */
describe('restock report', () => {
  let server: TestServer;
  let shop: Tenant;
  let token: string;
  let today: string;
  const p: Record<string, TestProduct> = {};

  const report = (query: Record<string, string> = {}, as?: string, storeId?: string) =>
    caller(server, as ?? shop.email)(getRestockReport, { storeId: storeId ?? shop.storeId, query });
  const reportOk = async (query: Record<string, string> = {}) => {
    const res = await report(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RestockReport;
  };
  /** The store's reorder level (and quantity) of a variant: a stock row exists or is made. */
  const setLevel = (businessId: string, storeId: string, product: TestProduct, level: number, quantity?: number) =>
    server.deps.database.db.execute(sql`
      insert into stock_levels (business_id, store_id, variant_id, product_id, reorder_level, reorder_quantity)
      values (${businessId}, ${storeId}, ${product.variantId}, ${product.id}, ${level}, ${quantity ?? null})
      on conflict (business_id, store_id, variant_id)
      do update set reorder_level = excluded.reorder_level, reorder_quantity = excluded.reorder_quantity`);
  const product = async (
    name: string,
    options: {
      cost: number;
      price?: number;
      stock: number;
      unit?: 'each' | 'kg';
      tracked?: boolean;
      archived?: boolean;
    },
  ) =>
    createTestProduct(server, {
      businessId: shop.businessId,
      name,
      unit: options.unit ?? 'each',
      isTracked: options.tracked ?? true,
      isArchived: options.archived ?? false,
      variants: [
        {
          costPriceMinor: options.cost,
          sellingPriceMinor: options.price ?? options.cost * 2,
          stock: { [shop.storeId]: options.stock },
        },
      ],
    });
  const order = async (lines: { variantId: string; quantity: number; unitCostMinor: number }[], vendorId: string) => {
    const res = await caller(server, shop.email)(createPurchaseOrder, {
      storeId: shop.storeId,
      body: { vendorId, lines },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PurchaseOrder;
  };

  beforeAll(async () => {
    server = await createTestServer();
    shop = await registerTenantIn(server);
    token = await shop.token();
    today = storeDay('Africa/Lagos');
    p.rice = await product('Rice 5kg', { cost: 1_000, price: 1_500, stock: 30 });
    p.flour = await product('Flour', { cost: 333, price: 400, stock: 2.5, unit: 'kg' });
    p.soap = await product('Bar Soap', { cost: 150, price: 300, stock: 3 });
    p.candles = await product('Candles', { cost: 100, stock: 0 });
    p.sugar = await product('Sugar', { cost: 500, stock: 50 });
    p.salt = await product('Salt', { cost: 80, stock: 1 });
    p.bags = await product('Carrier Bags', { cost: 5, stock: 0, tracked: false });
    p.tins = await product('Old Tins', { cost: 700, stock: 1, archived: true });
    const s = shop.businessId;
    const st = shop.storeId;
    await setLevel(s, st, p.rice!, 10);
    await setLevel(s, st, p.flour!, 3);
    await setLevel(s, st, p.soap!, 5, 24);
    await setLevel(s, st, p.candles!, 2);
    await setLevel(s, st, p.sugar!, 10);
    await setLevel(s, st, p.bags!, 100);
    await setLevel(s, st, p.tins!, 5);

    const session = await openTestSession(server, { businessId: s, storeId: st });
    const sell = (variantId: string, quantity: number, total: number) =>
      sellOk(server, token, st, saleBody(session, [{ variantId, quantity }], total));
    const riceToday: Sale = await sell(p.rice!.variantId, 12, 18_000);
    const riceEdgeIn = await sell(p.rice!.variantId, 6, 9_000);
    const riceEdgeOut = await sell(p.rice!.variantId, 5, 7_500);
    await sell(p.flour!.variantId, 1.2, 480);
    await sell(p.soap!.variantId, 1, 300);
    // 00:30 in Lagos on the 30th day back (23:30 UTC the day before): inside the store's 30 days.
    await setCompletedAt(server, s, riceEdgeIn.id, `${addDays(today, -30)}T23:30:00Z`);
    // 23:30 in Lagos on the 31st day back: outside.
    await setCompletedAt(server, s, riceEdgeOut.id, `${addDays(today, -30)}T22:30:00Z`);
    const refund = await poster(
      server,
      createRefund,
    )({
      token,
      storeId: st,
      saleId: riceToday.id,
      body: refundBody(session, [{ lineNo: 1, quantity: 2 }]),
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const vendor = await createTestContact(server, s, { kind: 'vendor' });
    await order([{ variantId: p.rice!.variantId, quantity: 4, unitCostMinor: 1_000 }], vendor.id);
    const cancelled = await order([{ variantId: p.soap!.variantId, quantity: 50, unitCostMinor: 150 }], vendor.id);
    const cancel = await caller(server, shop.email)(cancelPurchaseOrder, {
      storeId: st,
      params: { orderId: cancelled.id },
      body: { reason: 'Vendor out of stock', version: cancelled.version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lists exactly the tracked, live products at or below their level, with cover and suggested orders', async () => {
    const r = await reportOk();
    expect(r.scope).toMatchObject({ from: addDays(today, -29), to: today, allStores: false });
    expect(r.lines.map((l) => l.name)).toEqual(['Rice 5kg', 'Flour', 'Bar Soap', 'Candles']);
    const [rice, flour, soap, candles] = r.lines;
    // On hand 30 − 12 − 6 − 5 + 2 refunded = 9; sold in 30 days 12 + 6 − 2 = 16 (the sale of the 31st
    // day back is out); 4 on the open order; 10 + 16 − 9 − 4 = 13.
    expect(rice).toMatchObject({
      storeId: shop.storeId,
      sku: p.rice!.sku,
      category: 'Uncategorised',
      unit: 'each',
      onHand: 9,
      reorderLevel: 10,
      reorderQuantity: null,
      onOrder: 4,
      soldLast30Days: 16,
      averageDailySales: 0.533,
      daysOfCover: 16.9, // 9 / (16 / 30) = 16.875
      suggestedQuantity: 13,
      unitCostMinor: 1_000,
      suggestedValueMinor: 13_000,
    });
    // 3 + 1.2 − 1.3 = 2.9 kg, not rounded (sold by weight); 2.9 × 333 = 965.7.
    expect(flour).toMatchObject({
      onHand: 1.3,
      soldLast30Days: 1.2,
      averageDailySales: 0.04,
      daysOfCover: 32.5,
      suggestedQuantity: 2.9,
      suggestedValueMinor: 966,
    });
    // Needs 5 + 1 − 2 = 4, raised to the reorder quantity 24; the cancelled order brings nothing.
    expect(soap).toMatchObject({
      onHand: 2,
      reorderQuantity: 24,
      onOrder: 0,
      daysOfCover: 60,
      suggestedQuantity: 24,
      suggestedValueMinor: 3_600,
    });
    // Nothing sold: no cover to speak of.
    expect(candles).toMatchObject({
      onHand: 0,
      soldLast30Days: 0,
      averageDailySales: 0,
      daysOfCover: null,
      suggestedQuantity: 2,
      suggestedValueMinor: 200,
    });
    expect(r.summary).toEqual({ linesCount: 4, outOfStockCount: 1, suggestedValueMinor: 17_766 });
    expect(r.headline).toMatchObject({ key: 'restock-lines', value: 4, format: 'count' });
    await expectLedgerHolds(server, shop.businessId);
  });

  it('suggests nothing when open orders already cover the need, and takes a period without using it', async () => {
    const vendor = await createTestContact(server, shop.businessId, { kind: 'vendor' });
    const more = await order([{ variantId: p.candles!.variantId, quantity: 3, unitCostMinor: 100 }], vendor.id);
    const r = await reportOk({ from: '2026-01-01', to: '2026-01-31' });
    expect(r.scope).toMatchObject({ from: addDays(today, -29), to: today });
    expect(r.lines.find((l) => l.name === 'Candles')).toMatchObject({ onOrder: 3, suggestedQuantity: 0 });
    expect(r.summary.suggestedValueMinor).toBe(17_766 - 200);
    await caller(server, shop.email)(cancelPurchaseOrder, {
      storeId: shop.storeId,
      params: { orderId: more.id },
      body: { reason: 'Not needed', version: more.version },
    });
  });

  it('lists every store for the owner’s all stores, one row per store, and never another business’s goods', async () => {
    const demo = await demoIds(server);
    const lamp = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Restock Test Lamp',
      variants: [{ costPriceMinor: 900, stock: { [demo.lekkiId]: 1, [demo.ikejaId]: 1 } }],
    });
    await setLevel(demo.businessId, demo.lekkiId, lamp, 3);
    await setLevel(demo.businessId, demo.ikejaId, lamp, 2, 6);
    const res = await report({ storeId: 'all' }, DEMO.owner, demo.lekkiId);
    expect(res.statusCode, res.body).toBe(200);
    const all = res.json() as RestockReport;
    expect(all.scope.allStores).toBe(true);
    const lamps = all.lines.filter((l) => l.variantId === lamp.variantId);
    // Lekki: 3 − 1 = 2; Ikeja: 2 − 1 = 1, raised to its reorder quantity 6.
    expect(lamps.map((l) => [l.storeId, l.onHand, l.suggestedQuantity, l.suggestedValueMinor])).toEqual(
      expect.arrayContaining([
        [demo.lekkiId, 1, 2, 1_800],
        [demo.ikejaId, 1, 6, 5_400],
      ]),
    );
    expect(lamps).toHaveLength(2);
    expect(all.lines.some((l) => l.name === 'Rice 5kg')).toBe(false);
    const mine = await reportOk();
    expect(mine.lines.some((l) => l.variantId === lamp.variantId)).toBe(false);
  });

  it('refuses bad input (400), all stores to a non-owner (403) and another business’s store (404)', async () => {
    const demo = await demoIds(server);
    const bad = await report({ storeId: 'lekki' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('querystring.storeId');
    const badDay = await report({ from: '2026-02-30', to: '2026-03-01' });
    expect(badDay.statusCode).toBe(400);
    expect(fieldsOf(badDay)).toContain('querystring.from');
    expect((await report({ storeId: 'all' }, DEMO.manager, demo.lekkiId)).statusCode).toBe(403);
    expect((await report({ storeId: demo.ikejaId })).statusCode).toBe(404);
    expect((await report({}, DEMO.cashier, demo.ikejaId)).statusCode).toBe(403);
  });
});
