import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createPurchaseOrder, createStockAdjustment, IDEMPOTENCY_HEADER, type Endpoint } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { fieldsOf } from '../inventory/helpers.js';

/**
 * Requests the fuzz pass (fuzz.test.ts) answered with a 5xx, each sent exactly as it was: every one
 * is now a 4xx naming the field.
 */
describe('requests the fuzz pass found answered 5xx', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let variantId: string;
  let vendorId: string;

  const send = async (endpoint: Endpoint, payload: string) =>
    server.app.inject({
      method: endpoint.method,
      url: endpoint.path,
      headers: {
        authorization: `Bearer ${await server.tokenFor(DEMO.owner)}`,
        'x-store-id': demo.lekkiId,
        [IDEMPOTENCY_HEADER]: randomUUID(),
        'content-type': 'application/json',
      },
      payload,
    });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    variantId = (await createTestProduct(server, { businessId: demo.businessId, name: 'Fuzzed rice', unit: 'kg' }))
      .variantId;
    const vendors = (await server.deps.database.db.execute(
      sql`select id from contacts where business_id = ${demo.businessId} and kind = 'vendor' limit 1`,
    )) as unknown as { rows: { id: string }[] };
    vendorId = vendors.rows[0]!.id;
  });
  afterAll(() => server.close());

  // A quantity so small it is zero in thousandths passed "above zero" and "other than zero", and
  // the database's check refused the zero it was stored as.
  it('a stock adjustment of 3.769489996415282e-155: 400 on the delta', async () => {
    const res = await send(
      createStockAdjustment,
      `{"reasonCode":"opening_stock","lines":[{"variantId":"${variantId}","delta":3.769489996415282e-155}]}`,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res)).toEqual(['lines.0.delta']);
  });

  // PostgreSQL has no year 0: the day passed the contract and the database refused it.
  it('GET /audit-events?from=0000-01-01: 400 on from; the calendar edges answer without a 5xx', async () => {
    const get = async (query: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/v1/audit-events?${query}`,
        headers: { authorization: `Bearer ${await server.tokenFor(DEMO.owner)}`, 'x-store-id': demo.lekkiId },
      });
    const res = await get('from=0000-01-01');
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res)).toEqual(['querystring.from']);
    for (const query of ['from=0001-01-01', 'to=0001-01-01', 'from=9999-12-31', 'to=9999-12-31', 'to=0000-01-01']) {
      const edge = await get(query);
      expect(edge.statusCode, `${query}: ${edge.body}`).toBeLessThan(500);
    }
  });

  it('a purchase order line of 4.386307447825706e-59: 400 on the quantity', async () => {
    const res = await send(
      createPurchaseOrder,
      `{"vendorId":"${vendorId}","lines":[{"variantId":"${variantId}","quantity":4.386307447825706e-59,"unitCostMinor":100}]}`,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res)).toEqual(['lines.0.quantity']);
  });
});
