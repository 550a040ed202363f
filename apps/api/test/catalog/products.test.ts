import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  archiveProduct,
  createProduct,
  deleteProductImage,
  findByBarcode,
  getProduct,
  getProductImage,
  listProducts,
  putProductImage,
  unarchiveProduct,
  updateProduct,
  type CreateProductBody,
  type Product,
  type Sellable,
} from '@ipos/contracts';
import { auditEvents, stockAdjustments, stockMovements } from '../../src/db/schema.js';
import { ledgerMismatches } from '../../src/features/inventory/stock-ledger.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { caller, categoryId, fieldsOf, uniqueEan13, uniqueSku, vatId, type DemoIds } from './products-fixtures.js';
import { TINY_PNG } from '../support/images.js';

const PNG = TINY_PNG;

describe('products /api/v1/products', () => {
  let server: TestServer;
  let demo: DemoIds;
  let other: Tenant;
  let theirs: Product;
  let call: ReturnType<typeof caller>;
  let softDrinks: string;
  let vat: string;
  let n = 0;

  const requestId = () => `products-${++n}-${Date.now()}`;
  const create = async (body: CreateProductBody, as?: string) => {
    const res = await call(createProduct, { body, ...(as ? { as } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Product;
  };
  const simple = (overrides: Partial<CreateProductBody> = {}, variant: Record<string, unknown> = {}) =>
    ({
      name: `Peak Milk Tin ${n++}`,
      unit: 'each',
      categoryId: softDrinks,
      taxRateId: vat,
      variants: [
        {
          sku: uniqueSku('PEAK'),
          barcodes: [uniqueEan13()],
          costPriceMinor: 45_000,
          sellingPriceMinor: 55_000,
          ...variant,
        },
      ],
      ...overrides,
    }) as CreateProductBody;
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
  const auditOf = (entityId: string) =>
    server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'product'), eq(auditEvents.entityId, entityId)));
  const movementsOf = (productId: string) =>
    server.deps.database.db.select().from(stockMovements).where(eq(stockMovements.productId, productId));
  const lekkiOf = (v: Product['variants'][number]) => v.stores.find((s) => s.storeId === demo.lekkiId)!;
  const ikejaOf = (v: Product['variants'][number]) => v.stores.find((s) => s.storeId === demo.ikejaId)!;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, () => demo);
    softDrinks = await categoryId(server, demo.businessId, 'Soft Drinks');
    vat = await vatId(server, demo.businessId);
    other = await registerTenant(server);
    const res = await call(createProduct, {
      as: await other.token(),
      storeId: other.storeId,
      body: {
        name: 'Other Secret Soap',
        unit: 'each',
        variants: [{ sku: 'SECRET-1', barcodes: [uniqueEan13()], sellingPriceMinor: 100, openingStock: 5 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    theirs = res.json();
  });
  afterAll(() => server.close());

  describe('POST (inventory.manage)', () => {
    it('creates a simple product with opening stock: one movement, linked to an opening_stock adjustment, audited', async () => {
      const rid = requestId();
      const body = simple(
        {},
        {
          openingStock: 12,
          storeSettings: [
            { storeId: demo.ikejaId, sellingPriceMinor: 52_000, reorderLevel: 4, reorderQuantity: 24 },
            { storeId: demo.lekkiId, sellingPriceMinor: null, reorderLevel: 6, reorderQuantity: null },
          ],
        },
      );
      const res = await call(createProduct, { body, requestId: rid });
      expect(res.statusCode, res.body).toBe(201);
      const product = res.json() as Product;
      expect(product).toMatchObject({
        name: body.name,
        unit: 'each',
        categoryId: softDrinks,
        categoryName: 'Soft Drinks',
        taxRateId: vat,
        isTracked: true,
        options: [],
        imageVersion: null,
        isArchived: false,
        version: 1,
      });
      const [variant] = product.variants;
      expect(product.variants).toHaveLength(1);
      expect(variant).toMatchObject({
        sku: body.variants[0]!.sku,
        label: '',
        optionValues: [],
        barcodes: [{ code: body.variants[0]!.barcodes![0], symbology: 'EAN13' }],
        costPriceMinor: 45_000,
        sellingPriceMinor: 55_000,
      });
      // Every store of the business, in name order, with its own figures.
      expect(variant!.stores.map((s) => s.storeAlias)).toEqual(['IKJ', 'LEK']);
      expect(lekkiOf(variant!)).toMatchObject({
        onHand: 12,
        reorderLevel: 6,
        sellingPriceMinor: null,
        effectivePriceMinor: 55_000,
      });
      expect(ikejaOf(variant!)).toMatchObject({
        onHand: 0,
        reorderLevel: 4,
        reorderQuantity: 24,
        sellingPriceMinor: 52_000,
        effectivePriceMinor: 52_000,
      });

      const movements = await movementsOf(product.id);
      expect(movements).toHaveLength(1);
      expect(movements[0]).toMatchObject({ storeId: demo.lekkiId, reason: 'adjustment', refType: 'stock_adjustment' });
      const [adjustment] = await server.deps.database.db
        .select()
        .from(stockAdjustments)
        .where(eq(stockAdjustments.id, movements[0]!.refId!));
      expect(adjustment).toMatchObject({ storeId: demo.lekkiId, reasonCode: 'opening_stock' });
      expect(adjustment!.number).toMatch(/^LEK-ADJ\d{6}$/);
      expect(await ledgerMismatches(server.deps.database.db, demo.businessId)).toEqual([]);

      const audit = await auditOf(product.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'product.created',
        businessId: demo.businessId,
        storeId: demo.lekkiId,
        requestId: rid,
      });
      expect(JSON.stringify(audit[0]!.after)).toContain(adjustment!.number);
    });

    it('creates a product with size variants, each with its SKU, barcode, price and opening stock', async () => {
      const body: CreateProductBody = {
        name: `Coca-Cola Test ${n++}`,
        unit: 'each',
        options: [{ name: 'Size', values: ['35cl', '50cl', '1L'] }],
        variants: [
          {
            sku: uniqueSku('COKE35'),
            optionValues: ['35cl'],
            barcodes: [uniqueEan13()],
            sellingPriceMinor: 20_000,
            openingStock: 24,
          },
          {
            sku: uniqueSku('COKE50'),
            optionValues: ['50cl'],
            barcodes: [uniqueEan13()],
            sellingPriceMinor: 30_000,
            openingStock: 12,
          },
          { sku: uniqueSku('COKE1L'), optionValues: ['1L'], barcodes: [], sellingPriceMinor: 60_000 },
        ],
      };
      const product = await create(body);
      expect(product.variants.map((v) => [v.label, v.sellingPriceMinor, lekkiOf(v).onHand])).toEqual([
        ['35cl', 20_000, 24],
        ['50cl', 30_000, 12],
        ['1L', 60_000, 0],
      ]);
      const movements = await movementsOf(product.id);
      expect(movements).toHaveLength(2);
      expect(new Set(movements.map((m) => m.refId)).size).toBe(1);
      expect(await ledgerMismatches(server.deps.database.db, demo.businessId)).toEqual([]);
    });

    it('takes 3 decimals for goods sold by weight', async () => {
      const product = await create({
        name: `Loose Rice ${n++}`,
        unit: 'kg',
        variants: [
          {
            sku: uniqueSku('RICE'),
            sellingPriceMinor: 150_000,
            openingStock: 1.255,
            storeSettings: [
              { storeId: demo.lekkiId, sellingPriceMinor: null, reorderLevel: 2.5, reorderQuantity: 10.125 },
            ],
          },
        ],
      });
      expect(lekkiOf(product.variants[0]!)).toMatchObject({
        onHand: 1.255,
        reorderLevel: 2.5,
        reorderQuantity: 10.125,
      });
    });

    it('a duplicate SKU (in any case) is 409 SKU_TAKEN naming the field and the clashing product; nothing written', async () => {
      const first = await create(simple());
      const sku = first.variants[0]!.sku.toLowerCase();
      const res = await call(createProduct, { body: simple({}, { sku }) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'SKU_TAKEN',
        conflict: { productId: first.id, productName: first.name, sku: first.variants[0]!.sku },
        conflicts: [
          { field: 'variants.0.sku', productId: first.id, productName: first.name, sku: first.variants[0]!.sku },
        ],
      });
      expect(fieldsOf(res)).toEqual(['variants.0.sku']);
    });

    it('a duplicate barcode is 409 BARCODE_TAKEN naming the field and the clashing product', async () => {
      const first = await create(simple());
      const code = first.variants[0]!.barcodes[0]!.code;
      const res = await call(createProduct, { body: simple({}, { barcodes: [uniqueEan13(), code] }) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'BARCODE_TAKEN',
        conflict: { productId: first.id, productName: first.name, sku: first.variants[0]!.sku },
        conflicts: [
          {
            field: 'variants.0.barcodes.1',
            productId: first.id,
            productName: first.name,
            sku: first.variants[0]!.sku,
          },
        ],
      });
      expect(fieldsOf(res)).toEqual(['variants.0.barcodes.1']);
    });

    it('two creates racing for one SKU: one 201, one 409 SKU_TAKEN (never a 500)', async () => {
      const sku = uniqueSku('RACE');
      const [a, b] = await Promise.all([
        call(createProduct, { body: simple({}, { sku, barcodes: [] }) }),
        call(createProduct, { body: simple({}, { sku, barcodes: [] }) }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('SKU_TAKEN');
    });

    it('400 naming the field: bad check digit, negative price, unknown category, >3 decimals, a fraction of an each', async () => {
      const cases: [CreateProductBody, string][] = [
        [simple({}, { barcodes: ['6151234567890'] }), 'variants.0.barcodes.0'],
        [simple({}, { sellingPriceMinor: -1 }), 'variants.0.sellingPriceMinor'],
        [simple({}, { costPriceMinor: 10.5 }), 'variants.0.costPriceMinor'],
        [simple({ categoryId: '0190f0f0-0000-7000-8000-000000000000' }), 'categoryId'],
        [
          simple({
            categoryId: await categoryId(server, demo.businessId, 'Toiletries'),
            taxRateId: '0190f0f0-0000-7000-8000-000000000000',
          }),
          'taxRateId',
        ],
        [simple({ unit: 'kg' }, { openingStock: 1.2345 }), 'variants.0.openingStock'],
        [simple({}, { openingStock: 2.5 }), 'variants.0.openingStock'],
        [simple({ isTracked: false }, { openingStock: 2 }), 'variants.0.openingStock'],
        [
          simple(
            {},
            {
              storeSettings: [
                { storeId: demo.lekkiId, sellingPriceMinor: null, reorderLevel: 1.5, reorderQuantity: null },
              ],
            },
          ),
          'variants.0.storeSettings.0.reorderLevel',
        ],
        [
          simple(
            {},
            {
              storeSettings: [
                { storeId: other.storeId, sellingPriceMinor: 1, reorderLevel: null, reorderQuantity: null },
              ],
            },
          ),
          'variants.0.storeSettings.0.storeId',
        ],
        [simple({ name: ' ' }), 'name'],
        [simple({}, { sku: 'has space' }), 'variants.0.sku'],
      ];
      for (const [body, field] of cases) {
        const res = await call(createProduct, { body });
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(fieldsOf(res), res.body).toContain(field);
      }
      // Another business's category is unknown here, too.
      const theirCategory = await call(createProduct, {
        as: await other.token(),
        storeId: other.storeId,
        body: simple({ categoryId: softDrinks, taxRateId: null }),
      });
      expect(theirCategory.statusCode).toBe(400);
      expect(fieldsOf(theirCategory)).toEqual(['categoryId']);
    });

    it('401 without a token; 403 for IPOS_BASIC; 404 in another tenant’s store; nothing written', async () => {
      expect((await call(createProduct, { as: null, body: simple() })).statusCode).toBe(401);
      const forbidden = await call(createProduct, { as: DEMO.cashier, body: simple() });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('FORBIDDEN');
      await expectCrossTenantNotFound(server, {
        endpoint: createProduct,
        body: simple({ categoryId: null, taxRateId: null }),
        as: { email: DEMO.manager },
        storeId: other.storeId,
        mustNotReveal: [other.businessName],
      });
    });
  });

  describe('GET', () => {
    it('a product and its barcode, for IPOS_BASIC too, priced for the active store', async () => {
      const product = await create(
        simple(
          {},
          {
            openingStock: 3,
            storeSettings: [
              { storeId: demo.ikejaId, sellingPriceMinor: 50_000, reorderLevel: null, reorderQuantity: null },
            ],
          },
        ),
      );
      const got = await call(getProduct, { as: DEMO.cashier, params: { productId: product.id } });
      expect(got.statusCode, got.body).toBe(200);
      // The same product, without its cost: IPOS_BASIC has no inventory.costs.
      expect(got.json()).toEqual({
        ...product,
        variants: product.variants.map((v) => ({ ...v, costPriceMinor: null })),
      });

      const code = product.variants[0]!.barcodes[0]!.code;
      const atIkeja = await call(findByBarcode, { as: DEMO.cashier, params: { code } });
      expect(atIkeja.statusCode, atIkeja.body).toBe(200);
      expect(atIkeja.json()).toEqual({
        productId: product.id,
        variantId: product.variants[0]!.id,
        name: product.name,
        sku: product.variants[0]!.sku,
        barcode: code,
        unit: 'each',
        priceMinor: 50_000,
        costPriceMinor: null,
        taxRateId: vat,
        isTracked: true,
        onHand: 0,
        imageVersion: null,
      } satisfies Sellable);
      const atLekki = (await call(findByBarcode, { params: { code } })).json() as Sellable;
      expect(atLekki).toMatchObject({ priceMinor: 55_000, costPriceMinor: 45_000, onHand: 3 });
    });

    it('404 for an unknown id or barcode; 400 for a bad id; 401 without a token', async () => {
      const unknown = await call(getProduct, { params: { productId: '0190f0f0-0000-7000-8000-000000000000' } });
      expect(unknown.statusCode).toBe(404);
      expect((await call(findByBarcode, { params: { code: '0000000000000' } })).statusCode).toBe(404);
      const bad = await call(getProduct, { params: { productId: 'nope' } });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toContain('params.productId');
      expect((await call(getProduct, { as: null, params: { productId: theirs.id } })).statusCode).toBe(401);
    });
  });

  describe('PUT /:productId', () => {
    it('updates fields, adds and archives variants, replaces barcodes, sets store prices and reorder points; audited as a diff', async () => {
      const product = await create({
        name: `Fanta ${n++}`,
        unit: 'each',
        options: [{ name: 'Size', values: ['35cl', '50cl'] }],
        variants: [
          {
            sku: uniqueSku('FANTA35'),
            optionValues: ['35cl'],
            barcodes: [uniqueEan13()],
            sellingPriceMinor: 20_000,
            openingStock: 10,
          },
          { sku: uniqueSku('FANTA50'), optionValues: ['50cl'], barcodes: [uniqueEan13()], sellingPriceMinor: 30_000 },
        ],
      });
      const [small, medium] = product.variants as [Product['variants'][number], Product['variants'][number]];
      const oldCode = small.barcodes[0]!.code;
      const newCode = uniqueEan13();
      const bigSku = uniqueSku('FANTA1L');
      const rid = requestId();
      const res = await call(updateProduct, {
        params: { productId: product.id },
        requestId: rid,
        body: updateBody(product, {
          name: `${product.name} (new)`,
          options: [{ name: 'Size', values: ['35cl', '50cl', '1L'] }],
          variants: [
            {
              id: small.id,
              sku: small.sku,
              optionValues: ['35cl'],
              barcodes: [newCode],
              costPriceMinor: 15_000,
              sellingPriceMinor: 21_000,
              storeSettings: [
                { storeId: demo.lekkiId, sellingPriceMinor: 22_000, reorderLevel: 5, reorderQuantity: 48 },
              ],
            },
            { sku: bigSku, optionValues: ['1L'], barcodes: [], sellingPriceMinor: 55_000 },
          ],
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json() as Product;
      expect(updated.version).toBe(2);
      expect(updated.name).toBe(`${product.name} (new)`);
      const active = updated.variants.filter((v) => !v.isArchived);
      expect(active.map((v) => [v.sku, v.label])).toEqual([
        [small.sku, '35cl'],
        [bigSku, '1L'],
      ]);
      expect(updated.variants.find((v) => v.id === medium.id)).toMatchObject({ isArchived: true });
      const small2 = updated.variants.find((v) => v.id === small.id)!;
      expect(small2.barcodes.map((b) => b.code)).toEqual([newCode]);
      // On hand is never touched by an update: still the opening stock.
      expect(lekkiOf(small2)).toMatchObject({
        onHand: 10,
        sellingPriceMinor: 22_000,
        effectivePriceMinor: 22_000,
        reorderLevel: 5,
        reorderQuantity: 48,
      });
      expect(await movementsOf(product.id)).toHaveLength(1);

      // The old barcode is free: another product may take it.
      await create(simple({}, { barcodes: [oldCode] }));

      const audit = (await auditOf(product.id)).filter((a) => a.requestId === rid);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'product.updated' });
      expect(audit[0]!.before).toMatchObject({ name: product.name, version: 1 });
      expect(audit[0]!.after).toMatchObject({ name: `${product.name} (new)`, version: 2 });
      expect(audit[0]!.before).not.toHaveProperty('unit');
      expect(await ledgerMismatches(server.deps.database.db, demo.businessId)).toEqual([]);
    });

    it('two variants may swap SKUs in one update', async () => {
      const product = await create({
        name: `Sprite ${n++}`,
        unit: 'each',
        options: [{ name: 'Size', values: ['35cl', '50cl'] }],
        variants: [
          { sku: uniqueSku('SPA'), optionValues: ['35cl'], sellingPriceMinor: 20_000 },
          { sku: uniqueSku('SPB'), optionValues: ['50cl'], sellingPriceMinor: 30_000 },
        ],
      });
      const body = updateBody(product);
      const [skuA, skuB] = product.variants.map((v) => v.sku);
      body.variants[0]!.sku = skuB!;
      body.variants[1]!.sku = skuA!;
      const res = await call(updateProduct, { params: { productId: product.id }, body });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Product).variants.map((v) => [v.label, v.sku])).toEqual([
        ['35cl', skuB],
        ['50cl', skuA],
      ]);
    });

    it('a stale version is 409 VERSION_CONFLICT; another product’s SKU is 409 SKU_TAKEN; nothing changed', async () => {
      const product = await create(simple());
      const ok = await call(updateProduct, {
        params: { productId: product.id },
        body: updateBody(product, { name: 'Renamed once' }),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const stale = await call(updateProduct, {
        params: { productId: product.id },
        body: updateBody(product, { name: 'Renamed twice' }),
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: 2 });

      const otherProduct = await create(simple());
      const fresh = ok.json() as Product;
      const body = updateBody(fresh);
      body.variants[0]!.sku = otherProduct.variants[0]!.sku;
      const taken = await call(updateProduct, { params: { productId: product.id }, body });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'SKU_TAKEN', conflict: { productId: otherProduct.id } });
      const after = (await call(getProduct, { params: { productId: product.id } })).json() as Product;
      expect(after).toEqual(fresh);
    });

    it('400 for a variant of another product; 403 for IPOS_BASIC; 401 without a token', async () => {
      const product = await create(simple());
      const stranger = await create(simple());
      const body = updateBody(product);
      body.variants[0]!.id = stranger.variants[0]!.id;
      const res = await call(updateProduct, { params: { productId: product.id }, body });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['variants.0.id']);
      const forbidden = await call(updateProduct, {
        as: DEMO.cashier,
        params: { productId: product.id },
        body: updateBody(product),
      });
      expect(forbidden.statusCode).toBe(403);
      expect(
        (await call(updateProduct, { as: null, params: { productId: product.id }, body: updateBody(product) }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('archive / unarchive', () => {
    it('flips the flag (hidden from the default list), audited; a stale version is 409; 403 for IPOS_BASIC', async () => {
      const product = await create(simple());
      const forbidden = await call(archiveProduct, {
        as: DEMO.cashier,
        params: { productId: product.id },
        body: { version: 1 },
      });
      expect(forbidden.statusCode).toBe(403);
      const archived = await call(archiveProduct, { params: { productId: product.id }, body: { version: 1 } });
      expect(archived.statusCode, archived.body).toBe(200);
      expect(archived.json()).toMatchObject({ isArchived: true, version: 2 });
      const listed = (await call(listProducts, { query: { q: product.name } })).json();
      expect(listed.total).toBe(0);
      const withArchived = (await call(listProducts, { query: { q: product.name, archived: 'true' } })).json();
      expect(withArchived.items.map((p: { id: string }) => p.id)).toEqual([product.id]);
      // Not sellable while archived.
      expect((await call(findByBarcode, { params: { code: product.variants[0]!.barcodes[0]!.code } })).statusCode).toBe(
        404,
      );

      expect(
        (await call(unarchiveProduct, { params: { productId: product.id }, body: { version: 1 } })).statusCode,
      ).toBe(409);
      expect(
        (await call(unarchiveProduct, { as: DEMO.cashier, params: { productId: product.id }, body: { version: 2 } }))
          .statusCode,
      ).toBe(403);
      const restored = await call(unarchiveProduct, { params: { productId: product.id }, body: { version: 2 } });
      expect(restored.json()).toMatchObject({ isArchived: false, version: 3 });
      const actions = (await auditOf(product.id)).map((a) => a.action).sort();
      expect(actions).toEqual(['product.archived', 'product.created', 'product.unarchived']);
      expect(
        (await call(archiveProduct, { as: null, params: { productId: product.id }, body: { version: 3 } })).statusCode,
      ).toBe(401);
    });
  });

  describe('another tenant’s product', () => {
    it('answers 404 to every read and change, and changes nothing', async () => {
      const params = { productId: theirs.id };
      const mustNotReveal = ['Other Secret Soap', other.businessName];
      const as = { email: DEMO.manager };
      for (const endpoint of [getProduct, getProductImage, deleteProductImage])
        await expectCrossTenantNotFound(server, { endpoint, params, as, storeId: demo.lekkiId, mustNotReveal });
      await expectCrossTenantNotFound(server, {
        endpoint: findByBarcode,
        params: { code: theirs.variants[0]!.barcodes[0]!.code },
        as,
        storeId: demo.lekkiId,
        mustNotReveal,
      });
      await expectCrossTenantNotFound(server, {
        endpoint: updateProduct,
        params,
        body: updateBody(theirs, { name: 'Hijacked' }),
        as,
        storeId: demo.lekkiId,
        mustNotReveal,
      });
      for (const endpoint of [archiveProduct, unarchiveProduct])
        await expectCrossTenantNotFound(server, {
          endpoint,
          params,
          body: { version: 1 },
          as,
          storeId: demo.lekkiId,
          mustNotReveal,
        });
      await expectCrossTenantNotFound(server, {
        endpoint: putProductImage,
        params,
        body: PNG,
        headers: { 'content-type': 'image/png' },
        as,
        storeId: demo.lekkiId,
        mustNotReveal,
      });
      // And their search never lists Demo Mart's products (nor ours theirs).
      const ours = (await call(listProducts, { query: { q: 'secret soap' } })).json();
      expect(ours.total).toBe(0);
    });
  });
});
