import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  addDays,
  storeDay,
  getPurchaseOrder,
  listPurchaseOrderEvents,
  listPurchaseOrders,
  purchaseOrderPdf,
  recallPurchaseOrder,
  receivePurchaseOrder,
  sendPurchaseOrder,
  createPurchaseOrder,
  type EntityEvent,
  type PurchaseOrder,
  type PurchaseOrderListItem,
  type PurchaseOrderSummary,
  type ReorderSuggestion,
  type RestockReport,
} from '@ipos/contracts';
import { auditEvents, contacts, products, purchaseOrderReceipts, stockLevels } from '../../src/db/schema.js';
import { moveStock } from '../../src/features/inventory/stock-ledger.js';
import { movingAverageCost } from '../../src/features/purchase-orders/purchase-orders.service.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, snapshotDatabase } from '../support/isolation.js';
import { createTestProduct, onHand, setAllowNegativeStock } from '../support/catalog.js';
import { latestMailTo } from '../support/mail.js';
import { expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import { imagesIn, withBusinessLogo } from '../support/images.js';
import { expectHostileNamePrinted, HOSTILE_NAME } from '../support/pdf-text.js';
import { costOf, createVendor, movementsOf, orderActions, po } from './po-support.js';

describe('purchase orders API', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let vendor: Awaited<ReturnType<typeof createVendor>>;
  let act: ReturnType<typeof orderActions>;

  const product = (
    opts: { stock?: number; ikeja?: number; cost?: number; unit?: 'each' | 'kg'; isTracked?: boolean } = {},
  ) =>
    createTestProduct(server, {
      businessId: demo.businessId,
      unit: opts.unit ?? 'each',
      isTracked: opts.isTracked ?? true,
      variants: [
        {
          costPriceMinor: opts.cost ?? 500,
          sellingPriceMinor: 900,
          stock: { [demo.lekkiId]: opts.stock ?? 0, ...(opts.ikeja ? { [demo.ikejaId]: opts.ikeja } : {}) },
        },
      ],
    });
  const call = (
    endpoint: Parameters<typeof po>[3],
    options: Parameters<typeof po>[4] = {},
    as: string = DEMO.manager,
  ) => po(server, as, demo.lekkiId, endpoint, options);
  const read = async (orderId: string) =>
    (await call(getPurchaseOrder, { params: { orderId } })).json() as PurchaseOrder;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    vendor = await createVendor(server, demo.businessId);
    act = orderActions(server, DEMO.manager, demo.lekkiId);
  });
  afterEach(() => expectLedgerHolds(server, demo.businessId));
  afterAll(() => server.close());

  // ---------------------------------------------------------------- create, read, list

  it('creates an OPEN order numbered LEK-PO…, with lines, units and the ordered total kept; audited', async () => {
    const a = await product();
    const b = await product({ unit: 'kg' });
    const order = await act.create(vendor.id, [
      { variantId: a.variantId, quantity: 12, unitCostMinor: 450 },
      { variantId: b.variantId, quantity: 2.345, unitCostMinor: 1_001 },
    ]);
    expect(order).toMatchObject({
      number: expect.stringMatching(/^LEK-PO\d{6}$/),
      status: 0,
      vendor: { id: vendor.id, name: vendor.name, email: vendor.email },
      storeId: demo.lekkiId,
      lineCount: 2,
      // 12 × 450 + round(2.345 × 1001 = 2347.345) = 5400 + 2347
      orderedMinor: 7_747,
      receivedMinor: 0,
      returnedMinor: 0,
      version: 1,
      lines: [
        {
          lineNo: 1,
          variantId: a.variantId,
          unit: 'each',
          quantityOrdered: 12,
          quantityReceived: 0,
          orderedMinor: 5_400,
        },
        { lineNo: 2, variantId: b.variantId, unit: 'kg', quantityOrdered: 2.345, orderedMinor: 2_347 },
      ],
      createdBy: { name: expect.any(String) },
    });
    const events = (await call(listPurchaseOrderEvents, { params: { orderId: order.id } })).json() as {
      items: EntityEvent[];
    };
    expect(events.items.map((e) => e.action)).toEqual(['purchase_order.created']);
    expect(events.items[0]!.after).toMatchObject({ number: order.number, orderedMinor: 7_747 });
  });

  it('refuses a vendor that is not a live vendor of the business, unknown variants and fractions of whole units (400 on the field)', async () => {
    const a = await product();
    const customer = await createVendor(server, demo.businessId, { kind: 'customer' });
    const archived = await createVendor(server, demo.businessId, { archived: true });
    const line = { variantId: a.variantId, quantity: 1, unitCostMinor: 100 };
    for (const vendorId of [customer.id, archived.id, randomUUID()]) {
      const res = await call(createPurchaseOrder, { body: { vendorId, lines: [line] } });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['vendorId']);
    }
    const bad = await call(createPurchaseOrder, {
      body: {
        vendorId: vendor.id,
        lines: [
          { variantId: randomUUID(), quantity: 1, unitCostMinor: 1 },
          { ...line, quantity: 1.5 },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['lines.0.variantId', 'lines.1.quantity']);
    const repeated = await call(createPurchaseOrder, { body: { vendorId: vendor.id, lines: [line, line] } });
    expect(repeated.statusCode).toBe(400);
    expect(fieldsOf(repeated)).toContain('lines.1.variantId');
  });

  it('lists the store’s orders newest first with amounts, filtered by status, vendor and number', async () => {
    const other = await createVendor(server, demo.businessId);
    const a = await product();
    const first = await act.create(other.id, [{ variantId: a.variantId, quantity: 10, unitCostMinor: 300 }]);
    const second = await act.create(other.id, [{ variantId: a.variantId, quantity: 4, unitCostMinor: 250 }]);
    await act.receive(first.id, [{ lineNo: 1, quantity: 10, unitCostMinor: 310 }]);
    await act.recall(first.id, [{ lineNo: 1, quantity: 2 }]);
    const page = (await call(listPurchaseOrders, { query: { vendorId: other.id } })).json() as {
      items: PurchaseOrderSummary[];
      total: number;
    };
    expect(page.total).toBe(2);
    expect(page.items.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(page.items[1]).toMatchObject({ status: 4, orderedMinor: 3_000, receivedMinor: 3_100, returnedMinor: 600 });
    const open = (await call(listPurchaseOrders, { query: { vendorId: other.id, status: '0' } })).json() as {
      items: PurchaseOrderSummary[];
    };
    expect(open.items.map((o) => o.id)).toEqual([second.id]);
    const byNumber = (await call(listPurchaseOrders, { query: { number: second.number.slice(-3) } })).json() as {
      items: PurchaseOrderSummary[];
    };
    expect(byNumber.items.map((o) => o.number)).toContain(second.number);
    // Created today on the store's clock: in a range ending today, not in one starting tomorrow.
    const today = storeDay('Africa/Lagos');
    const inRange = (
      await call(listPurchaseOrders, { query: { vendorId: other.id, from: addDays(today, -1), to: today } })
    ).json() as {
      total: number;
    };
    expect(inRange.total).toBe(2);
    const later = (
      await call(listPurchaseOrders, { query: { vendorId: other.id, from: addDays(today, 1) } })
    ).json() as {
      total: number;
    };
    expect(later.total).toBe(0);
    const backwards = await call(listPurchaseOrders, { query: { from: today, to: addDays(today, -1) } });
    expect(backwards.statusCode).toBe(400);
    expect(fieldsOf(backwards)).toEqual(['querystring.to']);
    // Ikeja sees none of Lekki's orders.
    const ikeja = await po(server, DEMO.owner, demo.ikejaId, listPurchaseOrders, { query: { vendorId: other.id } });
    expect((ikeja.json() as { total: number }).total).toBe(0);
  });

  it('lists each order with the units ordered and received across its lines, to 3 decimals', async () => {
    const other = await createVendor(server, demo.businessId);
    const milk = await product();
    const rice = await product({ unit: 'kg' });
    const order = await act.create(other.id, [
      { variantId: milk.variantId, quantity: 10, unitCostMinor: 300 },
      { variantId: rice.variantId, quantity: 2.5, unitCostMinor: 1_200 },
    ]);
    await act.receive(order.id, [
      { lineNo: 1, quantity: 4 },
      { lineNo: 2, quantity: 1.125 },
    ]);
    const page = (await call(listPurchaseOrders, { query: { vendorId: other.id } })).json() as {
      items: PurchaseOrderListItem[];
    };
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ status: 0, quantityOrdered: 12.5, quantityReceived: 5.125 });
  });

  // ---------------------------------------------------------------- receive

  it('receives in parts: purchase_receipt movements, OPEN then CLOSED; untracked goods are received without a movement', async () => {
    const a = await product({ stock: 5 });
    const service = await product({ isTracked: false });
    const order = await act.create(vendor.id, [
      { variantId: a.variantId, quantity: 10, unitCostMinor: 500 },
      { variantId: service.variantId, quantity: 1, unitCostMinor: 2_000 },
    ]);
    const part = await act.receive(order.id, [{ lineNo: 1, quantity: 4 }]);
    expect(part).toMatchObject({ status: 0, version: 2, lines: [{ quantityReceived: 4 }, { quantityReceived: 0 }] });
    expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(9);
    const done = await act.receive(order.id, [
      { lineNo: 1, quantity: 6 },
      { lineNo: 2, quantity: 1 },
    ]);
    expect(done).toMatchObject({
      status: 2,
      closeReason: null,
      closedAt: expect.any(String),
      lines: [{ quantityReceived: 10 }, { quantityReceived: 1 }],
      receivedMinor: 7_000,
    });
    expect(done.receipts).toHaveLength(2);
    expect(done.receipts[1]).toMatchObject({ valueMinor: 5_000, by: { name: expect.any(String) } });
    expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(15);
    const moves = await movementsOf(server, demo.businessId, order.id);
    expect(moves.map((m) => [m.reason, m.variantId, Number(m.delta)])).toEqual([
      ['purchase_receipt', a.variantId, 4],
      ['purchase_receipt', a.variantId, 6],
    ]);
    const events = (await call(listPurchaseOrderEvents, { params: { orderId: order.id } })).json() as {
      items: EntityEvent[];
    };
    expect(events.items.map((e) => e.action)).toEqual([
      'purchase_order.created',
      'purchase_order.received',
      'purchase_order.received',
    ]);
    expect(events.items[2]!.after).toMatchObject({
      status: 2,
      lines: [
        { lineNo: 1, quantity: 6 },
        { lineNo: 2, quantity: 1 },
      ],
    });
  });

  it('refuses to receive more than ordered − received: 409 RECEIVE_EXCEEDS_ORDER naming every line over, nothing written', async () => {
    const a = await product();
    const b = await product();
    const order = await act.create(vendor.id, [
      { variantId: a.variantId, quantity: 5, unitCostMinor: 100 },
      { variantId: b.variantId, quantity: 5, unitCostMinor: 100 },
    ]);
    await act.receive(order.id, [{ lineNo: 1, quantity: 3 }]);
    const before = await snapshotDatabase(server);
    const res = await call(receivePurchaseOrder, {
      params: { orderId: order.id },
      body: {
        id: randomUUID(),
        lines: [
          { lineNo: 1, quantity: 3 },
          { lineNo: 2, quantity: 6 },
        ],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'RECEIVE_EXCEEDS_ORDER',
      lines: [
        { lineNo: 1, requested: 3, open: 2 },
        { lineNo: 2, requested: 6, open: 5 },
      ],
    });
    expect(fieldsOf(res)).toEqual(['lines.0.quantity', 'lines.1.quantity']);
    expect(await snapshotDatabase(server)).toEqual(before);
    const unknown = await call(receivePurchaseOrder, {
      params: { orderId: order.id },
      body: { id: randomUUID(), lines: [{ lineNo: 9, quantity: 1 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['lines.0.lineNo']);
  });

  it('moves the cost to the exact moving average over every store’s stock, half away from zero', async () => {
    expect(movingAverageCost(1000, 100, 1000, 101)).toBe(101); // 100.5 → 101
    expect(movingAverageCost(3000, 100, 1000, 101)).toBe(100); // 100.25
    expect(movingAverageCost(0, 100, 1000, 90)).toBe(90);
    expect(movingAverageCost(-4000, 100, 1000, 90)).toBe(90);
    // Beyond 2^53 in the products: exact in BigInt.
    expect(movingAverageCost(9_999_999_999_000, 99_999_999_999, 1, 0)).toBe(99_999_999_999);

    // 3 in Lekki + 2 in Ikeja at 100, 2 arrive at 107: (5 × 100 + 2 × 107) / 7 = 102.
    const a = await product({ stock: 3, ikeja: 2, cost: 100 });
    const o1 = await act.create(vendor.id, [{ variantId: a.variantId, quantity: 2, unitCostMinor: 107 }]);
    await act.receive(o1.id, [{ lineNo: 1, quantity: 2 }]);
    expect(await costOf(server, demo.businessId, a.variantId)).toBe(102);

    // Fractions: 1.5 kg at 333, 0.25 kg arrive at 1000: (1500 × 333 + 250 × 1000) / 1750 = 428.29 → 428.
    const kg = await product({ stock: 1.5, cost: 333, unit: 'kg' });
    const o2 = await act.create(vendor.id, [{ variantId: kg.variantId, quantity: 0.25, unitCostMinor: 1_000 }]);
    await act.receive(o2.id, [{ lineNo: 1, quantity: 0.25 }]);
    expect(await costOf(server, demo.businessId, kg.variantId)).toBe(428);

    // A receipt cost other than the order's: 1 at 100 on hand, 1 arrives charged 101 → 100.5 → 101.
    const half = await product({ stock: 1, cost: 100 });
    const o3 = await act.create(vendor.id, [{ variantId: half.variantId, quantity: 1, unitCostMinor: 100 }]);
    const received = await act.receive(o3.id, [{ lineNo: 1, quantity: 1, unitCostMinor: 101 }]);
    expect(received.receipts[0]!.lines[0]!.unitCostMinor).toBe(101);
    expect(await costOf(server, demo.businessId, half.variantId)).toBe(101);

    // On hand below zero counts as nothing: the receipt's cost.
    const short = await product({ cost: 500 });
    await moveStock(
      server.deps.database.db,
      { accountId: null, requestId: 'test', ip: '127.0.0.1' },
      { businessId: demo.businessId, storeId: demo.lekkiId },
      [
        {
          productId: short.id,
          variantId: short.variantId,
          deltaThousandths: -3000,
          reason: 'adjustment',
          isTracked: true,
        },
      ],
      { allowNegative: true },
    );
    const o4 = await act.create(vendor.id, [{ variantId: short.variantId, quantity: 5, unitCostMinor: 900 }]);
    await act.receive(o4.id, [{ lineNo: 1, quantity: 5 }]);
    expect(await costOf(server, demo.businessId, short.variantId)).toBe(900);
    expect(await onHand(server, demo.businessId, demo.lekkiId, short.variantId)).toBe(2);
  });

  it('answers a retried receipt (same key) from the first: one receipt, one set of movements, identical bodies', async () => {
    const a = await product();
    const order = await act.create(vendor.id, [{ variantId: a.variantId, quantity: 10, unitCostMinor: 100 }]);
    const key = randomUUID();
    const body = { id: randomUUID(), lines: [{ lineNo: 1, quantity: 4 }] };
    const first = await call(receivePurchaseOrder, { params: { orderId: order.id }, body, key });
    const again = await call(receivePurchaseOrder, { params: { orderId: order.id }, body, key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await movementsOf(server, demo.businessId, order.id)).toHaveLength(1);
    const receipts = await server.deps.database.db
      .select()
      .from(purchaseOrderReceipts)
      .where(and(eq(purchaseOrderReceipts.businessId, demo.businessId), eq(purchaseOrderReceipts.orderId, order.id)));
    expect(receipts).toHaveLength(1);
    // The same receipt id under a new key is refused, not received twice.
    const dup = await call(receivePurchaseOrder, { params: { orderId: order.id }, body });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'PO_RECEIPT_EXISTS' });
    expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(4);
  });

  it('lets exactly one of 20 concurrent receipts of the last remaining quantity through', async () => {
    const a = await product();
    const order = await act.create(vendor.id, [{ variantId: a.variantId, quantity: 10, unitCostMinor: 100 }]);
    await act.receive(order.id, [{ lineNo: 1, quantity: 7 }]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(receivePurchaseOrder, {
          params: { orderId: order.id },
          body: { id: randomUUID(), lines: [{ lineNo: 1, quantity: 3 }] },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.statusCode).toBe(409);
    expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(10);
    expect(await movementsOf(server, demo.businessId, order.id)).toHaveLength(2);
    expect((await read(order.id)).status).toBe(2);
  });

  // ---------------------------------------------------------------- recall

  it('recalls in part then in full: vendor_return movements, cost unchanged, PARTIALLY then FULLY RECALLED', async () => {
    const a = await product({ stock: 2, cost: 400 });
    const order = await act.create(vendor.id, [{ variantId: a.variantId, quantity: 6, unitCostMinor: 400 }]);
    await act.receive(order.id, [{ lineNo: 1, quantity: 6 }]);
    const partly = await act.recall(order.id, [{ lineNo: 1, quantity: 2 }]);
    expect(partly).toMatchObject({ status: 4, returnedMinor: 800, lines: [{ quantityReturned: 2 }] });
    expect(partly.returns[0]).toMatchObject({ reason: 'Damaged in transit', valueMinor: 800 });
    expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(6);
    const over = await call(recallPurchaseOrder, {
      params: { orderId: order.id },
      body: { id: randomUUID(), lines: [{ lineNo: 1, quantity: 5 }], reason: 'All of it' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'RECALL_EXCEEDS_RECEIVED', lines: [{ lineNo: 1, returnable: 4 }] });
    expect(fieldsOf(over)).toEqual(['lines.0.quantity']);
    const all = await act.recall(order.id, [{ lineNo: 1, quantity: 4 }]);
    expect(all.status).toBe(3);
    expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(2);
    expect(await costOf(server, demo.businessId, a.variantId)).toBe(400);
    const moves = await movementsOf(server, demo.businessId, order.id);
    expect(moves.map((m) => [m.reason, Number(m.delta)])).toEqual([
      ['purchase_receipt', 6],
      ['vendor_return', -2],
      ['vendor_return', -4],
    ]);
  });

  it('never recalls below zero unless the store allows negative stock (409 INSUFFICIENT_STOCK, nothing written)', async () => {
    const a = await product();
    const order = await act.create(vendor.id, [{ variantId: a.variantId, quantity: 4, unitCostMinor: 100 }]);
    const received = await act.receive(order.id, [{ lineNo: 1, quantity: 4 }]);
    await moveStock(
      server.deps.database.db,
      { accountId: null, requestId: 'test', ip: '127.0.0.1' },
      { businessId: demo.businessId, storeId: demo.lekkiId },
      [{ productId: a.id, variantId: a.variantId, deltaThousandths: -3000, reason: 'adjustment', isTracked: true }],
    );
    const body = { id: randomUUID(), lines: [{ lineNo: 1, quantity: 2 }], reason: 'Wrong size' };
    const res = await call(recallPurchaseOrder, { params: { orderId: order.id }, body });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    expect(fieldsOf(res)).toEqual(['lines.0.quantity']);
    expect((await read(order.id)).version).toBe(received.version);
    await setAllowNegativeStock(server, demo.businessId, demo.lekkiId, true);
    try {
      const allowed = await call(recallPurchaseOrder, { params: { orderId: order.id }, body });
      expect(allowed.statusCode).toBe(201);
      expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(-1);
    } finally {
      await setAllowNegativeStock(server, demo.businessId, demo.lekkiId, false);
    }
  });

  it('keeps the ledger invariant through mixed receipts and recalls in both stores', async () => {
    const a = await product({ stock: 3 });
    const b = await product({ unit: 'kg', stock: 1.25 });
    const ikeja = orderActions(server, DEMO.owner, demo.ikejaId);
    const lek = await act.create(vendor.id, [
      { variantId: a.variantId, quantity: 8, unitCostMinor: 100 },
      { variantId: b.variantId, quantity: 3.5, unitCostMinor: 2_000 },
    ]);
    const ikj = await ikeja.create(vendor.id, [{ variantId: a.variantId, quantity: 5, unitCostMinor: 120 }]);
    await act.receive(lek.id, [{ lineNo: 2, quantity: 1.75 }]);
    await ikeja.receive(ikj.id, [{ lineNo: 1, quantity: 5 }]);
    await act.receive(lek.id, [{ lineNo: 1, quantity: 8 }]);
    await act.recall(lek.id, [
      { lineNo: 1, quantity: 3 },
      { lineNo: 2, quantity: 0.5 },
    ]);
    await ikeja.recall(ikj.id, [{ lineNo: 1, quantity: 1 }]);
    await expectLedgerHolds(server, demo.businessId);
    expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(8);
    expect(await onHand(server, demo.businessId, demo.lekkiId, b.variantId)).toBe(2.5);
    expect(await onHand(server, demo.businessId, demo.ikejaId, a.variantId)).toBe(4);
    // A recall ends receiving: the OPEN order with a line partly received is now PARTIALLY RECALLED.
    expect((await read(lek.id)).status).toBe(4);
  });

  // ---------------------------------------------------------------- PDF and send

  it('prints a vendor and a product named with a line break, ₦, é, ł, an emoji and Arabic as typed', async () => {
    const hostileVendor = await createVendor(server, demo.businessId);
    await server.deps.database.db.update(contacts).set({ name: HOSTILE_NAME }).where(eq(contacts.id, hostileVendor.id));
    const a = await createTestProduct(server, {
      businessId: demo.businessId,
      name: HOSTILE_NAME,
      variants: [{ costPriceMinor: 500, sellingPriceMinor: 900, stock: { [demo.lekkiId]: 0 } }],
    });
    const order = await act.create(hostileVendor.id, [{ variantId: a.variantId, quantity: 3, unitCostMinor: 1_250 }]);
    const res = await call(purchaseOrderPdf, { params: { orderId: order.id } });
    expect(res.statusCode, res.body).toBe(200);
    const text = expectHostileNamePrinted(res.rawPayload);
    expect(text.replace(/\s+/g, ' ').split('مرحبا بكم').length - 1).toBe(2); // the vendor and the line
  });

  it('renders an A4 PDF titled with the number, and sends it to the vendor through the outbox', async () => {
    const a = await product();
    const order = await act.create(vendor.id, [{ variantId: a.variantId, quantity: 3, unitCostMinor: 1_250 }]);
    const res = await call(purchaseOrderPdf, { params: { orderId: order.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toBe(`Purchase order ${order.number}`);
    expect(pdf.getPage(0).getWidth()).toBeCloseTo(595.28, 1);
    expect(await imagesIn(res.rawPayload)).toBe(0);
    await withBusinessLogo(server.deps.database.db, demo.businessId, async () => {
      const withLogo = await call(purchaseOrderPdf, { params: { orderId: order.id } });
      expect(await imagesIn(withLogo.rawPayload)).toBe(1);
    });

    const sent = await call(sendPurchaseOrder, { params: { orderId: order.id }, body: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ to: vendor.email, sentAt: expect.any(String) });
    const mail = await latestMailTo(server, vendor.email!);
    expect(mail?.subject).toContain(order.number);
    const attachments = mail!.attachments as { filename: string; contentType: string; base64: string }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ filename: `${order.number}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(attachments[0]!.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const after = await read(order.id);
    expect(after.sentAt).toBe(sent.json<{ sentAt: string }>().sentAt);
    const [event] = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, order.id), eq(auditEvents.action, 'purchase_order.sent')));
    expect(event?.after).toMatchObject({ to: vendor.email });

    // Another address on request; a vendor without email and none given is a 422 on `to`.
    const other = await call(sendPurchaseOrder, { params: { orderId: order.id }, body: { to: 'Buyer@Shop.test' } });
    expect(other.json()).toMatchObject({ to: 'buyer@shop.test' });
    const silent = await createVendor(server, demo.businessId, { email: null });
    const o2 = await act.create(silent.id, [{ variantId: a.variantId, quantity: 1, unitCostMinor: 1 }]);
    const none = await call(sendPurchaseOrder, { params: { orderId: o2.id }, body: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'PO_VENDOR_NO_EMAIL' });
    expect(fieldsOf(none)).toEqual(['to']);
  });

  // ---------------------------------------------------------------- reorder suggestions

  it('suggests the tracked variants at or below their reorder level by the restock report’s rule, less what open orders expect', async () => {
    const setLevel = async (variantId: string, level: number, quantity: number | null) =>
      server.deps.database.db
        .update(stockLevels)
        .set({ reorderLevel: String(level), reorderQuantity: quantity === null ? null : String(quantity) })
        .where(
          and(
            eq(stockLevels.businessId, demo.businessId),
            eq(stockLevels.storeId, demo.lekkiId),
            eq(stockLevels.variantId, variantId),
          ),
        );
    const low = await product({ stock: 3, cost: 250 });
    const withQty = await product({ stock: 4 });
    const covered = await product({ stock: 1 });
    const fine = await product({ stock: 50 });
    await setLevel(low.variantId, 5, null);
    await setLevel(withQty.variantId, 5, 24);
    await setLevel(covered.variantId, 4, null);
    await setLevel(fine.variantId, 10, null);
    // All four are bought from the test vendor: "Add low-stock products" lists only the order vendor's.
    await server.deps.database.db
      .update(products)
      .set({ preferredVendorId: vendor.id })
      .where(
        and(
          eq(products.businessId, demo.businessId),
          inArray(
            products.id,
            [low, withQty, covered, fine].map((p) => p.id),
          ),
        ),
      );
    await act.create(vendor.id, [
      { variantId: low.variantId, quantity: 1, unitCostMinor: 250 },
      { variantId: covered.variantId, quantity: 7, unitCostMinor: 250 },
    ]);
    const res = await po(
      server,
      DEMO.manager,
      demo.lekkiId,
      { method: 'GET', path: '/api/v1/purchase-orders/reorder-suggestions' },
      { query: { vendorId: vendor.id } },
    );
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: ReorderSuggestion[] }).items;
    const mine = items.filter((i) => [low, withQty, covered, fine].some((p) => p.variantId === i.variantId));
    expect(mine).toEqual(
      expect.arrayContaining([
        // Level 5 (no sales in 30 days) − 3 on hand − 1 on order.
        expect.objectContaining({
          variantId: low.variantId,
          onHand: 3,
          reorderLevel: 5,
          onOrder: 1,
          suggestedQuantity: 1,
          unitCostMinor: 250,
        }),
        // 1 needed, raised to the store's reorder quantity.
        expect.objectContaining({ variantId: withQty.variantId, reorderQuantity: 24, suggestedQuantity: 24 }),
      ]),
    );
    expect(mine).toHaveLength(2);
    expect(items).toHaveLength(2);

    // One rule: every suggestion is the restock report's for that line.
    const report = await po(server, DEMO.manager, demo.lekkiId, { method: 'GET', path: '/api/v1/reports/restock' });
    expect(report.statusCode).toBe(200);
    const lines = new Map(
      (report.json() as RestockReport).lines.map((l) => [l.variantId, l.suggestedQuantity] as const),
    );
    for (const item of items) expect(lines.get(item.variantId)).toBe(item.suggestedQuantity);
  });
});
