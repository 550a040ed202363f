import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { purchaseOrderReceiptLines, purchaseOrderReturnLines } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { createVendor, orderActions } from './po-support.js';

/**
 * A delivery (and a return to the vendor) writes its header and its lines in one statement whose
 * text does not depend on the number of lines, so it is prepared once: one trip, however big the
 * delivery.
 */
describe('the statements of a delivery and of a return', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let act: ReturnType<typeof orderActions>;
  let vendorId: string;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    server = await createTestServer({}, { onQuery: (q) => counting && statements.push(q) });
    demo = await demoIds(server);
    vendorId = (await createVendor(server, demo.businessId)).id;
    act = orderActions(server, DEMO.manager, demo.lekkiId);
  });
  afterAll(() => server?.close());

  const product = () =>
    createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ costPriceMinor: 500, sellingPriceMinor: 900, stock: { [demo.lekkiId]: 0 } }],
    });

  /** The statements of one call that write into `table`. */
  async function writesOf(table: string, call: () => Promise<unknown>) {
    statements.length = 0;
    counting = true;
    try {
      await call();
    } finally {
      counting = false;
    }
    return statements.filter((s) => new RegExp(`insert into "?${table}"?\\b`, 'i').test(s));
  }

  it('one statement of the same text for one line and for three, the lines as given', async () => {
    const variants = await Promise.all([product(), product(), product(), product()]);
    const order = await act.create(
      vendorId,
      variants.map((p) => ({ variantId: p.variants[0]!.id, quantity: 10, unitCostMinor: 500 })),
    );

    const one = await writesOf('purchase_order_receipt_lines', () =>
      act.receive(order.id, [{ lineNo: 1, quantity: 4 }]),
    );
    const three = await writesOf('purchase_order_receipt_lines', () =>
      act.receive(order.id, [
        { lineNo: 2, quantity: 10, unitCostMinor: 480 },
        { lineNo: 3, quantity: 2 },
        { lineNo: 4, quantity: 1 },
      ]),
    );
    expect(one).toHaveLength(1);
    expect(one[0]).toMatch(/insert into "purchase_order_receipts"/i);
    expect(three).toEqual(one);
    expect(
      await writesOf('purchase_order_receipts', () => act.receive(order.id, [{ lineNo: 1, quantity: 1 }])),
    ).toEqual(one);

    const written = await server.deps.database.db
      .select({
        lineNo: purchaseOrderReceiptLines.lineNo,
        quantity: purchaseOrderReceiptLines.quantity,
        cost: purchaseOrderReceiptLines.unitCostMinor,
      })
      .from(purchaseOrderReceiptLines)
      .where(
        and(eq(purchaseOrderReceiptLines.businessId, demo.businessId), eq(purchaseOrderReceiptLines.orderId, order.id)),
      )
      .orderBy(asc(purchaseOrderReceiptLines.lineNo), asc(purchaseOrderReceiptLines.quantity));
    expect(written.map((r) => [r.lineNo, Number(r.quantity), Number(r.cost)])).toEqual([
      [1, 1, 500],
      [1, 4, 500],
      [2, 10, 480],
      [3, 2, 500],
      [4, 1, 500],
    ]);

    const returned = await writesOf('purchase_order_return_lines', () =>
      act.recall(order.id, [
        { lineNo: 1, quantity: 2 },
        { lineNo: 2, quantity: 3 },
      ]),
    );
    expect(returned).toHaveLength(1);
    expect(returned[0]).toMatch(/insert into "purchase_order_returns"/i);
    const back = await server.deps.database.db
      .select({ lineNo: purchaseOrderReturnLines.lineNo, quantity: purchaseOrderReturnLines.quantity })
      .from(purchaseOrderReturnLines)
      .where(
        and(eq(purchaseOrderReturnLines.businessId, demo.businessId), eq(purchaseOrderReturnLines.orderId, order.id)),
      )
      .orderBy(asc(purchaseOrderReturnLines.lineNo));
    expect(back.map((r) => [r.lineNo, Number(r.quantity)])).toEqual([
      [1, 2],
      [2, 3],
    ]);
  });
});
