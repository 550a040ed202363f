import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  archiveProduct,
  createProduct,
  listSellableChanges,
  updateProduct,
  type CatalogueSellable,
  type CreateProductBody,
  type Product,
  type SellableChangesPage,
} from '@ipos/contracts';
import { analyzeTables } from '../../src/db/statistics.js';
import { CATALOGUE_TABLES } from '../../src/features/catalog/product-files.service.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { caller, categoryId, uniqueEan13, uniqueSku, vatId, type DemoIds } from '../catalog/products-fixtures.js';
import { giveCustomRole } from '../inventory/helpers.js';
import { createTestTaxRate, openTestSession, saleBody, seller, setProductTaxRate } from './checkout-support.js';

/**
 * The device's catalogue, GET /api/v1/sellables/changes: the full download, then what changed since
 * its cursor. Before each delta is asked, every row of the tenant is made an hour old, so a delta
 * holds exactly what the test changed (the server reads again from a minute before its last read).
 */
describe('the catalogue on the device GET /api/v1/sellables/changes', () => {
  let server: TestServer;
  let demo: DemoIds;
  let other: Tenant;
  let call: ReturnType<typeof caller>;
  const made: Record<string, Product> = {};

  const changes = async (query: Record<string, string>, options: { as?: string; storeId?: string } = {}) => {
    const res = await call(listSellableChanges, { query, ...options });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SellableChangesPage;
  };
  /** Every page from the cursor (none: the full download) to the end, and the cursor to keep. */
  const readAll = async (cursor?: string, options: { storeId?: string; limit?: number; as?: string } = {}) => {
    const items: CatalogueSellable[] = [];
    let pages = 0;
    for (;;) {
      const page = await changes(
        { ...(cursor ? { cursor } : {}), ...(options.limit ? { limit: String(options.limit) } : {}) },
        options,
      );
      pages++;
      items.push(...page.items);
      cursor = page.nextCursor;
      if (page.complete) return { items, cursor, pages };
      expect(pages).toBeLessThan(100);
    }
  };
  /** Makes every catalogue row of the business an hour old: only later changes are "since". */
  const ageEverything = async (businessId: string) => {
    const db = server.deps.database.db;
    for (const table of ['products', 'product_variants', 'stock_levels', 'tax_rates', 'categories'])
      await db.execute(
        sql`update ${sql.identifier(table)} set updated_at = now() - interval '1 hour' where business_id = ${businessId}`,
      );
  };
  const byVariant = (items: CatalogueSellable[]) => new Map(items.map((s) => [s.variantId, s]));
  const variantOf = (p: Product, i = 0) => p.variants[i]!.id;
  const updateBody = (p: Product, changes: Record<string, unknown> = {}) => ({
    name: p.name,
    categoryId: p.categoryId,
    unit: p.unit,
    taxRateId: p.taxRateId,
    isTracked: p.isTracked,
    options: p.options,
    version: p.version,
    variants: p.variants
      .filter((v) => !v.isArchived)
      .map((v) => ({
        id: v.id,
        sku: v.sku,
        optionValues: v.optionValues,
        barcodes: v.barcodes.map((b) => b.code),
        costPriceMinor: v.costPriceMinor,
        sellingPriceMinor: v.sellingPriceMinor,
      })),
    ...changes,
  });
  const update = async (p: Product, changes: Record<string, unknown>) => {
    const res = await call(updateProduct, { params: { productId: p.id }, body: updateBody(p, changes) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Product;
  };

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, () => demo);
    other = await registerTenant(server);
    const water = await categoryId(server, demo.businessId, 'Water');
    const vat = await vatId(server, demo.businessId);
    const bodies: Record<string, CreateProductBody> = {
      juice: {
        name: 'Wallabyy Juice',
        unit: 'each',
        categoryId: water,
        taxRateId: vat,
        variants: [
          {
            sku: uniqueSku('WJ'),
            barcodes: [uniqueEan13(), uniqueEan13()],
            costPriceMinor: 15_000,
            sellingPriceMinor: 20_000,
            openingStock: 10,
            storeSettings: [
              { storeId: demo.ikejaId, sellingPriceMinor: 18_000, reorderLevel: null, reorderQuantity: null },
            ],
          },
        ],
      },
      shirt: {
        name: 'Wallabyy Shirt',
        unit: 'each',
        options: [{ name: 'Size', values: ['S', 'L'] }],
        variants: [
          { sku: uniqueSku('WS'), optionValues: ['S'], sellingPriceMinor: 50_000, openingStock: 2 },
          { sku: uniqueSku('WL'), optionValues: ['L'], sellingPriceMinor: 60_000, openingStock: 3 },
        ],
      },
      rice: { name: 'Wallabyy Rice', unit: 'kg', variants: [{ sku: uniqueSku('WR'), sellingPriceMinor: 1_250 }] },
      soap: {
        name: 'Wallabyy Soap',
        unit: 'each',
        variants: [{ sku: uniqueSku('WP'), sellingPriceMinor: 900, openingStock: 5 }],
      },
      gone: { name: 'Wallabyy Gone', unit: 'each', variants: [{ sku: uniqueSku('WG'), sellingPriceMinor: 100 }] },
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
  });
  afterAll(async () => {
    await server?.close();
  });

  it('downloads every sellable variant of the store whole: barcodes, category, store price, tax, on hand; no cost', async () => {
    const { items } = await readAll(undefined, { as: DEMO.owner });
    const mine = byVariant(items);
    const juice = made.juice!;
    expect(mine.get(variantOf(juice))).toEqual({
      productId: juice.id,
      variantId: variantOf(juice),
      name: 'Wallabyy Juice',
      sku: juice.variants[0]!.sku,
      barcode: juice.variants[0]!.barcodes[0]!.code,
      barcodes: juice.variants[0]!.barcodes.map((b) => b.code),
      unit: 'each',
      priceMinor: 20_000,
      // Never on the device, even for the owner who may see it.
      costPriceMinor: null,
      taxRateId: juice.taxRateId,
      taxRateBasisPoints: expect.any(Number),
      taxInclusive: expect.any(Boolean),
      categoryId: juice.categoryId,
      isTracked: true,
      onHand: 10,
      imageVersion: null,
      archived: false,
    });
    expect(mine.get(variantOf(made.shirt!, 1))).toMatchObject({ name: 'Wallabyy Shirt (L)', onHand: 3, barcodes: [] });
    // An archived product is left out of a full download.
    expect(mine.has(variantOf(made.gone!))).toBe(false);
    expect(items.every((s) => !s.archived)).toBe(true);
    // In variant-id order, each once.
    const ids = items.map((s) => s.variantId);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    // Ikeja's own price and on hand.
    const inIkeja = byVariant((await readAll(undefined, { as: DEMO.owner, storeId: demo.ikejaId })).items);
    expect(inIkeja.get(variantOf(juice))).toMatchObject({ priceMinor: 18_000, onHand: 0 });
  });

  it('a delta holds exactly what changed: price, store price, on hand (a sale), tax rate, archive, barcode', async () => {
    await ageEverything(demo.businessId);
    const base = await readAll();
    expect((await readAll(base.cursor)).items).toEqual([]);

    // A price change; a store price of Lekki; a sale in Lekki; a new barcode.
    const juice = await update(made.juice!, {
      variants: [
        {
          ...updateBody(made.juice!).variants[0]!,
          sellingPriceMinor: 21_000,
          storeSettings: [
            { storeId: demo.ikejaId, sellingPriceMinor: 18_000, reorderLevel: null, reorderQuantity: null },
          ],
        },
      ],
    });
    const shirt = await update(made.shirt!, {
      variants: updateBody(made.shirt!).variants.map((v, i) =>
        i === 0
          ? {
              ...v,
              storeSettings: [
                { storeId: demo.lekkiId, sellingPriceMinor: 45_000, reorderLevel: null, reorderQuantity: null },
              ],
            }
          : v,
      ),
    });
    const newCode = uniqueEan13();
    const rice = await update(made.rice!, {
      variants: [{ ...updateBody(made.rice!).variants[0]!, barcodes: [newCode] }],
    });
    made.juice = juice;
    made.shirt = shirt;
    made.rice = rice;
    const sessionId = await openTestSession(server, { businessId: demo.businessId, storeId: demo.lekkiId });
    const sold = await seller(server)({
      token: await server.tokenFor(DEMO.manager),
      storeId: demo.lekkiId,
      body: saleBody(sessionId, [{ variantId: variantOf(made.soap!), quantity: 2 }], 1_800),
    });
    expect(sold.statusCode, sold.body).toBe(201);

    const delta = await readAll(base.cursor);
    const got = byVariant(delta.items);
    expect(got.get(variantOf(juice))).toMatchObject({ priceMinor: 21_000, archived: false });
    expect(got.get(variantOf(shirt, 0))).toMatchObject({ priceMinor: 45_000 });
    expect(got.get(variantOf(rice))).toMatchObject({ barcode: newCode, barcodes: [newCode] });
    expect(got.get(variantOf(made.soap!))).toMatchObject({ onHand: 3 });
    // The product's other variant came too (its product changed); nothing else did.
    expect(new Set(got.keys())).toEqual(
      new Set([variantOf(juice), variantOf(shirt, 0), variantOf(shirt, 1), variantOf(rice), variantOf(made.soap!)]),
    );

    // A tax rate's change reaches every variant using it; an archive comes as archived.
    await ageEverything(demo.businessId);
    const before = await readAll();
    const rate = await createTestTaxRate(server, demo.businessId, 500, false);
    await setProductTaxRate(server, demo.businessId, made.shirt!.id, rate);
    await ageEverything(demo.businessId);
    const afterSetup = await readAll(before.cursor);
    expect(afterSetup.items).toEqual([]);
    await server.deps.database.db.execute(
      sql`update tax_rates set rate_basis_points = 800, is_inclusive = true, updated_at = now() where id = ${rate}`,
    );
    const archived = await call(archiveProduct, { params: { productId: rice.id }, body: { version: rice.version } });
    expect(archived.statusCode, archived.body).toBe(200);
    const second = byVariant((await readAll(afterSetup.cursor)).items);
    expect([...second.keys()].sort()).toEqual([variantOf(shirt, 0), variantOf(shirt, 1), variantOf(rice)].sort());
    expect(second.get(variantOf(shirt, 1))).toMatchObject({
      taxRateId: rate,
      taxRateBasisPoints: 800,
      taxInclusive: true,
    });
    expect(second.get(variantOf(rice))).toMatchObject({ archived: true });
  });

  it('reads again from a minute before the last read, so a change committed late is not missed', async () => {
    await ageEverything(demo.businessId);
    const base = await readAll();
    // A change stamped 30 s before the read (a slower transaction that committed after it).
    await server.deps.database.db.execute(
      sql`update product_variants set selling_price_minor = 1300, updated_at = now() - interval '30 seconds'
           where id = ${variantOf(made.soap!)}`,
    );
    const delta = byVariant((await readAll(base.cursor)).items);
    expect(delta.get(variantOf(made.soap!))).toMatchObject({ priceMinor: 1_300 });
  });

  it('never carries another store’s stock or another business’s changes', async () => {
    await ageEverything(demo.businessId);
    const base = await readAll();
    // Ikeja's stock of the juice moves (as the ledger moves it: the row and its updated_at).
    await server.deps.database.db.execute(
      sql`update stock_levels set on_hand = on_hand + 5, updated_at = now()
           where store_id = ${demo.ikejaId} and variant_id = ${variantOf(made.juice!)}`,
    );
    // Another business changes its own product.
    const theirs = await createTestProduct(server, { businessId: other.businessId, name: 'Wallabyy Secret' });
    await server.deps.database.db.execute(
      sql`update product_variants set selling_price_minor = 7, updated_at = now() where business_id = ${other.businessId}`,
    );
    expect((await readAll(base.cursor)).items).toEqual([]);
    const inIkeja = await readAll(undefined, { as: DEMO.owner, storeId: demo.ikejaId });
    expect(byVariant(inIkeja.items).get(variantOf(made.juice!))).toMatchObject({ onHand: 5 });
    const theirCatalogue = await readAll(undefined, { as: await other.token(), storeId: other.storeId });
    expect(theirCatalogue.items.map((s) => s.variantId)).toContain(theirs.variantId);
    expect(theirCatalogue.items.map((s) => s.name)).not.toContain('Wallabyy Juice');
  });

  it('compresses a page for a client that takes it (a till on mobile data), and only then', async () => {
    const plain = await call(listSellableChanges, { query: {} });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const ids = (plain.json() as SellableChangesPage).items.map((s) => s.variantId);
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await call(listSellableChanges, { query: {}, headers: { 'accept-encoding': accepted } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      const body = decode(res.rawPayload).toString('utf8');
      expect(res.rawPayload.length).toBeLessThan(body.length / 4);
      expect((JSON.parse(body) as SellableChangesPage).items.map((s) => s.variantId)).toEqual(ids);
    }
    // A refusal is small and goes as it is.
    const refused = await call(listSellableChanges, { query: { cursor: 'x' }, headers: { 'accept-encoding': 'gzip' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('404 for another business’s store; 400 for a cursor of another store or not a cursor; 403 without checkout.sell', async () => {
    await expectCrossTenantNotFound(server, {
      endpoint: listSellableChanges,
      as: { email: DEMO.manager },
      storeId: other.storeId,
      mustNotReveal: [other.businessName],
    });
    const lekki = await readAll();
    const res = await call(listSellableChanges, {
      query: { cursor: lekki.cursor },
      as: DEMO.owner,
      storeId: demo.ikejaId,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const junk = await call(listSellableChanges, { query: { cursor: 'not-a-cursor' } });
    expect(junk.statusCode, junk.body).toBe(400);
    const tooMany = await call(listSellableChanges, { query: { limit: '5001' } });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect((await call(listSellableChanges, { as: null })).statusCode).toBe(401);
    // A custom role that may look at inventory but not sell.
    await giveCustomRole(server, demo.businessId, DEMO.cashier, {
      name: 'Stock viewer',
      permissions: ['inventory.view'],
    });
    const forbidden = await call(listSellableChanges, { as: DEMO.cashier, storeId: demo.ikejaId });
    expect(forbidden.statusCode, forbidden.body).toBe(403);
  });

  it('pages by keyset: 5,001 variants come each exactly once, in full downloads and deltas', async () => {
    const tenant = await registerTenant(server);
    const db = server.deps.database.db;
    await db.execute(sql`
      insert into products (business_id, id, name, unit, search_text)
      select ${tenant.businessId}::uuid, gen_random_uuid(), 'Bulk ' || g, 'each', 'bulk ' || g
        from generate_series(1, 5001) g`);
    await db.execute(sql`
      insert into product_variants (business_id, id, product_id, sku, selling_price_minor)
      select business_id, gen_random_uuid(), id, 'BULK-' || substr(name, 6), 100
        from products where business_id = ${tenant.businessId}`);
    // A bulk load, as the CSV import does it: statistics refreshed once it is in.
    await analyzeTables(db, CATALOGUE_TABLES);
    const as = await tenant.token();
    const whole = await readAll(undefined, { as, storeId: tenant.storeId, limit: 5_000 });
    expect(whole.pages).toBe(2);
    const ids = whole.items.map((s) => s.variantId);
    expect(ids).toHaveLength(5_001);
    expect(new Set(ids).size).toBe(5_001);
    const small = await readAll(undefined, { as, storeId: tenant.storeId, limit: 700 });
    expect(small.pages).toBe(8);
    expect(small.items.map((s) => s.variantId)).toEqual(ids);
    // Every variant changed: the delta pages them the same way.
    await ageEverything(tenant.businessId);
    const base = await readAll(undefined, { as, storeId: tenant.storeId });
    await db.execute(sql`update products set updated_at = now() where business_id = ${tenant.businessId}`);
    const delta = await readAll(base.cursor, { as, storeId: tenant.storeId, limit: 2_000 });
    expect(delta.pages).toBe(3);
    expect(delta.items.map((s) => s.variantId)).toEqual(ids);
  });
});
