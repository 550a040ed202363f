import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  commitProductImport,
  createProduct,
  parseThousandths,
  updateProduct,
  type CreateProductBody,
  type ImportReport,
  type Product,
} from '@ipos/contracts';
import { auditEvents, businessCounters, productVariants, stockLevels } from '../../src/db/schema.js';
import { generatedSku, skuPrefixOf } from '../../src/features/catalog/generated-skus.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant } from '../support/isolation.js';
import { caller, uniqueSku, type DemoIds } from './products-fixtures.js';

describe('generated SKU prefix', () => {
  it('takes the initials of the business name, letters and digits only, accents dropped', () => {
    expect(skuPrefixOf('Demo Mart')).toBe('DM');
    expect(skuPrefixOf('Mama Put Foods & Drinks')).toBe('MPFD');
    expect(skuPrefixOf('Ọjà Élé 24/7 Stores Ltd')).toBe('OE27');
    expect(skuPrefixOf('Shoprite')).toBe('SHO');
    expect(skuPrefixOf('Q')).toBe('SKU');
    expect(skuPrefixOf('  ')).toBe('SKU');
    expect(generatedSku('DM', 42)).toBe('DM-000042');
  });
});

/**
 * A variant saved without a SKU gets the business's prefix and its next number (decision 0031), on
 * create, on update and through the CSV import; numbers taken by SKUs people typed are skipped, and
 * concurrent saves never draw the same one.
 */
