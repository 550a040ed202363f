import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  cancelStockTransfer,
  createStockTransfer,
  getStockTransfer,
  listStockTransfers,
  receiveStockTransfer,
  type StockTransfer,
} from '@ipos/contracts';
import { auditEvents, stockMovements, stores } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, onHand, type TestProduct } from '../support/catalog.js';
import { addStaffPerson, createCustomRole } from '../support/tenant-fixtures.js';
import { caller, expectLedgerHolds, fieldsOf } from './helpers.js';

/**
 * Transfers between Lekki and Ikeja, as the owner (who works in both stores). Receiving is for the
 * destination store only: the sending store gets a 403 (it can see the transfer, so a 404 would lie);
 * a store that is neither end gets a 404.
 */
describe('stock transfers', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let otherProduct: TestProduct;
  let otherTransfer: StockTransfer;
  let call: ReturnType<typeof caller>;

  const ok = async <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const send = (body: unknown, storeId = demo.lekkiId) => call(createStockTransfer, { storeId, body });
  const act = (endpoint: typeof receiveStockTransfer, t: StockTransfer, storeId: string, version = t.version) =>
    call(endpoint, { storeId, params: { transferId: t.id }, body: { version } });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.owner);
    other = await registerTenant(server);
    otherProduct = await createTestProduct(server, {
      businessId: other.businessId,
      name: 'Other Secret Soap',
      variants: [{ stock: { [other.storeId]: 5 } }],
    });
    // The other tenant's second store (written directly: stores are created elsewhere), so it has a transfer of its own.
    const otherBranchId = newId();
    await server.deps.database.db
      .insert(stores)
      .values({ businessId: other.businessId, id: otherBranchId, name: 'Other Branch', alias: 'OTB' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/stock-transfers',
      headers: { authorization: `Bearer ${await other.token()}`, 'x-store-id': other.storeId },
      payload: {
        toStoreId: otherBranchId,
        note: 'Other Secret Transfer',
        lines: [{ variantId: otherProduct.variantId, quantity: 1 }],
      },
    });
    otherTransfer = await ok<StockTransfer>(res, 201);
  });
  afterEach(async () => {
    await expectLedgerHolds(server, demo.businessId);
    await expectLedgerHolds(server, other.businessId);
  });
  afterAll(() => server.close());

  it('sends out of Lekki now, is in transit, and arrives in Ikeja when Ikeja receives it', async () => {
    const flour = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Flour',
      unit: 'kg',
      variants: [{ stock: { [demo.lekkiId]: 10 } }],
    });
    const soap = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Soap',
      variants: [{ stock: { [demo.lekkiId]: 4 } }],
    });
    const t = await ok<StockTransfer>(
      await send({
        toStoreId: demo.ikejaId,
        note: 'Weekend top-up',
        lines: [
          { variantId: flour.variantId, quantity: 2.5 },
          { variantId: soap.variantId, quantity: 4 },
        ],
      }),
      201,
    );
    expect(t.number).toMatch(/^LEK-TRF\d{6}$/);
    expect(t).toMatchObject({
      status: 'in_transit',
      fromStore: { id: demo.lekkiId, name: 'Lekki', alias: 'LEK' },
      toStore: { id: demo.ikejaId, name: 'Ikeja', alias: 'IKJ' },
      note: 'Weekend top-up',
      receivedAt: null,
      version: 1,
    });
    expect(t.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Flour', 2.5],
      ['Soap', 4],
    ]);
    expect(await onHand(server, demo.businessId, demo.lekkiId, flour.variantId)).toBe(7.5);
    expect(await onHand(server, demo.businessId, demo.lekkiId, soap.variantId)).toBe(0);
    expect(await onHand(server, demo.businessId, demo.ikejaId, flour.variantId)).toBe(0);

    // Visible to both ends; only the destination receives.
    expect((await call(getStockTransfer, { storeId: demo.ikejaId, params: { transferId: t.id } })).statusCode).toBe(
      200,
    );
    const wrongEnd = await act(receiveStockTransfer, t, demo.lekkiId);
    expect(wrongEnd.statusCode).toBe(403);
    const stale = await act(receiveStockTransfer, t, demo.ikejaId, 7);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const received = await ok<StockTransfer>(await act(receiveStockTransfer, t, demo.ikejaId));
    expect(received).toMatchObject({
      status: 'received',
      version: 2,
      receivedBy: { id: await server.accountId(DEMO.owner) },
    });
    expect(received.receivedAt).toBeTruthy();
    expect(await onHand(server, demo.businessId, demo.ikejaId, flour.variantId)).toBe(2.5);
    expect(await onHand(server, demo.businessId, demo.ikejaId, soap.variantId)).toBe(4);

    const moves = await server.deps.database.db
      .select({ storeId: stockMovements.storeId, reason: stockMovements.reason })
      .from(stockMovements)
      .where(and(eq(stockMovements.refType, 'stock_transfer'), eq(stockMovements.refId, t.id)));
    expect(moves.filter((m) => m.reason === 'transfer_out').every((m) => m.storeId === demo.lekkiId)).toBe(true);
    expect(moves.filter((m) => m.reason === 'transfer_in').every((m) => m.storeId === demo.ikejaId)).toBe(true);
    expect(moves).toHaveLength(4);

    for (const res of [
      await act(receiveStockTransfer, received, demo.ikejaId),
      await act(cancelStockTransfer, received, demo.lekkiId),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('TRANSFER_NOT_IN_TRANSIT');
    }
    const audit = await server.deps.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'stock_transfer'), eq(auditEvents.entityId, t.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['stock_transfer.received', 'stock_transfer.sent']);
  });

  it('cancels from the sending store only: the stock comes back with a note', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ stock: { [demo.lekkiId]: 6 } }],
    });
    const t = await ok<StockTransfer>(
      await send({ toStoreId: demo.ikejaId, lines: [{ variantId: p.variantId, quantity: 5 }] }),
      201,
    );
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(1);
    expect((await act(cancelStockTransfer, t, demo.ikejaId)).statusCode).toBe(403);
    const cancelled = await ok<StockTransfer>(await act(cancelStockTransfer, t, demo.lekkiId));
    expect(cancelled.status).toBe('cancelled');
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(6);
    expect(await onHand(server, demo.businessId, demo.ikejaId, p.variantId)).toBe(0);
    const [back] = await server.deps.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.refId, t.id), eq(stockMovements.reason, 'transfer_in')));
    expect(back).toMatchObject({ storeId: demo.lekkiId, note: `Transfer ${t.number} cancelled` });
    expect((await act(receiveStockTransfer, cancelled, demo.ikejaId)).json().code).toBe('TRANSFER_NOT_IN_TRANSIT');
  });

  it('lists by direction and status for the active store', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ stock: { [demo.lekkiId]: 10, [demo.ikejaId]: 10 } }],
    });
    const out = await ok<StockTransfer>(
      await send({ toStoreId: demo.ikejaId, lines: [{ variantId: p.variantId, quantity: 1 }] }),
      201,
    );
    const back = await ok<StockTransfer>(
      await send({ toStoreId: demo.lekkiId, lines: [{ variantId: p.variantId, quantity: 2 }] }, demo.ikejaId),
      201,
    );
    expect(back.number).toMatch(/^IKJ-TRF/);
    const list = async (query: Record<string, string>) =>
      (
        await ok<{ items: StockTransfer[]; total: number }>(
          await call(listStockTransfers, { storeId: demo.lekkiId, query }),
        )
      ).items.map((t) => t.id);
    const outgoing = await list({ direction: 'outgoing' });
    const incoming = await list({ direction: 'incoming' });
    expect(outgoing).toContain(out.id);
    expect(outgoing).not.toContain(back.id);
    expect(incoming).toContain(back.id);
    expect(incoming).not.toContain(out.id);
    const all = await list({ status: 'in_transit' });
    expect(all.slice(0, 2)).toEqual([back.id, out.id]);
    expect(await list({ status: 'received' })).not.toContain(out.id);
    const bad = await call(listStockTransfers, { storeId: demo.lekkiId, query: { direction: 'sideways' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).join()).toContain('direction');
    const basic = await call(listStockTransfers, { as: DEMO.cashier, storeId: demo.ikejaId });
    expect(basic.statusCode).toBe(200);
    expect(JSON.stringify(basic.json())).not.toContain('Other Secret Transfer');
  });

  it('refuses what would go below zero, bad stores and bad lines', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ stock: { [demo.lekkiId]: 2 } }],
    });
    const short = await send({ toStoreId: demo.ikejaId, lines: [{ variantId: p.variantId, quantity: 3 }] });
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('INSUFFICIENT_STOCK');
    expect(fieldsOf(short)).toEqual(['lines.0.quantity']);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(2);

    for (const [body, field] of [
      [{ toStoreId: demo.lekkiId, lines: [{ variantId: p.variantId, quantity: 1 }] }, 'toStoreId'],
      [{ toStoreId: other.storeId, lines: [{ variantId: p.variantId, quantity: 1 }] }, 'toStoreId'],
      [{ toStoreId: 'ikeja', lines: [{ variantId: p.variantId, quantity: 1 }] }, 'toStoreId'],
      [{ toStoreId: demo.ikejaId, lines: [{ variantId: p.variantId, quantity: 0 }] }, 'lines.0.quantity'],
      [{ toStoreId: demo.ikejaId, lines: [{ variantId: p.variantId, quantity: 0.5 }] }, 'lines.0.quantity'],
      [{ toStoreId: demo.ikejaId, lines: [{ variantId: otherProduct.variantId, quantity: 1 }] }, 'lines.0.variantId'],
      [{ toStoreId: demo.ikejaId, lines: [] }, 'lines'],
    ] as const) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    const service = await createTestProduct(server, { businessId: demo.businessId, isTracked: false });
    const untracked = await send({ toStoreId: demo.ikejaId, lines: [{ variantId: service.variantId, quantity: 1 }] });
    expect(untracked.json().code).toBe('PRODUCT_NOT_TRACKED');
  });

  it('lets a cashier (IPOS_BASIC) receive into their own store only, and a role that transfers receive too', async () => {
    const inLekki = () =>
      createTestProduct(server, { businessId: demo.businessId, variants: [{ stock: { [demo.lekkiId]: 2 } }] });
    const p = await inLekki();
    const t = await ok<StockTransfer>(
      await send({ toStoreId: demo.ikejaId, lines: [{ variantId: p.variantId, quantity: 2 }] }),
      201,
    );
    const cashier = { as: DEMO.cashier, params: { transferId: t.id }, body: { version: t.version } };
    // Not a store of theirs: Lekki answers as if it did not exist.
    const notTheirs = await call(receiveStockTransfer, { ...cashier, storeId: demo.lekkiId });
    expect(notTheirs.statusCode, notTheirs.body).toBe(404);
    const received = await ok<StockTransfer>(await call(receiveStockTransfer, { ...cashier, storeId: demo.ikejaId }));
    expect(received).toMatchObject({ status: 'received', receivedBy: { id: await server.accountId(DEMO.cashier) } });
    expect(await onHand(server, demo.businessId, demo.ikejaId, p.variantId)).toBe(2);

    // A transfer out of their store is not theirs to receive (nor to send or cancel).
    const q = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ stock: { [demo.ikejaId]: 1 } }],
    });
    const out = await ok<StockTransfer>(
      await send({ toStoreId: demo.lekkiId, lines: [{ variantId: q.variantId, quantity: 1 }] }, demo.ikejaId),
      201,
    );
    const outgoing = { as: DEMO.cashier, storeId: demo.ikejaId, params: { transferId: out.id }, body: { version: 1 } };
    expect((await call(receiveStockTransfer, outgoing)).statusCode).toBe(403);
    expect((await call(cancelStockTransfer, outgoing)).statusCode).toBe(403);

    // A custom role saved with inventory.transfer alone (before receiving was its own permission) still receives.
    const ownerToken = await server.tokenFor(DEMO.owner);
    const roleId = await createCustomRole(server, { token: ownerToken, storeId: demo.lekkiId }, [
      'dashboard.view',
      'inventory.view',
      'inventory.transfer',
    ]);
    const keeper = await addStaffPerson(server, { businessId: demo.businessId, storeIds: [demo.lekkiId], roleId });
    const byKeeper = await call(receiveStockTransfer, {
      as: keeper.email,
      storeId: demo.lekkiId,
      params: { transferId: out.id },
      body: { version: 1 },
    });
    expect(byKeeper.statusCode, byKeeper.body).toBe(200);
    expect(await onHand(server, demo.businessId, demo.lekkiId, q.variantId)).toBe(1);
  });

  it('answers 401, 403 to IPOS_BASIC sending, and 404 for another tenant’s transfer', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ stock: { [demo.ikejaId]: 3 } }],
    });
    const body = { toStoreId: demo.lekkiId, lines: [{ variantId: p.variantId, quantity: 1 }] };
    expect((await call(createStockTransfer, { as: null, storeId: demo.ikejaId, body })).statusCode).toBe(401);
    expect((await call(createStockTransfer, { as: DEMO.cashier, storeId: demo.ikejaId, body })).statusCode).toBe(403);
    const t = await ok<StockTransfer>(
      await send({
        toStoreId: demo.ikejaId,
        lines: [
          {
            variantId: (
              await createTestProduct(server, {
                businessId: demo.businessId,
                variants: [{ stock: { [demo.lekkiId]: 1 } }],
              })
            ).variantId,
            quantity: 1,
          },
        ],
      }),
      201,
    );
    const asBasic = { as: DEMO.cashier, storeId: demo.ikejaId, params: { transferId: t.id } };
    expect((await call(getStockTransfer, asBasic)).statusCode).toBe(200);

    const params = { transferId: otherTransfer.id };
    const as = { email: DEMO.owner };
    const mustNotReveal = ['Other Secret Transfer', 'Other Secret Soap'];
    for (const storeId of [demo.lekkiId, demo.ikejaId])
      await expectCrossTenantNotFound(server, { endpoint: getStockTransfer, params, as, storeId, mustNotReveal });
    await expectCrossTenantNotFound(server, {
      endpoint: receiveStockTransfer,
      params,
      as,
      storeId: demo.ikejaId,
      body: { version: 1 },
    });
    await expectCrossTenantNotFound(server, {
      endpoint: cancelStockTransfer,
      params,
      as,
      storeId: demo.lekkiId,
      body: { version: 1 },
    });
    await expectCrossTenantNotFound(server, {
      endpoint: createStockTransfer,
      as,
      storeId: other.storeId,
      body: { toStoreId: demo.ikejaId, lines: [{ variantId: otherProduct.variantId, quantity: 1 }] },
    });
  });
});
