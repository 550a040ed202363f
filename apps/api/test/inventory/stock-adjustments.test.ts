import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  createStockAdjustment,
  getStockAdjustment,
  listProductMovements,
  type StockAdjustment,
  type StockMovement,
} from '@ipos/contracts';
import { auditEvents, stockAdjustments, stockMovements } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, onHand, setAllowNegativeStock, type TestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from './helpers.js';

describe('stock adjustments and movement history', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let otherProduct: TestProduct;
  let call: ReturnType<typeof caller>;

  const adjust = async (body: unknown, storeId = demo.lekkiId, as?: string) => {
    const res = await call(createStockAdjustment, { body, storeId, ...(as ? { as } : {}) });
    return res;
  };

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    other = await registerTenant(server);
    otherProduct = await createTestProduct(server, {
      businessId: other.businessId,
      name: 'Other Secret Soap',
      variants: [{ stock: { [other.storeId]: 5 } }],
    });
  });
  afterEach(async () => {
    await expectLedgerHolds(server, demo.businessId);
    await expectLedgerHolds(server, other.businessId);
  });
  afterAll(() => server.close());

  describe('POST /api/v1/stock-adjustments', () => {
    it('adjusts stock with a number, movements referencing it, one audit event, and reads back', async () => {
      const rice = await createTestProduct(server, {
        businessId: demo.businessId,
        name: 'Rice 5kg',
        variants: [{ stock: { [demo.lekkiId]: 10 } }],
      });
      const beans = await createTestProduct(server, { businessId: demo.businessId, name: 'Beans', unit: 'kg' });
      const res = await adjust({
        reasonCode: 'received',
        note: 'Delivery from the market',
        lines: [
          { variantId: rice.variantId, delta: -3 },
          { variantId: beans.variantId, delta: 2.125 },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as StockAdjustment;
      expect(created.number).toMatch(/^LEK-ADJ\d{6}$/);
      expect(created).toMatchObject({
        storeId: demo.lekkiId,
        reasonCode: 'received',
        note: 'Delivery from the market',
      });
      expect(created.createdBy?.name).toBeTruthy();
      expect(created.lines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ variantId: rice.variantId, name: 'Rice 5kg', quantity: -3, onHandAfter: 7 }),
          expect.objectContaining({ variantId: beans.variantId, quantity: 2.125, onHandAfter: 2.125 }),
        ]),
      );
      expect(await onHand(server, demo.businessId, demo.lekkiId, rice.variantId)).toBe(7);
      expect(await onHand(server, demo.businessId, demo.lekkiId, beans.variantId)).toBe(2.125);

      const db = server.deps.database.db;
      const moves = await db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.refType, 'stock_adjustment'), eq(stockMovements.refId, created.id)));
      expect(moves).toHaveLength(2);
      expect(moves.every((m) => m.reason === 'adjustment')).toBe(true);
      const audit = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'stock_adjustment'), eq(auditEvents.entityId, created.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'stock_adjustment.created', storeId: demo.lekkiId });

      const read = await call(getStockAdjustment, { storeId: demo.lekkiId, params: { adjustmentId: created.id } });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(created);
      // One adjustment of the active store: from Ikeja it is not there.
      const elsewhere = await call(getStockAdjustment, {
        as: DEMO.owner,
        storeId: demo.ikejaId,
        params: { adjustmentId: created.id },
      });
      expect(elsewhere.statusCode).toBe(404);
    });

    it('refuses to go below zero with INSUFFICIENT_STOCK naming the lines, and writes nothing', async () => {
      const a = await createTestProduct(server, {
        businessId: demo.businessId,
        variants: [{ stock: { [demo.lekkiId]: 2 } }],
      });
      const b = await createTestProduct(server, {
        businessId: demo.businessId,
        variants: [{ stock: { [demo.lekkiId]: 9 } }],
      });
      const c = await createTestProduct(server, {
        businessId: demo.businessId,
        variants: [{ stock: { [demo.lekkiId]: 1 } }],
      });
      const db = server.deps.database.db;
      const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(stockMovements))[0]!.n;
      const before = await count();
      const res = await adjust({
        reasonCode: 'damaged',
        lines: [
          { variantId: a.variantId, delta: -3 },
          { variantId: b.variantId, delta: -1 },
          { variantId: c.variantId, delta: -2 },
        ],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('INSUFFICIENT_STOCK');
      expect(fieldsOf(res).sort()).toEqual(['lines.0.delta', 'lines.2.delta']);
      expect(await count()).toBe(before);
      expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(2);
      expect(await onHand(server, demo.businessId, demo.lekkiId, b.variantId)).toBe(9);
    });

    it('lets a store that allows negative stock go below zero', async () => {
      const p = await createTestProduct(server, {
        businessId: demo.businessId,
        variants: [{ stock: { [demo.ikejaId]: 1 } }],
      });
      await setAllowNegativeStock(server, demo.businessId, demo.ikejaId, true);
      try {
        const res = await adjust(
          { reasonCode: 'lost', lines: [{ variantId: p.variantId, delta: -4 }] },
          demo.ikejaId,
          DEMO.owner,
        );
        expect(res.statusCode, res.body).toBe(201);
        expect((res.json() as StockAdjustment).lines[0]!.onHandAfter).toBe(-3);
        expect(await onHand(server, demo.businessId, demo.ikejaId, p.variantId)).toBe(-3);
      } finally {
        await setAllowNegativeStock(server, demo.businessId, demo.ikejaId, false);
      }
    });

    it('keeps numbers gapless after a refused adjustment', async () => {
      const p = await createTestProduct(server, {
        businessId: demo.businessId,
        variants: [{ stock: { [demo.lekkiId]: 1 } }],
      });
      const first = await adjust({ reasonCode: 'found', lines: [{ variantId: p.variantId, delta: 1 }] });
      expect(first.statusCode).toBe(201);
      const refused = await adjust({ reasonCode: 'lost', lines: [{ variantId: p.variantId, delta: -50 }] });
      expect(refused.statusCode).toBe(409);
      const second = await adjust({ reasonCode: 'found', lines: [{ variantId: p.variantId, delta: 1 }] });
      expect(second.statusCode).toBe(201);
      const n = (r: typeof first) => Number((r.json() as StockAdjustment).number.slice(-6));
      expect(n(second)).toBe(n(first) + 1);
    });

    it('lets exactly one of two parallel adjustments take the last units; sold = initial − final', async () => {
      const p = await createTestProduct(server, {
        businessId: demo.businessId,
        variants: [{ stock: { [demo.lekkiId]: 5 } }],
      });
      const results = await Promise.all(
        [0, 1].map(() => adjust({ reasonCode: 'lost', lines: [{ variantId: p.variantId, delta: -4 }] })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('INSUFFICIENT_STOCK');
      const final = await onHand(server, demo.businessId, demo.lekkiId, p.variantId);
      const taken = results.filter((r) => r.statusCode === 201).length * 4;
      expect(final).toBe(1);
      expect(5 - final).toBe(taken);
    });

    it('answers 400 naming the field for bad lines, reasons and notes', async () => {
      const each = await createTestProduct(server, { businessId: demo.businessId });
      const cases: [unknown, string][] = [
        [{ reasonCode: 'whim', lines: [{ variantId: each.variantId, delta: 1 }] }, 'reasonCode'],
        [{ reasonCode: 'other', lines: [{ variantId: each.variantId, delta: 1 }] }, 'note'],
        [{ reasonCode: 'found', lines: [] }, 'lines'],
        [{ reasonCode: 'found', lines: [{ variantId: each.variantId, delta: 0 }] }, 'lines.0.delta'],
        [{ reasonCode: 'found', lines: [{ variantId: each.variantId, delta: 1.0001 }] }, 'lines.0.delta'],
        [{ reasonCode: 'found', lines: [{ variantId: each.variantId, delta: 1.5 }] }, 'lines.0.delta'],
        [{ reasonCode: 'found', lines: [{ variantId: otherProduct.variantId, delta: 1 }] }, 'lines.0.variantId'],
        [{ reasonCode: 'found', lines: [{ variantId: 'nope', delta: 1 }] }, 'lines.0.variantId'],
        [
          {
            reasonCode: 'found',
            lines: [
              { variantId: each.variantId, delta: 1 },
              { variantId: each.variantId, delta: 2 },
            ],
          },
          'lines.1.variantId',
        ],
      ];
      for (const [body, field] of cases) {
        const res = await adjust(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
      }
      expect(await onHand(server, demo.businessId, demo.lekkiId, each.variantId)).toBe(0);
      // The other tenant's stock was not touched by the attempt.
      expect(await onHand(server, other.businessId, other.storeId, otherProduct.variantId)).toBe(5);
    });

    it('refuses untracked and archived products with their codes', async () => {
      const service = await createTestProduct(server, { businessId: demo.businessId, isTracked: false });
      const old = await createTestProduct(server, { businessId: demo.businessId, isArchived: true });
      const untracked = await adjust({ reasonCode: 'found', lines: [{ variantId: service.variantId, delta: 1 }] });
      expect(untracked.statusCode).toBe(409);
      expect(untracked.json().code).toBe('PRODUCT_NOT_TRACKED');
      expect(fieldsOf(untracked)).toEqual(['lines.0.variantId']);
      const archived = await adjust({ reasonCode: 'found', lines: [{ variantId: old.variantId, delta: 1 }] });
      expect(archived.statusCode).toBe(409);
      expect(archived.json().code).toBe('PRODUCT_ARCHIVED');
    });

    it('answers 401 without a token and 403 to IPOS_BASIC', async () => {
      const p = await createTestProduct(server, { businessId: demo.businessId });
      const body = { reasonCode: 'found', lines: [{ variantId: p.variantId, delta: 1 }] };
      expect((await call(createStockAdjustment, { as: null, storeId: demo.lekkiId, body })).statusCode).toBe(401);
      const basic = await call(createStockAdjustment, { as: DEMO.cashier, storeId: demo.ikejaId, body });
      expect(basic.statusCode).toBe(403);
    });

    it('answers 404 for another tenant’s store and adjustment', async () => {
      await expectCrossTenantNotFound(server, {
        endpoint: createStockAdjustment,
        as: { email: DEMO.manager },
        storeId: other.storeId,
        body: { reasonCode: 'found', lines: [{ variantId: otherProduct.variantId, delta: 1 }] },
      });
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/stock-adjustments',
        headers: { authorization: `Bearer ${await other.token()}`, 'x-store-id': other.storeId },
        payload: { reasonCode: 'found', lines: [{ variantId: otherProduct.variantId, delta: 1 }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      await expectCrossTenantNotFound(server, {
        endpoint: getStockAdjustment,
        params: { adjustmentId: (res.json() as StockAdjustment).id },
        as: { email: DEMO.manager },
        storeId: demo.lekkiId,
        mustNotReveal: ['Other Secret Soap'],
      });
    });
  });

  describe('GET /api/v1/products/:productId/movements', () => {
    it('lists the ledger newest first with store, variant label, document number and actor, paged', async () => {
      const drink = await createTestProduct(server, {
        businessId: demo.businessId,
        name: 'Malt Drink',
        options: [{ name: 'Size', values: ['33cl', '50cl'] }],
        variants: [
          { optionValues: ['33cl'], stock: { [demo.lekkiId]: 10 } },
          { optionValues: ['50cl'], stock: { [demo.ikejaId]: 4 } },
        ],
      });
      const res = await adjust({ reasonCode: 'damaged', lines: [{ variantId: drink.variants[0]!.id, delta: -2 }] });
      expect(res.statusCode).toBe(201);
      const adjustment = res.json() as StockAdjustment;

      const list = await call(listProductMovements, { storeId: demo.lekkiId, params: { productId: drink.id } });
      expect(list.statusCode, list.body).toBe(200);
      const page = list.json() as { items: StockMovement[]; total: number };
      expect(page.total).toBe(3);
      const newest = page.items[0]!;
      expect(newest).toMatchObject({
        storeId: demo.lekkiId,
        storeName: 'Lekki',
        variantId: drink.variants[0]!.id,
        variantLabel: '33cl',
        delta: -2,
        onHandAfter: 8,
        reason: 'adjustment',
        refType: 'stock_adjustment',
        refId: adjustment.id,
        refNumber: adjustment.number,
        actor: { id: await server.accountId(DEMO.manager), name: expect.any(String) },
      });
      const times = page.items.map((m) => m.occurredAt);
      expect([...times].sort().reverse()).toEqual(times);

      const ikeja = await call(listProductMovements, {
        storeId: demo.lekkiId,
        params: { productId: drink.id },
        query: { storeId: demo.ikejaId },
      });
      expect(
        (ikeja.json() as { items: StockMovement[] }).items.map((m) => [m.storeName, m.variantLabel, m.delta]),
      ).toEqual([['Ikeja', '50cl', 4]]);
      const paged = await call(listProductMovements, {
        storeId: demo.lekkiId,
        params: { productId: drink.id },
        query: { pageSize: '1', page: '2' },
      });
      expect(paged.json()).toMatchObject({ total: 3, page: 2, pageSize: 1 });
      expect((paged.json() as { items: StockMovement[] }).items[0]!.id).toBe(page.items[1]!.id);

      const byVariant = await call(listProductMovements, {
        as: DEMO.cashier,
        storeId: demo.ikejaId,
        params: { productId: drink.id },
        query: { variantId: drink.variants[0]!.id },
      });
      expect(byVariant.statusCode).toBe(200);
      expect((byVariant.json() as { total: number }).total).toBe(2);
    });

    it('answers 400, 401 and 404 for another tenant’s product', async () => {
      const bad = await call(listProductMovements, {
        storeId: demo.lekkiId,
        params: { productId: otherProduct.id },
        query: { storeId: 'lekki' },
      });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json().errors)).toContain('storeId');
      const anon = await call(listProductMovements, {
        as: null,
        storeId: demo.lekkiId,
        params: { productId: otherProduct.id },
      });
      expect(anon.statusCode).toBe(401);
      await expectCrossTenantNotFound(server, {
        endpoint: listProductMovements,
        params: { productId: otherProduct.id },
        as: { email: DEMO.manager },
        storeId: demo.lekkiId,
        mustNotReveal: ['Other Secret Soap'],
      });
    });
  });

  it('never leaves an adjustment header without its movements', async () => {
    const db = server.deps.database.db;
    const orphans = await db
      .select({ id: stockAdjustments.id })
      .from(stockAdjustments)
      .where(
        sql`not exists (select 1 from stock_movements m where m.ref_type = 'stock_adjustment' and m.ref_id = ${stockAdjustments.id})`,
      );
    expect(orphans).toEqual([]);
  });
});
