import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSaleExceptions, type Sale, type SaleException } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct, setAllowNegativeStock } from '../support/catalog.js';
import { caller } from '../inventory/helpers.js';
import { openTestSession, saleBody, seller } from './checkout-support.js';

/**
 * The sale exceptions list as the manager's screen reads it: who sold each sale, and one kind at a
 * time (the stock screen's "sold offline below zero").
 */
describe('sale exceptions list', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let call: ReturnType<typeof caller>;
  let sale: Sale;

  type Page = { items: SaleException[]; total: number };

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    const scope = { businessId: demo.businessId, storeId: demo.lekkiId };
    await setAllowNegativeStock(server, demo.businessId, demo.lekkiId, false);
    const sessionId = await openTestSession(server, scope);
    // None on hand and sold offline at 70,000 against the store's 80,000: below zero and at an old price.
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ sellingPriceMinor: 80_000, costPriceMinor: 50_000, stock: { [demo.lekkiId]: 0 } }],
    });
    const res = await seller(server)({
      token: await server.tokenFor(DEMO.manager),
      storeId: demo.lekkiId,
      body: saleBody(sessionId, [{ variantId: p.variantId, quantity: 1, unitPriceMinor: 70_000 }], 70_000, {
        offlineReference: 'LEK-T9-OFF-0001',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    sale = res.json() as Sale;
  });
  afterAll(() => server.close());

  const list = async (query: Record<string, string>) => {
    const res = await call(listSaleExceptions, { storeId: demo.lekkiId, query: { pageSize: '100', ...query } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };

  it('names the cashier of each sale', async () => {
    const mine = (await list({})).items.filter((e) => e.sale.id === sale.id);
    expect(mine.map((e) => e.kind).sort()).toEqual(['sold_offline_at_old_price', 'sold_offline_below_zero']);
    for (const e of mine)
      expect(e.sale).toMatchObject({
        offlineReference: 'LEK-T9-OFF-0001',
        cashier: { id: await server.accountId(DEMO.manager), name: expect.any(String) },
      });
  });

  it('lists one kind when asked, with its own total', async () => {
    const below = await list({ kind: 'sold_offline_below_zero' });
    expect(below.items.length).toBeGreaterThan(0);
    expect(new Set(below.items.map((e) => e.kind))).toEqual(new Set(['sold_offline_below_zero']));
    const all = await list({});
    expect(below.total).toBe(all.items.filter((e) => e.kind === 'sold_offline_below_zero').length);
    const old = await list({ kind: 'sold_offline_at_old_price' });
    expect(old.items.map((e) => e.sale.id)).toContain(sale.id);
    expect(old.items.every((e) => e.kind === 'sold_offline_at_old_price')).toBe(true);
  });

  it('refuses a kind it does not know', async () => {
    const res = await call(listSaleExceptions, { storeId: demo.lekkiId, query: { kind: 'lost' } });
    expect(res.statusCode).toBe(400);
  });
});
