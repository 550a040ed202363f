import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  createInvoice,
  createPurchaseOrder,
  createStockCount,
  holdSale,
  recordStockCountLines,
  recordWaste,
  scanStockCount,
  type StockCount,
} from '@ipos/contracts';
import { products } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, snapshotDatabase } from '../support/isolation.js';
import { createTestProduct, randomEan13, type TestProduct } from '../support/catalog.js';
import { caller } from '../inventory/helpers.js';
import { createVendor } from '../purchase-orders/po-support.js';
import { wasteBody, wasteCaller } from '../waste/waste-support.js';

/**
 * The other documents that check lines against the catalogue, each in its own words: a purchase order,
 * an invoice draft, a held cart, a stock count (a line or a scan at a time) and a waste record. These
 * pin the whole answer (status, code, detail, fields, messages) for unknown variants, archived and
 * untracked products and fractions of whole units.
 */
describe('line refusals of orders, invoices, held carts, counts and waste', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let call: ReturnType<typeof caller>;
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
  const NO_SUCH = 'No such product in this business';

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    const other = await registerTenant(server);
    stranger = await createTestProduct(server, { businessId: other.businessId, name: 'Stranger' });
    const product = (name: string, facts: { unit?: 'kg'; isArchived?: boolean; isTracked?: boolean } = {}) =>
      createTestProduct(server, {
        businessId: demo.businessId,
        name,
        ...facts,
        variants: [{ sellingPriceMinor: 1_000, barcodes: [{ code: randomEan13() }], stock: { [demo.lekkiId]: 10 } }],
      });
    soap = await product('Soap');
    rice = await product('Rice', { unit: 'kg' });
    oldSoap = await product('Old Soap', { isArchived: true });
    oldRice = await product('Old Rice', { unit: 'kg', isArchived: true });
    wrapping = await product('Wrapping', { isTracked: false });
    delivery = await product('Delivery', { isTracked: false });
  });
  afterAll(() => server.close());

  describe('a purchase order (create)', () => {
    let vendorId: string;
    const order = (lines: { variantId: string; quantity: number }[]) =>
      call(createPurchaseOrder, {
        storeId: demo.lekkiId,
        body: { vendorId, lines: lines.map((l) => ({ ...l, unitCostMinor: 100 })) },
      });
    beforeAll(async () => {
      vendorId = (await createVendor(server, demo.businessId)).id;
    });

    it('400 for unknown variants and fractions first ("ordered"), the detail listing the fields', async () => {
      expect(
        answer(
          await order([
            { variantId: stranger.variantId, quantity: 1.5 },
            { variantId: soap.variantId, quantity: 1.5 },
            { variantId: oldSoap.variantId, quantity: 1.5 },
            { variantId: wrapping.variantId, quantity: 1 },
            { variantId: rice.variantId, quantity: 0.5 },
          ]),
        ),
      ).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail:
          'lines.0.variantId: No such product in this business; lines.1.quantity: Soap is ordered in whole units (each); lines.2.quantity: Old Soap is ordered in whole units (each)',
        errors: [
          { field: 'lines.0.variantId', message: NO_SUCH },
          { field: 'lines.1.quantity', message: 'Soap is ordered in whole units (each)' },
          { field: 'lines.2.quantity', message: 'Old Soap is ordered in whole units (each)' },
        ],
      });
    });

    it('then 409 PRODUCT_ARCHIVED for every archived line; untracked goods may be ordered', async () => {
      expect(
        answer(
          await order([
            { variantId: oldSoap.variantId, quantity: 1 },
            { variantId: wrapping.variantId, quantity: 1 },
            { variantId: oldRice.variantId, quantity: 0.5 },
          ]),
        ),
      ).toEqual({
        status: 409,
        code: 'PRODUCT_ARCHIVED',
        detail: '2 products are archived',
        errors: [
          { field: 'lines.0.variantId', message: 'Old Soap is archived' },
          { field: 'lines.2.variantId', message: 'Old Rice is archived' },
        ],
      });
      expect(answer(await order([{ variantId: oldRice.variantId, quantity: 1 }]))).toEqual({
        status: 409,
        code: 'PRODUCT_ARCHIVED',
        detail: 'Old Rice is archived',
        errors: [{ field: 'lines.0.variantId', message: 'Old Rice is archived' }],
      });
      const untracked = await order([
        { variantId: wrapping.variantId, quantity: 2 },
        { variantId: rice.variantId, quantity: 0.5 },
      ]);
      expect(untracked.statusCode, untracked.body).toBe(201);
    });
  });

  it('an invoice draft: 400, each line for its first fault, among the customer and service lines in order', async () => {
    const archivedCustomer = await createVendor(server, demo.businessId, { kind: 'customer', archived: true });
    const before = await snapshotDatabase(server);
    const res = await call(createInvoice, {
      storeId: demo.lekkiId,
      body: {
        id: newId(),
        customerId: archivedCustomer.id,
        issueDate: '2026-03-02',
        dueDate: '2026-03-16',
        lines: [
          { variantId: stranger.variantId, quantity: 1.5, unitPriceMinor: 1_000 },
          { variantId: soap.variantId, quantity: 1.5, unitPriceMinor: 1_000 },
          { description: 'Fitting', quantity: 1, unitPriceMinor: 5_000, taxRateId: newId() },
          { variantId: oldSoap.variantId, quantity: 1.5, unitPriceMinor: 1_000 },
          { variantId: rice.variantId, quantity: 0.5, unitPriceMinor: 1_000 },
          { variantId: wrapping.variantId, quantity: 1, unitPriceMinor: 1_000 },
          { variantId: oldRice.variantId, quantity: 1, unitPriceMinor: 1_000 },
        ],
      },
    });
    const customerError = (answer(res).errors as { field: string; message: string }[])[0]!;
    expect(customerError.field).toBe('customerId');
    const lineErrors = [
      { field: 'lines.0.variantId', message: NO_SUCH },
      { field: 'lines.1.quantity', message: 'Soap is sold in whole units (each)' },
      { field: 'lines.2.taxRateId', message: 'No such tax rate in this business' },
      { field: 'lines.3.variantId', message: 'Old Soap is archived' },
      { field: 'lines.6.variantId', message: 'Old Rice is archived' },
    ];
    const errors = [customerError, ...lineErrors];
    expect(answer(res)).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
      errors,
    });
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('a held cart: 400 under cart.lines, unknown and archived in one message, each line for its first fault', async () => {
    const res = await call(holdSale, {
      storeId: demo.lekkiId,
      body: {
        cart: {
          customerId: newId(),
          lines: [
            { variantId: stranger.variantId, quantity: 1.5 },
            { variantId: soap.variantId, quantity: 1.5 },
            { variantId: rice.variantId, quantity: 0.5 },
            { variantId: oldSoap.variantId, quantity: 1.5 },
            { variantId: wrapping.variantId, quantity: 1 },
            { variantId: oldRice.variantId, quantity: 1 },
          ],
        },
      },
    });
    const customerError = (answer(res).errors as { field: string; message: string }[])[0]!;
    expect(customerError.field).toBe('cart.customerId');
    const notOnSale = 'No such product on sale in this business';
    const errors = [
      customerError,
      { field: 'cart.lines.0.variantId', message: notOnSale },
      { field: 'cart.lines.1.quantity', message: 'Soap is sold in whole units (each)' },
      { field: 'cart.lines.3.variantId', message: notOnSale },
      { field: 'cart.lines.5.variantId', message: notOnSale },
    ];
    expect(answer(res)).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
      errors,
    });
  });

  describe('a stock count, one line at a time', () => {
    let count: StockCount;
    /** In the count when it started, archived since. */
    let retired: TestProduct;
    const record = (lines: { variantId: string; counted: number | null }[]) =>
      call(recordStockCountLines, { storeId: demo.lekkiId, params: { countId: count.id }, body: { lines } });
    const scan = (product: TestProduct, quantity: number) =>
      call(scanStockCount, {
        storeId: demo.lekkiId,
        params: { countId: count.id },
        body: { barcode: product.variants[0]!.barcodes[0]!, quantity },
      });

    beforeAll(async () => {
      retired = await createTestProduct(server, {
        businessId: demo.businessId,
        name: 'Retired Soap',
        variants: [{ barcodes: [{ code: randomEan13() }], stock: { [demo.lekkiId]: 4 } }],
      });
      const res = await call(createStockCount, { storeId: demo.lekkiId, body: { productIds: [retired.id] } });
      expect(res.statusCode, res.body).toBe(201);
      count = res.json() as StockCount;
      await server.deps.database.db
        .update(products)
        .set({ isArchived: true })
        .where(and(eq(products.businessId, demo.businessId), eq(products.id, retired.id)));
    });

    it('the first line at fault answers: unknown 400, archived 409, untracked 409 before a fraction, then the fraction 400', async () => {
      const before = await snapshotDatabase(server);
      const cases: [{ variantId: string; counted: number | null }[], unknown][] = [
        [
          [
            { variantId: soap.variantId, counted: 2 },
            { variantId: stranger.variantId, counted: 1.5 },
            { variantId: oldSoap.variantId, counted: 1 },
          ],
          {
            status: 400,
            code: 'VALIDATION_FAILED',
            detail: 'The product was not found',
            errors: [{ field: 'lines.1.variantId', message: NO_SUCH }],
          },
        ],
        [
          [
            { variantId: oldSoap.variantId, counted: 1.5 },
            { variantId: stranger.variantId, counted: 1 },
          ],
          {
            status: 409,
            code: 'PRODUCT_ARCHIVED',
            detail: 'Old Soap is archived',
            errors: [{ field: 'lines.0.variantId', message: 'Old Soap is archived' }],
          },
        ],
        [
          [
            { variantId: rice.variantId, counted: 0.5 },
            { variantId: wrapping.variantId, counted: 1.5 },
          ],
          {
            status: 409,
            code: 'PRODUCT_NOT_TRACKED',
            detail: 'Wrapping does not track stock',
            errors: [{ field: 'lines.1.variantId', message: 'Wrapping does not track stock' }],
          },
        ],
        [
          [
            { variantId: delivery.variantId, counted: null },
            { variantId: soap.variantId, counted: 1 },
          ],
          {
            status: 409,
            code: 'PRODUCT_NOT_TRACKED',
            detail: 'Delivery does not track stock',
            errors: [{ field: 'lines.0.variantId', message: 'Delivery does not track stock' }],
          },
        ],
        [
          [
            { variantId: rice.variantId, counted: 0.25 },
            { variantId: soap.variantId, counted: 2.5 },
            { variantId: stranger.variantId, counted: 1 },
          ],
          {
            status: 400,
            code: 'VALIDATION_FAILED',
            detail: 'Soap is counted in whole units',
            errors: [{ field: 'lines.1.counted', message: 'Soap is counted in whole units (each)' }],
          },
        ],
        [
          [
            { variantId: retired.variantId, counted: 3 },
            { variantId: retired.variantId, counted: 1.5 },
          ],
          {
            status: 400,
            code: 'VALIDATION_FAILED',
            detail: 'A variant is listed twice',
            errors: [{ field: 'lines.1.variantId', message: 'This variant is already a line' }],
          },
        ],
        [
          [{ variantId: retired.variantId, counted: 1.5 }],
          {
            status: 400,
            code: 'VALIDATION_FAILED',
            detail: 'Retired Soap is counted in whole units',
            errors: [{ field: 'lines.0.counted', message: 'Retired Soap is counted in whole units (each)' }],
          },
        ],
      ];
      for (const [lines, expected] of cases) expect(answer(await record(lines))).toEqual(expected);
      expect(await snapshotDatabase(server)).toEqual(before);
      // A line in the count may still be recorded after its product was archived.
      const kept = await record([{ variantId: retired.variantId, counted: 3 }]);
      expect(kept.statusCode, kept.body).toBe(200);
    });

    it('a scan: archived and untracked 409 on `barcode` (not for a line already counted), a fraction 400 on `quantity`', async () => {
      expect(answer(await scan(oldRice, 0.5))).toEqual({
        status: 409,
        code: 'PRODUCT_ARCHIVED',
        detail: 'Old Rice is archived',
        errors: [{ field: 'barcode', message: 'Old Rice is archived' }],
      });
      expect(answer(await scan(wrapping, 1.5))).toEqual({
        status: 409,
        code: 'PRODUCT_NOT_TRACKED',
        detail: 'Wrapping does not track stock',
        errors: [{ field: 'barcode', message: 'Wrapping does not track stock' }],
      });
      expect(answer(await scan(soap, 1.5))).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'Soap is counted in whole units',
        errors: [{ field: 'quantity', message: 'Soap is counted in whole units (each)' }],
      });
      expect(answer(await scan(retired, 0.5))).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: 'Retired Soap is counted in whole units',
        errors: [{ field: 'quantity', message: 'Retired Soap is counted in whole units (each)' }],
      });
      const kept = await scan(retired, 1);
      expect(kept.statusCode, kept.body).toBe(200);
    });
  });

  it('waste: 400 on `variantId` for an unknown variant, else on `quantity` for a fraction; archived or untracked is no fault', async () => {
    const waste = wasteCaller(server);
    const record = (variantId: string, quantity: number) =>
      waste(recordWaste, { as: DEMO.manager, storeId: demo.lekkiId, body: wasteBody(variantId, quantity) });
    const fraction = (name: string) => ({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: `quantity: ${name} is counted in whole units (each)`,
      errors: [{ field: 'quantity', message: `${name} is counted in whole units (each)` }],
    });
    expect(answer(await record(stranger.variantId, 1.5))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: `variantId: ${NO_SUCH}`,
      errors: [{ field: 'variantId', message: NO_SUCH }],
    });
    expect(answer(await record(soap.variantId, 1.5))).toEqual(fraction('Soap'));
    expect(answer(await record(oldSoap.variantId, 1.5))).toEqual(fraction('Old Soap'));
    expect(answer(await record(wrapping.variantId, 1.5))).toEqual(fraction('Wrapping'));
    for (const product of [oldRice, delivery]) {
      const res = await record(product.variantId, 1);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});
