import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { sales } from '../../src/db/schema.js';
import { formatDocumentNumber } from '../../src/lib/document-numbers.js';
import { insertNumberedSale } from '../../src/features/checkout/sales.repository.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { openTestSession, saleBody, seller } from './checkout-support.js';

/**
 * What a sale costs the database: each statement is a round trip (on the embedded database, a trip
 * through its wire protocol), so the count is the sale's cost that does not depend on the machine.
 * Prints the statements; the bound is what the design allows: the caller's account with its access to
 * the store (one), the Idempotency-Key claimed and answered, the open session with whether the sale id
 * is taken, the lines against the catalogue, the plan with the month's count, the stock locked (with
 * the store's rule) then moved and written to the ledger, the number with the sale, its lines and its
 * payments (one statement), the audit event with the report summaries (one call of their database
 * function; one statement) and the answer kept with the key. It was 27 before the reads were merged, 20
 * before the account and its access, the session and the sale id, and the five summary upserts each
 * became one, 14 before the lines and payments did, and 13 before the number joined the sale and the
 * audit event the summaries.
 */
describe('the statements of a sale', () => {
  let server: TestServer;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    // Begin and commit are left out: PostgreSQL's driver reports them, the embedded one sends them unseen.
    server = await createTestServer(
      {},
      { onQuery: (q) => counting && !/^\s*(begin|commit)\b/i.test(q) && statements.push(q) },
    );
  });
  afterAll(() => server?.close());

  it('a five-line cash sale, from its request to its answer', async () => {
    const demo = await demoIds(server);
    const scope = { businessId: demo.businessId, storeId: demo.lekkiId };
    const sessionId = await openTestSession(server, scope, { openedBy: await server.accountId(DEMO.manager) });
    const products = await Promise.all(
      Array.from({ length: 5 }, () =>
        createTestProduct(server, {
          businessId: demo.businessId,
          variants: [{ sellingPriceMinor: 10_000, costPriceMinor: 6_000, stock: { [demo.lekkiId]: 100 } }],
        }),
      ),
    );
    const token = await server.tokenFor(DEMO.manager);
    const sell = seller(server);
    const lines = products.map((p) => ({ variantId: p.variants[0]!.id, quantity: 2 }));
    // A first sale warms what is cached per process (nothing per token is assumed).
    expect((await sell({ token, storeId: demo.lekkiId, body: saleBody(sessionId, lines, 100_000) })).statusCode).toBe(
      201,
    );
    counting = true;
    const res = await sell({ token, storeId: demo.lekkiId, body: saleBody(sessionId, lines, 100_000) });
    counting = false;
    expect(res.statusCode).toBe(201);
    console.log(
      `a sale: ${statements.length} statements\n${statements.map((s, i) => `  ${i + 1}. ${s.replace(/\s+/g, ' ').slice(0, 110)}`).join('\n')}`,
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(10);
  });

  it('writes lines and payments of any shape in one statement of the same text, exactly as given', async () => {
    const demo = await demoIds(server);
    const scope = { businessId: demo.businessId, storeId: demo.lekkiId };
    const sessionId = await openTestSession(server, scope, { openedBy: await server.accountId(DEMO.manager) });
    const name = `Maziwa "Fresh" 1\\2 l, O'Neil's — chai ☕ ${Date.now()}`;
    const [odd, weighed, second] = await Promise.all([
      createTestProduct(server, {
        businessId: demo.businessId,
        name,
        variants: [{ sellingPriceMinor: 12_345, costPriceMinor: 6_000, stock: { [demo.lekkiId]: 10 } }],
      }),
      createTestProduct(server, {
        businessId: demo.businessId,
        unit: 'kg',
        variants: [{ sellingPriceMinor: 80_000, costPriceMinor: 50_000, stock: { [demo.lekkiId]: 10 } }],
      }),
      createTestProduct(server, {
        businessId: demo.businessId,
        name: `${name} (2)`,
        variants: [{ sellingPriceMinor: 12_345, costPriceMinor: 6_000, stock: { [demo.lekkiId]: 10 } }],
      }),
    ]);
    const token = await server.tokenFor(DEMO.manager);
    const sell = seller(server);
    const writesOf = async (body: ReturnType<typeof saleBody>) => {
      statements.length = 0;
      counting = true;
      const res = await sell({ token, storeId: demo.lekkiId, body });
      counting = false;
      expect(res.statusCode, res.body).toBe(201);
      return { sale: res.json(), written: statements.filter((q) => /sale_lines/.test(q) && /^\s*with/i.test(q)) };
    };

    const one = await writesOf(saleBody(sessionId, [{ variantId: odd.variantId, quantity: 1 }], 12_345));
    // 12,345 + 2 × 12,345 + 1.255 kg × 80,000 (100,400) = 137,435, paid by card and cash with change.
    const three = await writesOf(
      saleBody(
        sessionId,
        [
          { variantId: odd.variantId, quantity: 1 },
          { variantId: weighed.variantId, quantity: 1.255 },
          { variantId: second.variantId, quantity: 2 },
        ],
        137_435,
        {
          payments: [
            { method: 'card', amountMinor: 100_000, reference: 'AUTH "7"' },
            { method: 'cash', amountMinor: 37_435, tenderedMinor: 40_000 },
          ],
        },
      ),
    );
    expect(one.written).toHaveLength(1);
    expect(three.written).toEqual(one.written);

    const read = await server.app.inject({
      method: 'GET',
      url: `/api/v1/sales/${three.sale.id}`,
      headers: { authorization: `Bearer ${token}`, 'x-store-id': demo.lekkiId },
    });
    expect(read.statusCode).toBe(200);
    const stored = read.json();
    // The answer was built from the rows given; the sale read back from the database says the same.
    expect(stored.lines).toEqual(three.sale.lines.map((l: object) => expect.objectContaining(l)));
    expect(stored.payments).toEqual(three.sale.payments.map((p: object) => expect.objectContaining(p)));
    expect(stored.lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
      [name, 1],
      [expect.any(String), 1.255],
      [`${name} (2)`, 2],
    ]);
    expect(stored.payments).toEqual([
      expect.objectContaining({ method: 'card', amountMinor: 100_000, reference: 'AUTH "7"', tenderedMinor: null }),
      expect.objectContaining({ method: 'cash', amountMinor: 37_435, tenderedMinor: 40_000, changeMinor: 2_565 }),
    ]);
  });

  it('numbers past 999,999 as the demo history does, and gives a number back when the sale id is taken', async () => {
    const demo = await demoIds(server);
    const scope = { businessId: demo.businessId, storeId: demo.lekkiId };
    const db = server.deps.database.db;
    const sessionId = await openTestSession(server, scope, { openedBy: await server.accountId(DEMO.manager) });
    const product = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ sellingPriceMinor: 1_000, costPriceMinor: 600, stock: { [demo.lekkiId]: 10 } }],
    });
    const token = await server.tokenFor(DEMO.manager);
    const sell = seller(server);
    const theCounter = sql`business_id = ${scope.businessId} and store_id = ${scope.storeId} and kind = 'sale'`;
    const lastValue = async () =>
      Number(
        (
          await queryRows<{ last_value: number | string }>(
            db,
            sql`select last_value from document_counters where ${theCounter}`,
          )
        )[0]!.last_value,
      );
    await db.execute(sql`update document_counters set last_value = 999998 where ${theCounter}`);
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await sell({
        token,
        storeId: demo.lekkiId,
        body: saleBody(sessionId, [{ variantId: product.variantId, quantity: 1 }], 1_000),
      });
      expect(res.statusCode, res.body).toBe(201);
      numbers.push(res.json().number);
    }
    expect(numbers).toEqual([
      formatDocumentNumber('LEK', 'sale', 999_999),
      formatDocumentNumber('LEK', 'sale', 1_000_000),
    ]);
    expect(numbers).toEqual(['LEK-S999999', 'LEK-S1000000']);

    // A sale under an id another request has just recorded (the case a concurrent sale under another
    // key meets): nothing written, and the rollback gives the number back.
    const [taken] = await db
      .select()
      .from(sales)
      .where(and(eq(sales.businessId, scope.businessId), eq(sales.number, numbers[1]!)));
    const { businessId: _b, storeId: _s, number: _n, ...header } = taken!;
    const rolledBack = new Error('rolled back');
    let answer: unknown = 'not run';
    await expect(
      db.transaction(async (tx) => {
        answer = await insertNumberedSale(tx, scope, header, [], []);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(answer).toBeUndefined();
    expect(await lastValue()).toBe(1_000_000);
  });
});
