import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * the store's rule) then moved and written to the ledger, the number, the sale, its lines, its
 * payments, the report summaries (one call of their database function) and the audit event. It was 27
 * before the reads were merged, and 20 before the account and its access, the session and the sale id,
 * and the five summary upserts each became one.
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
    expect(statements.length).toBeLessThanOrEqual(14);
  });
});
