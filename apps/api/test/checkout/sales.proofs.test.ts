import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  parseThousandths,
  priceCart,
  toThousandths,
  type CreateSaleBody,
  type PaymentInput,
  type Sale,
} from '@ipos/contracts';
import { auditEvents, idempotencyKeys, saleLines, salePayments, sales, stockMovements } from '../../src/db/schema.js';
import { ledgerMismatches } from '../../src/features/inventory/stock-ledger.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct, onHand, type TestProduct } from '../support/catalog.js';
import { createTestTaxRate, newKey, openTestSession, saleBody, seller, setProductTaxRate } from './checkout-support.js';

/**
 * Proven, not hoped: the last unit, retries and books that balance — through the API,
 * concurrently, on whichever database this project runs (PGlite serialises the transactions,
 * PostgreSQL runs them in parallel).
 */
describe('sales under concurrency and retries', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let sessionId: string;
  let token: string;
  let sell: ReturnType<typeof seller>;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    sessionId = await openTestSession(server, { businessId: demo.businessId, storeId: demo.lekkiId });
    token = await server.tokenFor(DEMO.manager);
    sell = seller(server);
  });
  afterAll(() => server.close());

  const soldOf = async (variantId: string) => {
    const rows = await server.deps.database.db
      .select({ quantity: saleLines.quantity })
      .from(saleLines)
      .where(and(eq(saleLines.businessId, demo.businessId), eq(saleLines.variantId, variantId)));
    return rows.reduce((s, r) => s + parseThousandths(r.quantity), 0) / 1000;
  };

  it('last unit: 50 concurrent sales of 1 in stock → exactly one 201, 49 × 409 INSUFFICIENT_STOCK', async () => {
    const initial = 1;
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ sellingPriceMinor: 80_000, stock: { [demo.lekkiId]: initial } }],
    });
    const bodies = Array.from({ length: 50 }, () =>
      saleBody(sessionId, [{ variantId: p.variantId, quantity: 1 }], 80_000),
    );
    const results = await Promise.all(bodies.map((body) => sell({ token, storeId: demo.lekkiId, body })));

    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(created, results.map((r) => r.statusCode).join(',')).toHaveLength(1);
    expect(refused).toHaveLength(49);
    expect(refused.every((r) => r.json().code === 'INSUFFICIENT_STOCK')).toBe(true);

    const final = await onHand(server, demo.businessId, demo.lekkiId, p.variantId);
    expect(final).toBe(0);
    expect(await soldOf(p.variantId)).toBe(initial - final);
    const db = server.deps.database.db;
    const saleRows = await db
      .select({ id: sales.id })
      .from(sales)
      .where(
        and(
          eq(sales.businessId, demo.businessId),
          inArray(
            sales.id,
            bodies.map((b) => b.id),
          ),
        ),
      );
    expect(saleRows.map((r) => r.id)).toEqual([(created[0]!.json() as Sale).id]);
    expect(await ledgerMismatches(db, demo.businessId)).toEqual([]);
  });

  it('retries: the same key and body 100 times at once → one sale, one set of movements, one audit event, identical answers', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ sellingPriceMinor: 1_500, stock: { [demo.lekkiId]: 500 } }],
    });
    const q = await createTestProduct(server, {
      businessId: demo.businessId,
      unit: 'kg',
      variants: [{ sellingPriceMinor: 2_000, stock: { [demo.lekkiId]: 50 } }],
    });
    const key = newKey();
    const body = saleBody(
      sessionId,
      [
        { variantId: p.variantId, quantity: 2 },
        { variantId: q.variantId, quantity: 0.5 },
      ],
      4_000,
      { payments: [{ method: 'cash', amountMinor: 4_000, tenderedMinor: 5_000 }] },
    );
    const results = await Promise.all(
      Array.from({ length: 100 }, () => sell({ token, storeId: demo.lekkiId, body, key })),
    );
    const [first] = results;
    expect(first!.statusCode, first!.body).toBe(201);
    for (const res of results) {
      expect(res.statusCode).toBe(first!.statusCode);
      expect(res.body).toBe(first!.body);
    }

    const db = server.deps.database.db;
    const saleRows = await db
      .select()
      .from(sales)
      .where(and(eq(sales.businessId, demo.businessId), eq(sales.id, body.id)));
    expect(saleRows).toHaveLength(1);
    const moves = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, demo.businessId), eq(stockMovements.refId, body.id)));
    expect(moves).toHaveLength(2);
    const audits = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'sale'), eq(auditEvents.entityId, body.id)));
    expect(audits).toHaveLength(1);
    const keys = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.businessId, demo.businessId), eq(idempotencyKeys.key, key)));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.responseBody).toBe(first!.body);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(498);
    expect(await onHand(server, demo.businessId, demo.lekkiId, q.variantId)).toBe(49.5);

    // Afterwards: the same key with another body is a 422, none at all a 400.
    const reused = await sell({ token, storeId: demo.lekkiId, body: { ...body, note: 'changed' }, key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const missing = await sell({ token, storeId: demo.lekkiId, body, key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await ledgerMismatches(db, demo.businessId)).toEqual([]);
  });

  it('books balance: a random mix of concurrent sales with mixed payments → payments = totals, on hand = ledger', async () => {
    // A seeded generator, so a failure can be replayed.
    let seed = 20_261_105;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

    const inclusive = await createTestTaxRate(server, demo.businessId, 750, true);
    const exclusive = await createTestTaxRate(server, demo.businessId, 1600, false);
    const specs = [
      { unit: 'each' as const, price: 99_999, tax: inclusive, stock: 12 },
      { unit: 'each' as const, price: 12_345, tax: exclusive, stock: 8 },
      { unit: 'kg' as const, price: 250_001, tax: null, stock: 6 },
      { unit: 'pack' as const, price: 7_777, tax: exclusive, stock: 3 },
    ];
    const catalogue: ((typeof specs)[number] & { product: TestProduct; rate: number })[] = [];
    for (const spec of specs) {
      const product = await createTestProduct(server, {
        businessId: demo.businessId,
        unit: spec.unit,
        variants: [{ sellingPriceMinor: spec.price, stock: { [demo.lekkiId]: spec.stock } }],
      });
      if (spec.tax) await setProductTaxRate(server, demo.businessId, product.id, spec.tax);
      catalogue.push({ ...spec, product, rate: spec.tax === inclusive ? 750 : spec.tax === exclusive ? 1600 : 0 });
    }
    const session = await openTestSession(server, { businessId: demo.businessId, storeId: demo.lekkiId });

    const makeSale = (): CreateSaleBody => {
      const chosen = [...catalogue].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 3));
      const lines = chosen.map((c) => ({
        variantId: c.product.variantId,
        quantity: c.unit === 'kg' ? Math.round((0.1 + random() * 2) * 1000) / 1000 : 1 + Math.floor(random() * 3),
        ...(random() < 0.3 ? { discount: { type: 'percent' as const, value: Math.floor(random() * 2_000) } } : {}),
      }));
      const cartDiscount =
        random() < 0.3 ? { type: 'amount' as const, value: Math.floor(random() * 5_000) } : undefined;
      // The till prices with the same engine as the server.
      const { totalMinor } = priceCart(
        lines.map((l) => {
          const c = chosen.find((x) => x.product.variantId === l.variantId)!;
          return {
            quantityThousandths: toThousandths(l.quantity),
            unitPriceMinor: c.price,
            discount: l.discount ?? null,
            taxRateBasisPoints: c.rate,
            taxInclusive: c.tax === inclusive,
          };
        }),
        cartDiscount ?? null,
      );
      // Split the total across 1–3 tenders; cash may be over-tendered.
      const parts = 1 + Math.floor(random() * 3);
      const payments: PaymentInput[] = [];
      let left = totalMinor;
      for (let i = 0; i < parts && left > 0; i++) {
        const amount = i === parts - 1 ? left : Math.max(1, Math.floor(left * random()));
        left -= amount;
        const method = pick(['cash', 'card', 'bank_transfer', 'mobile_money'] as const);
        payments.push(
          method === 'cash'
            ? { method, amountMinor: amount, tenderedMinor: amount + Math.floor(random() * 1_000) }
            : method === 'mobile_money'
              ? { method, amountMinor: amount, provider: pick(['mpesa', 'mtn_momo', 'airtel_money'] as const) }
              : { method, amountMinor: amount, reference: `REF-${i}` },
        );
      }
      return saleBody(session, lines, totalMinor, { payments, ...(cartDiscount ? { cartDiscount } : {}) });
    };

    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const results = await Promise.all(
        Array.from({ length: 5 }, () => sell({ token, storeId: demo.lekkiId, body: makeSale() })),
      );
      for (const r of results) {
        expect([201, 409], r.body).toContain(r.statusCode);
        if (r.statusCode === 409) expect(r.json().code).toBe('INSUFFICIENT_STOCK');
        statuses.push(r.statusCode);
      }
    }
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);

    const db = server.deps.database.db;
    const [totals] = (
      (await db.execute(sql`
        select
          (select coalesce(sum(total_minor), 0)::text from ${sales} where business_id = ${demo.businessId} and session_id = ${session}) as sales_total,
          (select coalesce(sum(paid_minor - change_minor), 0)::text from ${sales} where business_id = ${demo.businessId} and session_id = ${session}) as paid_net,
          (select coalesce(sum(p.amount_minor), 0)::text from ${salePayments} p join ${sales} s
             on s.business_id = p.business_id and s.id = p.sale_id
            where s.business_id = ${demo.businessId} and s.session_id = ${session}) as payments_total,
          (select coalesce(sum(l.total_minor), 0)::text from ${saleLines} l join ${sales} s
             on s.business_id = l.business_id and s.id = l.sale_id
            where s.business_id = ${demo.businessId} and s.session_id = ${session}) as lines_total,
          (select count(*)::text from ${sales} where business_id = ${demo.businessId} and session_id = ${session}) as sales_count`)) as unknown as {
        rows: unknown[];
      }
    ).rows as {
      sales_total: string;
      paid_net: string;
      payments_total: string;
      lines_total: string;
      sales_count: string;
    }[];
    expect(Number(totals!.sales_count)).toBe(statuses.filter((s) => s === 201).length);
    expect(totals!.payments_total).toBe(totals!.sales_total);
    expect(totals!.paid_net).toBe(totals!.sales_total);
    expect(totals!.lines_total).toBe(totals!.sales_total);

    for (const c of catalogue) {
      const final = await onHand(server, demo.businessId, demo.lekkiId, c.product.variantId);
      expect(final).toBeGreaterThanOrEqual(0);
      expect(toThousandths(c.stock - final)).toBe(toThousandths(await soldOf(c.product.variantId)));
    }
    expect(await ledgerMismatches(db, demo.businessId)).toEqual([]);
  });
});
