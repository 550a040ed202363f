import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  archiveProduct,
  createProduct,
  listSellables,
  priceCart,
  type CreateProductBody,
  type Product,
  type SellablePage,
} from '@ipos/contracts';
import { taxRates } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { caller, categoryId, fieldsOf, uniqueEan13, vatId, type DemoIds } from '../catalog/products-fixtures.js';
import { giveCustomRole } from '../inventory/helpers.js';

/**
 * The register's search, GET /api/v1/sellables: VARIANTS of non-archived products, priced, taxed and
 * stocked for the store in x-store-id. Every product here carries a word no demo product has
 * ("Quokkazz"), so the expectations are exact whatever the demo catalogue holds.
 */
describe('register search GET /api/v1/sellables', () => {
  let server: TestServer;
  let demo: DemoIds;
  let other: Tenant;
  let otherCategoryId: string;
  let call: ReturnType<typeof caller>;
  let vat: { id: string; basisPoints: number; inclusive: boolean };
  const made: Record<string, Product> = {};
  const codes = { alpha: uniqueEan13(), shirtL: uniqueEan13(), gone: uniqueEan13() };

  const search = async (query: Record<string, string | string[]>, options: { as?: string; storeId?: string } = {}) => {
    const res = await call(listSellables, { query, ...options });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SellablePage;
  };
  const names = (page: SellablePage) => page.items.map((s) => s.name);

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, () => demo);
    other = await registerTenant(server);
    const db = server.deps.database.db;
    const vatRateId = await vatId(server, demo.businessId);
    const [rate] = await db
      .select({ basisPoints: taxRates.rateBasisPoints, inclusive: taxRates.isInclusive })
      .from(taxRates)
      .where(and(eq(taxRates.businessId, demo.businessId), eq(taxRates.id, vatRateId)));
    vat = { id: vatRateId, ...rate! };
    const water = await categoryId(server, demo.businessId, 'Water');
    const household = await categoryId(server, demo.businessId, 'Household');
    const settings = (storeId: string, sellingPriceMinor: number | null) => ({
      storeId,
      sellingPriceMinor,
      reorderLevel: null,
      reorderQuantity: null,
    });
    const bodies: Record<string, CreateProductBody> = {
      // Taxed at VAT, in Water (a child of Drinks); Ikeja sells it cheaper; 10 on hand in Lekki.
      alpha: {
        name: 'Quokkazz Alpha Juice',
        unit: 'each',
        categoryId: water,
        taxRateId: vatRateId,
        variants: [
          {
            sku: 'QZ-ALPHA',
            barcodes: [codes.alpha],
            costPriceMinor: 15_000,
            sellingPriceMinor: 20_000,
            openingStock: 10,
            storeSettings: [settings(demo.ikejaId, 18_000)],
          },
        ],
      },
      // Two sizes, each its own item with its own price, SKU and barcode.
      shirt: {
        name: 'Quokkazz Shirt',
        unit: 'each',
        categoryId: household,
        options: [{ name: 'Size', values: ['S', 'L'] }],
        variants: [
          {
            sku: 'QZ-SHIRT-S',
            optionValues: ['S'],
            costPriceMinor: 30_000,
            sellingPriceMinor: 50_000,
            openingStock: 2,
          },
          {
            sku: 'QZ-SHIRT-L',
            optionValues: ['L'],
            barcodes: [codes.shirtL],
            costPriceMinor: 35_000,
            sellingPriceMinor: 60_000,
            openingStock: 3,
          },
        ],
      },
      // Its name does not start with the search; by weight; not taxed; none in stock.
      beta: {
        name: 'Bulk Quokkazz Rice',
        unit: 'kg',
        variants: [{ sku: 'QZ-BETA', costPriceMinor: 700, sellingPriceMinor: 1_250 }],
      },
      // Archived: never sold, never found (not even by its barcode).
      gone: {
        name: 'Quokkazz Gone',
        unit: 'each',
        variants: [{ sku: 'QZ-GONE', barcodes: [codes.gone], sellingPriceMinor: 100 }],
      },
    };
    for (const [key, body] of Object.entries(bodies)) {
      const res = await call(createProduct, { body });
      expect(res.statusCode, res.body).toBe(201);
      made[key] = res.json();
    }
    const archived = await call(archiveProduct, {
      params: { productId: made.gone!.id },
      body: { version: made.gone!.version },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    // Another tenant's product with the same word, and a category of theirs.
    await createTestProduct(server, { businessId: other.businessId, name: 'Quokkazz Secret Soap' });
    const [otherCategory] = await db
      .execute(sql`select id from categories where business_id = ${other.businessId}`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    otherCategoryId = otherCategory?.id ?? newId();
    if (!otherCategory)
      await db.execute(
        sql`insert into categories (business_id, id, name) values (${other.businessId}, ${otherCategoryId}, 'Their Shelf')`,
      );
  });
  afterAll(() => server.close());

  it('lists variants, not products, by part of a name: name prefixes first, then by name', async () => {
    const page = await search({ q: 'QUOKKAZZ' });
    expect(names(page)).toEqual([
      'Quokkazz Alpha Juice',
      'Quokkazz Shirt (S)',
      'Quokkazz Shirt (L)',
      'Bulk Quokkazz Rice',
    ]);
    expect(page).toMatchObject({ total: 4, totalCapped: false, page: 1, pageSize: 25 });
    expect(names(await search({ q: 'kazz shi' }))).toEqual(['Quokkazz Shirt (S)', 'Quokkazz Shirt (L)']);
    // LIKE's wildcards are plain characters.
    expect((await search({ q: 'quokkazz%rice' })).total).toBe(0);
  });

  it('answers everything the till needs to price the line with priceCart, for the active store', async () => {
    const [alpha] = (await search({ q: 'alpha juice' })).items;
    expect(alpha).toEqual({
      productId: made.alpha!.id,
      variantId: made.alpha!.variants[0]!.id,
      name: 'Quokkazz Alpha Juice',
      sku: 'QZ-ALPHA',
      barcode: codes.alpha,
      unit: 'each',
      priceMinor: 20_000,
      costPriceMinor: 15_000,
      taxRateId: vat.id,
      taxRateBasisPoints: vat.basisPoints,
      taxInclusive: vat.inclusive,
      isTracked: true,
      onHand: 10,
      imageVersion: null,
    });
    expect(vat.basisPoints).toBeGreaterThan(0);
    const priced = priceCart([
      {
        quantityThousandths: 2000,
        unitPriceMinor: alpha!.priceMinor,
        taxRateBasisPoints: alpha!.taxRateBasisPoints,
        taxInclusive: alpha!.taxInclusive,
      },
    ]);
    expect(priced.taxMinor).toBeGreaterThan(0);
    const [beta] = (await search({ q: 'bulk quokkazz' })).items;
    expect(beta).toMatchObject({
      unit: 'kg',
      taxRateId: null,
      taxRateBasisPoints: 0,
      barcode: null,
      onHand: 0,
      priceMinor: 1_250,
    });
  });

  it('prices and stocks for the store in x-store-id (a store price overrides the variant price)', async () => {
    const inIkeja = await search({ q: 'alpha juice' }, { as: DEMO.owner, storeId: demo.ikejaId });
    expect(inIkeja.items[0]).toMatchObject({ priceMinor: 18_000, onHand: 0 });
    // The Ikeja cashier (IPOS_BASIC) sells: checkout.sell is enough.
    const asCashier = await search({ q: 'alpha juice' }, { as: DEMO.cashier, storeId: demo.ikejaId });
    expect(asCashier.items[0]).toMatchObject({ priceMinor: 18_000 });
  });

  it('lists each variant with its own SKU, barcode and price; an exact SKU comes first', async () => {
    const bySku = await search({ q: 'qz-shirt' });
    expect(bySku.items.map((s) => [s.name, s.sku, s.priceMinor, s.onHand, s.barcode])).toEqual([
      ['Quokkazz Shirt (S)', 'QZ-SHIRT-S', 50_000, 2, null],
      ['Quokkazz Shirt (L)', 'QZ-SHIRT-L', 60_000, 3, codes.shirtL],
    ]);
    expect(bySku.items.map((s) => s.variantId)).toEqual(made.shirt!.variants.map((v) => v.id));
    // Exact SKU, any case: that variant first, then the rest by name.
    expect(names(await search({ q: 'qz-shirt-l' }))).toEqual(['Quokkazz Shirt (L)', 'Quokkazz Shirt (S)']);
    const exact = await search({ q: 'qz-beta' });
    expect(names(exact)[0]).toBe('Bulk Quokkazz Rice');
  });

  it('finds the one variant carrying a whole barcode, by key; an archived product’s barcode finds nothing', async () => {
    const scanned = await search({ q: codes.shirtL });
    expect(scanned).toMatchObject({ total: 1, totalCapped: false });
    expect(scanned.items).toEqual([
      expect.objectContaining({ name: 'Quokkazz Shirt (L)', barcode: codes.shirtL, priceMinor: 60_000 }),
    ]);
    expect((await search({ q: codes.gone })).total).toBe(0);
    expect((await search({ q: 'quokkazz gone' })).total).toBe(0);
    expect((await search({ q: 'qz-gone' })).total).toBe(0);
  });

  it('answers exactly the variants asked for by id (a resumed cart is re-priced in one request)', async () => {
    const [small, large] = made.shirt!.variants.map((v) => v.id) as [string, string];
    const both = await search({ variantId: [large, small, made.alpha!.variants[0]!.id] });
    expect(both.items.map((s) => s.sku).sort()).toEqual(['QZ-ALPHA', 'QZ-SHIRT-L', 'QZ-SHIRT-S'].sort());
    expect(names(await search({ variantId: large }))).toEqual(['Quokkazz Shirt (L)']);
    const bad = await call(listSellables, { query: { variantId: 'not-a-uuid' } });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by category for the tile grid: a top-level category includes its children', async () => {
    const drinks = await categoryId(server, demo.businessId, 'Drinks');
    const household = await categoryId(server, demo.businessId, 'Household');
    expect(names(await search({ q: 'quokkazz', categoryId: drinks }))).toEqual(['Quokkazz Alpha Juice']);
    expect(names(await search({ q: 'quokkazz', categoryId: household }))).toEqual([
      'Quokkazz Shirt (S)',
      'Quokkazz Shirt (L)',
    ]);
    // Without a search: the whole category in name order, counted exactly, paged.
    const all = await search({ categoryId: drinks, pageSize: '100' });
    expect(all.total).toBeGreaterThanOrEqual(1);
    expect(names(all)).toContain('Quokkazz Alpha Juice');
    const sorted = [...names(all)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(names(all).map((n) => n.toLowerCase().split(' (')[0])).toEqual(
      sorted.map((n) => n.toLowerCase().split(' (')[0]),
    );
    const first = await search({ categoryId: household, pageSize: '1' });
    const second = await search({ categoryId: household, pageSize: '1', page: '2' });
    expect(first.total).toBe(second.total);
    expect(first.items[0]!.variantId).not.toBe(second.items[0]!.variantId);
    // A scanned barcode outside the category is not in it.
    expect((await search({ q: codes.alpha, categoryId: household })).total).toBe(0);
  });

  it('pages a search with its total', async () => {
    const one = await search({ q: 'quokkazz', pageSize: '3' });
    const two = await search({ q: 'quokkazz', pageSize: '3', page: '2' });
    expect(one.total).toBe(4);
    expect([...names(one), ...names(two)]).toEqual(names(await search({ q: 'quokkazz' })));
  });

  it('400 naming the field; 401 without a token; 403 without checkout.sell', async () => {
    for (const [query, field] of [
      [{ pageSize: '101' }, 'pageSize'],
      [{ page: '0' }, 'page'],
      [{ categoryId: 'drinks' }, 'categoryId'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ] as const) {
      const res = await call(listSellables, { query });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res).join()).toContain(field);
    }
    expect((await call(listSellables, { as: null })).statusCode).toBe(401);
    // A custom role that may look at inventory but not sell.
    await giveCustomRole(server, demo.businessId, DEMO.cashier, {
      name: 'Stock viewer',
      permissions: ['inventory.view'],
    });
    const forbidden = await call(listSellables, { as: DEMO.cashier, storeId: demo.ikejaId });
    expect(forbidden.statusCode, forbidden.body).toBe(403);
  });

  it('404 for another tenant’s store or category, changing nothing; their products are never found', async () => {
    await expectCrossTenantNotFound(server, {
      endpoint: listSellables,
      as: { email: DEMO.manager },
      storeId: other.storeId,
      query: { q: 'quokkazz' },
      mustNotReveal: [other.businessName, 'Secret Soap'],
    });
    await expectCrossTenantNotFound(server, {
      endpoint: listSellables,
      as: { email: DEMO.manager },
      storeId: demo.lekkiId,
      query: { categoryId: otherCategoryId },
      mustNotReveal: ['Their Shelf'],
    });
    expect(names(await search({ q: 'secret soap' }))).toEqual([]);
    const theirs = await call(listSellables, {
      as: await other.token(),
      storeId: other.storeId,
      query: { q: 'quokkazz' },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((theirs.json() as SellablePage).items.map((s) => s.name)).toEqual(['Quokkazz Secret Soap']);
  });

  it('counts a very common search up to 10,000 products and then pages it in name order', async () => {
    const db = server.deps.database.db;
    await db.execute(sql`
      insert into products (business_id, id, name, unit, search_text)
      select ${demo.businessId}::uuid, gen_random_uuid(), 'Wombfoo ' || lpad(g::text, 5, '0'), 'each',
             'wombfoo ' || lpad(g::text, 5, '0') || ' wmb-' || lpad(g::text, 5, '0')
        from generate_series(1, 10050) g`);
    await db.execute(sql`
      insert into product_variants (business_id, id, product_id, sku, selling_price_minor)
      select business_id, gen_random_uuid(), id, 'WMB-' || substr(name, 9), 100
        from products where business_id = ${demo.businessId} and name like 'Wombfoo %'`);
    await db.execute(sql`analyze products`);
    const first = await search({ q: 'wombfoo', pageSize: '25' });
    expect(first).toMatchObject({ total: 10_000, totalCapped: true });
    expect(names(first)).toEqual(Array.from({ length: 25 }, (_, i) => `Wombfoo ${String(i + 1).padStart(5, '0')}`));
    const few = await search({ q: 'wombfoo 0999' });
    expect(few).toMatchObject({ total: 10, totalCapped: false });
    expect(names(few)[0]).toBe('Wombfoo 09990');
    // A SKU piece among the 10,050.
    expect(names(await search({ q: 'wmb-09995' }))).toEqual(['Wombfoo 09995']);
  });
});
