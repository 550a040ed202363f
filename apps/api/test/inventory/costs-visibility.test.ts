import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  createStockCount,
  exportProducts,
  findByBarcode,
  getProduct,
  getStockCount,
  getWaste,
  listProducts,
  listSellables,
  listVariants,
  listWaste,
  listWasteEvents,
  recordStockCountLines,
  recordWaste,
  updateProduct,
  type Product,
  type ProductPage,
  type SellablePage,
  type StockCount,
  type WasteDetail,
} from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct, randomEan13, type TestProduct } from '../support/catalog.js';
import { wasteBody, wasteCaller } from '../waste/waste-support.js';
import { caller, fieldsOf } from './helpers.js';

/**
 * inventory.costs: cost prices and values at cost are for managers and administrators. A cashier
 * (IPOS_BASIC) sees the same answers with every cost figure null, and a products file without the
 * cost_price column; the same requests by a manager carry the figures.
 */
describe('costs and stock value by role', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let call: ReturnType<typeof caller>;
  let soap: TestProduct;
  const barcode = randomEan13();
  type Who = { as: string; storeId: string };
  /** The cashier works at Ikeja, the manager at Lekki: each reads their own store. */
  const cashier = (): Who => ({ as: DEMO.cashier, storeId: demo.ikejaId });
  const manager = (): Who => ({ as: DEMO.manager, storeId: demo.lekkiId });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    soap = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Costly Zanzibar Soap',
      variants: [
        {
          costPriceMinor: 61_500,
          sellingPriceMinor: 90_000,
          barcodes: [{ code: barcode }],
          stock: { [demo.lekkiId]: 4, [demo.ikejaId]: 10 },
        },
      ],
    });
  });
  afterAll(() => server.close());

  it('/me gives inventory.costs to the manager and not to the cashier', async () => {
    const permissionsOf = async (email: string) => (await server.me(email)).body.memberships[0]!.permissions;
    expect(await permissionsOf(DEMO.manager)).toContain('inventory.costs');
    expect(await permissionsOf(DEMO.cashier)).toContain('inventory.view');
    expect(await permissionsOf(DEMO.cashier)).not.toContain('inventory.costs');
  });

  it('the inventory list: cost and stock value null for the cashier, who may not sort by value (403)', async () => {
    const row = async (who: Who) => {
      const res = await call(listProducts, { ...who, query: { q: 'Costly Zanzibar' } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ProductPage).items.find((p) => p.id === soap.id)!;
    };
    expect(await row(cashier())).toMatchObject({ costPriceMinor: null, stockValueMinor: null, onHand: 10 });
    expect(await row(manager())).toMatchObject({ costPriceMinor: 61_500, stockValueMinor: 246_000, onHand: 4 });

    for (const sort of ['value', '-value']) {
      const bySort = await call(listProducts, { ...cashier(), query: { sort } });
      expect(bySort.statusCode, bySort.body).toBe(403);
      expect(fieldsOf(bySort)).toEqual(['sort']);
    }
    expect((await call(listProducts, { ...manager(), query: { sort: '-value' } })).statusCode).toBe(200);
  });

  it('a product, its barcode lookup, the register search and the variants search', async () => {
    const costOf = async (who: Who) => {
      const product = (await call(getProduct, { ...who, params: { productId: soap.id } })).json() as Product;
      const scanned = (await call(findByBarcode, { ...who, params: { code: barcode } })).json() as {
        costPriceMinor: number | null;
      };
      const searches = await Promise.all(
        [listSellables, listVariants].map(async (endpoint) => {
          const res = await call(endpoint, { ...who, query: { q: barcode } });
          expect(res.statusCode, res.body).toBe(200);
          return (res.json() as SellablePage).items[0]!.costPriceMinor;
        }),
      );
      return [product.variants[0]!.costPriceMinor, scanned.costPriceMinor, ...searches];
    };
    expect(await costOf(cashier())).toEqual([null, null, null, null]);
    expect(await costOf(manager())).toEqual([61_500, 61_500, 61_500, 61_500]);
  });

  it('the products CSV: no cost_price column for the cashier', async () => {
    const csv = async (who: Who) => {
      const res = await call(exportProducts, { ...who, query: { archived: 'false' } });
      expect(res.statusCode, res.body).toBe(200);
      const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      });
      return { columns: parsed.meta.fields!, soap: parsed.data.find((r) => r.sku === soap.sku)! };
    };
    const theirs = await csv(cashier());
    expect(theirs.columns).not.toContain('cost_price');
    expect(theirs.columns).toContain('selling_price');
    expect(Object.values(theirs.soap).some((cell) => Number(cell) === 615)).toBe(false);
    const ours = await csv(manager());
    expect(ours.columns).toContain('cost_price');
    expect(Number(ours.soap.cost_price)).toBe(615);
  });

  it('a stock count: no cost, no value at cost, no totals for the cashier', async () => {
    const owner = { as: DEMO.owner, storeId: demo.ikejaId };
    const created = await call(createStockCount, { ...owner, body: { productIds: [soap.id] } });
    expect(created.statusCode, created.body).toBe(201);
    const countId = (created.json() as StockCount).id;
    const counted = await call(recordStockCountLines, {
      ...owner,
      params: { countId },
      body: { lines: [{ variantId: soap.variantId, counted: 8 }] },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    const ownersView = counted.json() as StockCount;
    expect(ownersView.lines[0]).toMatchObject({ costPriceMinor: 61_500, variance: -2, varianceValueMinor: -123_000 });
    expect(ownersView.totals).toEqual({ surplusValueMinor: 0, shortageValueMinor: 123_000, netValueMinor: -123_000 });

    const res = await call(getStockCount, { ...cashier(), params: { countId } });
    expect(res.statusCode, res.body).toBe(200);
    const cashiersView = res.json() as StockCount;
    expect(cashiersView.lines[0]).toMatchObject({ costPriceMinor: null, variance: -2, varianceValueMinor: null });
    expect(cashiersView.totals).toBeNull();
  });

  it('waste: the cashier records it and reads it without its cost or value; the owner sees both', async () => {
    const waste = wasteCaller(server);
    const recorded = await waste(recordWaste, { ...cashier(), body: wasteBody(soap.variantId, 1) });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const mine = recorded.json() as WasteDetail;
    expect(mine).toMatchObject({ unitCostMinor: null, valueMinor: null, status: 'recorded' });
    const wasteId = mine.id;

    const list = (await waste(listWaste, { ...cashier(), query: { pageSize: '100' } })).json() as {
      items: WasteDetail[];
      totals: { recordedValueMinor: number | null; pendingValueMinor: number | null };
    };
    expect(list.items.every((w) => w.unitCostMinor === null && w.valueMinor === null)).toBe(true);
    expect(list.totals).toMatchObject({ recordedValueMinor: null, pendingValueMinor: null });
    const events = (await waste(listWasteEvents, { ...cashier(), params: { wasteId } })).json() as {
      items: { action: string; after: Record<string, unknown> | null }[];
    };
    expect(events.items[0]!.after).toMatchObject({ quantity: 1 });
    expect(events.items[0]!.after).not.toHaveProperty('unitCostMinor');
    expect(events.items[0]!.after).not.toHaveProperty('valueMinor');

    const owner = { as: DEMO.owner, storeId: demo.ikejaId };
    expect((await waste(getWaste, { ...owner, params: { wasteId } })).json()).toMatchObject({
      unitCostMinor: 61_500,
      valueMinor: 61_500,
    });
    const ownersEvents = (await waste(listWasteEvents, { ...owner, params: { wasteId } })).json() as typeof events;
    expect(ownersEvents.items[0]!.after).toMatchObject({ unitCostMinor: 61_500, valueMinor: 61_500 });
  });

  it('an update that leaves a variant’s cost out keeps it (a form that never saw the cost cannot wipe it)', async () => {
    const product = (await call(getProduct, { ...manager(), params: { productId: soap.id } })).json() as Product;
    const variant = product.variants[0]!;
    const res = await call(updateProduct, {
      ...manager(),
      params: { productId: soap.id },
      body: {
        name: product.name,
        categoryId: product.categoryId,
        unit: product.unit,
        taxRateId: product.taxRateId,
        isTracked: product.isTracked,
        options: product.options,
        version: product.version,
        variants: [
          {
            id: variant.id,
            sku: variant.sku,
            optionValues: variant.optionValues,
            barcodes: variant.barcodes.map((b) => b.code),
            sellingPriceMinor: 95_000,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Product).variants[0]).toMatchObject({ sellingPriceMinor: 95_000, costPriceMinor: 61_500 });
  });
});