describe('generated SKUs /api/v1/products', () => {
  let server: TestServer;
  let demo: DemoIds;
  let call: ReturnType<typeof caller>;
  let n = 0;

  const body = (skus: (string | undefined)[]): CreateProductBody => {
    n += 1;
    const sized = skus.length > 1;
    return {
      name: `Zobo Drink ${n}`,
      unit: 'each',
      options: sized ? [{ name: 'Size', values: skus.map((_, i) => `${i + 1}L`) }] : [],
      variants: skus.map((sku, i) => ({
        ...(sku === undefined ? {} : { sku }),
        optionValues: sized ? [`${i + 1}L`] : [],
        sellingPriceMinor: 60_000,
      })),
    };
  };
  const create = async (skus: (string | undefined)[]) => {
    const res = await call(createProduct, { body: body(skus) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Product;
  };
  const lastNumber = async () => {
    const [row] = await server.deps.database.db
      .select({ last: businessCounters.lastValue })
      .from(businessCounters)
      .where(and(eq(businessCounters.businessId, demo.businessId), eq(businessCounters.kind, 'sku')));
    return row?.last ?? 0;
  };
  const numberOf = (sku: string) => Number(/^DM-(\d{6})$/.exec(sku)?.[1] ?? NaN);

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, () => demo);
  });
  afterAll(() => server.close());

  it('gives a product created without a SKU the next DM-number, blank or absent, and audits it', async () => {
    const first = await create(['']);
    const second = await create([undefined]);
    const third = await create(['   ']);
    const skus = [first, second, third].map((p) => p.variants[0]!.sku);
    for (const sku of skus) expect(sku).toMatch(/^DM-\d{6}$/);
    expect(skus.map(numberOf)).toEqual([numberOf(skus[0]!), numberOf(skus[0]!) + 1, numberOf(skus[0]!) + 2]);
    const [created] = await server.deps.database.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, first.id), eq(auditEvents.action, 'product.created')));
    expect((created!.after as { variants: { sku: string }[] }).variants[0]!.sku).toBe(skus[0]);
  });

  it('gives each blank variant its own SKU and keeps the typed ones', async () => {
    const typed = uniqueSku('ZOBO');
    const product = await create(['', typed, '']);
    const [a, b, c] = product.variants.map((v) => v.sku);
    expect(b).toBe(typed);
    expect(numberOf(a!)).toBeGreaterThan(0);
    expect(numberOf(c!)).toBe(numberOf(a!) + 1);
  });

  it('skips numbers whose SKU someone typed, in any case, in the business or in the same product', async () => {
    const next = (await lastNumber()) + 1;
    await create([generatedSku('dm', next)]);
    const skipped = await create(['']);
    expect(skipped.variants[0]!.sku).toBe(generatedSku('DM', next + 1));
    const after = (await lastNumber()) + 1;
    const mixed = await create([generatedSku('DM', after), '']);
    expect(mixed.variants.map((v) => v.sku)).toEqual([generatedSku('DM', after), generatedSku('DM', after + 1)]);
  });

  it('never gives two products saved at once the same SKU', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(createProduct, { body: body(['']), requestId: `gen-sku-${i}` })),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const skus = results.map((res) => (res.json() as Product).variants[0]!.sku);
    expect(new Set(skus).size).toBe(12);
  });

  it('generates one for a variant added or cleared on update', async () => {
    const product = await create([uniqueSku('ZOBO')]);
    const res = await call(updateProduct, {
      params: { productId: product.id },
      body: {
        name: product.name,
        unit: product.unit,
        options: [{ name: 'Size', values: ['Small', 'Large'] }],
        version: product.version,
        variants: [
          { id: product.variants[0]!.id, sku: '', optionValues: ['Small'], sellingPriceMinor: 60_000 },
          { sku: '', optionValues: ['Large'], sellingPriceMinor: 90_000 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const skus = (res.json() as Product).variants.filter((v) => !v.isArchived).map((v) => v.sku);
    expect(skus).toHaveLength(2);
    for (const sku of skus) expect(sku).toMatch(/^DM-\d{6}$/);
    expect(numberOf(skus[1]!)).toBe(numberOf(skus[0]!) + 1);
  });

  it('gives CSV rows without a SKU theirs: created, stocked and named in the report', async () => {
    const csv = [
      'handle,name,sku,unit,option1_name,option1_value,selling_price,on_hand',
      ',Kunu Drink 50cl,,each,,,450,12',
      'chin,Chin Chin Pack,,each,Size,Small,300,5',
      'chin,Chin Chin Pack,,each,Size,Big,700,3',
    ].join('\n');
    const res = await server.app.inject({
      method: 'POST',
      url: commitProductImport.path,
      headers: {
        authorization: `Bearer ${await server.tokenFor(DEMO.manager)}`,
        'x-store-id': demo.lekkiId,
        'content-type': 'text/csv',
      },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as ImportReport;
    expect(report.summary).toMatchObject({ create: 3, errors: 0 });
    const skus = report.rows.map((r) => r.sku);
    for (const sku of skus) expect(sku).toMatch(/^DM-\d{6}$/);
    expect(new Set(skus).size).toBe(3);
    // The stock step found each new variant by its generated SKU.
    const levels = await server.deps.database.db
      .select({ sku: productVariants.sku, onHand: stockLevels.onHand })
      .from(stockLevels)
      .innerJoin(
        productVariants,
        and(eq(productVariants.businessId, stockLevels.businessId), eq(productVariants.id, stockLevels.variantId)),
      )
      .where(
        and(
          eq(stockLevels.businessId, demo.businessId),
          eq(stockLevels.storeId, demo.lekkiId),
          inArray(productVariants.sku, skus),
        ),
      );
    expect(new Map(levels.map((l) => [l.sku, parseThousandths(l.onHand) / 1000]))).toEqual(
      new Map([
        [skus[0], 12],
        [skus[1], 5],
        [skus[2], 3],
      ]),
    );
    // The generated SKU is the product's own now: typing it again is a clash.
    const again = await call(createProduct, { body: body([skus[0]!]) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SKU_TAKEN' });
  });

  it('numbers each business on its own, with its own prefix', async () => {
    const other = await registerTenant(server, { businessName: 'Kilimani Fresh Market' });
    const res = await server.app.inject({
      method: 'POST',
      url: createProduct.path,
      headers: {
        authorization: `Bearer ${await other.token()}`,
        'x-store-id': other.storeId,
        'content-type': 'application/json',
      },
      payload: body(['']),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Product).variants[0]!.sku).toBe('KFM-000001');
  });
});
