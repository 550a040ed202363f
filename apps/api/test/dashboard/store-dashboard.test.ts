import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getStoreDashboard, type StoreDashboard } from '@ipos/contracts';
import {
  contacts,
  refunds,
  registerSessions,
  saleLines,
  salePayments,
  sales,
  stockLevels,
  stores,
} from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { caller, giveCustomRole } from '../inventory/helpers.js';

/**
 * The store dashboard, on a fresh tenant whose sales are written straight into the tables at chosen
 * instants, with the server's clock fixed at Saturday 14 March 2026, 13:00 in Lagos (12:00 UTC).
 */
describe('store dashboard', () => {
  const NOW = new Date('2026-03-14T12:00:00Z');
  let server: TestServer;
  let tenant: Tenant;
  let scope: { businessId: string; storeId: string };
  let sessionId: string;
  let cashierId: string;
  const product: Record<string, TestProduct> = {};
  let saleNo = 0;

  type Line = { p: string; quantity: number; totalMinor: number };
  type Payment = { method: 'cash' | 'card' | 'bank_transfer' | 'mobile_money'; amountMinor: number; tendered?: number };
  /** A sale row with its lines and payments (totals = sum of lines), completed at an instant. */
  const sale = async (
    at: string,
    lines: Line[],
    payments?: Payment[],
    extra: { voided?: boolean; customerId?: string } = {},
  ) => {
    const db = server.deps.database.db;
    const id = newId();
    const total = lines.reduce((s, l) => s + l.totalMinor, 0);
    const pays = payments ?? [{ method: 'cash', amountMinor: total }];
    const tendered = pays.reduce((s, p) => s + (p.tendered ?? p.amountMinor), 0);
    saleNo += 1;
    await db.insert(sales).values({
      ...{ businessId: scope.businessId, storeId: scope.storeId },
      id,
      sessionId,
      number: `DSH-S${String(saleNo).padStart(6, '0')}`,
      status: extra.voided ? 'voided' : 'completed',
      cashierAccountId: cashierId,
      customerId: extra.customerId ?? null,
      subtotalMinor: total,
      discountMinor: 0,
      taxMinor: 0,
      totalMinor: total,
      paidMinor: tendered,
      changeMinor: tendered - total,
      completedAt: new Date(at),
      ...(extra.voided ? { voidedAt: new Date(at), voidedBy: cashierId, voidReason: 'Wrong item' } : {}),
    });
    await db.insert(saleLines).values(
      lines.map((l, i) => ({
        businessId: scope.businessId,
        saleId: id,
        lineNo: i + 1,
        productId: product[l.p]!.id,
        variantId: product[l.p]!.variantId,
        name: product[l.p]!.name,
        sku: product[l.p]!.sku,
        quantity: l.quantity.toFixed(3),
        unitPriceMinor: Math.round(l.totalMinor / l.quantity),
        grossMinor: l.totalMinor,
        lineDiscountMinor: 0,
        cartDiscountMinor: 0,
        taxMinor: 0,
        totalMinor: l.totalMinor,
        unitCostMinor: 0,
      })),
    );
    await db.insert(salePayments).values(
      pays.map((p, i) => ({
        businessId: scope.businessId,
        saleId: id,
        seq: i + 1,
        method: p.method,
        amountMinor: p.amountMinor,
        tenderedMinor: p.method === 'cash' ? (p.tendered ?? p.amountMinor) : null,
      })),
    );
    return id;
  };
  const refund = async (saleId: string, at: string, totalMinor: number, number: string) => {
    await server.deps.database.db.insert(refunds).values({
      ...{ businessId: scope.businessId, storeId: scope.storeId },
      id: newId(),
      saleId,
      sessionId,
      number,
      refundedBy: cashierId,
      reason: 'Damaged',
      method: 'cash',
      totalMinor,
      taxMinor: 0,
      createdAt: new Date(at),
    });
  };
  const ids: Record<string, string> = {};
  let dashboard: StoreDashboard;

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => NOW });
    tenant = await registerTenant(server);
    scope = { businessId: tenant.businessId, storeId: tenant.storeId };
    cashierId = tenant.accountId;
    const db = server.deps.database.db;
    await db
      .update(stores)
      .set({ timeZone: 'Africa/Lagos' })
      .where(and(eq(stores.businessId, scope.businessId), eq(stores.id, scope.storeId)));
    const make = async (key: string, name: string, options: { stock?: number; tracked?: boolean } = {}) => {
      product[key] = await createTestProduct(server, {
        businessId: scope.businessId,
        name,
        isTracked: options.tracked ?? true,
        variants: [{ stock: options.stock === undefined ? {} : { [scope.storeId]: options.stock } }],
      });
    };
    await make('A', 'Aani Rice 5kg', { stock: 10 });
    await make('B', 'Beta Beans', { stock: 1 });
    await make('C', 'Cocoa Garri (kg)', { stock: 50 });
    await make('D', 'Delivery fee', { tracked: false });
    await make('E', 'Egusi 1kg', { stock: 40 });
    await make('F', 'Fanta 50cl', { stock: 40 });
    await make('G', 'Golden Penny Semovita', { stock: 40 });
    await make('H', 'Hollandia Yoghurt'); // tracked, never stocked here: out of stock, no level
    const level = (key: string, values: Partial<typeof stockLevels.$inferInsert>) =>
      db
        .update(stockLevels)
        .set(values)
        .where(and(eq(stockLevels.businessId, scope.businessId), eq(stockLevels.variantId, product[key]!.variantId)));
    await level('A', { reorderLevel: '12' }); // 10 ≤ 12: low
    await level('B', { reorderLevel: '5', onHand: '0' }); // low and out (the ledger is not this test's concern)
    await level('E', { reorderLevel: '40' }); // exactly at the level: low
    sessionId = newId();
    await db.insert(registerSessions).values({
      ...scope,
      id: sessionId,
      registerName: 'Till 1',
      openedBy: cashierId,
      openedAt: new Date('2026-02-01T07:00:00Z'),
      openingFloatMinor: 0,
    });
    const customer = newId();
    await db.insert(contacts).values({
      businessId: scope.businessId,
      id: customer,
      kind: 'customer',
      name: 'Ngozi Eze',
      searchText: 'ngozi eze',
    });

    // Today (14 March in Lagos).
    ids.s1 = await sale(
      '2026-03-14T07:30:00Z',
      [
        { p: 'A', quantity: 2, totalMinor: 200_000 },
        { p: 'C', quantity: 1, totalMinor: 100_000 },
      ],
      [{ method: 'cash', amountMinor: 300_000, tendered: 500_000 }],
      { customerId: customer },
    );
    ids.s2 = await sale(
      '2026-03-14T11:00:00Z',
      [{ p: 'C', quantity: 1.5, totalMinor: 150_002 }],
      [
        { method: 'card', amountMinor: 100_000 },
        { method: 'mobile_money', amountMinor: 50_002 },
      ],
    );
    ids.s3 = await sale('2026-03-14T11:30:00Z', [{ p: 'B', quantity: 1, totalMinor: 999_999 }], undefined, {
      voided: true,
    });
    // 00:30 on the 14th in Lagos (23:30 UTC the day before): today.
    ids.s5 = await sale('2026-03-13T23:30:00Z', [
      { p: 'G', quantity: 1, totalMinor: 5_000 },
      { p: 'F', quantity: 1, totalMinor: 5_000 },
      { p: 'E', quantity: 1, totalMinor: 5_000 },
      { p: 'D', quantity: 1, totalMinor: 5_000 },
    ]);
    // 23:30 on the 13th in Lagos (22:30 UTC): yesterday.
    ids.s4 = await sale('2026-03-13T22:30:00Z', [{ p: 'A', quantity: 1, totalMinor: 70_000 }]);
    // The first day of the 7 (8 March), the day before it (outside), and older.
    ids.s6 = await sale('2026-03-08T12:00:00Z', [{ p: 'A', quantity: 1, totalMinor: 40_000 }]);
    ids.s7 = await sale('2026-03-07T22:59:00Z', [{ p: 'A', quantity: 1, totalMinor: 55_555 }]);
    ids.s8 = await sale('2026-03-01T12:00:00Z', [{ p: 'A', quantity: 1, totalMinor: 10_000 }]);
    ids.s9 = await sale('2026-02-20T12:00:00Z', [{ p: 'A', quantity: 1, totalMinor: 10_000 }]);
    // A refund today of yesterday's sale counts today; yesterday's refund does not.
    await refund(ids.s4, '2026-03-14T09:00:00Z', 7_000, 'DSH-RF000001');
    await refund(ids.s6, '2026-03-13T22:59:00Z', 4_000, 'DSH-RF000002');

    const res = await server.app.inject({
      method: getStoreDashboard.method,
      url: getStoreDashboard.path,
      headers: { authorization: `Bearer ${await tenant.token()}`, 'x-store-id': scope.storeId },
    });
    expect(res.statusCode, res.body).toBe(200);
    dashboard = res.json() as StoreDashboard;
  });
  afterAll(() => server.close());

  it('takes today in the store’s zone: completed sales, refunds made today, net and average basket', () => {
    expect(dashboard).toMatchObject({
      timeZone: 'Africa/Lagos',
      today: '2026-03-14',
      salesCount: 3,
      salesMinor: 300_000 + 150_002 + 20_000,
      refundsMinor: 7_000,
      netSalesMinor: 470_002 - 7_000,
      // 470002 / 3 = 156667.33…
      averageBasketMinor: 156_667,
    });
  });

  it('splits today’s payments by method (cash net of change), every method listed', () => {
    expect(dashboard.paymentMix).toEqual([
      { method: 'cash', amountMinor: 320_000, count: 2 },
      { method: 'card', amountMinor: 100_000, count: 1 },
      { method: 'bank_transfer', amountMinor: 0, count: 0 },
      { method: 'mobile_money', amountMinor: 50_002, count: 1 },
    ]);
  });

  it('lists today’s five best sellers by value, decimals kept, the voided sale left out', () => {
    expect(dashboard.topProducts).toEqual([
      {
        productId: product.C!.id,
        variantId: product.C!.variantId,
        name: 'Cocoa Garri (kg)',
        quantity: 2.5,
        salesMinor: 250_002,
      },
      {
        productId: product.A!.id,
        variantId: product.A!.variantId,
        name: 'Aani Rice 5kg',
        quantity: 2,
        salesMinor: 200_000,
      },
      // Ties by name.
      expect.objectContaining({ name: 'Delivery fee', salesMinor: 5_000, quantity: 1 }),
      expect.objectContaining({ name: 'Egusi 1kg', salesMinor: 5_000 }),
      expect.objectContaining({ name: 'Fanta 50cl', salesMinor: 5_000 }),
    ]);
  });

  it('has the last 7 days oldest first with empty days as zeros', () => {
    expect(dashboard.last7Days).toEqual([
      { date: '2026-03-08', salesMinor: 40_000, salesCount: 1 },
      { date: '2026-03-09', salesMinor: 0, salesCount: 0 },
      { date: '2026-03-10', salesMinor: 0, salesCount: 0 },
      { date: '2026-03-11', salesMinor: 0, salesCount: 0 },
      { date: '2026-03-12', salesMinor: 0, salesCount: 0 },
      { date: '2026-03-13', salesMinor: 70_000, salesCount: 1 },
      { date: '2026-03-14', salesMinor: 470_002, salesCount: 3 },
    ]);
  });

  it('counts tracked variants at or below their reorder level and at or below zero', () => {
    // Low: A (10 ≤ 12), B (0 ≤ 5), E (40 ≤ 40). Out: B (0) and H (never stocked). D is not tracked.
    expect(dashboard.lowStockCount).toBe(3);
    expect(dashboard.outOfStockCount).toBe(2);
  });

  it('lists the 8 newest sales with cashier and customer, voided ones marked', () => {
    expect(dashboard.recentSales.map((s) => s.id)).toEqual(
      [ids.s3, ids.s2, ids.s1, ids.s5, ids.s4, ids.s6, ids.s7, ids.s8].map((id) => id!),
    );
    expect(dashboard.recentSales[0]).toMatchObject({ status: 'voided', totalMinor: 999_999 });
    expect(dashboard.recentSales[2]).toEqual({
      id: ids.s1,
      number: 'DSH-S000001',
      completedAt: '2026-03-14T07:30:00.000Z',
      status: 'completed',
      totalMinor: 300_000,
      cashierName: 'Other Owner',
      customerName: 'Ngozi Eze',
    });
    expect(dashboard.recentSales[1]!.customerName).toBeNull();
  });

  it('is the active store’s only: another tenant’s store is a 404; it needs dashboard.view', async () => {
    const demo = await demoIds(server);
    await expectCrossTenantNotFound(server, {
      endpoint: getStoreDashboard,
      as: { email: DEMO.manager },
      storeId: scope.storeId,
      mustNotReveal: ['Ngozi Eze', 'DSH-S'],
    });
    const call = caller(server, DEMO.cashier);
    const own = await call(getStoreDashboard, { storeId: demo.ikejaId });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as StoreDashboard).recentSales.map((s) => s.number)).not.toContain('DSH-S000001');
    await giveCustomRole(server, demo.businessId, DEMO.cashier, {
      name: 'Seller only',
      permissions: ['checkout.sell'],
    });
    expect((await call(getStoreDashboard, { storeId: demo.ikejaId })).statusCode).toBe(403);
  });
});
