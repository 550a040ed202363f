import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStockTransfer, getStockTransfer, type StockTransfer } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { createTestProduct, onHand } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from './helpers.js';

/**
 * The transfer sheet sends many products in one document: the API takes every line in one transfer,
 * and refuses the whole document with a field error on each line that cannot go (the sheet shows
 * each on its line), moving nothing.
 */
describe('stock transfers of many lines', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.owner);
  });
  afterEach(() => expectLedgerHolds(server, demo.businessId));
  afterAll(() => server.close());

  it('sends several products in one document, or refuses it naming every short line', async () => {
    const stock = { [demo.lekkiId]: 5 };
    const tee = await createTestProduct(server, { businessId: demo.businessId, variants: [{ stock }, { stock }] });
    const zobo = await createTestProduct(server, { businessId: demo.businessId, variants: [{ stock }] });
    const [small, large] = tee.variants.map((v) => v.id);
    const lines = [
      { variantId: small!, quantity: 6 },
      { variantId: large!, quantity: 1 },
      { variantId: zobo.variantId, quantity: 9 },
    ];
    const refused = await call(createStockTransfer, {
      storeId: demo.lekkiId,
      body: { toStoreId: demo.ikejaId, lines },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INSUFFICIENT_STOCK');
    expect(fieldsOf(refused).sort()).toEqual(['lines.0.quantity', 'lines.2.quantity']);
    expect(await onHand(server, demo.businessId, demo.lekkiId, large!)).toBe(5);

    const res = await call(createStockTransfer, {
      storeId: demo.lekkiId,
      body: {
        toStoreId: demo.ikejaId,
        note: 'Weekend restock',
        lines: [{ ...lines[0]!, quantity: 2 }, lines[1], { ...lines[2]!, quantity: 4 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json() as StockTransfer;
    const again = await call(getStockTransfer, { storeId: demo.ikejaId, params: { transferId: sent.id } });
    expect((again.json() as StockTransfer).lines.map((l) => [l.variantId, l.quantity]).sort()).toEqual(
      [
        [small, 2],
        [large, 1],
        [zobo.variantId, 4],
      ].sort(),
    );
    expect(await onHand(server, demo.businessId, demo.lekkiId, small!)).toBe(3);
    expect(await onHand(server, demo.businessId, demo.lekkiId, zobo.variantId)).toBe(1);
  });
});
