import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, isNull } from 'drizzle-orm';
import {
  buildPath,
  createInvoice,
  createPurchaseOrder,
  IDEMPOTENCY_HEADER,
  issueInvoice,
  purchaseOrderRefusal,
  recallPurchaseOrder,
  receivePurchaseOrder,
  recordWaste,
  storeDay,
  voidInvoice,
  type Endpoint,
  type Invoice,
  type PurchaseOrder,
} from '@ipos/contracts';
import { contacts } from '../../src/db/schema.js';
import { ledgerMismatches, onHandOf } from '../../src/features/inventory/stock-ledger.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';

/**
 * The ledger under random sequences of the issue-6 documents in one store: purchase orders received
 * in parts and recalled, waste written off, invoices issued and voided — including the ones that
 * must fail (receiving more than outstanding, recalling more than held or than is on the shelf,
 * wasting or invoicing more than on hand). After each step the answer matches a plain model (201/200
 * exactly when the model says it can happen); after each sequence on hand equals the sum of the
 * movements and the model, for every variant.
 */

type Op =
  | { kind: 'order'; v: number; amount: number }
  | { kind: 'receive'; pick: number; amount: number }
  | { kind: 'recall'; pick: number; amount: number }
  | { kind: 'waste'; v: number; amount: number }
  | { kind: 'invoice'; v: number; amount: number; thenVoid: boolean };

const variant = fc.integer({ min: 0, max: 2 });
/** Thousandths; variants 0 and 1 are counted in units (rounded up to whole units), variant 2 by weight. */
const amount = fc.integer({ min: 1, max: 8000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('order' as const), v: variant, amount }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('receive' as const), pick: fc.nat(), amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('recall' as const), pick: fc.nat(), amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('waste' as const), v: variant, amount }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('invoice' as const), v: variant, amount, thenVoid: fc.boolean() }),
  },
);

