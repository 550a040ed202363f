import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, getWasteReport, recordWaste, storeDay, type WasteDetail, type WasteReport } from '@ipos/contracts';
import { newId } from '../../src/lib/ids.js';
import { registerTenantIn, getReportOk, getReport } from './reports-support.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, type Tenant } from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import { openTestSession, saleBody } from '../checkout/checkout-support.js';
import { sellOk } from '../transactions/transactions-support.js';
import { wasteBody, wasteCaller } from '../waste/waste-support.js';

/**
 * The waste report against a shop of its own: waste recorded through the API (valued at cost), a
 * record still waiting for approval and a rejected one (written as the approval flow leaves them), a
 * sale to measure waste against, and a record on the last evening of January in Lagos.
 */
describe('waste report', () => {
  let server: TestServer;
  let shop: Tenant;
  let token: string;
  let tins: TestProduct; // cost 1,000 each
  let beans: TestProduct; // cost 250 a kg
  let today: string;
  let january: WasteDetail;

  const report = (query: Record<string, string>) =>
    getReport(server, getWasteReport, { token, storeId: shop.storeId }, query);
  const reportOk = (query: Record<string, string>) =>
    getReportOk<WasteReport>(server, getWasteReport, { token, storeId: shop.storeId }, query);
  const record = async (variantId: string, quantity: number, reason: WasteDetail['reason']) => {
    const res = await wasteCaller(server)(recordWaste, {
      as: shop.email,
      storeId: shop.storeId,
      body: wasteBody(variantId, quantity, { reason }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as WasteDetail;
  };
  /** A waste record as the approval flow leaves one that is waiting or was turned down (no movement). */
  const writeUndecided = (status: 'pending' | 'rejected', quantity: number) =>
    server.deps.database.db.execute(sql`
      insert into waste_records (business_id, id, store_id, number, product_id, variant_id, name, sku, quantity,
                                 reason, unit_cost_minor, value_minor, status, recorded_by)
      values (${shop.businessId}, ${newId()}, ${shop.storeId}, ${`T-${status}`}, ${tins.id}, ${tins.variantId},
              ${tins.name}, ${tins.sku}, ${quantity}, 'theft', 1000, ${quantity * 1000}, ${status}, ${shop.accountId})`);

  beforeAll(async () => {
    server = await createTestServer();
    shop = await registerTenantIn(server);
    token = await shop.token();
    today = storeDay('Africa/Lagos');
    tins = await createTestProduct(server, {
      businessId: shop.businessId,
      name: 'Sardine Tins',
      variants: [{ sellingPriceMinor: 2_000, costPriceMinor: 1_000, stock: { [shop.storeId]: 50 } }],
    });
    beans = await createTestProduct(server, {
      businessId: shop.businessId,
      name: 'Brown Beans',
      unit: 'kg',
      variants: [{ sellingPriceMinor: 400, costPriceMinor: 250, stock: { [shop.storeId]: 50 } }],
    });
    await record(tins.variantId, 3, 'expired');
    await record(tins.variantId, 1, 'damaged');
    await record(beans.variantId, 2.5, 'spoiled');
    await writeUndecided('pending', 10);
    await writeUndecided('rejected', 7);
    const session = await openTestSession(server, { businessId: shop.businessId, storeId: shop.storeId });
    await sellOk(server, token, shop.storeId, saleBody(session, [{ variantId: tins.variantId, quantity: 2 }], 4_000));
    // 23:30 in Lagos on 31 January (22:30 UTC): January's waste, not February's.
    january = await record(beans.variantId, 4, 'damaged');
    await server.deps.database.db.execute(
      sql`update waste_records set recorded_at = '2026-01-31T22:30:00Z', decided_at = null
           where business_id = ${shop.businessId} and id = ${january.id}`,
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  it('values the period’s waste at cost by reason, product and category, against net sales before tax', async () => {
    const r = await reportOk({ from: addDays(today, -1), to: today, bucket: 'day' });
    expect(r.summary).toEqual({
      recordsCount: 3,
      quantity: 6.5,
      valueMinor: 3_000 + 1_000 + 625,
      pendingCount: 1,
      pendingValueMinor: 10_000,
      netSalesExTaxMinor: 4_000,
      // 4,625 / 4,000 = 115.625%
      shareOfSalesBasisPoints: 11_563,
    });
    expect(r.headline).toMatchObject({ key: 'waste-value', value: 4_625 });
    expect(r.byReason.map((x) => [x.reason, x.recordsCount, x.valueMinor, x.shareBasisPoints])).toEqual([
      ['expired', 1, 3_000, 6_486],
      ['damaged', 1, 1_000, 2_162],
      ['spoiled', 1, 625, 1_351],
      ['theft', 0, 0, 0],
      ['other', 0, 0, 0],
    ]);
    expect(r.byProduct.map((p) => [p.name, p.quantity, p.valueMinor])).toEqual([
      ['Sardine Tins', 4, 4_000],
      ['Brown Beans', 2.5, 625],
    ]);
    expect(r.byCategory).toEqual([{ category: 'Uncategorised', recordsCount: 3, quantity: 6.5, valueMinor: 4_625 }]);
    expect(r.byPeriod.map((p) => [p.start, p.valueMinor, p.netSalesExTaxMinor])).toEqual([
      [addDays(today, -1), 0, 0],
      [today, 4_625, 4_000],
    ]);
    expect(r.byPeriod[0]!.shareOfSalesBasisPoints).toBeNull();
    await expectLedgerHolds(server, shop.businessId);
  });

  it('takes the day in the store’s calendar: 23:30 in Lagos on 31 January is January', async () => {
    const jan = await reportOk({ from: '2026-01-01', to: '2026-01-31' });
    expect(jan.summary).toMatchObject({ recordsCount: 1, valueMinor: 1_000, shareOfSalesBasisPoints: null });
    expect(jan.byPeriod.find((p) => p.valueMinor > 0)!.start).toBe('2026-01-31');
    const feb = await reportOk({ from: '2026-02-01', to: '2026-02-28' });
    expect(feb.summary.recordsCount).toBe(0);
  });

  it('refuses a bad period and those who may not read reports; never another business’s waste', async () => {
    const bad = await report({ from: '2026-01-01', to: '2026-01-01', bucket: 'hour' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('querystring.bucket');
    const demo = await demoIds(server);
    const query = { from: today, to: today };
    expect((await caller(server, DEMO.cashier)(getWasteReport, { storeId: demo.ikejaId, query })).statusCode).toBe(403);
    const owner = await caller(server, DEMO.owner)(getWasteReport, { storeId: demo.lekkiId, query });
    expect(owner.statusCode).toBe(200);
    expect((owner.json() as WasteReport).byProduct.some((p) => p.name === 'Sardine Tins')).toBe(false);
  });
});
