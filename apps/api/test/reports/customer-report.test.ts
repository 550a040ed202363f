import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  createInvoice,
  getCustomerReport,
  issueInvoice,
  recordInvoicePayment,
  storeDay,
  type CustomerReport,
  type Invoice,
} from '@ipos/contracts';
import { newId } from '../../src/lib/ids.js';
import { registerTenantIn, getReportOk } from './reports-support.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, type Tenant } from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds } from '../inventory/helpers.js';
import { openTestSession, saleBody } from '../checkout/checkout-support.js';
import { createTestContact, sellOk, setCompletedAt, voider } from '../transactions/transactions-support.js';

/**
 * The customer report against a shop of its own: a returning customer (first bought in January), a
 * new one (two visits in February), a walk-in, and a business customer owing on five invoices, one
 * in each age band (one of them partly paid).
 */
describe('customer report', () => {
  let server: TestServer;
  let shop: Tenant;
  let token: string;
  let today: string;
  let ada: { id: string; name: string };
  let bayo: { id: string; name: string };
  let catering: { id: string; name: string };

  const reportOk = (query: Record<string, string>) =>
    getReportOk<CustomerReport>(server, getCustomerReport, { token, storeId: shop.storeId }, query);

  beforeAll(async () => {
    server = await createTestServer();
    shop = await registerTenantIn(server);
    token = await shop.token();
    today = storeDay('Africa/Lagos');
    const session = await openTestSession(server, { businessId: shop.businessId, storeId: shop.storeId });
    const bread: TestProduct = await createTestProduct(server, {
      businessId: shop.businessId,
      variants: [{ sellingPriceMinor: 500, stock: { [shop.storeId]: 100 } }],
    });
    ada = await createTestContact(server, shop.businessId, { name: 'Ada Obi' });
    bayo = await createTestContact(server, shop.businessId, { name: 'Bayo Ade' });
    catering = await createTestContact(server, shop.businessId, { name: 'Mama Put Catering' });
    const sell = async (units: number, at: string, customerId?: string) => {
      const sale = await sellOk(
        server,
        token,
        shop.storeId,
        saleBody(
          session,
          [{ variantId: bread.variantId, quantity: units }],
          units * 500,
          customerId ? { customerId } : {},
        ),
      );
      await setCompletedAt(server, shop.businessId, sale.id, at);
    };
    await sell(2, '2026-01-10T10:00:00Z', ada.id); // Ada's first visit, before the period
    await sell(6, '2026-02-05T10:00:00Z', ada.id); // 3,000
    await sell(4, '2026-02-03T10:00:00Z', bayo.id); // 2,000: Bayo's first visit ever
    await sell(2, '2026-02-20T10:00:00Z', bayo.id); // 1,000
    await sell(1, '2026-02-10T10:00:00Z'); // a walk-in: 500
    // A customer whose only sale was voided today is no customer of any period.
    const ghost = await createTestContact(server, shop.businessId, { name: 'Rung Up By Mistake' });
    const voidedSale = await sellOk(
      server,
      token,
      shop.storeId,
      saleBody(session, [{ variantId: bread.variantId, quantity: 1 }], 500, { customerId: ghost.id }),
    );
    const voided = await voider(server)({
      token,
      storeId: shop.storeId,
      saleId: voidedSale.id,
      body: { reason: 'Wrong customer' },
    });
    expect(voided.statusCode, voided.body).toBe(200);

    // Five invoices of 10,000 to the caterer, due (from today) in 5 days and 10, 45, 75, 120 days ago.
    const call = caller(server, shop.email);
    for (const late of [-5, 10, 45, 75, 120]) {
      const due = addDays(today, -late);
      const created = await call(createInvoice, {
        storeId: shop.storeId,
        body: {
          id: newId(),
          customerId: catering.id,
          issueDate: addDays(due, -14),
          dueDate: due,
          lines: [{ description: 'Party trays', quantity: 1, unitPriceMinor: 10_000 }],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const draft = created.json() as Invoice;
      const issued = await call(issueInvoice, {
        storeId: shop.storeId,
        params: { invoiceId: draft.id },
        body: { version: draft.version },
      });
      expect(issued.statusCode, issued.body).toBe(200);
      if (late === 45) {
        const paid = await server.app.inject({
          method: recordInvoicePayment.method,
          url: recordInvoicePayment.path.replace(':invoiceId', draft.id),
          headers: { authorization: `Bearer ${token}`, 'x-store-id': shop.storeId, 'idempotency-key': newId() },
          payload: { id: newId(), method: 'cash', amountMinor: 4_000, paidOn: today },
        });
        expect(paid.statusCode, paid.body).toBe(201);
      }
    }
  });

  afterAll(async () => {
    await server?.close();
  });

  it('counts named customers, new and returning, their visits and baskets; the top customers first', async () => {
    const r = await reportOk({ from: '2026-02-01', to: '2026-02-28', bucket: 'week' });
    expect(r.summary).toMatchObject({
      customersCount: 2,
      newCustomers: 1,
      returningCustomers: 1,
      netSalesMinor: 6_000,
      // 6,000 of 6,500 (the walk-in's 500 included in all sales)
      shareOfSalesBasisPoints: 9_231,
      visits: 3,
      averageBasketMinor: 2_000,
      visitsPerCustomerTenths: 15,
      invoicedMinor: 0,
    });
    expect(r.headline).toMatchObject({ key: 'customers', value: 2 });
    expect(r.topCustomers.map((c) => [c.name, c.visits, c.netSpendMinor, c.isNew, c.firstVisit, c.lastVisit])).toEqual([
      ['Ada Obi', 1, 3_000, false, '2026-02-05', '2026-02-05'],
      ['Bayo Ade', 2, 3_000, true, '2026-02-03', '2026-02-20'],
    ]);
    // Weeks from Monday 26 January: Bayo is new in the week of 2 February, Ada returning; then Bayo returns.
    expect(r.newVsReturning.map((w) => [w.start, w.customers, w.new, w.returning])).toEqual([
      ['2026-01-26', 0, 0, 0],
      ['2026-02-02', 2, 1, 1],
      ['2026-02-09', 0, 0, 0],
      ['2026-02-16', 1, 0, 1],
      ['2026-02-23', 0, 0, 0],
    ]);
    await expectLedgerHolds(server, shop.businessId);
  });

  it('ages what customers owe on issued invoices as of the store’s today', async () => {
    const r = await reportOk({ from: '2026-02-01', to: '2026-02-28' });
    expect(r.today).toBe(today);
    expect(r.ageing).toEqual([
      {
        customerId: catering.id,
        name: 'Mama Put Catering',
        current: 10_000,
        days1To30: 10_000,
        days31To60: 6_000,
        days61To90: 10_000,
        over90: 10_000,
        totalMinor: 46_000,
      },
    ]);
    expect(r.summary).toMatchObject({ receivablesMinor: 46_000, overdueMinor: 36_000 });
    // Invoices issued in a period count as invoiced there.
    const recent = await reportOk({ from: addDays(today, -30), to: today });
    expect(recent.summary.invoicedMinor).toBe(10_000 + 10_000); // issued 19 and 24 days ago
    expect(recent.topCustomers.map((c) => [c.name, c.visits, c.invoicedMinor])).toEqual([
      ['Mama Put Catering', 0, 20_000],
    ]);
    expect(recent.summary.customersCount).toBe(0);
    expect(recent.newVsReturning.every((b) => b.customers === 0)).toBe(true);
  });

  it('never lists another business’s customers, and is for those who may read reports', async () => {
    const demo = await demoIds(server);
    const query = { from: '2026-02-01', to: '2026-02-28' };
    const owner = await caller(server, DEMO.owner)(getCustomerReport, { storeId: demo.lekkiId, query });
    expect(owner.statusCode).toBe(200);
    const names = (owner.json() as CustomerReport).topCustomers.map((c) => c.name);
    expect(names).not.toContain('Ada Obi');
    expect((owner.json() as CustomerReport).ageing.map((c) => c.name)).not.toContain('Mama Put Catering');
    expect((await caller(server, DEMO.cashier)(getCustomerReport, { storeId: demo.ikejaId, query })).statusCode).toBe(
      403,
    );
  });
});
