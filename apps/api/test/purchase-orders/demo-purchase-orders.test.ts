import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseThousandths, purchaseOrderStatus as S, type PurchaseOrder, getPurchaseOrder } from '@ipos/contracts';
import { queryRows } from '../../src/db/client.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { expectLedgerHolds } from '../inventory/helpers.js';
import { po } from './po-support.js';

/** Demo Mart's purchase orders (seed/demo-purchase-orders.ts), read back from the seeded database. */
describe('demo purchase orders', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  type Row = { id: string; number: string; status: number; store_id: string; vendor_id: string; expected_on: string };
  let orders: Row[];

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    orders = await queryRows<Row>(
      server.deps.database.db,
      sql`select id, number, status, store_id, vendor_id, expected_on::text as expected_on
            from purchase_orders where business_id = ${demo.businessId} order by number`,
    );
  });
  afterAll(() => server.close());

  it('has an order in every status, in both stores, from several vendors, numbered per store', () => {
    expect(orders.length).toBeGreaterThanOrEqual(8);
    expect(new Set(orders.map((o) => Number(o.status)))).toEqual(
      new Set([S.OPEN, S.CANCELLED, S.CLOSED, S.FULLY_RECALLED, S.PARTIALLY_RECALLED]),
    );
    expect(new Set(orders.map((o) => o.store_id))).toEqual(new Set([demo.lekkiId, demo.ikejaId]));
    expect(new Set(orders.map((o) => o.vendor_id)).size).toBeGreaterThanOrEqual(6);
    for (const o of orders) expect(o.number).toMatch(o.store_id === demo.lekkiId ? /^LEK-PO\d{6}$/ : /^IKJ-PO\d{6}$/);
    // Expected dates spread over past and future days.
    const days = orders.map((o) => o.expected_on).sort();
    expect(days[0]! < days[days.length - 1]!).toBe(true);
  });

  it('shows OPEN untouched and OPEN partly received, CLOSED full and CLOSED short, each consistent with its lines', async () => {
    const details = await Promise.all(
      orders.map(async (o) => {
        const storeId = o.store_id;
        const res = await po(server, DEMO.owner, storeId, getPurchaseOrder, { params: { orderId: o.id } });
        expect(res.statusCode).toBe(200);
        return res.json() as PurchaseOrder;
      }),
    );
    const received = (o: PurchaseOrder) => o.lines.some((l) => l.quantityReceived > 0);
    const full = (o: PurchaseOrder) => o.lines.every((l) => l.quantityReceived === l.quantityOrdered);
    expect(details.some((o) => o.status === S.OPEN && !received(o))).toBe(true);
    expect(details.some((o) => o.status === S.OPEN && received(o))).toBe(true);
    expect(details.some((o) => o.status === S.CLOSED && full(o) && o.closeReason === null)).toBe(true);
    expect(details.some((o) => o.status === S.CLOSED && !full(o) && o.closeReason)).toBe(true);
    expect(details.some((o) => o.status === S.CANCELLED && o.cancelReason && !received(o))).toBe(true);
    for (const o of details.filter((d) => d.status === S.FULLY_RECALLED))
      for (const l of o.lines) expect(l.quantityReturned).toBe(l.quantityReceived);
    for (const o of details.filter((d) => d.status === S.PARTIALLY_RECALLED))
      expect(o.lines.some((l) => l.quantityReturned < l.quantityReceived)).toBe(true);
    expect(details.flatMap((o) => o.receipts).length).toBeGreaterThanOrEqual(6);
  });

  it('moved stock only through the ledger: receipts and returns match the lines, and the ledger holds', async () => {
    await expectLedgerHolds(server, demo.businessId);
    const [mismatch] = await queryRows<{ n: number | string }>(
      server.deps.database.db,
      sql`select count(*) as n from purchase_order_lines l
           where l.business_id = ${demo.businessId}
             and (l.quantity_received - l.quantity_returned) <> coalesce((
               select sum(m.delta) from stock_movements m
                where m.business_id = l.business_id and m.ref_type = 'purchase_order' and m.ref_id = l.order_id
                  and m.variant_id = l.variant_id), 0)`,
    );
    expect(Number(mismatch!.n)).toBe(0);
    const [moved] = await queryRows<{ received: string | number; returned: string | number }>(
      server.deps.database.db,
      sql`select coalesce(sum(delta) filter (where reason = 'purchase_receipt'), 0) as received,
                 coalesce(sum(delta) filter (where reason = 'vendor_return'), 0) as returned
            from stock_movements where business_id = ${demo.businessId} and ref_type = 'purchase_order'`,
    );
    expect(parseThousandths(moved!.received)).toBeGreaterThan(0);
    expect(parseThousandths(moved!.returned)).toBeLessThan(0);
    const [audited] = await queryRows<{ n: number | string }>(
      server.deps.database.db,
      sql`select count(distinct entity_id) as n from audit_events
           where business_id = ${demo.businessId} and entity = 'purchase_order' and action = 'purchase_order.created'`,
    );
    expect(Number(audited!.n)).toBe(orders.length);
  });
});
