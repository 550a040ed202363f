import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getSale, type Refund, type SaleDetail } from '@ipos/contracts';
import { auditEvents, refunds, sales, stockMovements } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, snapshotDatabase } from '../support/isolation.js';
import { createTestProduct, onHand } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import { newKey, openTestSession, saleBody } from '../checkout/checkout-support.js';
import { closeSessionDirectly, refundBody, refunder, sellOk, summaryOf, voider } from './transactions-support.js';

describe('refunds and voids API', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let managerToken: string;
  let cashierToken: string;
  let session: string;
  let refund: ReturnType<typeof refunder>;
  let voidIt: ReturnType<typeof voider>;

  const lekki = () => ({ businessId: demo.businessId, storeId: demo.lekkiId });
  const product = (stock = 10, price = 1_000, unit: 'each' | 'kg' = 'each', isTracked = true) =>
    createTestProduct(server, {
      businessId: demo.businessId,
      unit,
      isTracked,
      variants: [{ sellingPriceMinor: price, costPriceMinor: 500, stock: isTracked ? { [demo.lekkiId]: stock } : {} }],
    });
  const sell = (
    variantId: string,
    quantity: number,
    total: number,
    extra: Parameters<typeof saleBody>[3] = {},
    sessionId = session,
  ) => sellOk(server, managerToken, demo.lekkiId, saleBody(sessionId, [{ variantId, quantity }], total, extra));
  const refundOk = async (saleId: string, body: ReturnType<typeof refundBody>) => {
    const res = await refund({ token: managerToken, storeId: demo.lekkiId, saleId, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Refund;
  };
  const detail = async (saleId: string) =>
    (await caller(server, DEMO.manager)(getSale, { storeId: demo.lekkiId, params: { saleId } })).json() as SaleDetail;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    managerToken = await server.tokenFor(DEMO.manager);
    cashierToken = await server.tokenFor(DEMO.cashier);
    session = await openTestSession(server, lekki());
    refund = refunder(server);
    voidIt = voider(server);
  });
  afterEach(() => expectLedgerHolds(server, demo.businessId));
  afterAll(() => server.close());

  it('refunds a line in cash: stock back with a refund movement, the session’s expected cash drops, one audit event', async () => {
    const p = await product(10);
    const sale = await sell(p.variantId, 3, 3_000);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(7);
    const before = await summaryOf(server, lekki(), session);

    const body = refundBody(session, [{ lineNo: 1, quantity: 1 }]);
    const r = await refundOk(sale.id, body);
    expect(r).toMatchObject({
      id: body.id,
      saleId: sale.id,
      number: expect.stringMatching(/^LEK-RF\d{6}$/),
      method: 'cash',
      sessionId: session,
      totalMinor: 1_000,
      taxMinor: 0,
      reason: 'Customer changed their mind',
      lines: [{ lineNo: 1, variantId: p.variantId, quantity: 1, totalMinor: 1_000, restocked: true }],
    });
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(8);
    const movements = await server.deps.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, demo.businessId), eq(stockMovements.refId, body.id)));
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ reason: 'refund', refType: 'refund', variantId: p.variantId });

    const after = await summaryOf(server, lekki(), session);
    expect(after.refundsTotalMinor - before.refundsTotalMinor).toBe(1_000);
    expect(after.cashRefundsMinor - before.cashRefundsMinor).toBe(1_000);
    expect(before.expectedCashMinor - after.expectedCashMinor).toBe(1_000);
    expect(after.salesTotalMinor).toBe(before.salesTotalMinor);

    const audits = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'sale'), eq(auditEvents.entityId, sale.id), eq(auditEvents.action, 'sale.refunded')),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ refundId: body.id, number: r.number, totalMinor: 1_000, method: 'cash' });

    // A card refund without restocking (damaged): no movement, no cash out of the drawer.
    const card = await refundOk(
      sale.id,
      refundBody(undefined, [{ lineNo: 1, quantity: 1, restock: false }], { method: 'card', reference: 'RV-1' }),
    );
    expect(card).toMatchObject({ sessionId: null, totalMinor: 1_000, lines: [{ restocked: false }] });
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(8);
    expect((await summaryOf(server, lekki(), session)).cashRefundsMinor).toBe(after.cashRefundsMinor);
    expect((await detail(sale.id)).lines[0]).toMatchObject({ quantity: 3, refundedQuantity: 2 });
  });

  it('refunds a line in parts that add up to its exact total and tax (total 1,000 for 3 units; 1.255 kg)', async () => {
    const p = await product(10, 400);
    // 3 × 400 = 1,200 with a 200 line discount: the line's total is 1,000, not divisible by 3.
    const sale = await sell(p.variantId, 3, 1_000, {
      lines: [{ variantId: p.variantId, quantity: 3, discount: { type: 'amount', value: 200 } }],
    });
    const parts = [];
    for (let i = 0; i < 3; i++)
      parts.push((await refundOk(sale.id, refundBody(session, [{ lineNo: 1, quantity: 1 }]))).totalMinor);
    expect(parts).toEqual([333, 334, 333]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1_000);
    const d = await detail(sale.id);
    expect(d).toMatchObject({ state: 'refunded', refundedMinor: 1_000, lines: [{ refundedQuantity: 3 }] });

    const rice = await product(20, 250_000, 'kg');
    const riceSale = await sell(rice.variantId, 1.255, 313_750);
    const first = await refundOk(riceSale.id, refundBody(session, [{ lineNo: 1, quantity: 0.5 }]));
    const rest = await refundOk(riceSale.id, refundBody(session, [{ lineNo: 1, quantity: 0.755 }]));
    expect(first.totalMinor + rest.totalMinor).toBe(313_750);
    expect(await onHand(server, demo.businessId, demo.lekkiId, rice.variantId)).toBe(20);
  });

  it('refuses more than sold minus refunded: 409 REFUND_EXCEEDS_SALE naming every line, nothing written', async () => {
    const a = await product(10);
    const b = await product(10);
    const sale = await sellOk(
      server,
      managerToken,
      demo.lekkiId,
      saleBody(
        session,
        [
          { variantId: a.variantId, quantity: 2 },
          { variantId: b.variantId, quantity: 1 },
        ],
        3_000,
      ),
    );
    await refundOk(sale.id, refundBody(session, [{ lineNo: 1, quantity: 1 }]));
    const before = await snapshotDatabase(server);
    const res = await refund({
      token: managerToken,
      storeId: demo.lekkiId,
      saleId: sale.id,
      body: refundBody(session, [
        { lineNo: 1, quantity: 2 },
        { lineNo: 2, quantity: 2 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'REFUND_EXCEEDS_SALE',
      lines: [
        { lineNo: 1, requested: 2, refundable: 1 },
        { lineNo: 2, requested: 2, refundable: 1 },
      ],
    });
    expect(fieldsOf(res)).toEqual(['lines.0.quantity', 'lines.1.quantity']);
    expect(await snapshotDatabase(server)).toEqual(before);

    // Whole units for 'each'; a line the sale does not have.
    const half = await refund({
      token: managerToken,
      storeId: demo.lekkiId,
      saleId: sale.id,
      body: refundBody(session, [{ lineNo: 2, quantity: 0.5 }]),
    });
    expect(half.statusCode).toBe(400);
    expect(fieldsOf(half)).toEqual(['lines.0.quantity']);
    const missing = await refund({
      token: managerToken,
      storeId: demo.lekkiId,
      saleId: sale.id,
      body: refundBody(session, [{ lineNo: 9, quantity: 1 }]),
    });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['lines.0.lineNo']);
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('lets exactly one of 20 concurrent refunds of the last unit through', async () => {
    const p = await product(5);
    const sale = await sell(p.variantId, 1, 1_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        refund({
          token: managerToken,
          storeId: demo.lekkiId,
          saleId: sale.id,
          body: refundBody(session, [{ lineNo: 1, quantity: 1 }]),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toMatchObject({ code: 'REFUND_EXCEEDS_SALE' });
    const rows = await server.deps.database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.businessId, demo.businessId), eq(refunds.saleId, sale.id)));
    expect(rows).toHaveLength(1);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(5);
  });

  it('replays a refund by its Idempotency-Key with the same body; another body under the key → 422', async () => {
    const p = await product(5);
    const sale = await sell(p.variantId, 2, 2_000);
    const key = newKey();
    const body = refundBody(session, [{ lineNo: 1, quantity: 1 }]);
    const first = await refund({ token: managerToken, storeId: demo.lekkiId, saleId: sale.id, body, key });
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund({ token: managerToken, storeId: demo.lekkiId, saleId: sale.id, body, key }),
      ),
    );
    expect(first.statusCode).toBe(201);
    for (const r of again) {
      expect(r.statusCode).toBe(201);
      expect(r.body).toBe(first.body);
    }
    expect((await detail(sale.id)).refunds).toHaveLength(1);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(4);
    const other = await refund({
      token: managerToken,
      storeId: demo.lekkiId,
      saleId: sale.id,
      body: { ...body, reason: 'Another reason' },
      key,
    });
    expect(other.statusCode).toBe(422);
    // The same refund id under a new key is refused, not recorded twice.
    const sameId = await refund({ token: managerToken, storeId: demo.lekkiId, saleId: sale.id, body });
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json()).toMatchObject({ code: 'REFUND_EXISTS' });
  });

  it('pays cash back only from an open register session of this store', async () => {
    const p = await product(5);
    const sale = await sell(p.variantId, 2, 2_000);
    const closed = await openTestSession(server, lekki(), { status: 'closed' });
    const ikeja = await openTestSession(server, { businessId: demo.businessId, storeId: demo.ikejaId });
    for (const sessionId of [closed, ikeja]) {
      const res = await refund({
        token: managerToken,
        storeId: demo.lekkiId,
        saleId: sale.id,
        body: refundBody(sessionId, [{ lineNo: 1, quantity: 1 }]),
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'REGISTER_CLOSED' });
      expect(fieldsOf(res)).toEqual(['sessionId']);
    }
    const none = await refund({
      token: managerToken,
      storeId: demo.lekkiId,
      saleId: sale.id,
      body: refundBody(undefined, [{ lineNo: 1, quantity: 1 }]),
    });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toEqual(['sessionId']);
    expect((await detail(sale.id)).refunds).toEqual([]);
  });

  it('voids a sale in its open session: stock back with void movements, out of the session’s figures', async () => {
    const p = await product(10);
    const service = await product(0, 500, 'each', false);
    const voidSession = await openTestSession(server, lekki());
    const sale = await sellOk(
      server,
      managerToken,
      demo.lekkiId,
      saleBody(
        voidSession,
        [
          { variantId: p.variantId, quantity: 4 },
          { variantId: service.variantId, quantity: 1 },
        ],
        4_500,
      ),
    );
    const before = await summaryOf(server, lekki(), voidSession);
    expect(before).toMatchObject({ salesCount: 1, salesTotalMinor: 4_500 });
    const res = await voidIt({
      token: managerToken,
      storeId: demo.lekkiId,
      saleId: sale.id,
      body: { reason: 'Wrong items' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: sale.id, status: 'voided', voidedAt: expect.any(String) });
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(10);
    const movements = await server.deps.database.db
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.businessId, demo.businessId),
          eq(stockMovements.refId, sale.id),
          eq(stockMovements.reason, 'void'),
        ),
      );
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ refType: 'sale', variantId: p.variantId });
    const after = await summaryOf(server, lekki(), voidSession);
    expect(after).toMatchObject({ salesCount: 0, salesTotalMinor: 0 });
    expect(before.expectedCashMinor - after.expectedCashMinor).toBe(4_500);
    const [row] = await server.deps.database.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(row).toMatchObject({
      status: 'voided',
      voidReason: 'Wrong items',
      voidedBy: await server.accountId(DEMO.manager),
    });

    // Twice → 409 SALE_VOIDED; a refund of it too.
    const twice = await voidIt({
      token: managerToken,
      storeId: demo.lekkiId,
      saleId: sale.id,
      body: { reason: 'Again' },
    });
    expect(twice.json()).toMatchObject({ status: 409, code: 'SALE_VOIDED' });
    const refunded = await refund({
      token: managerToken,
      storeId: demo.lekkiId,
      saleId: sale.id,
      body: refundBody(voidSession, [{ lineNo: 1, quantity: 1 }]),
    });
    expect(refunded.json()).toMatchObject({ status: 409, code: 'SALE_VOIDED' });
  });

  it('refuses to void a sale with refunds or of a closed session', async () => {
    const p = await product(10);
    const withRefund = await sell(p.variantId, 2, 2_000);
    await refundOk(withRefund.id, refundBody(session, [{ lineNo: 1, quantity: 1 }]));
    const res = await voidIt({
      token: managerToken,
      storeId: demo.lekkiId,
      saleId: withRefund.id,
      body: { reason: 'x' },
    });
    expect(res.json()).toMatchObject({ status: 409, code: 'SALE_HAS_REFUNDS' });

    const shortSession = await openTestSession(server, lekki());
    const old = await sell(p.variantId, 1, 1_000, {}, shortSession);
    await closeSessionDirectly(server, demo.businessId, shortSession);
    const before = await snapshotDatabase(server);
    const closed = await voidIt({ token: managerToken, storeId: demo.lekkiId, saleId: old.id, body: { reason: 'x' } });
    expect(closed.json()).toMatchObject({ status: 409, code: 'VOID_SESSION_CLOSED' });
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('refuses refunds and voids to a cashier without the permissions (403), nothing changed', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ sellingPriceMinor: 1_000, stock: { [demo.ikejaId]: 5 } }],
    });
    const ikeja = await openTestSession(server, { businessId: demo.businessId, storeId: demo.ikejaId });
    const sale = await sellOk(
      server,
      cashierToken,
      demo.ikejaId,
      saleBody(ikeja, [{ variantId: p.variantId, quantity: 1 }], 1_000),
    );
    const before = await snapshotDatabase(server);
    const r = await refund({
      token: cashierToken,
      storeId: demo.ikejaId,
      saleId: sale.id,
      body: refundBody(ikeja, [{ lineNo: 1, quantity: 1 }]),
    });
    expect(r.statusCode).toBe(403);
    const v = await voidIt({ token: cashierToken, storeId: demo.ikejaId, saleId: sale.id, body: { reason: 'x' } });
    expect(v.statusCode).toBe(403);
    expect(await snapshotDatabase(server)).toEqual(before);
  });
});
