import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createStockAdjustment, createStockTransfer } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, snapshotDatabase } from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { caller } from '../inventory/helpers.js';
import { openTestSession, saleBody, seller } from './checkout-support.js';

/**
 * A sale and the stock documents check their lines against the catalogue with one rule set, but each
 * answers in its own words: the sale one 400 naming each line's first fault; a stock document 400 for
 * unknown variants and fractions, else 409 PRODUCT_ARCHIVED, else 409 PRODUCT_NOT_TRACKED. These pin the
 * whole answer (code, detail, fields, messages) for carts with several faults at once.
 */
describe('line refusals of sales and stock documents', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let call: ReturnType<typeof caller>;
  let sell: ReturnType<typeof seller>;
  let session: string;
  let stranger: TestProduct;
  let soap: TestProduct;
  let rice: TestProduct;
  let oldSoap: TestProduct;
  let oldRice: TestProduct;
  let wrapping: TestProduct;
  let delivery: TestProduct;

  const answer = (res: LightMyRequestResponse) => {
    const { code, detail, errors } = res.json() as { code: string; detail: string; errors?: unknown };
    return { status: res.statusCode, code, detail, errors };
  };

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    sell = seller(server);
    const other = await registerTenant(server);
    stranger = await createTestProduct(server, { businessId: other.businessId, name: 'Stranger' });
    const product = (name: string, facts: { unit?: 'kg'; isArchived?: boolean; isTracked?: boolean } = {}) =>
      createTestProduct(server, {
        businessId: demo.businessId,
        name,
        ...facts,
        variants: [{ sellingPriceMinor: 1_000, stock: { [demo.lekkiId]: 10 } }],
      });
    soap = await product('Soap');
    rice = await product('Rice', { unit: 'kg' });
    oldSoap = await product('Old Soap', { isArchived: true });
    oldRice = await product('Old Rice', { unit: 'kg', isArchived: true });
    wrapping = await product('Wrapping', { isTracked: false });
    delivery = await product('Delivery', { isTracked: false });
    session = await openTestSession(server, { businessId: demo.businessId, storeId: demo.lekkiId });
  });
  afterAll(() => server.close());

  it('a sale: 400 VALIDATION_FAILED, each line at fault once, for its first fault; untracked goods sell', async () => {
    const before = await snapshotDatabase(server);
    const res = await sell({
      token: await server.tokenFor(DEMO.manager),
      storeId: demo.lekkiId,
      body: saleBody(
        session,
        [
          { variantId: stranger.variantId, quantity: 1.5 },
          { variantId: soap.variantId, quantity: 1.5 },
          { variantId: rice.variantId, quantity: 0.5 },
          { variantId: oldSoap.variantId, quantity: 1.5 },
          { variantId: wrapping.variantId, quantity: 1 },
          { variantId: oldRice.variantId, quantity: 1 },
        ],
        10_000,
      ),
    });
    expect(answer(res)).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'Some lines are not valid',
      errors: [
        { field: 'lines.0.variantId', message: 'No such product in this business' },
        { field: 'lines.1.quantity', message: 'Soap is sold in whole units (each)' },
        { field: 'lines.3.variantId', message: 'Old Soap is archived' },
        { field: 'lines.5.variantId', message: 'Old Rice is archived' },
      ],
    });
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  describe('a stock document', () => {
    const adjust = (lines: { variantId: string; delta: number }[]) =>
      call(createStockAdjustment, { body: { reasonCode: 'found', lines }, storeId: demo.lekkiId });

    it('400 VALIDATION_FAILED for unknown variants and fractions first, in its quantity field', async () => {
      const res = await adjust([
        { variantId: stranger.variantId, delta: 1.5 },
        { variantId: soap.variantId, delta: 1.5 },
        { variantId: oldSoap.variantId, delta: 1.5 },
        { variantId: wrapping.variantId, delta: 1 },
        { variantId: rice.variantId, delta: 0.5 },
      ]);
      expect(answer(res)).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'Some lines are not valid',
        errors: [
          { field: 'lines.0.variantId', message: 'No such product in this business' },
          { field: 'lines.1.delta', message: 'Soap is counted in whole units (each)' },
          { field: 'lines.2.delta', message: 'Old Soap is counted in whole units (each)' },
        ],
      });
    });

    it('then 409 PRODUCT_ARCHIVED for every archived line (an archived untracked one too)', async () => {
      const many = await adjust([
        { variantId: oldSoap.variantId, delta: 1 },
        { variantId: wrapping.variantId, delta: 1 },
        { variantId: oldRice.variantId, delta: 0.5 },
      ]);
      expect(answer(many)).toEqual({
        status: 409,
        code: 'PRODUCT_ARCHIVED',
        detail: '2 products are archived',
        errors: [
          { field: 'lines.0.variantId', message: 'Old Soap is archived' },
          { field: 'lines.2.variantId', message: 'Old Rice is archived' },
        ],
      });
      const one = await call(createStockTransfer, {
        body: { toStoreId: demo.ikejaId, lines: [{ variantId: oldRice.variantId, quantity: 1 }] },
        storeId: demo.lekkiId,
      });
      expect(answer(one)).toEqual({
        status: 409,
        code: 'PRODUCT_ARCHIVED',
        detail: 'Old Rice is archived',
        errors: [{ field: 'lines.0.variantId', message: 'Old Rice is archived' }],
      });
    });

    it('then 409 PRODUCT_NOT_TRACKED for every untracked line', async () => {
      expect(
        answer(
          await adjust([
            { variantId: wrapping.variantId, delta: 1 },
            { variantId: soap.variantId, delta: 1 },
            { variantId: delivery.variantId, delta: 2 },
          ]),
        ),
      ).toEqual({
        status: 409,
        code: 'PRODUCT_NOT_TRACKED',
        detail: '2 products do not track stock',
        errors: [
          { field: 'lines.0.variantId', message: 'Wrapping does not track stock' },
          { field: 'lines.2.variantId', message: 'Delivery does not track stock' },
        ],
      });
      expect(answer(await adjust([{ variantId: delivery.variantId, delta: 1 }]))).toEqual({
        status: 409,
        code: 'PRODUCT_NOT_TRACKED',
        detail: 'Delivery does not track stock',
        errors: [{ field: 'lines.0.variantId', message: 'Delivery does not track stock' }],
      });
    });
  });
});
