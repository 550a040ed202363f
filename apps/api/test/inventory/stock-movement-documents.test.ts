import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  buildPath,
  createInvoice,
  createPurchaseOrder,
  createStockAdjustment,
  IDEMPOTENCY_HEADER,
  issueInvoice,
  listProductMovements,
  recallPurchaseOrder,
  receivePurchaseOrder,
  recordWaste,
  storeDay,
  type Endpoint,
  type Invoice,
  type PurchaseOrder,
  type Refund,
  type StockAdjustment,
  type StockMovement,
} from '@ipos/contracts';
import { contacts, wasteRecords } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { openTestSession, saleBody } from '../checkout/checkout-support.js';
import { refundBody, refunder, sellOk, voider } from '../transactions/transactions-support.js';

/**
 * Every movement of a product's history names its document and where it opens: its number, and the
 * page's kind and id (a refund opens its sale; a receipt or a vendor return its purchase order).
 */
describe('the documents of a product movement history', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    token = await server.tokenFor(DEMO.manager);
  });
  afterAll(() => server.close());

  const call = (endpoint: Endpoint, options: { body?: unknown; params?: Record<string, string>; query?: object }) =>
    server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, options.params),
      query: options.query as Record<string, string>,
      headers: {
        authorization: `Bearer ${token}`,
        'x-store-id': demo.lekkiId,
        ...(endpoint.idempotent ? { [IDEMPOTENCY_HEADER]: randomUUID() } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });

  const history = async (productId: string) => {
    const res = await call(listProductMovements, { params: { productId }, query: { pageSize: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: StockMovement[] }).items;
  };

  it('links sales, voids, refunds, purchase receipts, vendor returns, waste, invoices and adjustments to their documents', async () => {
    const db = server.deps.database.db;
    const party = async (kind: 'vendor' | 'customer') =>
      (
        await db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.businessId, demo.businessId), eq(contacts.kind, kind), isNull(contacts.archivedAt)))
          .limit(1)
      )[0]!.id;
    const product = await createTestProduct(server, {
      businessId: demo.businessId,
      unit: 'each',
      variants: [{ sellingPriceMinor: 1_000, costPriceMinor: 500 }],
    });
    const ok = async (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as unknown;
    };

    const created = (await ok(
      await call(createPurchaseOrder, {
        body: {
          vendorId: await party('vendor'),
          lines: [{ variantId: product.variantId, quantity: 10, unitCostMinor: 1000 }],
        },
      }),
    )) as PurchaseOrder;
    const orderParams = { orderId: created.id };
    await ok(
      await call(receivePurchaseOrder, {
        params: orderParams,
        body: { id: randomUUID(), lines: [{ lineNo: 1, quantity: 10 }] },
      }),
    );
    await ok(
      await call(recallPurchaseOrder, {
        params: orderParams,
        body: { id: randomUUID(), lines: [{ lineNo: 1, quantity: 1 }], reason: 'Short dated' },
      }),
    );
    await ok(
      await call(recordWaste, {
        body: { id: randomUUID(), variantId: product.variantId, quantity: 1, reason: 'damaged' },
      }),
    );
    const today = storeDay('Africa/Lagos');
    const draft = (await ok(
      await call(createInvoice, {
        body: {
          id: randomUUID(),
          customerId: await party('customer'),
          issueDate: today,
          dueDate: today,
          lines: [{ variantId: product.variantId, quantity: 2, unitPriceMinor: 2500 }],
        },
      }),
    )) as Invoice;
    const invoice = (await ok(
      await call(issueInvoice, { params: { invoiceId: draft.id }, body: { version: draft.version } }),
    )) as Invoice;
    const adjustment = (await ok(
      await call(createStockAdjustment, {
        body: { reasonCode: 'found', lines: [{ variantId: product.variantId, delta: 1 }] },
      }),
    )) as StockAdjustment;
    const session = await openTestSession(server, { businessId: demo.businessId, storeId: demo.lekkiId });
    const sale = await sellOk(
      server,
      token,
      demo.lekkiId,
      saleBody(session, [{ variantId: product.variantId, quantity: 2 }], 2_000),
    );
    const refundRes = await refunder(server)({
      token,
      storeId: demo.lekkiId,
      saleId: sale.id,
      body: refundBody(session, [{ lineNo: 1, quantity: 1 }]),
    });
    const refund = (await ok(refundRes)) as Refund;
    const voided = await sellOk(
      server,
      token,
      demo.lekkiId,
      saleBody(session, [{ variantId: product.variantId, quantity: 1 }], 1_000),
    );
    await ok(
      await voider(server)({ token, storeId: demo.lekkiId, saleId: voided.id, body: { reason: 'Wrong items' } }),
    );
    const [waste] = await db
      .select({ id: wasteRecords.id, number: wasteRecords.number })
      .from(wasteRecords)
      .where(and(eq(wasteRecords.businessId, demo.businessId), eq(wasteRecords.variantId, product.variantId)));

    const items = await history(product.id);
    const rows = items.map((m) => [m.reason, m.refNumber, m.documentKind, m.documentId]);
    const expected = [
      ['purchase_receipt', created.number, 'purchase_order', created.id],
      ['vendor_return', created.number, 'purchase_order', created.id],
      ['waste', waste!.number, 'waste', waste!.id],
      ['sale', invoice.number, 'invoice', invoice.id],
      ['adjustment', adjustment.number, 'stock_adjustment', adjustment.id],
      ['sale', sale.number, 'sale', sale.id],
      // A refund shows its own number and opens on its sale's page.
      ['refund', refund.number, 'sale', sale.id],
      ['sale', voided.number, 'sale', voided.id],
      ['void', voided.number, 'sale', voided.id],
    ];
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected));
    expect(created.number).toMatch(/^LEK-PO\d+$/);
    expect(invoice.number).toMatch(/^LEK-INV\d+$/);
    expect(waste!.number).toMatch(/^LEK-WST\d+$/);
    expect(sale.number).toMatch(/^LEK-S\d+$/);
    expect(refund.number).toMatch(/^LEK-RF\d+$/);
  });
});
