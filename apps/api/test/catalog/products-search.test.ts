import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createProduct,
  listProducts,
  type CreateProductBody,
  type Product,
  type ProductListItem,
} from '@ipos/contracts';
import { queryRows } from '../../src/db/client.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { caller, categoryId, fieldsOf, uniqueEan13, type DemoIds } from './products-fixtures.js';

type Page = { items: ProductListItem[]; total: number; page: number; pageSize: number; totalCapped: boolean };

/**
 * The inventory list: search by part of a name or SKU (trigram index) or by a whole barcode, filters,
 * sorts and pages, with figures for the store named in x-store-id. Products here share a word no demo
 * product has ("Zebrafoo"), so the expectations are exact whatever the demo catalogue holds.
 */
describe('products search GET /api/v1/products', () => {
  let server: TestServer;
  let demo: DemoIds;
  let other: Tenant;
  let call: ReturnType<typeof caller>;
  const made: Record<string, Product> = {};

  const list = async (query: Record<string, string>, options: { as?: string; storeId?: string } = {}) => {
    const res = await call(listProducts, { query, ...options });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const names = (page: Page) => page.items.map((p) => p.name);

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, () => demo);
    other = await registerTenant(server);
    const water = await categoryId(server, demo.businessId, 'Water');
    const drinks = await categoryId(server, demo.businessId, 'Drinks');
    const household = await categoryId(server, demo.businessId, 'Household');
    const settings = (storeId: string, reorderLevel: number | null, sellingPriceMinor: number | null = null) => ({
      storeId,
      sellingPriceMinor,
      reorderLevel,
      reorderQuantity: null,
    });
    const bodies: Record<string, CreateProductBody> = {
      // In stock in Lekki (10 at 150.00 cost), out in Ikeja; Ikeja sells it cheaper.
      alpha: {
        name: 'Zebrafoo Alpha Water',
        unit: 'each',
        categoryId: water,
        variants: [
          {
            sku: 'ZF-ALPHA',
            barcodes: [uniqueEan13()],
            costPriceMinor: 15_000,
            sellingPriceMinor: 20_000,
            openingStock: 10,
            storeSettings: [settings(demo.lekkiId, 2), settings(demo.ikejaId, 2, 18_000)],
          },
        ],
      },
      // Low in Lekki: 3 on hand at a reorder level of 5. Category: the top-level Drinks.
      beta: {
        name: 'Zebrafoo Beta Juice',
        unit: 'each',
        categoryId: drinks,
        variants: [
          {
            sku: 'ZF-BETA',
            costPriceMinor: 1_000,
            sellingPriceMinor: 50_000,
            openingStock: 3,
            storeSettings: [settings(demo.lekkiId, 5)],
          },
        ],
      },
      // Out everywhere.
      gamma: {
        name: 'Zebrafoo Gamma Soap',
        unit: 'each',
        categoryId: household,
        variants: [{ sku: 'ZF-GAMMA', costPriceMinor: 500, sellingPriceMinor: 5_000 }],
      },
      // By weight: 2.5 kg at 333 kobo/kg is 832.5 → 833 kobo of stock value (half away from zero).
      delta: {
        name: 'Zebrafoo Delta Beans',
        unit: 'kg',
        variants: [{ sku: 'ZF-DELTA', costPriceMinor: 333, sellingPriceMinor: 500, openingStock: 2.5 }],
      },
      // Two sizes: prices 100.00 and 300.00; 4 + 6 on hand.
      epsilon: {
        name: 'Zebrafoo Epsilon Cola',
        unit: 'each',
        options: [{ name: 'Size', values: ['35cl', '1L'] }],
        variants: [
          { sku: 'ZF-EPS-35', optionValues: ['35cl'], costPriceMinor: 50, sellingPriceMinor: 10_000, openingStock: 4 },
          { sku: 'ZF-EPS-1L', optionValues: ['1L'], costPriceMinor: 200, sellingPriceMinor: 30_000, openingStock: 6 },
        ],
      },
      // Not tracked: never in, low or out.
      service: {
        name: 'Zebrafoo Delivery',
        unit: 'each',
        isTracked: false,
        variants: [{ sku: 'ZF-SVC', sellingPriceMinor: 1_000 }],
      },
      // Its SKU is exactly what one test searches, while its name does not start with it.
      skuMatch: {
        name: 'Plain Zebrafoo Widget',
        unit: 'each',
        variants: [{ sku: 'ZEBRAFOO', sellingPriceMinor: 700 }],
      },
    };
    for (const [key, body] of Object.entries(bodies)) {
      const res = await call(createProduct, { body });
      expect(res.statusCode, res.body).toBe(201);
      made[key] = res.json();
    }
  });
  afterAll(() => server.close());

  it('finds by part of a name, in any case, and by part of a SKU', async () => {
    expect(names(await list({ q: 'rafoo gam' }))).toEqual(['Zebrafoo Gamma Soap']);
    expect(names(await list({ q: 'ZEBRAFOO BETA' }))).toEqual(['Zebrafoo Beta Juice']);
    expect(names(await list({ q: 'zf-eps' }))).toEqual(['Zebrafoo Epsilon Cola']);
    // LIKE's wildcards are plain characters in a search.
    expect((await list({ q: 'zebra%soap' })).total).toBe(0);
    expect((await list({ q: 'zf_alpha' })).total).toBe(0);
  });

  it('ranks an exact SKU first, then names starting with the search, then by name', async () => {
    const page = await list({ q: 'zebrafoo' });
    expect(page.total).toBe(7);
    expect(names(page)).toEqual([
      'Plain Zebrafoo Widget',
      'Zebrafoo Alpha Water',
      'Zebrafoo Beta Juice',
      'Zebrafoo Delivery',
      'Zebrafoo Delta Beans',
      'Zebrafoo Epsilon Cola',
      'Zebrafoo Gamma Soap',
    ]);
  });

  it('a whole barcode finds its product, as scanned into the search', async () => {
    const code = made.alpha!.variants[0]!.barcodes[0]!.code;
    const page = await list({ q: code });
    expect(page.items.map((p) => p.id)).toEqual([made.alpha!.id]);
    expect(page.items[0]).toMatchObject({ barcode: code, sku: 'ZF-ALPHA' });
    // A demo product's barcode (615…, seeded) is found the same way.
    const seeded = (await list({ q: 'Mama Gold Rice 50kg' })).items[0]!;
    expect(seeded.barcode).toMatch(/^615\d{10}$/);
    expect((await list({ q: seeded.barcode! })).items.map((p) => p.id)).toEqual([seeded.id]);
  });

  it('shows the figures of the store in x-store-id: on hand, value at cost, price range, stock state', async () => {
    const byName = (page: Page) => new Map(page.items.map((p) => [p.name, p]));
    const lekki = byName(await list({ q: 'zebrafoo' }));
    expect(lekki.get('Zebrafoo Alpha Water')).toMatchObject({
      onHand: 10,
      stockValueMinor: 150_000,
      priceMinor: 20_000,
      maxPriceMinor: 20_000,
      costPriceMinor: 15_000,
      stockState: 'in_stock',
      categoryName: 'Water',
      variantCount: 1,
    });
    expect(lekki.get('Zebrafoo Beta Juice')).toMatchObject({ onHand: 3, stockState: 'low' });
    expect(lekki.get('Zebrafoo Gamma Soap')).toMatchObject({ onHand: 0, stockValueMinor: 0, stockState: 'out' });
    expect(lekki.get('Zebrafoo Delta Beans')).toMatchObject({ onHand: 2.5, stockValueMinor: 833, unit: 'kg' });
    expect(lekki.get('Zebrafoo Epsilon Cola')).toMatchObject({
      onHand: 10,
      stockValueMinor: 4 * 50 + 6 * 200,
      priceMinor: 10_000,
      maxPriceMinor: 30_000,
      variantCount: 2,
      sku: 'ZF-EPS-35',
    });
    expect(lekki.get('Zebrafoo Delivery')).toMatchObject({ stockState: 'untracked', isTracked: false });

    const ikeja = byName(await list({ q: 'zebrafoo' }, { as: DEMO.owner, storeId: demo.ikejaId }));
    expect(ikeja.get('Zebrafoo Alpha Water')).toMatchObject({ onHand: 0, priceMinor: 18_000, stockState: 'out' });
    expect(ikeja.get('Zebrafoo Beta Juice')).toMatchObject({ onHand: 0, stockState: 'out' });
    // A cashier (IPOS_BASIC, inventory.view) reads the same list.
    const cashier = await list({ q: 'zebrafoo' }, { as: DEMO.cashier });
    expect(cashier.total).toBe(7);
  });

  it('filters by stock state in the active store, and by category (a top-level one includes its children)', async () => {
    expect(names(await list({ q: 'zebrafoo', stock: 'low' }))).toEqual(['Zebrafoo Beta Juice']);
    expect(names(await list({ q: 'zebrafoo', stock: 'out' }))).toEqual(
      ['Zebrafoo Gamma Soap', 'Plain Zebrafoo Widget'].sort(),
    );
    expect(names(await list({ q: 'zebrafoo', stock: 'in_stock' }))).toEqual([
      'Zebrafoo Alpha Water',
      'Zebrafoo Delta Beans',
      'Zebrafoo Epsilon Cola',
    ]);
    const drinks = await categoryId(server, demo.businessId, 'Drinks');
    expect(names(await list({ q: 'zebrafoo', categoryId: drinks }))).toEqual([
      'Zebrafoo Alpha Water',
      'Zebrafoo Beta Juice',
    ]);
    const water = await categoryId(server, demo.businessId, 'Water');
    expect(names(await list({ q: 'zebrafoo', categoryId: water }))).toEqual(['Zebrafoo Alpha Water']);
    // Demo data: some products are low and a couple out of stock in Lekki.
    expect((await list({ stock: 'low' })).total).toBeGreaterThan(0);
    expect((await list({ stock: 'out' })).total).toBeGreaterThanOrEqual(2);
  });

  it('sorts by name, price, on hand, value and last update, both ways', async () => {
    const tracked = { q: 'zebrafoo', pageSize: '100' };
    const order = async (sort: string) => names(await list({ ...tracked, sort }));
    const byName = await order('name');
    expect(await order('-name')).toEqual([...byName].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    const price = (await list({ ...tracked, sort: 'price' })).items.map((p) => p.priceMinor);
    expect(price).toEqual([...price].sort((a, b) => a - b));
    const onHand = (await list({ ...tracked, sort: '-onHand' })).items.map((p) => p.onHand);
    expect(onHand).toEqual([...onHand].sort((a, b) => b - a));
    expect(onHand[0]).toBe(10);
    const value = (await list({ ...tracked, sort: '-value' })).items.map((p) => p.stockValueMinor!);
    expect(value[0]).toBe(150_000);
    expect(value).toEqual([...value].sort((a, b) => b - a));
    expect((await order('-updated'))[0]).toBe('Plain Zebrafoo Widget');
  });

  it('pages with the total', async () => {
    const first = await list({ q: 'zebrafoo', pageSize: '3', page: '1', sort: 'name' });
    const third = await list({ q: 'zebrafoo', pageSize: '3', page: '3', sort: 'name' });
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.items).toHaveLength(3);
    expect(third.items).toHaveLength(1);
    const all = names(await list({ q: 'zebrafoo', pageSize: '100' }));
    expect([
      ...names(first),
      ...names(await list({ q: 'zebrafoo', pageSize: '3', page: '2' })),
      ...names(third),
    ]).toEqual(all);
  });

  it('400 naming the field for a bad filter; 401 without a token; 404 in another tenant’s store', async () => {
    for (const [query, field] of [
      [{ stock: 'some' }, 'stock'],
      [{ sort: 'colour' }, 'sort'],
      [{ pageSize: '101' }, 'pageSize'],
      [{ categoryId: 'drinks' }, 'categoryId'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ] as const) {
      const res = await call(listProducts, { query });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res).join()).toContain(field);
    }
    expect((await call(listProducts, { as: null })).statusCode).toBe(401);
    await expectCrossTenantNotFound(server, {
      endpoint: listProducts,
      as: { email: DEMO.manager },
      storeId: other.storeId,
      mustNotReveal: [other.businessName],
    });
    // Their list does not contain ours.
    const theirs = await call(listProducts, {
      as: await other.token(),
      storeId: other.storeId,
      query: { q: 'zebrafoo' },
    });
    expect(theirs.json().total).toBe(0);
  });

  it('uses the trigram index for a search and the barcode key for a scan (EXPLAIN on a few thousand products)', async () => {
    const db = server.deps.database.db;
    await db.execute(sql`
      insert into products (business_id, id, name, unit, search_text)
      select ${demo.businessId}::uuid, gen_random_uuid(), 'Bulk item ' || g, 'each', 'bulk item ' || g || ' blk-' || g
        from generate_series(1, 3000) g`);
    await db.execute(sql`
      insert into product_variants (business_id, id, product_id, sku, selling_price_minor)
      select business_id, gen_random_uuid(), id, 'BLK-' || substr(name, 11), 100
        from products where business_id = ${demo.businessId} and name like 'Bulk item %'`);
    await db.execute(sql`analyze products`);
    // Whether the planner picks the index depends on the table's size and the other predicates; that
    // the search predicate can use it is what must not regress (lower() around search_text would not).
    const plan = (query: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    const search = await plan(sql`select id from products p where p.search_text like ${'%item 1234%'}`);
    expect(search).toContain('products_search_trgm_idx');
    const scan = await plan(
      sql`select product_id from product_barcodes where business_id = ${demo.businessId} and code = ${'6150000000000'}`,
    );
    expect(scan).toMatch(/product_barcodes_business_id_code_pk|Index/);
    expect(names(await list({ q: 'bulk item 1234' }))).toEqual(['Bulk item 1234']);
  });

  it('counts a very common search up to 10,000 and then pages it in name order', async () => {
    const db = server.deps.database.db;
    await db.execute(sql`
      insert into products (business_id, id, name, unit, search_text)
      select ${demo.businessId}::uuid, gen_random_uuid(), 'Capfoo ' || lpad(g::text, 5, '0'), 'each',
             'capfoo ' || lpad(g::text, 5, '0') || ' cap-' || g
        from generate_series(1, 10050) g`);
    await db.execute(sql`
      insert into product_variants (business_id, id, product_id, sku, selling_price_minor)
      select business_id, gen_random_uuid(), id, 'CAP-' || substr(name, 8), 100
        from products where business_id = ${demo.businessId} and name like 'Capfoo %'`);
    await db.execute(sql`analyze products`);
    const first = await list({ q: 'capfoo', pageSize: '25' });
    expect(first).toMatchObject({ total: 10_000, totalCapped: true });
    expect(names(first)).toEqual(Array.from({ length: 25 }, (_, i) => `Capfoo ${String(i + 1).padStart(5, '0')}`));
    const last = await list({ q: 'capfoo', pageSize: '100', page: '101' });
    expect(names(last)[0]).toBe('Capfoo 10001');
    // Fewer matches are counted exactly, best first.
    const few = await list({ q: 'capfoo 0999' });
    expect(few).toMatchObject({ total: 10, totalCapped: false });
    expect(names(few)[0]).toBe('Capfoo 09990');
  });
});
