import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { refundLines } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { openTestSession, saleBody } from '../checkout/checkout-support.js';
import { refundBody, refunder, sellOk } from './transactions-support.js';

/** A refund's lines go in one statement whose text does not depend on their number (prepared once). */
describe('the statements of a refund', () => {
  let server: TestServer;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    server = await createTestServer({}, { onQuery: (q) => counting && statements.push(q) });
  });
  afterAll(() => server?.close());

  it('one statement of the same text for one line and for two, the lines as given', async () => {
    const demo = await demoIds(server);
    const scope = { businessId: demo.businessId, storeId: demo.lekkiId };
    const session = await openTestSession(server, scope);
    const token = await server.tokenFor(DEMO.manager);
    const products = await Promise.all(
      [1_000, 2_000, 3_000].map((price) =>
        createTestProduct(server, {
          businessId: demo.businessId,
          variants: [{ sellingPriceMinor: price, costPriceMinor: 500, stock: { [demo.lekkiId]: 10 } }],
        }),
      ),
    );
    const sale = await sellOk(
      server,
      token,
      demo.lekkiId,
      saleBody(
        session,
        products.map((p) => ({ variantId: p.variantId, quantity: 2 })),
        12_000,
      ),
    );
    const refund = refunder(server);
    const linesInsertOf = async (lines: { lineNo: number; quantity: number; restock?: boolean }[]) => {
      statements.length = 0;
      counting = true;
      const res = await refund({ token, storeId: demo.lekkiId, saleId: sale.id, body: refundBody(session, lines) });
      counting = false;
      expect(res.statusCode, res.body).toBe(201);
      return statements.filter((s) => /insert into "refund_lines"/i.test(s));
    };

    const one = await linesInsertOf([{ lineNo: 1, quantity: 1 }]);
    const two = await linesInsertOf([
      { lineNo: 2, quantity: 2, restock: false },
      { lineNo: 3, quantity: 1 },
    ]);
    expect(one).toHaveLength(1);
    expect(two).toEqual(one);

    const written = await server.deps.database.db
      .select({
        lineNo: refundLines.lineNo,
        quantity: refundLines.quantity,
        total: refundLines.totalMinor,
        restocked: refundLines.restocked,
      })
      .from(refundLines)
      .where(and(eq(refundLines.businessId, demo.businessId), eq(refundLines.saleId, sale.id)))
      .orderBy(asc(refundLines.lineNo));
    expect(written.map((r) => [r.lineNo, Number(r.quantity), Number(r.total), r.restocked])).toEqual([
      [1, 1, 1_000, true],
      [2, 2, 4_000, false],
      [3, 1, 3_000, true],
    ]);
  });
});
