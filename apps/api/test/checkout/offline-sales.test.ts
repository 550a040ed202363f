import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  getReceipt,
  getReceiptPdf,
  getRegisterSession,
  getSale,
  getStoreDashboard,
  listSaleExceptions,
  resolveSaleException,
  storeDay,
  type Receipt,
  type RegisterSession,
  type Sale,
  type SaleException,
  type StoreDashboard,
} from '@ipos/contracts';
import { auditEvents, products, registerSessions, saleExceptions, sales } from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import { receiptText } from '../../src/features/checkout/receipt-layout.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { pdfText } from '../support/pdf-text.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, onHand, setAllowNegativeStock, type TestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import {
  createTestTaxRate,
  newKey,
  openTestSession,
  saleBody,
  seller,
  setProductTaxRate,
  setStorePrice,
} from './checkout-support.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Sales made on the device while the server could not be reached, replayed later (decision 0036):
 * dated when sold within their register session, counted on that day, numbered at replay, and
 * accepted as paid (the till's prices, stock below zero, an item archived since) with a sale
 * exception for each difference, which managers list and resolve.
 */
describe('offline sales', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let sell: ReturnType<typeof seller>;
  let call: ReturnType<typeof caller>;
  let sellerToken: string;
  let reference = 0;

  const lekki = () => ({ businessId: demo.businessId, storeId: demo.lekkiId });
  /** A fresh offline reference of the Lekki till. */
  const offlineRef = () => `LEK-T1-OFF-${String(++reference).padStart(4, '0')}`;
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

  /** A plain Lekki product: 80,000 minor each, untaxed, `stock` on hand. */
  const product = (stock = 10, price = 80_000) =>
    createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ sellingPriceMinor: price, costPriceMinor: 50_000, stock: { [demo.lekkiId]: stock } }],
    });

  /** A Lekki register session written with its times (opened, and closed when given). */
  async function session(openedAt: Date, closedAt?: Date): Promise<string> {
    const id = await openTestSession(server, lekki(), { status: closedAt ? 'closed' : 'open' });
    await server.deps.database.db
      .update(registerSessions)
      .set({ openedAt, closedAt: closedAt ?? null })
      .where(and(eq(registerSessions.businessId, demo.businessId), eq(registerSessions.id, id)));
    return id;
  }

  const sellInLekki = (body: unknown, key?: string) =>
    sell({ token: sellerToken, storeId: demo.lekkiId, body, ...(key ? { key } : {}) });

  const exceptionsOf = (saleId: string) =>
    server.deps.database.db
      .select()
      .from(saleExceptions)
      .where(and(eq(saleExceptions.businessId, demo.businessId), eq(saleExceptions.saleId, saleId)));

  const auditOf = (action: string, entityId: string) =>
    server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));

  let openSession: string;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    sell = seller(server);
    call = caller(server, DEMO.manager);
    sellerToken = await server.tokenFor(DEMO.manager);
    other = await registerTenant(server);
    openSession = await session(new Date(Date.now() - 3 * HOUR));
    // Lekki refuses stock below zero online, so an offline sale taking it there is an exception.
    await setAllowNegativeStock(server, demo.businessId, demo.lekkiId, false);
  });
  afterAll(() => server.close());

  it('records an online sale as before: dated now, no offline reference, recorded when made', async () => {
    const p = await product();
    const res = await sellInLekki(saleBody(openSession, [{ variantId: p.variantId, quantity: 1 }], 80_000));
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    expect(sale.offlineReference).toBeNull();
    expect(sale.recordedAt).toBe(sale.completedAt);
    expect(await exceptionsOf(sale.id)).toEqual([]);
  });

  it('dates a sale soldAt, up to two minutes ahead of the server, and never before its session opened', async () => {
    const p = await product();
    const line = [{ variantId: p.variantId, quantity: 1 }];
    const soldAt = ago(30 * MINUTE);
    const dated = await sellInLekki(saleBody(openSession, line, 80_000, { soldAt, offlineReference: offlineRef() }));
    expect(dated.statusCode, dated.body).toBe(201);
    const sale = dated.json() as Sale;
    expect(sale.completedAt).toBe(soldAt);
    expect(Date.parse(sale.recordedAt!)).toBeGreaterThan(Date.parse(soldAt) + 29 * MINUTE);

    // A device clock a minute fast is tolerated; three minutes is refused, naming soldAt.
    const fast = await sellInLekki(saleBody(openSession, line, 80_000, { soldAt: ago(-1 * MINUTE) }));
    expect(fast.statusCode, fast.body).toBe(201);
    const tooFast = await sellInLekki(
      saleBody(openSession, line, 80_000, { soldAt: ago(-3 * MINUTE), offlineReference: offlineRef() }),
    );
    expect(tooFast.statusCode, tooFast.body).toBe(400);
    expect(tooFast.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(fieldsOf(tooFast)).toEqual(['soldAt']);

    const early = await sellInLekki(
      saleBody(openSession, line, 80_000, { soldAt: ago(4 * HOUR), offlineReference: offlineRef() }),
    );
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ code: 'REGISTER_CLOSED' });
    expect(fieldsOf(early)).toEqual(['soldAt']);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(8);
  });

  it('takes an offline sale into a session closed since, numbered at the replay; not one dated after the close', async () => {
    const closed = await session(new Date(Date.now() - 5 * HOUR), new Date(Date.now() - 2 * HOUR));
    const p = await product();
    const line = [{ variantId: p.variantId, quantity: 1 }];

    const after = await sellInLekki(
      saleBody(closed, line, 80_000, { soldAt: ago(HOUR), offlineReference: offlineRef() }),
    );
    expect(after.statusCode, after.body).toBe(409);
    expect(after.json()).toMatchObject({ code: 'REGISTER_CLOSED' });
    expect(fieldsOf(after)).toEqual(['soldAt']);
    // Only a sale made offline reaches a closed session.
    const online = await sellInLekki(saleBody(closed, line, 80_000, { soldAt: ago(3 * HOUR) }));
    expect(online.statusCode, online.body).toBe(409);
    expect(online.json()).toMatchObject({ code: 'REGISTER_CLOSED' });

    // An online sale now, then the replay of a sale made three hours ago: the replay gets the next number.
    const now = await sellInLekki(saleBody(openSession, line, 80_000));
    expect(now.statusCode, now.body).toBe(201);
    const replay = await sellInLekki(
      saleBody(closed, line, 80_000, { soldAt: ago(3 * HOUR), offlineReference: offlineRef() }),
    );
    expect(replay.statusCode, replay.body).toBe(201);
    const numberOf = (s: Sale) => Number(s.number.replace(/\D/g, ''));
    expect(numberOf(replay.json() as Sale)).toBe(numberOf(now.json() as Sale) + 1);
    expect((replay.json() as Sale).sessionId).toBe(closed);

    // The closed session's figures count it.
    const report = await call(getRegisterSession, { storeId: demo.lekkiId, params: { sessionId: closed } });
    expect(report.statusCode, report.body).toBe(200);
    expect((report.json() as RegisterSession).summary).toMatchObject({ salesCount: 1, salesTotalMinor: 80_000 });
    await expectLedgerHolds(server, demo.businessId);
  });

  it("counts a sale sold at 23:50 yesterday in Lagos on yesterday's business day when replayed today", async () => {
    const today = storeDay('Africa/Lagos');
    const yesterday = addDays(today, -1);
    // 23:50 in Lagos (UTC+1, no daylight saving) is 22:50 UTC.
    const soldAt = `${yesterday}T22:50:00.000Z`;
    const earlier = await session(new Date(`${yesterday}T20:00:00.000Z`));
    const p = await product(10, 123_400);
    const dayTotals = async (day: string) => {
      const [row] = await queryRows<{ sales_count: number | string; total_minor: number | string }>(
        server.deps.database.db,
        sql`select coalesce(sum(sales_count), 0) as sales_count, coalesce(sum(total_minor), 0) as total_minor
              from sales_day_totals where business_id = ${demo.businessId} and store_id = ${demo.lekkiId} and day = ${day}`,
      );
      return { count: Number(row!.sales_count), totalMinor: Number(row!.total_minor) };
    };
    const [beforeYesterday, beforeToday] = [await dayTotals(yesterday), await dayTotals(today)];
    const dashboardBefore = (await call(getStoreDashboard, { storeId: demo.lekkiId })).json() as StoreDashboard;

    const res = await sellInLekki(
      saleBody(earlier, [{ variantId: p.variantId, quantity: 1 }], 123_400, { soldAt, offlineReference: offlineRef() }),
    );
    expect(res.statusCode, res.body).toBe(201);

    expect(await dayTotals(yesterday)).toEqual({
      count: beforeYesterday.count + 1,
      totalMinor: beforeYesterday.totalMinor + 123_400,
    });
    expect(await dayTotals(today)).toEqual(beforeToday);
    const dashboard = (await call(getStoreDashboard, { storeId: demo.lekkiId })).json() as StoreDashboard;
    expect(dashboard.last7Days[5]).toEqual({
      date: yesterday,
      salesCount: dashboardBefore.last7Days[5]!.salesCount + 1,
      salesMinor: dashboardBefore.last7Days[5]!.salesMinor + 123_400,
    });
    expect(dashboard.salesCount).toBe(dashboardBefore.salesCount);
    await expectLedgerHolds(server, demo.businessId);
  });

  it('accepts an offline sale at the price the till charged, with an exception and its audit event', async () => {
    const p = await product(10, 80_000);
    await setStorePrice(server, lekki(), p.variantId, 90_000);
    const lines = [{ variantId: p.variantId, quantity: 2, unitPriceMinor: 80_000 }];

    // Online, the till's price is ignored: the server's price stands.
    const online = await sellInLekki(saleBody(openSession, lines, 160_000));
    expect(online.statusCode, online.body).toBe(409);
    expect(online.json()).toMatchObject({ code: 'PRICE_CHANGED' });

    const ref = offlineRef();
    const res = await sellInLekki(
      saleBody(openSession, lines, 160_000, { soldAt: ago(MINUTE), offlineReference: ref }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    expect(sale).toMatchObject({ totalMinor: 160_000, offlineReference: ref });
    expect(sale.lines[0]).toMatchObject({ unitPriceMinor: 80_000, totalMinor: 160_000 });

    const [exception, ...more] = await exceptionsOf(sale.id);
    expect(more).toEqual([]);
    expect(exception).toMatchObject({
      storeId: demo.lekkiId,
      variantId: p.variantId,
      kind: 'sold_offline_at_old_price',
      details: { paidUnitPriceMinor: 80_000, serverUnitPriceMinor: 90_000 },
      resolvedAt: null,
    });
    const [event] = await auditOf('sale_exception.recorded', exception!.id);
    expect(event).toMatchObject({
      businessId: demo.businessId,
      storeId: demo.lekkiId,
      entity: 'sale_exception',
      after: { saleId: sale.id, kind: 'sold_offline_at_old_price', serverUnitPriceMinor: 90_000 },
    });
    const [completed] = await auditOf('sale.completed', sale.id);
    expect(completed?.after).toMatchObject({ offlineReference: ref });
    await expectLedgerHolds(server, demo.businessId);
  });

  it('accepts an offline sale at the tax the till charged when the rate changed meanwhile, with an exception', async () => {
    const p = await product(10, 100_000);
    // Charged offline at 7.5% on top; the rate became 10% on top before the sale reached the server.
    const before = await createTestTaxRate(server, demo.businessId, 750, false);
    const after = await createTestTaxRate(server, demo.businessId, 1_000, false);
    await setProductTaxRate(server, demo.businessId, p.id, before);
    // … the till rang it up at 7.5% from its copy of the catalogue, then the rate changed.
    await setProductTaxRate(server, demo.businessId, p.id, after);
    const lines = [
      { variantId: p.variantId, quantity: 1, unitPriceMinor: 100_000, taxRateBasisPoints: 750, taxInclusive: false },
    ];

    // Online, the till's tax is ignored: the server's rate stands (110,000).
    const online = await sellInLekki(saleBody(openSession, lines, 107_500));
    expect(online.statusCode, online.body).toBe(409);
    expect(online.json()).toMatchObject({ code: 'PRICE_CHANGED', priceChanged: { totalMinor: 110_000 } });

    const res = await sellInLekki(
      saleBody(openSession, lines, 107_500, { soldAt: ago(MINUTE), offlineReference: offlineRef() }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    expect(sale).toMatchObject({ totalMinor: 107_500, taxMinor: 7_500 });
    expect(sale.lines[0]).toMatchObject({ unitPriceMinor: 100_000, taxRateBasisPoints: 750, taxMinor: 7_500 });
    const [exception, ...more] = await exceptionsOf(sale.id);
    expect(more).toEqual([]);
    expect(exception).toMatchObject({
      kind: 'sold_offline_at_old_price',
      details: {
        paidTaxRateBasisPoints: 750,
        serverTaxRateBasisPoints: 1_000,
        paidTaxInclusive: false,
        serverTaxInclusive: false,
      },
    });
    expect(exception!.details).not.toHaveProperty('paidUnitPriceMinor');
    await expectLedgerHolds(server, demo.businessId);
  });

  it('takes an offline sale below zero where the store refuses it online, with an exception', async () => {
    const p = await product(1);
    const lines = [{ variantId: p.variantId, quantity: 3 }];
    const online = await sellInLekki(saleBody(openSession, lines, 240_000));
    expect(online.statusCode, online.body).toBe(409);
    expect(online.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK' });

    const res = await sellInLekki(saleBody(openSession, lines, 240_000, { offlineReference: offlineRef() }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(-2);
    const exceptions = await exceptionsOf((res.json() as Sale).id);
    expect(exceptions).toEqual([
      expect.objectContaining({ kind: 'sold_offline_below_zero', details: { quantity: 3, onHandAfter: -2 } }),
    ]);
    expect(await auditOf('sale_exception.recorded', exceptions[0]!.id)).toHaveLength(1);
    await expectLedgerHolds(server, demo.businessId);
  });

  it('takes an offline sale of an item archived since, with an exception', async () => {
    const p: TestProduct = await product(5);
    await server.deps.database.db
      .update(products)
      .set({ isArchived: true })
      .where(and(eq(products.businessId, demo.businessId), eq(products.id, p.id)));
    const lines = [{ variantId: p.variantId, quantity: 1 }];
    const online = await sellInLekki(saleBody(openSession, lines, 80_000));
    expect(online.statusCode, online.body).toBe(400);

    const res = await sellInLekki(saleBody(openSession, lines, 80_000, { offlineReference: offlineRef() }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await exceptionsOf((res.json() as Sale).id)).toEqual([
      expect.objectContaining({ kind: 'sold_offline_archived', variantId: p.variantId, details: {} }),
    ]);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(4);
  });

  it('records a replayed offline sale once: the same key answers the first sale; its reference is the store’s once', async () => {
    const p = await product(0);
    const ref = offlineRef();
    const body = saleBody(openSession, [{ variantId: p.variantId, quantity: 1 }], 80_000, {
      soldAt: ago(10 * MINUTE),
      offlineReference: ref,
    });
    const key = newKey();
    const first = await sellInLekki(body, key);
    const second = await sellInLekki(body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const rows = await server.deps.database.db
      .select({ id: sales.id })
      .from(sales)
      .where(and(eq(sales.businessId, demo.businessId), eq(sales.offlineReference, ref)));
    expect(rows).toHaveLength(1);
    expect(await exceptionsOf(body.id)).toHaveLength(1);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(-1);

    await expectLedgerHolds(server, demo.businessId);
  });

  it('records another sale printed with a reference already taken (two tills numbering alike) under a suffix', async () => {
    const p = await product(10);
    const ref = offlineRef();
    const sold = (soldAgo: number) =>
      saleBody(openSession, [{ variantId: p.variantId, quantity: 1 }], 80_000, {
        soldAt: ago(soldAgo),
        offlineReference: ref,
      });
    const first = await sellInLekki(sold(3 * MINUTE));
    expect(first.statusCode, first.body).toBe(201);
    // The customer holds a receipt printed with the same reference: the sale stands, the paper finds it.
    const second = await sellInLekki(sold(2 * MINUTE));
    expect(second.statusCode, second.body).toBe(201);
    const third = await sellInLekki(sold(MINUTE));
    expect(third.statusCode, third.body).toBe(201);
    expect([first, second, third].map((r) => (r.json() as Sale).offlineReference)).toEqual([
      ref,
      `${ref}-2`,
      `${ref}-3`,
    ]);
    const [completed] = await auditOf('sale.completed', (second.json() as Sale).id);
    expect(completed?.after).toMatchObject({ offlineReference: `${ref}-2`, printedOfflineReference: ref });
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(7);
    await expectLedgerHolds(server, demo.businessId);
  });

  it('gives a sale recorded online, whose answer was lost, the reference its receipt was printed with', async () => {
    const p = await product(10);
    const online = saleBody(openSession, [{ variantId: p.variantId, quantity: 2 }], 160_000);
    const recorded = await sellInLekki(online);
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ offlineReference: null });
    // The till heard nothing, printed LEK-T1-OFF-…, and sends the same sale as an offline one.
    const ref = offlineRef();
    const replay = await sellInLekki({ ...online, soldAt: ago(MINUTE), offlineReference: ref });
    expect(replay.statusCode, replay.body).toBe(201);
    const sale = replay.json() as Sale;
    expect(sale).toMatchObject({
      id: online.id,
      number: (recorded.json() as Sale).number,
      offlineReference: ref,
      totalMinor: 160_000,
    });
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(8);
    const [event] = await auditOf('sale.offline_reference_added', online.id);
    expect(event).toMatchObject({ before: { offlineReference: null }, after: { offlineReference: ref } });
    // Once it has one, the sale keeps it: another sending is an existing sale.
    const again = await sellInLekki({ ...online, soldAt: ago(MINUTE), offlineReference: offlineRef() });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SALE_EXISTS' });
    // Another session's sale id is never relabelled.
    const elsewhere = await session(new Date(Date.now() - HOUR));
    const other = await sellInLekki(saleBody(elsewhere, [{ variantId: p.variantId, quantity: 1 }], 80_000));
    expect(other.statusCode, other.body).toBe(201);
    const foreign = await sellInLekki({
      ...saleBody(openSession, [{ variantId: p.variantId, quantity: 1 }], 80_000),
      id: (other.json() as Sale).id,
      offlineReference: offlineRef(),
    });
    expect(foreign.json()).toMatchObject({ code: 'SALE_EXISTS' });
    await expectLedgerHolds(server, demo.businessId);
  });

  it('prints the offline reference on the receipt under the number, and the sale detail carries it', async () => {
    const p = await product();
    const ref = offlineRef();
    const res = await sellInLekki(
      saleBody(openSession, [{ variantId: p.variantId, quantity: 1 }], 80_000, { offlineReference: ref }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    const detail = await call(getSale, { storeId: demo.lekkiId, params: { saleId: sale.id } });
    expect(detail.json()).toMatchObject({ offlineReference: ref, recordedAt: sale.recordedAt });
    const receipt = (await call(getReceipt, { storeId: demo.lekkiId, params: { saleId: sale.id } })).json() as Receipt;
    const text = receiptText(receipt);
    expect(text).toMatch(new RegExp(`^Sale +${sale.number}\\nOffline ref +${ref}$`, 'm'));
    // The reprint (PDF, marked COPY) prints it too, on the line under the number.
    const pdf = await call(getReceiptPdf, {
      storeId: demo.lekkiId,
      params: { saleId: sale.id },
      query: { copy: 'true' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toMatch(new RegExp(`Sale\\s+${sale.number}\\s+Offline ref\\s+${ref}`));
    const online = (
      await sellInLekki(saleBody(openSession, [{ variantId: p.variantId, quantity: 1 }], 80_000))
    ).json() as Sale;
    const plain = (await call(getReceipt, { storeId: demo.lekkiId, params: { saleId: online.id } })).json() as Receipt;
    expect(receiptText(plain)).not.toContain('Offline ref');
  });

  describe('the exceptions list', () => {
    let exception: SaleException;

    beforeAll(async () => {
      const p = await product(0);
      const res = await sellInLekki(
        saleBody(openSession, [{ variantId: p.variantId, quantity: 2 }], 160_000, { offlineReference: offlineRef() }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const list = await call(listSaleExceptions, { storeId: demo.lekkiId, query: { pageSize: '100' } });
      expect(list.statusCode, list.body).toBe(200);
      exception = (list.json() as { items: SaleException[] }).items.find((e) => e.sale.id === (res.json() as Sale).id)!;
    });

    it('lists the open exceptions of the active store for managers, newest first, with their sale', async () => {
      expect(exception).toMatchObject({
        kind: 'sold_offline_below_zero',
        details: { quantity: 2, onHandAfter: -2 },
        sale: { offlineReference: expect.stringMatching(/^LEK-T1-OFF-/), number: expect.stringMatching(/^LEK-S/) },
        resolvedAt: null,
        resolvedBy: null,
      });
      const ikeja = await call(listSaleExceptions, { storeId: demo.ikejaId, as: DEMO.owner });
      expect((ikeja.json() as { items: SaleException[] }).items).toEqual([]);
      // A cashier (Ikeja's) may not see them.
      const cashier = await call(listSaleExceptions, { storeId: demo.ikejaId, as: DEMO.cashier });
      expect(cashier.statusCode).toBe(403);
      const dashboard = (await call(getStoreDashboard, { storeId: demo.lekkiId })).json() as StoreDashboard;
      expect(dashboard.openSaleExceptionsCount).toBeGreaterThanOrEqual(4);
    });

    it('resolves one (audited, once), which leaves the open list', async () => {
      const countBefore = ((await call(getStoreDashboard, { storeId: demo.lekkiId })).json() as StoreDashboard)
        .openSaleExceptionsCount;
      const res = await call(resolveSaleException, {
        storeId: demo.lekkiId,
        params: { exceptionId: exception.id },
        body: { note: 'Counted the shelf: 3 were there' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: exception.id,
        resolvedAt: expect.any(String),
        resolvedBy: { id: await server.accountId(DEMO.manager) },
        resolutionNote: 'Counted the shelf: 3 were there',
      });
      const again = await call(resolveSaleException, {
        storeId: demo.lekkiId,
        params: { exceptionId: exception.id },
        body: {},
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(res.json());
      expect(await auditOf('sale_exception.resolved', exception.id)).toEqual([
        expect.objectContaining({
          entity: 'sale_exception',
          storeId: demo.lekkiId,
          after: expect.objectContaining({ saleId: exception.sale.id }),
        }),
      ]);

      const open = (await call(listSaleExceptions, { storeId: demo.lekkiId, query: { pageSize: '100' } })).json() as {
        items: SaleException[];
      };
      expect(open.items.map((e) => e.id)).not.toContain(exception.id);
      const resolved = (
        await call(listSaleExceptions, { storeId: demo.lekkiId, query: { state: 'resolved' } })
      ).json() as { items: SaleException[] };
      expect(resolved.items.map((e) => e.id)).toContain(exception.id);
      const dashboard = (await call(getStoreDashboard, { storeId: demo.lekkiId })).json() as StoreDashboard;
      expect(dashboard.openSaleExceptionsCount).toBe(countBefore - 1);
    });

    it("answers 404 for another store's or another business's exception, and shows no one else's", async () => {
      await expectCrossTenantNotFound(server, {
        endpoint: resolveSaleException,
        params: { exceptionId: exception.id },
        body: {},
        as: { token: await other.token() },
        storeId: other.storeId,
      });
      await expectCrossTenantNotFound(server, {
        endpoint: resolveSaleException,
        params: { exceptionId: exception.id },
        body: {},
        as: { email: DEMO.owner },
        storeId: demo.ikejaId,
      });
      const theirs = await server.app.inject({
        method: listSaleExceptions.method,
        url: `${listSaleExceptions.path}?state=all`,
        headers: { authorization: `Bearer ${await other.token()}`, 'x-store-id': other.storeId },
      });
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.json()).toMatchObject({ items: [], total: 0 });
    });
  });
});
