import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportAuditEvents,
  exportContacts,
  exportProducts,
  formatDay,
  formatStoreDate,
  purchaseOrderPdf,
  listPurchaseOrders,
  type PurchaseOrderSummary,
} from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';

/**
 * Files are dated on the store's calendar and printed in the app's format, whatever the server's
 * clock says: at 23:30 UTC on 26 November it is already 27 November in Lagos, where the demo
 * stores are.
 */
describe('dates in files follow the store’s zone', () => {
  const now = new Date('2026-11-26T23:30:00.000Z');
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;

  const get = async (url: string, as: string, query: Record<string, string> = {}) =>
    server.app.inject({
      method: 'GET',
      url,
      query,
      headers: { authorization: `Bearer ${await server.tokenFor(as)}`, 'x-store-id': demo.lekkiId },
    });
  const fileName = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];
  };

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => now });
    demo = await demoIds(server);
  });
  afterAll(() => server.close());

  it('names the CSV exports by the store’s today, not the UTC day', async () => {
    expect(fileName(await get(exportProducts.path, DEMO.manager))).toBe('products-LEK-2026-11-27.csv');
    expect(fileName(await get(exportContacts.path, DEMO.manager, { kind: 'vendor' }))).toBe(
      'contacts-vendors-2026-11-27.csv',
    );
    expect(fileName(await get(exportAuditEvents.path, DEMO.owner))).toBe('audit-trail-2026-11-27.csv');
  });

  it('prints a purchase order’s dates in the app’s format, the order date on the store’s calendar', async () => {
    const list = await get(listPurchaseOrders.path, DEMO.manager, { pageSize: '100' });
    expect(list.statusCode, list.body.slice(0, 300)).toBe(200);
    const orders = (list.json() as { items: PurchaseOrderSummary[] }).items;
    const order = orders.find((o) => o.expectedOn) ?? orders[0]!;
    const pdf = await get(purchaseOrderPdf.path.replace(':orderId', order.id), DEMO.manager);
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf.rawPayload, encoding: 'utf8' })
      .replace(/\s+/g, ' ')
      .trim();
    expect(text).toContain('Order date');
    expect(text).toContain(formatStoreDate(order.createdAt, 'Africa/Lagos'));
    if (order.expectedOn) expect(text).toContain(formatDay(order.expectedOn));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
