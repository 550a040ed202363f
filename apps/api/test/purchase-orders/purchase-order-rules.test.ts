import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrderEvents,
  listPurchaseOrders,
  purchaseOrderActions,
  purchaseOrderPdf,
  purchaseOrderRefusal,
  recallPurchaseOrder,
  receivePurchaseOrder,
  sendPurchaseOrder,
  updatePurchaseOrder,
  type Endpoint,
  type PurchaseOrder,
  type PurchaseOrderAction,
} from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, onHand } from '../support/catalog.js';
import { expectLedgerHolds, giveCustomRole } from '../inventory/helpers.js';
import { createVendor, movementsOf, orderActions, po } from './po-support.js';

/**
 * The state machine through the API: an order is built into every state, then every action is tried
 * on it. What `purchaseOrderRefusal` allows succeeds; what it forbids is a 409 with its code, and
 * the order (version, lines) and the ledger stay as they were.
 */
describe('purchase-order transitions, permissions and tenancy', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let vendorId: string;
  let act: ReturnType<typeof orderActions>;

  const call = (
    endpoint: Pick<Endpoint, 'method' | 'path'>,
    options: Parameters<typeof po>[4] = {},
    as: string = DEMO.manager,
  ) => po(server, as, demo.lekkiId, endpoint, options);
  const read = async (orderId: string) =>
    (await call(getPurchaseOrder, { params: { orderId } })).json() as PurchaseOrder;

  /** The states an order can be in, each built from scratch through the API. */
  const states: Record<string, () => Promise<PurchaseOrder>> = {
    'OPEN, nothing received': async () => newOrder(),
    'OPEN, partly received': async () => {
      const o = await newOrder();
      return act.receive(o.id, [{ lineNo: 1, quantity: 4 }]);
    },
    'CLOSED, all received': async () => {
      const o = await newOrder();
      return act.receive(o.id, [
        { lineNo: 1, quantity: 10 },
        { lineNo: 2, quantity: 5 },
      ]);
    },
    'CLOSED short': async () => {
      const o = await newOrder();
      return act.close(await act.receive(o.id, [{ lineNo: 1, quantity: 4 }]));
    },
    CANCELLED: async () => act.cancel(await newOrder()),
    'PARTIALLY RECALLED': async () => {
      const o = await newOrder();
      await act.receive(o.id, [{ lineNo: 1, quantity: 10 }]);
      return act.recall(o.id, [{ lineNo: 1, quantity: 3 }]);
    },
    'FULLY RECALLED': async () => {
      const o = await newOrder();
      await act.receive(o.id, [{ lineNo: 1, quantity: 4 }]);
      return act.recall(o.id, [{ lineNo: 1, quantity: 4 }]);
    },
  };

  let products: { a: { id: string; variantId: string }; b: { id: string; variantId: string } };
  const newOrder = () =>
    act.create(vendorId, [
      { variantId: products.a.variantId, quantity: 10, unitCostMinor: 100 },
      { variantId: products.b.variantId, quantity: 5, unitCostMinor: 200 },
    ]);

  /** Attempts one action on an order with a valid request. */
  const attempt = (action: PurchaseOrderAction, order: PurchaseOrder) => {
    const params = { orderId: order.id };
    const held = order.lines.find((l) => l.quantityReceived - l.quantityReturned > 0);
    const open = order.lines.find((l) => l.quantityOrdered - l.quantityReceived > 0) ?? order.lines[0]!;
    switch (action) {
      case 'edit':
        return call(updatePurchaseOrder, {
          params,
          body: {
            vendorId,
            version: order.version,
            notes: 'Changed',
            lines: [{ variantId: products.a.variantId, quantity: 3, unitCostMinor: 100 }],
          },
        });
      case 'send':
        return call(sendPurchaseOrder, { params, body: {} });
      case 'receive':
        return call(receivePurchaseOrder, {
          params,
          body: { id: randomUUID(), lines: [{ lineNo: open.lineNo, quantity: 1 }] },
        });
      case 'close':
        return call(closePurchaseOrder, { params, body: { version: order.version, reason: 'Short' } });
      case 'cancel':
        return call(cancelPurchaseOrder, { params, body: { version: order.version, reason: 'No' } });
      case 'recall':
        return call(recallPurchaseOrder, {
          params,
          body: { id: randomUUID(), lines: [{ lineNo: (held ?? order.lines[0]!).lineNo, quantity: 1 }], reason: 'Bad' },
        });
    }
  };

  const factsOf = (order: PurchaseOrder) => ({
    status: order.status,
    anyReceived: order.lines.some((l) => l.quantityReceived > 0),
    anyHeld: order.lines.some((l) => l.quantityReceived - l.quantityReturned > 0),
  });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    vendorId = (await createVendor(server, demo.businessId)).id;
    act = orderActions(server, DEMO.manager, demo.lekkiId);
    const make = () =>
      createTestProduct(server, {
        businessId: demo.businessId,
        variants: [{ costPriceMinor: 100, stock: { [demo.lekkiId]: 100 } }],
      });
    products = { a: await make(), b: await make() };
  });
  afterEach(() => expectLedgerHolds(server, demo.businessId));
  afterAll(() => server.close());

  for (const [state, build] of Object.entries(states))
    it(`from ${state}: every allowed action succeeds, every other is a 409 with its code and nothing changes`, async () => {
      const base = await build();
      const facts = factsOf(base);
      const seen: string[] = [];
      for (const action of purchaseOrderActions) {
        const refusal = purchaseOrderRefusal(facts, action);
        if (refusal) {
          const movements = (await movementsOf(server, demo.businessId, base.id)).length;
          const res = await attempt(action, base);
          expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
          expect(res.json(), action).toMatchObject({ code: refusal.code });
          const after = await read(base.id);
          expect(after.version, action).toBe(base.version);
          expect(after.status, action).toBe(base.status);
          expect(after.lines, action).toEqual(base.lines);
          expect((await movementsOf(server, demo.businessId, base.id)).length, action).toBe(movements);
          seen.push(`${action}:${refusal.code}`);
        } else {
          // Allowed actions change the order: each on its own copy built the same way.
          const fresh = await build();
          const res = await attempt(action, fresh);
          expect(res.statusCode, `${action}: ${res.body}`).toBeLessThan(300);
          seen.push(`${action}:ok`);
        }
      }
      expect(seen).toHaveLength(purchaseOrderActions.length);
    });

  it('refuses a stale version (409 VERSION_CONFLICT) and edits an OPEN order’s lines and total', async () => {
    const order = await newOrder();
    const edited = await call(updatePurchaseOrder, {
      params: { orderId: order.id },
      body: {
        vendorId,
        version: 1,
        expectedOn: '2030-01-15',
        lines: [{ variantId: products.b.variantId, quantity: 7, unitCostMinor: 210 }],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      version: 2,
      expectedOn: '2030-01-15',
      orderedMinor: 1_470,
      lines: [{ lineNo: 1, variantId: products.b.variantId, quantityOrdered: 7 }],
    });
    const stale = await call(cancelPurchaseOrder, { params: { orderId: order.id }, body: { version: 1, reason: 'x' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await read(order.id)).status).toBe(0);
  });

  it('enforces purchase-orders.view, receive and manage; IPOS_BASIC has none (403)', async () => {
    const order = await newOrder();
    for (const endpoint of [listPurchaseOrders, getPurchaseOrder])
      expect(
        (await po(server, DEMO.cashier, demo.ikejaId, endpoint, { params: { orderId: order.id } })).statusCode,
      ).toBe(403);
    // A receiver: may look and receive, not order, recall or cancel.
    await giveCustomRole(server, demo.businessId, DEMO.admin, {
      name: 'Receiver',
      permissions: ['purchase-orders.view', 'purchase-orders.receive'],
    });
    const asReceiver = (endpoint: Pick<Endpoint, 'method' | 'path'>, options: Parameters<typeof po>[4]) =>
      po(server, DEMO.admin, demo.lekkiId, endpoint, options);
    expect((await asReceiver(getPurchaseOrder, { params: { orderId: order.id } })).statusCode).toBe(200);
    const received = await asReceiver(receivePurchaseOrder, {
      params: { orderId: order.id },
      body: { id: randomUUID(), lines: [{ lineNo: 1, quantity: 2 }] },
    });
    expect(received.statusCode, received.body).toBe(201);
    const refused = [
      await asReceiver(createPurchaseOrder, {
        body: { vendorId, lines: [{ variantId: products.a.variantId, quantity: 1, unitCostMinor: 1 }] },
      }),
      await asReceiver(recallPurchaseOrder, {
        params: { orderId: order.id },
        body: { id: randomUUID(), lines: [{ lineNo: 1, quantity: 1 }], reason: 'x' },
      }),
      await asReceiver(closePurchaseOrder, { params: { orderId: order.id }, body: { version: 2, reason: 'x' } }),
      await asReceiver(sendPurchaseOrder, { params: { orderId: order.id }, body: {} }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await read(order.id)).lines[0]!.quantityReceived).toBe(2);
  });

  describe('another tenant', () => {
    let other: Tenant;
    beforeAll(async () => {
      other = await registerTenant(server);
    });

    it('gets 404 on every endpoint with our order’s id, and nothing changes', async () => {
      const order = await act.receive((await newOrder()).id, [{ lineNo: 1, quantity: 2 }]);
      const stockBefore = await onHand(server, demo.businessId, demo.lekkiId, products.a.variantId);
      const token = await other.token();
      const as = (endpoint: Pick<Endpoint, 'method' | 'path'>, body?: unknown) =>
        server.app.inject({
          method: endpoint.method,
          url: endpoint.path.replace(':orderId', order.id),
          headers: {
            authorization: `Bearer ${token}`,
            'x-store-id': other.storeId,
            'idempotency-key': randomUUID(),
          },
          ...(body === undefined ? {} : { payload: body as object }),
        });
      const attempts = [
        await as(getPurchaseOrder),
        await as(listPurchaseOrderEvents),
        await as(purchaseOrderPdf),
        await as(updatePurchaseOrder, {
          vendorId,
          version: order.version,
          lines: [{ variantId: products.a.variantId, quantity: 1, unitCostMinor: 1 }],
        }),
        await as(receivePurchaseOrder, { id: randomUUID(), lines: [{ lineNo: 1, quantity: 1 }] }),
        await as(recallPurchaseOrder, { id: randomUUID(), lines: [{ lineNo: 1, quantity: 1 }], reason: 'x' }),
        await as(closePurchaseOrder, { version: order.version, reason: 'x' }),
        await as(cancelPurchaseOrder, { version: order.version, reason: 'x' }),
        await as(sendPurchaseOrder, {}),
      ];
      for (const res of attempts) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
      // Creating an order with our vendor or our products: 400 on the field, never a reference across tenants.
      const cross = await as(createPurchaseOrder, {
        vendorId,
        lines: [{ variantId: products.a.variantId, quantity: 1, unitCostMinor: 1 }],
      });
      expect(cross.statusCode).toBe(400);
      const list = await as(listPurchaseOrders);
      expect((list.json() as { total: number }).total).toBe(0);
      const after = await read(order.id);
      expect(after.version).toBe(order.version);
      expect(after.lines).toEqual(order.lines);
      expect(await onHand(server, demo.businessId, demo.lekkiId, products.a.variantId)).toBe(stockBefore);
    });

    it('our store answers 404 for an order of another store of the business', async () => {
      const order = await newOrder();
      const res = await po(server, DEMO.owner, demo.ikejaId, getPurchaseOrder, { params: { orderId: order.id } });
      expect(res.statusCode).toBe(404);
    });
  });
});
