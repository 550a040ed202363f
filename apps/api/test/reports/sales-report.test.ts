import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  getSalesReport,
  listSales,
  priceCart,
  storeDay,
  type CreateSaleBody,
  type PricedCart,
  type SalesReport,
} from '@ipos/contracts';
import { rebuildSalesSummaries } from '../../src/features/reports/sales-summaries.js';
import { registerTenantIn } from './reports-support.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, type Tenant } from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import { createTestTaxRate, openTestSession, saleBody, setProductTaxRate } from '../checkout/checkout-support.js';
import { refundBody, refunder, sellOk, setCompletedAt, voider } from '../transactions/transactions-support.js';

/**
 * The sales report against sales made through the API in a shop of its own, so every figure is known
 * exactly: the reconciliation with the transactions list, the tax, the cost, every breakdown adding
 * up to the summary, the store's calendar at month ends, and who may read what.
 */
describe('sales report', () => {
  let server: TestServer;
  let shop: Tenant;
  let token: string;
  let session: string;
  let inclusive: TestProduct; // 1,000 a unit, cost 600, VAT 7.5% inclusive
  let exclusive: TestProduct; // 2,000 a unit, cost 1,500, 16% exclusive
  let weighed: TestProduct; // 500 a kg, cost 300, untaxed
  const carts: PricedCart[] = [];
  const refunds: { totalMinor: number; taxMinor: number }[] = [];
  let today: string;

  const report = async (
    query: Record<string, string>,
    as: { token: string; storeId: string } = { token, storeId: shop.storeId },
  ) =>
    server.app.inject({
      method: getSalesReport.method,
      url: getSalesReport.path,
      query,
      headers: { authorization: `Bearer ${as.token}`, 'x-store-id': as.storeId },
    });
  const reportOk = async (query: Record<string, string>) => {
    const res = await report(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SalesReport;
  };

  /** Sells through the API at the server's prices (priceCart, as the till does) and keeps the priced cart. */
  const sell = async (
    lines: {
      product: TestProduct;
      quantity: number;
      price: number;
      bp: number;
      inclusive: boolean;
      discount?: CreateSaleBody['lines'][number]['discount'];
    }[],
    extra: Partial<CreateSaleBody> = {},
  ) => {
    const priced = priceCart(
      lines.map((l) => ({
        quantityThousandths: Math.round(l.quantity * 1000),
        unitPriceMinor: l.price,
        discount: l.discount ?? null,
        taxRateBasisPoints: l.bp,
        taxInclusive: l.inclusive,
      })),
      extra.cartDiscount ?? null,
    );
    const body = saleBody(
      session,
      lines.map((l) => ({
        variantId: l.product.variantId,
        quantity: l.quantity,
        ...(l.discount ? { discount: l.discount } : {}),
      })),
      priced.totalMinor,
      extra.payments ? extra : { ...extra, payments: [{ method: 'cash', amountMinor: priced.totalMinor }] },
    );
    const sale = await sellOk(server, token, shop.storeId, body);
    return { sale, priced };
  };

  beforeAll(async () => {
    server = await createTestServer();
    shop = await registerTenantIn(server);
    token = await shop.token();
    session = await openTestSession(server, { businessId: shop.businessId, storeId: shop.storeId });
    const scope = { businessId: shop.businessId };
    inclusive = await createTestProduct(server, {
      ...scope,
      name: 'Peak Milk',
      variants: [{ sellingPriceMinor: 1_000, costPriceMinor: 600, stock: { [shop.storeId]: 100 } }],
    });
    exclusive = await createTestProduct(server, {
      ...scope,
      name: 'Imported Rice',
      variants: [{ sellingPriceMinor: 2_000, costPriceMinor: 1_500, stock: { [shop.storeId]: 100 } }],
    });
    weighed = await createTestProduct(server, {
      ...scope,
      name: 'Garri',
      unit: 'kg',
      variants: [{ sellingPriceMinor: 500, costPriceMinor: 300, stock: { [shop.storeId]: 100 } }],
    });
    await setProductTaxRate(
      server,
      shop.businessId,
      inclusive.id,
      await createTestTaxRate(server, shop.businessId, 750, true),
    );
    await setProductTaxRate(
      server,
      shop.businessId,
      exclusive.id,
      await createTestTaxRate(server, shop.businessId, 1_600, false),
    );
    today = storeDay('Africa/Lagos');

    // Today: two sales with discounts, one voided sale, and two refunds (one put back on the shelf).
    const a = { product: inclusive, price: 1_000, bp: 750, inclusive: true };
    const b = { product: exclusive, price: 2_000, bp: 1_600, inclusive: false };
    const c = { product: weighed, price: 500, bp: 0, inclusive: true };
    const s1 = await sell([
      { ...a, quantity: 2, discount: { type: 'percent', value: 1_000 } },
      { ...b, quantity: 1 },
    ]);
    const s2Card = await sellCard(
      [
        { ...c, quantity: 1.5 },
        { ...a, quantity: 1 },
      ],
      { type: 'amount', value: 100 },
    );
    const s3 = await sell([{ ...b, quantity: 3 }]);
    // Sold only in a sale that is then voided: in no table of the report.
    const mistake = await createTestProduct(server, {
      ...scope,
      name: 'Rung Up By Mistake',
      variants: [{ sellingPriceMinor: 700, costPriceMinor: 400, stock: { [shop.storeId]: 10 } }],
    });
    const s4 = await sell([{ product: mistake, price: 700, bp: 0, inclusive: true, quantity: 2 }]);
    carts.push(s1.priced, s2Card.priced);
    for (const sale of [s3, s4]) {
      const voided = await voider(server)({
        token,
        storeId: shop.storeId,
        saleId: sale.sale.id,
        body: { reason: 'Rang up twice' },
      });
      expect(voided.statusCode, voided.body).toBe(200);
    }
    for (const [saleId, lines] of [
      [s1.sale.id, [{ lineNo: 1, quantity: 1, restock: true }]],
      [s2Card.sale.id, [{ lineNo: 1, quantity: 0.5, restock: false }]],
    ] as const) {
      const res = await refunder(server)({
        token,
        storeId: shop.storeId,
        saleId,
        body: refundBody(session, [...lines]),
      });
      expect(res.statusCode, res.body).toBe(201);
      refunds.push(res.json() as { totalMinor: number; taxMinor: number });
    }
  });

  /** A card sale of these lines with a cart discount (the payment is the priced total). */
  async function sellCard(
    lines: { product: TestProduct; quantity: number; price: number; bp: number; inclusive: boolean }[],
    cartDiscount: CreateSaleBody['cartDiscount'],
  ) {
    const priced = priceCart(
      lines.map((l) => ({
        quantityThousandths: Math.round(l.quantity * 1000),
        unitPriceMinor: l.price,
        taxRateBasisPoints: l.bp,
        taxInclusive: l.inclusive,
      })),
      cartDiscount ?? null,
    );
    const sale = await sellOk(
      server,
      token,
      shop.storeId,
      saleBody(
        session,
        lines.map((l) => ({ variantId: l.product.variantId, quantity: l.quantity })),
        priced.totalMinor,
        { cartDiscount, payments: [{ method: 'card', amountMinor: priced.totalMinor, reference: 'POS-1' }] },
      ),
    );
    return { sale, priced };
  }

  afterAll(async () => {
    await server?.close();
  });

  it('reconciles: net sales equal the transactions list’s sales less refunds; tax, cost and profit are exact', async () => {
    const from = addDays(today, -1);
    const r = await reportOk({ from, to: today, bucket: 'day' });
    const list = await server.app.inject({
      method: listSales.method,
      url: listSales.path,
      query: { from, to: today },
      headers: { authorization: `Bearer ${token}`, 'x-store-id': shop.storeId },
    });
    expect(list.statusCode, list.body).toBe(200);
    const totals = (list.json() as { totals: { totalMinor: number; refundedMinor: number; netMinor: number } }).totals;

    const sold = carts.reduce((s, c) => s + c.totalMinor, 0);
    const refunded = refunds.reduce((s, r) => s + r.totalMinor, 0);
    expect(totals.totalMinor).toBe(sold);
    expect(r.summary.netSalesMinor).toBe(totals.netMinor);
    expect(r.summary.netSalesMinor).toBe(sold - refunded);
    expect(r.summary.refundsMinor).toBe(refunded);
    expect(r.summary.grossMinor).toBe(carts.reduce((s, c) => s + c.subtotalMinor, 0));
    expect(r.summary.discountsMinor).toBe(carts.reduce((s, c) => s + c.discountMinor, 0));
    expect(r.summary.taxMinor).toBe(
      carts.reduce((s, c) => s + c.lines.reduce((t, l) => t + l.taxMinor, 0), 0) -
        refunds.reduce((s, r) => s + r.taxMinor, 0),
    );
    // Exclusive tax: the rice line of the first sale (16% on 2,000).
    expect(r.summary.exclusiveTaxMinor).toBe(carts[0]!.lines[1]!.taxMinor);
    expect(r.summary.exclusiveTaxMinor).toBe(320);
    expect(r.summary.grossMinor - r.summary.discountsMinor + r.summary.exclusiveTaxMinor - r.summary.refundsMinor).toBe(
      r.summary.netSalesMinor,
    );
    // Cost: milk 3 × 600 + rice 1 × 1,500 + garri 1.5 kg × 300, less the milk put back (600); the garri
    // refunded without restocking stays a cost.
    expect(r.summary.costMinor).toBe(3 * 600 + 1_500 + 450 - 600);
    expect(r.summary.netExTaxMinor).toBe(r.summary.netSalesMinor - r.summary.taxMinor);
    expect(r.summary.grossProfitMinor).toBe(r.summary.netExTaxMinor - r.summary.costMinor);
    expect(r.summary.marginBasisPoints).toBe(
      Math.round((r.summary.grossProfitMinor * 10_000) / r.summary.netExTaxMinor),
    );
    expect(r.summary.salesCount).toBe(2);
    expect(r.summary.refundsCount).toBe(2);
    expect(r.summary.averageBasketMinor).toBe(Math.round(sold / 2));
    expect(r.headline).toMatchObject({ key: 'net-sales', value: r.summary.netSalesMinor, format: 'money' });
    await expectLedgerHolds(server, shop.businessId);
  });

  it('breaks down by product, category, cashier, payment method and day, each adding up to the summary', async () => {
    const r = await reportOk({ from: addDays(today, -1), to: today, bucket: 'day' });
    const sum = <K extends string>(rows: readonly Record<K, unknown>[], key: K) =>
      rows.reduce((s, row) => s + (row[key] as number), 0);
    for (const rows of [r.byProduct, r.byCategory, r.byCashier, r.trend, r.byStore] as const)
      for (const key of ['netSalesMinor', 'taxMinor', 'costMinor', 'grossProfitMinor', 'refundsMinor'] as const)
        expect(sum(rows, key), key).toBe(r.summary[key]);

    // The voided sale's product is not a row of zeros.
    expect(r.byProduct.map((p) => p.name).sort()).toEqual(['Garri', 'Imported Rice', 'Peak Milk']);
    const milk = r.byProduct.find((p) => p.name === 'Peak Milk')!;
    expect(milk).toMatchObject({ quantity: 3, refundedQuantity: 1, category: 'Uncategorised', costMinor: 1_200 });
    const garri = r.byProduct.find((p) => p.name === 'Garri')!;
    expect(garri).toMatchObject({ quantity: 1.5, refundedQuantity: 0.5, costMinor: 450 });
    expect(r.byCategory).toHaveLength(1);
    expect(r.byCashier).toHaveLength(1);
    expect(r.byCashier[0]).toMatchObject({
      accountId: shop.accountId,
      name: 'Other Owner',
      salesCount: 2,
      refundsCount: 2,
    });

    const method = (m: string) => r.byPaymentMethod.find((p) => p.method === m)!;
    expect(r.byPaymentMethod.map((p) => p.method)).toEqual(['cash', 'card', 'bank_transfer', 'mobile_money']);
    expect(method('cash')).toMatchObject({ paymentsCount: 1, amountMinor: carts[0]!.totalMinor, refundsCount: 2 });
    expect(method('card')).toMatchObject({ paymentsCount: 1, amountMinor: carts[1]!.totalMinor, refundsCount: 0 });
    expect(method('cash').refundsMinor).toBe(refunds.reduce((s, x) => s + x.totalMinor, 0));
    // The voided sale was paid in cash too: nothing of it remains.
    expect(sum(r.byPaymentMethod, 'netMinor')).toBe(r.summary.netSalesMinor);

    expect(r.trend.map((t) => t.start)).toEqual([addDays(today, -1), today]);
    expect(r.trend[0]).toMatchObject({ salesCount: 0, netSalesMinor: 0 });
    expect(r.byStore).toEqual([expect.objectContaining({ storeId: shop.storeId, salesCount: 2 })]);
  });

  it('takes days in the store’s calendar: 23:30 in Lagos on 31 January is January, 00:30 on 1 February is February', async () => {
    const a = await sellCard([{ product: inclusive, quantity: 1, price: 1_000, bp: 750, inclusive: true }], undefined);
    const b = await sellCard([{ product: inclusive, quantity: 2, price: 1_000, bp: 750, inclusive: true }], undefined);
    await setCompletedAt(server, shop.businessId, a.sale.id, '2026-01-31T22:30:00Z');
    await setCompletedAt(server, shop.businessId, b.sale.id, '2026-01-31T23:30:00Z');

    const january = await reportOk({ from: '2026-01-01', to: '2026-01-31', bucket: 'day' });
    expect(january.summary).toMatchObject({ salesCount: 1, netSalesMinor: 1_000 });
    expect(january.trend.filter((t) => t.salesCount > 0).map((t) => t.start)).toEqual(['2026-01-31']);
    expect(january.trend).toHaveLength(31);
    const february = await reportOk({ from: '2026-02-01', to: '2026-02-28' });
    expect(february.summary).toMatchObject({ salesCount: 1, netSalesMinor: 2_000 });
    expect(february.bucket).toBe('day');

    const months = await reportOk({ from: '2026-01-01', to: '2026-02-28', bucket: 'month' });
    expect(months.trend.map((t) => [t.start, t.netSalesMinor])).toEqual([
      ['2026-01-01', 1_000],
      ['2026-02-01', 2_000],
    ]);
    // Weeks start on Monday: Saturday 31 January is in the week of 26 January, Sunday 1 February too.
    const weeks = await reportOk({ from: '2026-01-26', to: '2026-02-08', bucket: 'week' });
    expect(weeks.trend.map((t) => [t.start, t.salesCount])).toEqual([
      ['2026-01-26', 2],
      ['2026-02-02', 0],
    ]);
    await expectLedgerHolds(server, shop.businessId);
  });

  it('stays exact when a store’s summaries are rebuilt from the raw sales', async () => {
    const before = await reportOk({ from: '2026-01-01', to: today });
    await server.deps.database.db.transaction((tx) => rebuildSalesSummaries(tx, shop.businessId, shop.storeId));
    expect(await reportOk({ from: '2026-01-01', to: today })).toEqual({
      ...before,
      scope: { ...before.scope, generatedAt: expect.any(String) },
    });
  });

  it('covers the stores the caller may read: all of them for the owner only, never another business’s', async () => {
    const demo = await demoIds(server);
    const call = caller(server, DEMO.owner);
    const query = { from: '2026-01-01', to: '2026-01-31' };
    const all = await call(getSalesReport, { storeId: demo.lekkiId, query: { ...query, storeId: 'all' } });
    expect(all.statusCode, all.body).toBe(200);
    const scope = (all.json() as SalesReport).scope;
    expect(scope.allStores).toBe(true);
    expect(scope.stores.map((s) => s.id).sort()).toEqual([demo.lekkiId, demo.ikejaId].sort());
    expect((all.json() as SalesReport).byStore).toHaveLength(2);

    const ikeja = await call(getSalesReport, { storeId: demo.lekkiId, query: { ...query, storeId: demo.ikejaId } });
    expect(ikeja.statusCode).toBe(200);
    expect((ikeja.json() as SalesReport).scope.stores.map((s) => s.id)).toEqual([demo.ikejaId]);

    const manager = await call(getSalesReport, {
      as: DEMO.manager,
      storeId: demo.lekkiId,
      query: { ...query, storeId: 'all' },
    });
    expect(manager.statusCode).toBe(403);
    const cashier = await call(getSalesReport, { as: DEMO.cashier, storeId: demo.ikejaId, query });
    expect(cashier.statusCode).toBe(403);
    const otherBusiness = await call(getSalesReport, {
      storeId: demo.lekkiId,
      query: { ...query, storeId: shop.storeId },
    });
    expect(otherBusiness.statusCode).toBe(404);
    // And the shop's owner never sees Demo Mart's stores.
    const shopOwner = await report({ ...query, storeId: demo.lekkiId });
    expect(shopOwner.statusCode).toBe(404);
  });

  it('refuses a bad period, naming the field', async () => {
    for (const [query, field] of [
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to'],
      [{ from: '2020-01-01', to: '2026-01-01' }, 'from'],
      [{ from: '2026-01-01', to: '2026-01-31', bucket: 'year' }, 'bucket'],
      [{ from: '2026-01-01', to: '2026-01-31', storeId: 'lekki' }, 'storeId'],
    ] as const) {
      const res = await report(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(fieldsOf(res)).toContain(`querystring.${field}`);
    }
  });
});
