import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  toThousandths,
  buildPath,
  createStockAdjustment,
  createStockCount,
  createStockTransfer,
  postStockCount,
  receiveStockTransfer,
  recordStockCountLines,
  cancelStockTransfer,
  type Endpoint,
  type StockCount,
  type StockTransfer,
} from '@ipos/contracts';
import { ledgerMismatches, onHandOf } from '../../src/features/inventory/stock-ledger.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';

/**
 * The ledger under random sequences of operations: adjustments (±), transfers sent, received and
 * cancelled, counts created, recorded and posted — including the ones that must fail (taking more
 * than is on hand, receiving or cancelling a transfer twice). After each sequence, for every store
 * and variant: on hand equals the sum of the movements, never below zero (neither store allows it),
 * and equals a plain in-memory model of the same operations. Every operation's answer is checked
 * against the model too (201/200 exactly when the model says it can happen).
 */

type StoreIx = 0 | 1;
type Op =
  | { kind: 'adjust'; store: StoreIx; v: number; amount: number; out: boolean }
  | { kind: 'send'; store: StoreIx; v: number; amount: number }
  | { kind: 'receive'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'count'; store: StoreIx; v: number; amount: number };

const store = fc.constantFrom<StoreIx>(0, 1);
const variant = fc.integer({ min: 0, max: 2 });
/** Thousandths; variants 0 and 1 are sold by the unit (rounded up to whole units), variant 2 by weight. */
const amount = fc.integer({ min: 1, max: 6000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('adjust' as const), store, v: variant, amount, out: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('send' as const), store, v: variant, amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('receive' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('count' as const),
      store,
      v: variant,
      amount: fc.integer({ min: 0, max: 6000 }),
    }),
  },
);

describe('the stock ledger under random operations (property)', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    token = await server.tokenFor(DEMO.owner);
  });
  afterAll(() => server.close());

  const call = (
    endpoint: Pick<Endpoint, 'method' | 'path'>,
    storeId: string,
    body: unknown,
    params?: Record<string, string>,
  ) =>
    server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, params),
      headers: { authorization: `Bearer ${token}`, 'x-store-id': storeId },
      payload: body as object,
    });

  it('keeps on hand = sum of movements = the model, never below zero', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const storeIds = [demo.lekkiId, demo.ikejaId];
        const products = [
          await createTestProduct(server, { businessId: demo.businessId, unit: 'each' }),
          await createTestProduct(server, { businessId: demo.businessId, unit: 'pack' }),
          await createTestProduct(server, { businessId: demo.businessId, unit: 'kg' }),
        ];
        const qty = (v: number, thousandths: number) => (v === 2 ? thousandths : Math.ceil(thousandths / 1000) * 1000);
        const model = [
          [0, 0, 0],
          [0, 0, 0],
        ];
        const transfers: { t: StockTransfer; from: StoreIx; to: StoreIx; v: number; q: number }[] = [];

        for (const o of ops) {
          if (o.kind === 'adjust') {
            const delta = (o.out ? -1 : 1) * qty(o.v, o.amount);
            const res = await call(createStockAdjustment, storeIds[o.store]!, {
              reasonCode: 'correction',
              lines: [{ variantId: products[o.v]!.variantId, delta: delta / 1000 }],
            });
            const allowed = model[o.store]![o.v]! + delta >= 0;
            expect(res.statusCode, res.body).toBe(allowed ? 201 : 409);
            if (allowed) model[o.store]![o.v]! += delta;
            else expect(res.json().code).toBe('INSUFFICIENT_STOCK');
          } else if (o.kind === 'send') {
            const q = qty(o.v, o.amount);
            const to = (1 - o.store) as StoreIx;
            const res = await call(createStockTransfer, storeIds[o.store]!, {
              toStoreId: storeIds[to],
              lines: [{ variantId: products[o.v]!.variantId, quantity: q / 1000 }],
            });
            const allowed = model[o.store]![o.v]! >= q;
            expect(res.statusCode, res.body).toBe(allowed ? 201 : 409);
            if (allowed) {
              model[o.store]![o.v]! -= q;
              transfers.push({ t: res.json() as StockTransfer, from: o.store, to, v: o.v, q });
            }
          } else if (o.kind === 'receive' || o.kind === 'cancel') {
            if (transfers.length === 0) continue;
            const entry = transfers[o.pick % transfers.length]!;
            const receiving = o.kind === 'receive';
            const at = receiving ? entry.to : entry.from;
            const res = await call(
              receiving ? receiveStockTransfer : cancelStockTransfer,
              storeIds[at]!,
              { version: entry.t.version },
              { transferId: entry.t.id },
            );
            if (entry.t.status === 'in_transit') {
              expect(res.statusCode, res.body).toBe(200);
              entry.t = res.json() as StockTransfer;
              model[at]![entry.v]! += entry.q;
            } else {
              expect(res.statusCode, res.body).toBe(409);
              expect(res.json().code).toBe('TRANSFER_NOT_IN_TRANSIT');
            }
          } else {
            const storeId = storeIds[o.store]!;
            const created = await call(createStockCount, storeId, { productIds: [products[o.v]!.id] });
            expect(created.statusCode, created.body).toBe(201);
            const count = created.json() as StockCount;
            expect(count.lines.map((l) => toThousandths(l.expected!))).toEqual([model[o.store]![o.v]]);
            const counted = o.v === 2 ? o.amount : Math.floor(o.amount / 1000) * 1000;
            const recorded = await call(
              recordStockCountLines,
              storeId,
              { lines: [{ variantId: products[o.v]!.variantId, counted: counted / 1000 }] },
              { countId: count.id },
            );
            expect(recorded.statusCode, recorded.body).toBe(200);
            const posted = await call(
              postStockCount,
              storeId,
              { version: (recorded.json() as StockCount).version },
              { countId: count.id },
            );
            expect(posted.statusCode, posted.body).toBe(200);
            model[o.store]![o.v] = counted;
          }
        }

        expect(await ledgerMismatches(server.deps.database.db, demo.businessId)).toEqual([]);
        for (const [s, storeId] of storeIds.entries()) {
          const actual = await onHandOf(
            server.deps.database.db,
            { businessId: demo.businessId, storeId },
            products.map((p) => p.variantId),
          );
          const got = products.map((p) => actual.get(p.variantId)!);
          expect(got).toEqual(model[s]);
          expect(got.every((n) => n >= 0)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
});
