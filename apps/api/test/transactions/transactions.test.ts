import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  createRefund,
  getSale,
  IDEMPOTENCY_HEADER,
  listSaleCashiers,
  listSaleEvents,
  listSales,
  voidSale,
  type Sale,
  type SaleDetail,
  type SaleEvent,
  type SaleSummary,
} from '@ipos/contracts';
import { sales, stores } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { caller, fieldsOf } from '../inventory/helpers.js';
import { newKey, openTestSession, saleBody, seller } from '../checkout/checkout-support.js';
import { createTestContact, refundBody, refunder, sellOk, setCompletedAt, voider } from './transactions-support.js';

type ListAnswer = { items: SaleSummary[]; nextCursor: string | null; totals: Record<string, number> };

describe('transactions API: list, detail, audit trail', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let shop: Tenant;
  let shopToken: string;
  let shopSession: string;
  let product: TestProduct;
  let customer: { id: string; name: string };
  let otherCashierId: string;
  const s: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', Sale> = {} as never;

  const list = async (query: Record<string, string> = {}) => {
    const res = await server.app.inject({
      method: listSales.method,
      url: listSales.path,
      query,
      headers: { authorization: `Bearer ${shopToken}`, 'x-store-id': shop.storeId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListAnswer;
  };
  const numbersOf = (answer: ListAnswer) => answer.items.map((i) => i.number);
  const sell = (quantity: number, extra: Parameters<typeof saleBody>[3] = {}) =>
    sellOk(
      server,
      shopToken,
      shop.storeId,
      saleBody(shopSession, [{ variantId: product.variantId, quantity }], 1_000 * quantity, extra),
    );

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    // A shop of its own: its list holds exactly the sales made here, whatever demo data exists.
    shop = await registerTenant(server);
    shopToken = await shop.token();
    await server.deps.database.db
      .update(stores)
      .set({ timeZone: 'Africa/Lagos' })
      .where(and(eq(stores.businessId, shop.businessId), eq(stores.id, shop.storeId)));
    shopSession = await openTestSession(server, { businessId: shop.businessId, storeId: shop.storeId });
    product = await createTestProduct(server, {
      businessId: shop.businessId,
      name: 'Shop Secret Sugar',
      variants: [{ sellingPriceMinor: 1_000, stock: { [shop.storeId]: 100 } }],
    });
    customer = await createTestContact(server, shop.businessId, { name: 'Ada Obi' });
    otherCashierId = await server.accountId(DEMO.manager);

    // a: 23:30 in Lagos on 10 March (22:30 UTC); b: 00:30 in Lagos on 11 March (23:30 UTC on the 10th).
    s.a = await sell(1);
    await setCompletedAt(server, shop.businessId, s.a.id, '2025-03-10T22:30:00Z');
    s.b = await sell(2, { payments: [{ method: 'card', amountMinor: 2_000, reference: 'POS-1' }] });
    await setCompletedAt(server, shop.businessId, s.b.id, '2025-03-10T23:30:00Z');
    // c: mobile money, a customer, another cashier, on 9 March.
    s.c = await sell(3, {
      customerId: customer.id,
      payments: [{ method: 'mobile_money', amountMinor: 3_000, provider: 'mpesa', reference: 'QX1' }],
    });
    await setCompletedAt(server, shop.businessId, s.c.id, '2025-03-09T12:00:00Z');
    await server.deps.database.db
      .update(sales)
      .set({ cashierAccountId: otherCashierId })
      .where(and(eq(sales.businessId, shop.businessId), eq(sales.id, s.c.id)));
    // d: partly refunded; e: refunded; both in the same millisecond (microseconds apart).
    s.d = await sell(2);
    s.e = await sell(1);
    await setCompletedAt(server, shop.businessId, s.d.id, '2025-03-12T10:00:00.123456Z');
    await setCompletedAt(server, shop.businessId, s.e.id, '2025-03-12T10:00:00.123400Z');
    const refund = refunder(server);
    expect(
      (
        await refund({
          token: shopToken,
          storeId: shop.storeId,
          saleId: s.d.id,
          body: refundBody(shopSession, [{ lineNo: 1, quantity: 1 }]),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await refund({
          token: shopToken,
          storeId: shop.storeId,
          saleId: s.e.id,
          body: refundBody(shopSession, [{ lineNo: 1, quantity: 1 }]),
        })
      ).statusCode,
    ).toBe(201);
    // f: voided, today.
    s.f = await sell(4);
    const voided = await voider(server)({
      token: shopToken,
      storeId: shop.storeId,
      saleId: s.f.id,
      body: { reason: 'Rung up twice' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
  });
  afterAll(() => server.close());

  it('lists newest first with the state, cashier, customer, methods and refunded amount of each sale', async () => {
    const all = await list();
    // d and e share a millisecond: d (…123456 µs) is the newer.
    expect(numbersOf(all)).toEqual([s.f, s.d, s.e, s.b, s.a, s.c].map((x) => x.number));
    const byNumber = new Map(all.items.map((i) => [i.number, i]));
    expect(byNumber.get(s.f.number)).toMatchObject({ state: 'voided', totalMinor: 4_000, refundedMinor: 0 });
    expect(byNumber.get(s.d.number)).toMatchObject({
      state: 'partially_refunded',
      totalMinor: 2_000,
      refundedMinor: 1_000,
    });
    expect(byNumber.get(s.e.number)).toMatchObject({ state: 'refunded', refundedMinor: 1_000 });
    expect(byNumber.get(s.c.number)).toMatchObject({
      state: 'completed',
      customer: { id: customer.id, name: 'Ada Obi' },
      cashier: { id: otherCashierId, name: expect.any(String) },
      methods: ['mobile_money'],
      lineCount: 1,
      completedAt: '2025-03-09T12:00:00.000Z',
    });
    expect(byNumber.get(s.b.number)!.methods).toEqual(['card']);
    // Totals: every sale counted; money of the non-voided ones (a 1,000 + b 2,000 + c 3,000 + d 2,000 + e 1,000).
    expect(all.totals).toEqual({ count: 6, totalMinor: 9_000, refundedMinor: 2_000, netMinor: 7_000 });
    expect(all.nextCursor).toBeNull();
  });

  it('takes days in the store’s time zone: 23:30 Lagos time belongs to that day, 00:30 to the next', async () => {
    expect(numbersOf(await list({ from: '2025-03-10', to: '2025-03-10' }))).toEqual([s.a.number]);
    expect(numbersOf(await list({ from: '2025-03-11', to: '2025-03-11' }))).toEqual([s.b.number]);
    const range = await list({ from: '2025-03-09', to: '2025-03-11' });
    expect(numbersOf(range)).toEqual([s.b.number, s.a.number, s.c.number]);
    expect(range.totals).toEqual({ count: 3, totalMinor: 6_000, refundedMinor: 0, netMinor: 6_000 });
    expect(numbersOf(await list({ from: '2025-03-12' }))).toEqual([s.f.number, s.d.number, s.e.number]);
    expect(numbersOf(await list({ to: '2025-03-09' }))).toEqual([s.c.number]);
  });

  it('filters by cashier, payment method, state, customer and number', async () => {
    expect(numbersOf(await list({ cashierId: otherCashierId }))).toEqual([s.c.number]);
    expect(numbersOf(await list({ method: 'card' }))).toEqual([s.b.number]);
    expect(numbersOf(await list({ method: 'bank_transfer' }))).toEqual([]);
    expect(numbersOf(await list({ state: 'voided' }))).toEqual([s.f.number]);
    expect(numbersOf(await list({ state: 'refunded' }))).toEqual([s.e.number]);
    expect(numbersOf(await list({ state: 'partially_refunded' }))).toEqual([s.d.number]);
    expect(numbersOf(await list({ state: 'completed' }))).toEqual([s.b.number, s.a.number, s.c.number]);
    const voidedOnly = await list({ state: 'voided' });
    expect(voidedOnly.totals).toEqual({ count: 1, totalMinor: 0, refundedMinor: 0, netMinor: 0 });
    expect(numbersOf(await list({ customerId: customer.id }))).toEqual([s.c.number]);
    // The whole number, in any case; or its digits (padded), as typed from a receipt.
    expect(numbersOf(await list({ number: s.c.number.toLowerCase() }))).toEqual([s.c.number]);
    const digits = String(Number(s.d.number.replace(/^.*S/, '')));
    expect(numbersOf(await list({ number: digits }))).toEqual([s.d.number]);
    expect(numbersOf(await list({ number: '99999' }))).toEqual([]);
  });

  it('names everyone who sold in the store, for the cashier filter', async () => {
    const res = await server.app.inject({
      method: listSaleCashiers.method,
      url: listSaleCashiers.path,
      headers: { authorization: `Bearer ${shopToken}`, 'x-store-id': shop.storeId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as { items: { id: string; name: string }[] }).items.map((p) => p.id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(otherCashierId);
  });

  it('pages by cursor: page 2 continues exactly where page 1 ended, totals do not depend on the page', async () => {
    const all = numbersOf(await list());
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ListAnswer = await list({ limit: '2', ...(cursor ? { cursor } : {}) });
      expect(page.totals).toEqual({ count: 6, totalMinor: 9_000, refundedMinor: 2_000, netMinor: 7_000 });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...numbersOf(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    // The page boundary falls between d and e, which share a millisecond: nothing skipped, nothing twice.
    expect(seen).toEqual(all);
    // With a filter, the cursor pages within the filtered set.
    const first = await list({ limit: '1', state: 'completed' });
    const second = await list({ limit: '1', state: 'completed', cursor: first.nextCursor! });
    expect([...numbersOf(first), ...numbersOf(second)]).toEqual([s.b.number, s.a.number]);
    expect(second.totals.count).toBe(3);
  });

  it('answers 400 naming the field for a bad cursor, a reversed range or a bad date', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: listSales.path,
      query: { cursor: 'bm90LWEtY3Vyc29y' },
      headers: { authorization: `Bearer ${shopToken}`, 'x-store-id': shop.storeId },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['querystring.cursor']);
    const reversed = await server.app.inject({
      method: 'GET',
      url: listSales.path,
      query: { from: '2025-03-12', to: '2025-03-10' },
      headers: { authorization: `Bearer ${shopToken}`, 'x-store-id': shop.storeId },
    });
    expect(reversed.statusCode).toBe(400);
    expect(fieldsOf(reversed)).toEqual(['querystring.to']);
    const badDate = await server.app.inject({
      method: 'GET',
      url: listSales.path,
      query: { from: '10/03/2025' },
      headers: { authorization: `Bearer ${shopToken}`, 'x-store-id': shop.storeId },
    });
    expect(badDate.statusCode).toBe(400);
    expect(fieldsOf(badDate)).toEqual(['querystring.from']);
  });

  it('reads one sale with its customer, session, refunded quantities, refunds and void', async () => {
    const call = caller(server, shop.email);
    const res = await call(getSale, { storeId: shop.storeId, params: { saleId: s.d.id } });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as SaleDetail;
    expect(d).toMatchObject({
      id: s.d.id,
      state: 'partially_refunded',
      refundedMinor: 1_000,
      voided: null,
      customer: null,
      session: { id: shopSession, status: 'open', registerName: expect.stringMatching(/^Till /) },
      lines: [{ lineNo: 1, quantity: 2, refundedQuantity: 1, unit: 'each', totalMinor: 2_000 }],
    });
    expect(d.refunds).toHaveLength(1);
    expect(d.refunds[0]).toMatchObject({
      saleId: s.d.id,
      number: expect.stringMatching(/-RF000001$/),
      method: 'cash',
      sessionId: shopSession,
      totalMinor: 1_000,
      by: { id: shop.accountId, name: 'Other Owner' },
      lines: [
        {
          lineNo: 1,
          variantId: product.variantId,
          name: 'Shop Secret Sugar',
          quantity: 1,
          totalMinor: 1_000,
          restocked: true,
        },
      ],
    });

    const c = (await call(getSale, { storeId: shop.storeId, params: { saleId: s.c.id } })).json() as SaleDetail;
    expect(c.customer).toEqual({
      id: customer.id,
      name: 'Ada Obi',
      phone: '+234 803 000 0000',
      email: 'ada@example.test',
    });
    expect(c.customerId).toBe(customer.id);

    const f = (await call(getSale, { storeId: shop.storeId, params: { saleId: s.f.id } })).json() as SaleDetail;
    expect(f).toMatchObject({
      status: 'voided',
      state: 'voided',
      voided: { by: { id: shop.accountId, name: 'Other Owner' }, reason: 'Rung up twice' },
    });
  });

  it('answers the audit trail of a sale, oldest first, with the actors’ names', async () => {
    const call = caller(server, shop.email);
    const d = await call(listSaleEvents, { storeId: shop.storeId, params: { saleId: s.d.id } });
    expect(d.statusCode, d.body).toBe(200);
    const items = (d.json() as { items: SaleEvent[] }).items;
    expect(items.map((e) => e.action)).toEqual(['sale.completed', 'sale.refunded']);
    expect(items[1]).toMatchObject({
      actor: { id: shop.accountId, name: 'Other Owner' },
      after: { totalMinor: 1_000, method: 'cash', number: expect.stringMatching(/-RF000001$/) },
    });
    const f = await call(listSaleEvents, { storeId: shop.storeId, params: { saleId: s.f.id } });
    expect((f.json() as { items: SaleEvent[] }).items.map((e) => e.action)).toEqual(['sale.completed', 'sale.voided']);
  });

  it('stores the sale’s customer only when it is an active customer of the business (else 400 naming customerId)', async () => {
    const vendor = await createTestContact(server, shop.businessId, { kind: 'vendor' });
    const archived = await createTestContact(server, shop.businessId, { archived: true });
    const foreign = await createTestContact(server, demo.businessId);
    for (const customerId of [vendor.id, archived.id, foreign.id]) {
      const res = await seller(server)({
        token: shopToken,
        storeId: shop.storeId,
        body: saleBody(shopSession, [{ variantId: product.variantId, quantity: 1 }], 1_000, { customerId }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toEqual(['customerId']);
    }
    const [row] = await server.deps.database.db
      .select({ customerId: sales.customerId })
      .from(sales)
      .where(and(eq(sales.businessId, shop.businessId), eq(sales.id, s.c.id)));
    expect(row!.customerId).toBe(customer.id);
  });

  it('keeps another tenant’s sale out of reach: detail, trail, refund and void → 404, nothing changed', async () => {
    const as = { email: DEMO.manager };
    for (const endpoint of [getSale, listSaleEvents])
      await expectCrossTenantNotFound(server, {
        endpoint,
        params: { saleId: s.c.id },
        as,
        storeId: demo.lekkiId,
        mustNotReveal: ['Shop Secret Sugar', 'Ada Obi'],
      });
    await expectCrossTenantNotFound(server, {
      endpoint: createRefund,
      params: { saleId: s.c.id },
      as,
      storeId: demo.lekkiId,
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
      body: refundBody(undefined, [{ lineNo: 1, quantity: 1 }], { method: 'card' }),
      mustNotReveal: ['Shop Secret Sugar'],
    });
    await expectCrossTenantNotFound(server, {
      endpoint: voidSale,
      params: { saleId: s.a.id },
      as,
      storeId: demo.lekkiId,
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
      body: { reason: 'Not mine' },
    });
    // Nor does another tenant's list show this shop's sales.
    const lekki = await caller(server, DEMO.manager)(listSales, {
      storeId: demo.lekkiId,
      query: { customerId: customer.id },
    });
    expect(lekki.statusCode).toBe(200);
    expect((lekki.json() as ListAnswer).items).toEqual([]);
  });

  it('lets a cashier see the transactions of their store (transactions.view)', async () => {
    const res = await caller(server, DEMO.cashier)(listSales, { storeId: demo.ikejaId, query: { limit: '1' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});
