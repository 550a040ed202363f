import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  createProduct,
  createPurchaseOrder,
  createRestockOrders,
  commitProductImport,
  exportProducts,
  getProduct,
  getPurchaseOrder,
  IDEMPOTENCY_HEADER,
  listPurchaseOrderEvents,
  listReorderSuggestions,
  receivePurchaseOrder,
  updateProduct,
  previewProductImport,
  purchaseOrderPdf,
  type EntityEvent,
  type ImportReport,
  type Product,
  type PurchaseOrder,
  type ReorderSuggestion,
  type RestockOrders,
  type UpdateProductBody,
} from '@ipos/contracts';
import { purchaseOrders, stockLevels } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, type Tenant } from '../support/isolation.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import { createVendor } from './po-support.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * Preferred vendors (decision 0030) in a shop of its own: products name the vendor they are bought
 * from (a vendor of the same business only), "Add low-stock products" of an order lists only its
 * vendor's, a delivery from that vendor leaves the last cost, and the restock report's one step makes
 * one order per vendor.
 */
describe('preferred vendors', () => {
  let server: TestServer;
  let shop: Tenant;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let call: ReturnType<typeof caller>;
  let olam: { id: string; name: string };
  let breweries: { id: string; name: string };

  /** A tracked product of the shop with 2 on hand and a reorder level of 5 (so it is low). */
  const lowProduct = async (name: string, vendorId: string | null, code: string | null, cost = 400) => {
    const res = await call(createProduct, {
      storeId: shop.storeId,
      body: {
        name,
        unit: 'each',
        preferredVendorId: vendorId,
        variants: [
          {
            sku: `PV-${randomUUID().slice(0, 8)}`,
            costPriceMinor: cost,
            sellingPriceMinor: 900,
            openingStock: 2,
            vendorItemCode: code,
            storeSettings: [{ storeId: shop.storeId, sellingPriceMinor: null, reorderLevel: 5, reorderQuantity: null }],
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Product;
  };
  const suggestions = async (vendorId: string) => {
    const res = await call(listReorderSuggestions, { storeId: shop.storeId, query: { vendorId } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: ReorderSuggestion[] }).items;
  };
  /** An idempotent request as the shop's owner (the caller helper sends no Idempotency-Key). */
  const idempotent = async (method: string, url: string, body: unknown, key: string | null = randomUUID()) =>
    server.app.inject({
      method: method as 'POST',
      url,
      headers: {
        'x-store-id': shop.storeId,
        authorization: `Bearer ${await shop.token()}`,
        ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
      },
      payload: body as object,
    });
  const restockOrders = (body: unknown, key?: string | null) =>
    idempotent(createRestockOrders.method, createRestockOrders.path, body, key);
  const read = async (productId: string) =>
    (await call(getProduct, { storeId: shop.storeId, params: { productId } })).json() as Product;
  const ordersOfShop = () =>
    server.deps.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.businessId, shop.businessId));

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    shop = await registerTenant(server);
    call = caller(server, shop.email);
    olam = await createVendor(server, shop.businessId);
    breweries = await createVendor(server, shop.businessId);
  });
  afterEach(() => expectLedgerHolds(server, shop.businessId));
  afterAll(() => server.close());

  it('keeps the preferred vendor and its item code on the product, and refuses a vendor of another business', async () => {
    const rice = await lowProduct('Rice 50kg', olam.id, 'OLM-0042');
    expect(rice.preferredVendor).toEqual({ id: olam.id, name: olam.name });
    expect(rice.variants[0]).toMatchObject({ vendorItemCode: 'OLM-0042', lastCostMinor: null });

    // An update that does not mention them keeps both (the CSV import and older clients).
    const { preferredVendor: _vendor, variants, ...fields } = rice;
    const body: UpdateProductBody = {
      name: 'Rice 50kg bag',
      categoryId: fields.categoryId,
      unit: fields.unit,
      taxRateId: fields.taxRateId,
      isTracked: fields.isTracked,
      options: [],
      variants: [{ id: variants[0]!.id, sku: variants[0]!.sku, sellingPriceMinor: 950 }],
      version: rice.version,
    };
    const kept = await call(updateProduct, { storeId: shop.storeId, params: { productId: rice.id }, body });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      preferredVendor: { id: olam.id },
      variants: [{ vendorItemCode: 'OLM-0042' }],
    });

    // Another business's vendor, a customer and an archived vendor are refused on the field; nothing changes.
    const otherVendor = await createVendor(server, demo.businessId);
    const customer = await createVendor(server, shop.businessId, { kind: 'customer' });
    const archived = await createVendor(server, shop.businessId, { archived: true });
    for (const vendorId of [otherVendor.id, customer.id, archived.id]) {
      const res = await call(updateProduct, {
        storeId: shop.storeId,
        params: { productId: rice.id },
        body: { ...body, name: 'Rice 50kg bag', version: rice.version + 1, preferredVendorId: vendorId },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toEqual(['preferredVendorId']);
    }
    const refused = await call(createProduct, {
      storeId: shop.storeId,
      body: {
        name: 'Foreign vendor',
        unit: 'each',
        preferredVendorId: otherVendor.id,
        variants: [{ sku: `PV-${randomUUID().slice(0, 8)}`, sellingPriceMinor: 100 }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual(['preferredVendorId']);
    expect((await read(rice.id)).preferredVendor?.id).toBe(olam.id);
  });

  it("adds to an order only the low-stock products whose preferred vendor is the order's vendor", async () => {
    const rice = await lowProduct('Long grain rice', olam.id, 'OLM-1001');
    const beer = await lowProduct('Lager 60cl', breweries.id, null);
    const salt = await lowProduct('Sea salt', null, null);

    const fromOlam = await suggestions(olam.id);
    expect(fromOlam.map((s) => s.variantId)).toContain(rice.variants[0]!.id);
    expect(fromOlam.map((s) => s.variantId)).not.toContain(beer.variants[0]!.id);
    expect(fromOlam.map((s) => s.variantId)).not.toContain(salt.variants[0]!.id);
    expect(fromOlam.find((s) => s.variantId === rice.variants[0]!.id)).toMatchObject({
      vendorItemCode: 'OLM-1001',
      onHand: 2,
      suggestedQuantity: 3,
      unitCostMinor: 400,
    });
    const fromBreweries = await suggestions(breweries.id);
    expect(fromBreweries.map((s) => s.variantId)).toEqual([beer.variants[0]!.id]);

    // The vendor is required, and must be the business's own.
    const missing = await call(listReorderSuggestions, { storeId: shop.storeId });
    expect(missing.statusCode).toBe(400);
    const otherVendor = await createVendor(server, demo.businessId);
    const foreign = await call(listReorderSuggestions, { storeId: shop.storeId, query: { vendorId: otherVendor.id } });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['vendorId']);
    // And the other business's own products never show up for it either.
    const demoSide = await caller(server, DEMO.manager)(listReorderSuggestions, {
      storeId: demo.lekkiId,
      query: { vendorId: olam.id },
    });
    expect(demoSide.statusCode).toBe(400);
  });

  it('a delivery from the preferred vendor leaves the last cost, another vendor’s does not; the order shows the vendor’s codes', async () => {
    const rice = await lowProduct('Basmati rice', olam.id, 'OLM-2002', 500);
    const beer = await lowProduct('Stout 60cl', breweries.id, 'NB-77', 300);
    const created = await call(createPurchaseOrder, {
      storeId: shop.storeId,
      body: {
        vendorId: olam.id,
        lines: [
          { variantId: rice.variants[0]!.id, quantity: 4, unitCostMinor: 520 },
          { variantId: beer.variants[0]!.id, quantity: 2, unitCostMinor: 310 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json() as PurchaseOrder;
    // Only the order's vendor's code is printed: the stout's code is the brewery's.
    expect(order.lines.map((l) => l.vendorItemCode)).toEqual(['OLM-2002', null]);
    const pdf = await call(purchaseOrderPdf, { storeId: shop.storeId, params: { orderId: order.id } });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Vendor code');
    expect(text).toContain('OLM-2002');
    expect(text).not.toContain('NB-77');

    const received = await idempotent(receivePurchaseOrder.method, `/api/v1/purchase-orders/${order.id}/receipts`, {
      id: randomUUID(),
      lines: [
        { lineNo: 1, quantity: 4, unitCostMinor: 540 },
        { lineNo: 2, quantity: 2 },
      ],
    });
    expect(received.statusCode, received.body).toBe(201);
    expect((await read(rice.id)).variants[0]!.lastCostMinor).toBe(540);
    expect((await read(beer.id)).variants[0]!.lastCostMinor).toBeNull();

    // The next order is priced at the vendor's last price, not the moving average (raise the level: 6 on hand is low at 10).
    await server.deps.database.db
      .update(stockLevels)
      .set({ reorderLevel: '10' })
      .where(and(eq(stockLevels.businessId, shop.businessId), eq(stockLevels.variantId, rice.variants[0]!.id)));
    expect((await suggestions(olam.id)).find((s) => s.variantId === rice.variants[0]!.id)).toMatchObject({
      suggestedQuantity: 4,
      unitCostMinor: 540,
    });
    await server.deps.database.db
      .update(stockLevels)
      .set({ reorderLevel: '5' })
      .where(and(eq(stockLevels.businessId, shop.businessId), eq(stockLevels.variantId, rice.variants[0]!.id)));

    // A new preferred vendor forgets the old one's last cost.
    const current = await read(rice.id);
    const moved = await call(updateProduct, {
      storeId: shop.storeId,
      params: { productId: rice.id },
      body: {
        name: current.name,
        unit: current.unit,
        preferredVendorId: breweries.id,
        variants: [{ id: current.variants[0]!.id, sku: current.variants[0]!.sku, sellingPriceMinor: 900 }],
        version: current.version,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Product).variants[0]!.lastCostMinor).toBeNull();
  });

  it('creates one order per preferred vendor in one idempotent, audited step; products without one are listed, not ordered', async () => {
    const result = await restockOrders({});
    expect(result.statusCode, result.body).toBe(201);
    const answer = result.json() as RestockOrders;
    const byVendor = new Map(answer.orders.map((o) => [o.vendor.id, o]));
    expect([...byVendor.keys()].sort()).toEqual([olam.id, breweries.id].sort());
    expect(answer.orders.every((o) => o.status === 0 && /^[A-Z0-9]+-PO\d{6}$/.test(o.number))).toBe(true);

    // Each order holds only its vendor's products, at the suggested quantities.
    const lekki = { storeId: shop.storeId };
    for (const summary of answer.orders) {
      const order = (
        await call(getPurchaseOrder, { ...lekki, params: { orderId: summary.id } })
      ).json() as PurchaseOrder;
      for (const line of order.lines) {
        const product = await read(line.productId);
        expect(product.preferredVendor?.id).toBe(summary.vendor.id);
        expect(line.quantityOrdered).toBeGreaterThan(0);
      }
      const events = (await call(listPurchaseOrderEvents, { ...lekki, params: { orderId: summary.id } })).json() as {
        items: EntityEvent[];
      };
      expect(events.items.map((e) => e.action)).toEqual(['purchase_order.created']);
    }
    expect(answer.withoutVendor.map((s) => s.name)).toEqual(['Sea salt']);

    // What is now on order covers the need: nothing left to order from a vendor.
    expect(await suggestions(olam.id)).toEqual([]);
    const again = await restockOrders({});
    expect(again.statusCode).toBe(201);
    expect((again.json() as RestockOrders).orders).toEqual([]);
  });

  it('replays the same Idempotency-Key without ordering twice, and refuses a foreign vendor with nothing written', async () => {
    const gin = await lowProduct('Dry gin', breweries.id, null);
    const key = randomUUID();
    const before = (await ordersOfShop()).length;
    const first = await restockOrders({ vendorIds: [breweries.id] }, key);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await restockOrders({ vendorIds: [breweries.id] }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    const orders = (first.json() as RestockOrders).orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ vendor: { id: breweries.id }, lineCount: 1 });
    expect((await ordersOfShop()).length).toBe(before + 1);
    const order = (
      await call(getPurchaseOrder, { storeId: shop.storeId, params: { orderId: orders[0]!.id } })
    ).json() as PurchaseOrder;
    expect(order.lines.map((l) => l.variantId)).toEqual([gin.variants[0]!.id]);

    expect((await restockOrders({ vendorIds: [breweries.id] }, null)).statusCode).toBe(400);
    await lowProduct('Tonic water', olam.id, null);
    const otherVendor = await createVendor(server, demo.businessId);
    const foreign = await restockOrders({ vendorIds: [olam.id, otherVendor.id] });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['vendorIds.1']);
    expect((await ordersOfShop()).length).toBe(before + 1);
    expect(
      await server.deps.database.db
        .select()
        .from(purchaseOrders)
        .where(and(eq(purchaseOrders.businessId, shop.businessId), eq(purchaseOrders.vendorId, otherVendor.id))),
    ).toEqual([]);
  });

  it('the demo buys each category from a vendor (spices from none), with the vendor’s item codes', async () => {
    const rows = (
      (await server.deps.database.db.execute(sql`
        select c.name as category, count(*)::int as products, count(p.preferred_vendor_id)::int as with_vendor,
               count(v.vendor_item_code)::int as with_code
          from products p
          join categories c on c.business_id = p.business_id and c.id = p.category_id
          join product_variants v on v.business_id = p.business_id and v.product_id = p.id
         where p.business_id = ${demo.businessId}
         group by c.name`)) as unknown as {
        rows: { category: string; products: number; with_vendor: number; with_code: number }[];
      }
    ).rows;
    const byCategory = new Map(rows.map((r) => [r.category, r]));
    expect(byCategory.get('Spices & Seasoning')).toMatchObject({ with_vendor: 0, with_code: 0 });
    const soft = byCategory.get('Soft Drinks')!;
    expect(soft.with_vendor).toBe(soft.products);
    expect(soft.with_code).toBe(soft.products);
  });

  it('exports and imports the preferred vendor (by name) and the vendor item code; an unknown or foreign vendor is a row error', async () => {
    const sku = `CSV-${randomUUID().slice(0, 8)}`.toUpperCase();
    const csv = async (endpoint: typeof previewProductImport | typeof commitProductImport, text: string) =>
      server.app.inject({
        method: endpoint.method,
        url: endpoint.path,
        headers: {
          'x-store-id': shop.storeId,
          authorization: `Bearer ${await shop.token()}`,
          'content-type': 'text/csv',
        },
        payload: Buffer.from(text),
      });
    const header = 'sku,name,selling_price,preferred_vendor,vendor_item_code';
    const committed = await csv(
      commitProductImport,
      `${header}\n${sku},Palm oil 5L,4500,${olam.name.toUpperCase()},OLM-77\n`,
    );
    expect(committed.statusCode, committed.body).toBe(200);
    const exported = await call(exportProducts, { storeId: shop.storeId });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    const columns = lines[0]!.split(',');
    expect(columns.slice(-2)).toEqual(['preferred_vendor', 'vendor_item_code']);
    const row = lines.find((l) => l.startsWith(`${sku},`) || l.includes(`,${sku},`))!;
    expect(row.endsWith(`,${olam.name},OLM-77`)).toBe(true);

    // A file without the columns keeps them.
    expect((await csv(commitProductImport, `sku,name,selling_price\n${sku},Palm oil 5L,4600\n`)).statusCode).toBe(200);
    const productRows = (
      (await server.deps.database.db.execute(sql`
        select p.preferred_vendor_id as vendor, v.vendor_item_code as code from product_variants v
          join products p on p.business_id = v.business_id and p.id = v.product_id
         where v.business_id = ${shop.businessId} and v.sku = ${sku}`)) as unknown as {
        rows: { vendor: string | null; code: string | null }[];
      }
    ).rows;
    expect(productRows).toEqual([{ vendor: olam.id, code: 'OLM-77' }]);

    const otherVendor = await createVendor(server, demo.businessId);
    for (const name of ['Nobody Ltd', otherVendor.name]) {
      const preview = await csv(previewProductImport, `${header}\n${sku},Palm oil 5L,4500,${name},\n`);
      expect(preview.statusCode).toBe(200);
      const rows = (preview.json() as ImportReport).rows;
      expect(rows[0]).toMatchObject({ action: 'error', errors: [{ field: 'preferred_vendor' }] });
    }
  });
});
