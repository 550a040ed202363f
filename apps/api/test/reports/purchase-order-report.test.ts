import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, getPurchaseOrderReport, storeDay, type PurchaseOrderReport } from '@ipos/contracts';
import { registerTenantIn, getReportOk } from './reports-support.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, type Tenant } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds } from '../inventory/helpers.js';
import { createVendor, orderActions } from '../purchase-orders/po-support.js';

/**
 * The purchase-order report against a shop of its own: an order placed three days ago, received in two
 * deliveries (the second at a higher cost) and partly returned; an open order a day late; a cancelled one.
 */
describe('purchase-order report', () => {
  let server: TestServer;
  let shop: Tenant;
  let token: string;
  let today: string;
  let rice: { id: string; name: string };
  let oil: { id: string; name: string };

  const reportOk = (query: Record<string, string>) =>
    getReportOk<PurchaseOrderReport>(server, getPurchaseOrderReport, { token, storeId: shop.storeId }, query);

  beforeAll(async () => {
    server = await createTestServer();
    shop = await registerTenantIn(server);
    token = await shop.token();
    const db = server.deps.database.db;
    today = storeDay('Africa/Lagos');
    const product = await createTestProduct(server, {
      businessId: shop.businessId,
      variants: [{ sellingPriceMinor: 1_500, costPriceMinor: 1_000 }],
    });
    rice = await createVendor(server, shop.businessId);
    oil = await createVendor(server, shop.businessId);
    const orders = orderActions(server, shop.email, shop.storeId);

    const a = await orders.create(rice.id, [{ variantId: product.variantId, quantity: 10, unitCostMinor: 1_000 }]);
    // Placed three days ago: each delivery below comes 3 days after the order.
    await db.execute(sql`update purchase_orders set created_at = now() - interval '3 days' where id = ${a.id}`);
    await orders.receive(a.id, [{ lineNo: 1, quantity: 4 }]);
    await orders.receive(a.id, [{ lineNo: 1, quantity: 6, unitCostMinor: 1_100 }]);
    await orders.recall(a.id, [{ lineNo: 1, quantity: 2 }]);

    const b = await orders.create(oil.id, [{ variantId: product.variantId, quantity: 5, unitCostMinor: 2_000 }]);
    await db.execute(sql`update purchase_orders set expected_on = ${addDays(today, -1)}::date where id = ${b.id}`);
    await orders.cancel(
      await orders.create(oil.id, [{ variantId: product.variantId, quantity: 3, unitCostMinor: 500 }]),
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it('gives spend, returns and lead times by vendor, orders by status, and what open orders still bring', async () => {
    const r = await reportOk({ from: addDays(today, -7), to: today, bucket: 'day' });
    expect(r.summary).toEqual({
      spendMinor: 4 * 1_000 + 6 * 1_100,
      receiptsCount: 2,
      returnsMinor: 2 * 1_000,
      returnsCount: 1,
      netSpendMinor: 10_600 - 2_000,
      ordersPlaced: 3,
      orderedValueMinor: 10_000 + 10_000 + 1_500,
      averageLeadTimeDays: 3,
      openOrdersCount: 1,
      openValueMinor: 10_000,
    });
    expect(r.headline).toMatchObject({ key: 'spend', value: 10_600 });
    expect(
      r.byVendor.map((v) => [
        v.name,
        v.ordersPlaced,
        v.orderedValueMinor,
        v.spendMinor,
        v.returnsMinor,
        v.averageLeadTimeDays,
      ]),
    ).toEqual([
      [rice.name, 1, 10_000, 10_600, 2_000, 3],
      [oil.name, 2, 11_500, 0, 0, null],
    ]);
    expect(r.byStatus.map((s) => [s.label, s.count, s.valueMinor])).toEqual([
      ['Open', 1, 10_000],
      ['Cancelled', 1, 1_500],
      ['Closed', 0, 0],
      ['Fully recalled', 0, 0],
      ['Partially recalled', 1, 10_000],
    ]);
    expect(r.openOrders).toEqual([
      expect.objectContaining({
        vendor: oil.name,
        expectedOn: addDays(today, -1),
        daysLate: 1,
        outstandingMinor: 10_000,
      }),
    ]);
    expect(r.byPeriod).toHaveLength(8);
    expect(r.byPeriod.at(-1)).toEqual({ start: today, spendMinor: 10_600, returnsMinor: 2_000, netSpendMinor: 8_600 });
    await expectLedgerHolds(server, shop.businessId);
  });

  it('counts a period’s deliveries only; open orders are always today’s', async () => {
    const before = await reportOk({ from: '2026-01-01', to: '2026-01-31' });
    expect(before.summary).toMatchObject({
      spendMinor: 0,
      receiptsCount: 0,
      ordersPlaced: 0,
      averageLeadTimeDays: null,
    });
    expect(before.summary.openValueMinor).toBe(10_000);
  });

  it('is for those who may read reports, and never shows another business’s orders', async () => {
    const demo = await demoIds(server);
    const query = { from: addDays(today, -7), to: today };
    expect(
      (await caller(server, DEMO.cashier)(getPurchaseOrderReport, { storeId: demo.ikejaId, query })).statusCode,
    ).toBe(403);
    const owner = await caller(server, DEMO.owner)(getPurchaseOrderReport, { storeId: demo.lekkiId, query });
    expect(owner.statusCode).toBe(200);
    expect((owner.json() as PurchaseOrderReport).byVendor.map((v) => v.name)).not.toContain(rice.name);
  });
});
