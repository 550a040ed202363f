import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailReceipt, type Sale } from '@ipos/contracts';
import { auditEvents } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { latestMailTo } from '../support/mail.js';
import { caller } from '../inventory/helpers.js';
import { openTestSession, saleBody, seller } from './checkout-support.js';

describe('a receipt mailed from a reprint', () => {
  let server: TestServer;
  let sale: Sale;
  let call: ReturnType<typeof caller>;
  let lekkiId: string;

  beforeAll(async () => {
    server = await createTestServer();
    const demo = await demoIds(server);
    lekkiId = demo.lekkiId;
    call = caller(server, DEMO.manager);
    const product = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Reprint soap',
      variants: [{ sellingPriceMinor: 50_000, stock: { [demo.lekkiId]: 5 } }],
    });
    const session = await openTestSession(server, { businessId: demo.businessId, storeId: demo.lekkiId });
    const res = await seller(server)({
      token: await server.tokenFor(DEMO.manager),
      storeId: demo.lekkiId,
      body: saleBody(session, [{ variantId: product.variantId, quantity: 1 }], 50_000),
    });
    expect(res.statusCode, res.body).toBe(201);
    sale = res.json() as Sale;
  });

  afterAll(async () => {
    await server?.close();
  });

  async function mail(email: string, copy?: boolean) {
    const res = await call(emailReceipt, {
      storeId: lekkiId,
      params: { saleId: sale.id },
      body: copy === undefined ? { email } : { email, copy },
    });
    expect(res.statusCode, res.body).toBe(202);
    const sent = await latestMailTo(server, email);
    expect(sent).toBeDefined();
    return sent!;
  }

  it('says COPY above the receipt, and the trail records it was a copy', async () => {
    const copy = await mail('copy@example.com', true);
    expect(copy.textBody.startsWith('COPY\n\n')).toBe(true);
    expect(copy.textBody).toContain(sale.number);

    const original = await mail('original@example.com');
    expect(original.textBody).not.toContain('COPY');

    const events = await server.deps.database.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, sale.id), eq(auditEvents.action, 'sale.receipt_emailed')));
    expect(events.map((e) => e.after)).toEqual(
      expect.arrayContaining([{ email: 'copy@example.com', copy: true }, { email: 'original@example.com' }]),
    );
  });
});