describe('the stock ledger under purchase orders, waste and invoices (property)', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let token: string;
  let vendorId: string;
  let customerId: string;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    token = await server.tokenFor(DEMO.manager);
    const db = server.deps.database.db;
    const pick = async (kind: 'vendor' | 'customer') =>
      (
        await db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.businessId, demo.businessId), eq(contacts.kind, kind), isNull(contacts.archivedAt)))
          .limit(1)
      )[0]!.id;
    vendorId = await pick('vendor');
    customerId = await pick('customer');
  });
  afterAll(() => server.close());

  const call = (endpoint: Endpoint, body: unknown, params?: Record<string, string>) =>
    server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, params),
      headers: {
        authorization: `Bearer ${token}`,
        'x-store-id': demo.lekkiId,
        ...(endpoint.idempotent ? { [IDEMPOTENCY_HEADER]: randomUUID() } : {}),
      },
      payload: body as object,
    });

  it('keeps on hand = sum of movements = the model; every refusal writes nothing', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const products = [
          await createTestProduct(server, { businessId: demo.businessId, unit: 'each' }),
          await createTestProduct(server, { businessId: demo.businessId, unit: 'pack' }),
          await createTestProduct(server, { businessId: demo.businessId, unit: 'kg' }),
        ];
        const qty = (v: number, thousandths: number) => (v === 2 ? thousandths : Math.ceil(thousandths / 1000) * 1000);
        const shelf = [0, 0, 0];
        const orders: { order: PurchaseOrder; v: number; ordered: number; received: number; returned: number }[] = [];
        const today = storeDay('Africa/Lagos');

        for (const o of ops) {
          if (o.kind === 'order') {
            const q = qty(o.v, o.amount);
            const res = await call(createPurchaseOrder, {
              vendorId,
              lines: [{ variantId: products[o.v]!.variantId, quantity: q / 1000, unitCostMinor: 1000 + o.v }],
            });
            expect(res.statusCode, res.body).toBe(201);
            orders.push({ order: res.json() as PurchaseOrder, v: o.v, ordered: q, received: 0, returned: 0 });
          } else if (o.kind === 'receive' || o.kind === 'recall') {
            if (orders.length === 0) continue;
            const entry = orders[o.pick % orders.length]!;
            const q = qty(entry.v, o.amount);
            const receiving = o.kind === 'receive';
            const refusal = purchaseOrderRefusal(
              {
                status: entry.order.status,
                anyReceived: entry.received > 0,
                anyHeld: entry.received > entry.returned,
              },
              o.kind,
            );
            const limit = receiving ? entry.ordered - entry.received : entry.received - entry.returned;
            const res = await call(
              receiving ? receivePurchaseOrder : recallPurchaseOrder,
              receiving
                ? { id: randomUUID(), lines: [{ lineNo: 1, quantity: q / 1000 }] }
                : { id: randomUUID(), lines: [{ lineNo: 1, quantity: q / 1000 }], reason: 'Short dated' },
              { orderId: entry.order.id },
            );
            if (refusal) {
              expect(res.statusCode, res.body).toBe(409);
              expect(res.json().code).toBe(refusal.code);
            } else if (q > limit) {
              expect(res.statusCode, res.body).toBe(409);
              expect(res.json().code).toBe(receiving ? 'RECEIVE_EXCEEDS_ORDER' : 'RECALL_EXCEEDS_RECEIVED');
            } else if (!receiving && q > shelf[entry.v]!) {
              // Sold or wasted meanwhile: what is not on the shelf cannot go back to the vendor.
              expect(res.statusCode, res.body).toBe(409);
              expect(res.json().code).toBe('INSUFFICIENT_STOCK');
            } else {
              expect(res.statusCode, res.body).toBe(201);
              entry.order = res.json() as PurchaseOrder;
              if (receiving) {
                entry.received += q;
                shelf[entry.v]! += q;
              } else {
                entry.returned += q;
                shelf[entry.v]! -= q;
              }
              // Quantities travel as decimals of three places: 2.006 × 1000 is 2005.9999999999998 in floating point.
              expect(Math.round(entry.order.lines[0]!.quantityReceived * 1000)).toBe(entry.received);
              expect(Math.round(entry.order.lines[0]!.quantityReturned * 1000)).toBe(entry.returned);
            }
          } else if (o.kind === 'waste') {
            const q = qty(o.v, o.amount);
            const res = await call(recordWaste, {
              id: randomUUID(),
              variantId: products[o.v]!.variantId,
              quantity: q / 1000,
              reason: 'damaged',
            });
            const allowed = q <= shelf[o.v]!;
            expect(res.statusCode, res.body).toBe(allowed ? 201 : 409);
            if (allowed) {
              expect(res.json().status).toBe('recorded');
              shelf[o.v]! -= q;
            } else expect(res.json().code).toBe('INSUFFICIENT_STOCK');
          } else {
            const q = qty(o.v, o.amount);
            const created = await call(createInvoice, {
              id: randomUUID(),
              customerId,
              issueDate: today,
              dueDate: today,
              lines: [{ variantId: products[o.v]!.variantId, quantity: q / 1000, unitPriceMinor: 2500 }],
            });
            expect(created.statusCode, created.body).toBe(201);
            const draft = created.json() as Invoice;
            const issued = await call(issueInvoice, { version: draft.version }, { invoiceId: draft.id });
            const allowed = q <= shelf[o.v]!;
            expect(issued.statusCode, issued.body).toBe(allowed ? 200 : 409);
            if (!allowed) {
              expect(issued.json().code).toBe('INSUFFICIENT_STOCK');
              continue;
            }
            shelf[o.v]! -= q;
            if (o.thenVoid) {
              const invoice = issued.json() as Invoice;
              const voided = await call(
                voidInvoice,
                { version: invoice.version, reason: 'Raised in error' },
                { invoiceId: invoice.id },
              );
              expect(voided.statusCode, voided.body).toBe(200);
              shelf[o.v]! += q;
            }
          }
        }

        const db = server.deps.database.db;
        expect(await ledgerMismatches(db, demo.businessId)).toEqual([]);
        const onHand = await onHandOf(
          db,
          { businessId: demo.businessId, storeId: demo.lekkiId },
          products.map((p) => p.variantId),
        );
        expect(products.map((p) => onHand.get(p.variantId))).toEqual(shelf);
      }),
      { numRuns: 12 },
    );
  });
});
