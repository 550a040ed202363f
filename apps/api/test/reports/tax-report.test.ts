import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  createInvoice,
  getTaxReport,
  issueInvoice,
  storeDay,
  voidInvoice,
  type CreateInvoiceBody,
  type Invoice,
  type TaxReport,
} from '@ipos/contracts';
import { taxRates } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { registerTenantIn, getReportOk, getReport } from './reports-support.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, type Tenant } from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import { createTestTaxRate, openTestSession, saleBody, setProductTaxRate } from '../checkout/checkout-support.js';
import { createTestContact, refundBody, refunder, sellOk, voider } from '../transactions/transactions-support.js';

/**
 * The tax report against a shop of its own: till sales with an inclusive 7.5% rate, an exclusive 16%
 * rate and an untaxed product, a refund, an issued invoice (a product and a taxed service), a voided
 * invoice and a draft, and the inclusive rate changed to 10% before a last sale.
 */
describe('tax report', () => {
  let server: TestServer;
  let shop: Tenant;
  let token: string;
  let inclusiveRate: string;
  let exclusiveRate: string;
  let today: string;

  const report = (query: Record<string, string>) =>
    getReport(server, getTaxReport, { token, storeId: shop.storeId }, query);
  const reportOk = (query: Record<string, string>) =>
    getReportOk<TaxReport>(server, getTaxReport, { token, storeId: shop.storeId }, query);
  const call = (endpoint: Parameters<ReturnType<typeof caller>>[0], body: unknown, params?: Record<string, string>) =>
    caller(server, shop.email)(endpoint, { storeId: shop.storeId, body, ...(params ? { params } : {}) });

  beforeAll(async () => {
    server = await createTestServer();
    shop = await registerTenantIn(server);
    token = await shop.token();
    today = storeDay('Africa/Lagos');
    const session = await openTestSession(server, { businessId: shop.businessId, storeId: shop.storeId });
    const product = (name: string, price: number) =>
      createTestProduct(server, {
        businessId: shop.businessId,
        name,
        variants: [{ sellingPriceMinor: price, costPriceMinor: 100, stock: { [shop.storeId]: 50 } }],
      });
    const milk: TestProduct = await product('Peak Milk', 1_075);
    const rice: TestProduct = await product('Imported Rice', 2_000);
    const yam: TestProduct = await product('Yam', 500);
    inclusiveRate = await createTestTaxRate(server, shop.businessId, 750, true);
    exclusiveRate = await createTestTaxRate(server, shop.businessId, 1_600, false);
    await setProductTaxRate(server, shop.businessId, milk.id, inclusiveRate);
    await setProductTaxRate(server, shop.businessId, rice.id, exclusiveRate);

    // A sale: 2 milk (tax 150 within 2,150), 1 rice (320 on top of 2,000), 1 yam (no tax) = 4,970.
    const sale = await sellOk(
      server,
      token,
      shop.storeId,
      saleBody(
        session,
        [
          { variantId: milk.variantId, quantity: 2 },
          { variantId: rice.variantId, quantity: 1 },
          { variantId: yam.variantId, quantity: 1 },
        ],
        4_970,
      ),
    );
    // One milk refunded: 1,075 with its 75 of tax.
    const refund = await refunder(server)({
      token,
      storeId: shop.storeId,
      saleId: sale.id,
      body: refundBody(session, [{ lineNo: 1, quantity: 1 }]),
    });
    expect(refund.statusCode, refund.body).toBe(201);

    // Invoices: one issued (a milk, 75 within; delivery 10,000 + 1,600), one voided, one draft.
    const customer = await createTestContact(server, shop.businessId, { name: 'Mama Put Catering' });
    const draft = (lines: CreateInvoiceBody['lines']): CreateInvoiceBody => ({
      id: newId(),
      customerId: customer.id,
      issueDate: today,
      dueDate: addDays(today, 14),
      lines,
    });
    const create = async (lines: CreateInvoiceBody['lines']) => {
      const res = await call(createInvoice, draft(lines));
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Invoice;
    };
    const issue = async (invoice: Invoice) => {
      const res = await call(issueInvoice, { version: invoice.version }, { invoiceId: invoice.id });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Invoice;
    };
    await issue(
      await create([
        { variantId: milk.variantId, quantity: 1, unitPriceMinor: 1_075 },
        { description: 'Delivery to Ajah', quantity: 1, unitPriceMinor: 10_000, taxRateId: exclusiveRate },
      ]),
    );
    const voided = await issue(await create([{ variantId: rice.variantId, quantity: 5, unitPriceMinor: 2_000 }]));
    const res = await call(
      voidInvoice,
      { version: voided.version, reason: 'Wrong customer' },
      { invoiceId: voided.id },
    );
    expect(res.statusCode, res.body).toBe(200);
    await create([{ variantId: rice.variantId, quantity: 9, unitPriceMinor: 2_000 }]);

    // A rate used only on a sale that was voided: no row.
    const stamps = await product('Postage Stamps', 1_000);
    await setProductTaxRate(
      server,
      shop.businessId,
      stamps.id,
      await createTestTaxRate(server, shop.businessId, 500, true),
    );
    const mistake = await sellOk(
      server,
      token,
      shop.storeId,
      saleBody(session, [{ variantId: stamps.variantId, quantity: 1 }], 1_000),
    );
    const undone = await voider(server)({
      token,
      storeId: shop.storeId,
      saleId: mistake.id,
      body: { reason: 'Rang up twice' },
    });
    expect(undone.statusCode, undone.body).toBe(200);

    // The inclusive rate goes to 10%: a milk now holds round(1,075 × 1000 / 11000) = 98 of tax.
    await server.deps.database.db
      .update(taxRates)
      .set({ rateBasisPoints: 1_000 })
      .where(and(eq(taxRates.businessId, shop.businessId), eq(taxRates.id, inclusiveRate)));
    await sellOk(server, token, shop.storeId, saleBody(session, [{ variantId: milk.variantId, quantity: 1 }], 1_075));
  });

  afterAll(async () => {
    await server?.close();
  });

  it('gives the tax per rate as it was on the lines, from sales, refunds and standing invoices', async () => {
    const r = await reportOk({ from: addDays(today, -1), to: today });
    const row = (id: string | null, basisPoints: number) =>
      r.byRate.find((x) => x.taxRateId === id && x.basisPoints === basisPoints);
    expect(r.byRate.map((x) => [x.taxRateId, x.basisPoints, x.inclusive])).toEqual([
      [inclusiveRate, 750, true],
      [inclusiveRate, 1_000, true],
      [exclusiveRate, 1_600, false],
      [null, 0, true],
    ]);
    expect(row(inclusiveRate, 750)).toMatchObject({
      salesTaxableMinor: 2_000,
      salesTaxMinor: 150,
      refundsTaxableMinor: 1_000,
      refundsTaxMinor: 75,
      invoicesTaxableMinor: 1_000,
      invoicesTaxMinor: 75,
      netTaxableMinor: 2_000,
      netTaxMinor: 150,
    });
    expect(row(inclusiveRate, 1_000)).toMatchObject({ salesTaxableMinor: 977, salesTaxMinor: 98, netTaxMinor: 98 });
    expect(row(exclusiveRate, 1_600)).toMatchObject({
      salesTaxableMinor: 2_000,
      salesTaxMinor: 320,
      invoicesTaxableMinor: 10_000,
      invoicesTaxMinor: 1_600,
      netTaxableMinor: 12_000,
      netTaxMinor: 1_920,
    });
    expect(row(null, 0)).toMatchObject({ name: 'No tax', netTaxableMinor: 500, netTaxMinor: 0 });
    expect(r.summary).toEqual({
      salesTaxMinor: 150 + 98 + 320,
      refundsTaxMinor: 75,
      invoicesTaxMinor: 75 + 1_600,
      netTaxMinor: 2_168,
      inclusiveTaxMinor: 248,
      exclusiveTaxMinor: 1_920,
      taxableMinor: 2_000 + 977 + 12_000,
      untaxedMinor: 500,
    });
    expect(r.headline).toMatchObject({ key: 'net-tax', value: 2_168 });
    expect(r.byPeriod.map((p) => [p.start, p.netTaxMinor])).toEqual([
      [addDays(today, -1), 0],
      [today, 2_168],
    ]);
    expect(r.byPeriod[1]).toMatchObject({ inclusiveTaxMinor: 248, exclusiveTaxMinor: 1_920 });
    await expectLedgerHolds(server, shop.businessId);
  });

  it('leaves out what falls outside the period, and refuses a bad one', async () => {
    const before = await reportOk({ from: addDays(today, -30), to: addDays(today, -1) });
    expect(before.summary.netTaxMinor).toBe(0);
    expect(before.byRate).toEqual([]);
    const bad = await report({ from: today, to: addDays(today, -1) });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('querystring.to');
  });

  it('is for those who may read reports, and never shows another business’s tax', async () => {
    const demo = await demoIds(server);
    const call = caller(server, DEMO.cashier);
    const query = { from: today, to: today };
    expect((await call(getTaxReport, { storeId: demo.ikejaId, query })).statusCode).toBe(403);
    const owner = await caller(server, DEMO.owner)(getTaxReport, { storeId: demo.lekkiId, query });
    expect(owner.statusCode).toBe(200);
    expect((owner.json() as TaxReport).byRate.some((r) => r.taxRateId === exclusiveRate)).toBe(false);
    const other = await caller(server, DEMO.owner)(getTaxReport, {
      storeId: demo.lekkiId,
      query: { ...query, storeId: shop.storeId },
    });
    expect(other.statusCode).toBe(404);
  });
});
