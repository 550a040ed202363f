import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  acceptMyInvitation,
  addBusinessProfileStore,
  addBusinessStore,
  buildPath,
  createBusiness,
  getAdminDashboard,
  getAdminStaffOptions,
  getBusiness,
  inviteAdminUser,
  listAdminUsers,
  listBusinesses,
  replaceDefaultPassword,
  type AdminDashboard,
  type BusinessDetail,
  type Endpoint,
} from '@ipos/contracts';
import { auditEvents, businesses, refunds, stockLevels, stores } from '../../src/db/schema.js';
import { rebuildSalesSummaries } from '../../src/features/reports/sales-summaries.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import {
  demoIds,
  expectCrossTenantNotFound,
  registerTenant,
  snapshotDatabase,
  type Tenant,
} from '../support/isolation.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { latestMailTo } from '../support/mail.js';
import { openTestSession, saleBody } from '../checkout/checkout-support.js';
import { refundBody, refunder, sellOk, setCompletedAt } from '../transactions/transactions-support.js';
import { expectLedgerHolds } from '../inventory/helpers.js';

/**
 * Admin mode on a fresh owner, "Ada Foods" (NGN), with a store in Lagos (UTC+1)
 * and one added in Nairobi (UTC+3). The server's clock is fixed at 14 March 2026 21:30 UTC: 22:30 on
 * the 14th in Lagos, 00:30 on the 15th in Nairobi, so each store's "today" is its own.
 */
describe('admin mode', () => {
  const NOW = new Date('2026-03-14T21:30:00Z');
  let server: TestServer;
  let ada: Tenant;
  let other: Tenant;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let nairobiId: string;
  let secondBusinessId: string;
  let rice: TestProduct;
  let milk: TestProduct;

  const call = async (
    endpoint: Pick<Endpoint, 'method' | 'path'>,
    options: {
      as: string | null;
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
      storeId?: string;
    },
  ) =>
    server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, options.params),
      query: options.query,
      headers: {
        ...(options.as ? { authorization: `Bearer ${await server.tokenFor(options.as)}` } : {}),
        ...(options.storeId ? { 'x-store-id': options.storeId } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });

  const auditCount = async (businessId: string, action: string) => {
    const [row] = await server.deps.database.db
      .select({ n: sql<number>`count(*)` })
      .from(auditEvents)
      .where(and(eq(auditEvents.businessId, businessId), eq(auditEvents.action, action)));
    return Number(row?.n ?? 0);
  };

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => NOW });
    demo = await demoIds(server);
    ada = await registerTenant(server, { businessName: 'Ada Foods', currency: 'NGN', country: 'NG' });
    other = await registerTenant(server, { businessName: 'Nairobi Duka', currency: 'KSD', country: 'KE' });
    // Ada grows past the Free plan's one store here; Nairobi Duka stays on Free (its limit is tested below).
    await server.deps.database.db.update(businesses).set({ plan: 'business' }).where(eq(businesses.id, ada.businessId));
  });
  afterAll(() => server.close());

  describe('a new store: POST /admin/businesses/:businessId/stores', () => {
    it('adds a store with its code, address, phone and time zone, audited', async () => {
      const res = await call(addBusinessStore, {
        as: ada.email,
        params: { businessId: ada.businessId },
        body: {
          name: 'Westlands',
          alias: 'wst',
          address: 'Woodvale Grove, Nairobi',
          phone: '+254 700 111 222',
          timeZone: 'Africa/Nairobi',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const store = res.json();
      expect(store).toMatchObject({
        name: 'Westlands',
        alias: 'WST',
        address: 'Woodvale Grove, Nairobi',
        phone: '+254 700 111 222',
        timeZone: 'Africa/Nairobi',
      });
      nairobiId = store.id;
      const [row] = await server.deps.database.db
        .select()
        .from(stores)
        .where(and(eq(stores.businessId, ada.businessId), eq(stores.id, nairobiId)));
      expect(row).toMatchObject({ alias: 'WST', timeZone: 'Africa/Nairobi' });
      expect(await auditCount(ada.businessId, 'store.created')).toBe(2);
    });

    it('keeps to the plan: a second store on the Free plan is a 409 PLAN_LIMIT_REACHED, nothing written', async () => {
      const before = await snapshotDatabase(server);
      const res = await call(addBusinessStore, {
        as: other.email,
        params: { businessId: other.businessId },
        body: { name: 'Mombasa', alias: 'MBA', timeZone: 'Africa/Nairobi' },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        plan: 'free',
        limits: [{ resource: 'stores', limit: 1, usage: 1 }],
      });
      expect(await snapshotDatabase(server)).toEqual(before);
    });

    it('refuses a code already used in the business: 409 ALIAS_TAKEN on the alias, nothing written', async () => {
      const before = await snapshotDatabase(server);
      const res = await call(addBusinessStore, {
        as: ada.email,
        params: { businessId: ada.businessId },
        body: { name: 'Another', alias: 'ADA', timeZone: 'Africa/Lagos' },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('ALIAS_TAKEN');
      expect(res.json().errors).toEqual([{ field: 'alias', message: expect.stringContaining('Main store') }]);
      expect(await snapshotDatabase(server)).toEqual(before);
    });

    it('takes a code another business uses, and checks the code and the zone', async () => {
      const taken = await call(addBusinessStore, {
        as: ada.email,
        params: { businessId: ada.businessId },
        body: { name: 'Lekki too', alias: 'LEK', timeZone: 'Mars/Olympus' },
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors.map((e: { field: string }) => e.field)).toEqual(['timeZone']);
      const badAlias = await call(addBusinessStore, {
        as: ada.email,
        params: { businessId: ada.businessId },
        body: { name: 'X', alias: 'TOOLONG', timeZone: 'Africa/Lagos' },
      });
      expect(badAlias.statusCode).toBe(400);
      expect(badAlias.json().errors.map((e: { field: string }) => e.field)).toEqual(['alias']);
    });

    it('answers another owner’s business 404 and writes nothing; staff get 404 too', async () => {
      await expectCrossTenantNotFound(server, {
        endpoint: addBusinessStore,
        params: { businessId: other.businessId },
        body: { name: 'Sneaky', alias: 'SNK', timeZone: 'Africa/Lagos' },
        as: { email: ada.email },
        mustNotReveal: ['Nairobi Duka'],
      });
      await expectCrossTenantNotFound(server, {
        endpoint: addBusinessStore,
        params: { businessId: demo.businessId },
        body: { name: 'Sneaky', alias: 'SNK', timeZone: 'Africa/Lagos' },
        as: { email: DEMO.admin },
      });
    });
  });

  describe('a new business: POST /admin/businesses', () => {
    it('creates a business the owner owns, with its system roles and first store, audited', async () => {
      const res = await call(createBusiness, {
        as: ada.email,
        body: {
          name: 'Ada Kitchen',
          country: 'ke',
          currency: 'KSD',
          store: { name: 'Kilimani', alias: 'KLM', timeZone: 'Africa/Nairobi' },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      secondBusinessId = res.json().businessId;
      const detail = await call(getBusiness, { as: ada.email, params: { businessId: secondBusinessId } });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        name: 'Ada Kitchen',
        country: 'KE',
        currency: 'KSD',
        storeCount: 1,
        stores: [{ id: res.json().storeId, name: 'Kilimani', alias: 'KLM', timeZone: 'Africa/Nairobi' }],
        // A new business starts on Free, priced in its currency.
        plan: {
          plan: { id: 'free', price: { amountMinor: 0, currency: 'KSD' } },
          usage: { stores: 1, staff: 1, products: 0, salesPerMonth: 0 },
        },
      });
      // The owner works in the first store as its administrator, as after sign-up.
      expect(detail.json().staff).toEqual([
        expect.objectContaining({ accountId: ada.accountId, role: 'IPOS_ADMIN', isOwner: true, status: 'active' }),
      ]);
      const options = await call(getAdminStaffOptions, { as: ada.email, params: { businessId: secondBusinessId } });
      expect(
        options
          .json()
          .roles.map((r: { name: string }) => r.name)
          .sort(),
      ).toEqual(['IPOS_ADMIN', 'IPOS_BASIC', 'IPOS_MANAGER_USER']);
      expect(await auditCount(secondBusinessId, 'business.created')).toBe(1);
      expect(await auditCount(secondBusinessId, 'store.created')).toBe(1);
    });

    it('is for owners only (403) and validates the body', async () => {
      for (const email of [DEMO.admin, DEMO.cashier]) {
        const res = await call(createBusiness, {
          as: email,
          body: {
            name: 'X',
            country: 'NG',
            currency: 'NGN',
            store: { name: 'Y', alias: 'YY', timeZone: 'Africa/Lagos' },
          },
        });
        expect(res.statusCode, email).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      const bad = await call(createBusiness, {
        as: ada.email,
        body: {
          name: '',
          country: 'Nigeria',
          currency: 'XXX',
          store: { name: 'Y', alias: 'Y', timeZone: 'Africa/Lagos' },
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['country', 'currency', 'name', 'store.alias']);
    });
  });

  describe('figures', () => {
    beforeAll(async () => {
      const lagos = { businessId: ada.businessId, storeId: ada.storeId };
      const nairobi = { businessId: ada.businessId, storeId: nairobiId };
      rice = await createTestProduct(server, {
        businessId: ada.businessId,
        name: 'Rice 5kg',
        variants: [{ sellingPriceMinor: 5_000, stock: { [ada.storeId]: 100, [nairobiId]: 100 } }],
      });
      milk = await createTestProduct(server, {
        businessId: ada.businessId,
        name: 'Milk 1L',
        variants: [{ sellingPriceMinor: 7_000, stock: { [ada.storeId]: 3 } }],
      });
      await server.deps.database.db
        .update(stockLevels)
        .set({ reorderLevel: '5' })
        .where(and(eq(stockLevels.businessId, ada.businessId), eq(stockLevels.variantId, milk.variantId)));
      const token = await ada.token();
      const lagosSession = await openTestSession(server, lagos, { openedBy: ada.accountId });
      const nairobiSession = await openTestSession(server, nairobi, { openedBy: ada.accountId });
      const sell = async (storeId: string, session: string, variantId: string, quantity: number, total: number) =>
        sellOk(server, token, storeId, saleBody(session, [{ variantId, quantity }], total));
      // Lagos: 22:00 on the 14th (today), and 00:30 on the 14th (today, though the 13th in UTC).
      const s1 = await sell(ada.storeId, lagosSession, rice.variantId, 2, 10_000);
      const s2 = await sell(ada.storeId, lagosSession, milk.variantId, 1, 7_000);
      // Nairobi: 00:15 on the 15th (today), and 23:30 on the 14th (yesterday, though the 14th in UTC).
      const s3 = await sell(nairobiId, nairobiSession, rice.variantId, 1, 5_000);
      const s4 = await sell(nairobiId, nairobiSession, rice.variantId, 1, 5_000);
      await setCompletedAt(server, ada.businessId, s1.id, '2026-03-14T21:00:00Z');
      await setCompletedAt(server, ada.businessId, s2.id, '2026-03-13T23:30:00Z');
      await setCompletedAt(server, ada.businessId, s3.id, '2026-03-14T21:15:00Z');
      await setCompletedAt(server, ada.businessId, s4.id, '2026-03-14T20:30:00Z');
      // One bag of s1 refunded at 22:10 in Lagos.
      const refund = await refunder(server)({
        token,
        storeId: ada.storeId,
        saleId: s1.id,
        body: refundBody(lagosSession, [{ lineNo: 1, quantity: 1 }]),
      });
      expect(refund.statusCode, refund.body).toBe(201);
      await server.deps.database.db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({ createdAt: new Date('2026-03-14T21:10:00Z') })
          .where(eq(refunds.businessId, ada.businessId));
        await rebuildSalesSummaries(tx, ada.businessId);
      });
      await expectLedgerHolds(server, ada.businessId);
    });

    it('the dashboard: each store’s sales on its own today, per business, with stores, staff and low stock', async () => {
      const res = await call(getAdminDashboard, { as: ada.email });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AdminDashboard;
      expect(body).toMatchObject({ businessCount: 2, storeCount: 3, staffCount: 1, lowStockCount: 1 });
      expect(body.businesses.map((b) => b.name)).toEqual(['Ada Foods', 'Ada Kitchen']);
      const [foods, kitchen] = body.businesses;
      expect(foods).toMatchObject({
        currency: 'NGN',
        storeCount: 2,
        staffCount: 1,
        todayFigures: { salesCount: 3, salesMinor: 22_000, refundsMinor: 5_000, netSalesMinor: 17_000 },
        lowStockCount: 1,
      });
      const byAlias = Object.fromEntries(foods!.stores.map((s) => [s.alias, s]));
      expect(byAlias.ADA).toMatchObject({
        today: '2026-03-14',
        todayFigures: { salesCount: 2, salesMinor: 17_000, refundsMinor: 5_000, netSalesMinor: 12_000 },
        staffCount: 1,
        lowStockCount: 1,
        outOfStockCount: 0,
      });
      expect(byAlias.WST).toMatchObject({
        today: '2026-03-15',
        todayFigures: { salesCount: 1, salesMinor: 5_000, refundsMinor: 0, netSalesMinor: 5_000 },
        staffCount: 0,
        lowStockCount: 0,
      });
      expect(kitchen).toMatchObject({
        currency: 'KSD',
        todayFigures: { salesCount: 0, salesMinor: 0, refundsMinor: 0, netSalesMinor: 0 },
      });
      // Milk: 3 − 1 sold = 2 left, at or below its level of 5.
      expect(body.lowStock).toEqual([
        expect.objectContaining({
          businessName: 'Ada Foods',
          storeId: ada.storeId,
          storeName: 'Main store',
          variantId: milk.variantId,
          name: 'Milk 1L',
          onHand: 2,
          reorderLevel: 5,
        }),
      ]);
      expect(res.body).not.toContain('Nairobi Duka');
      expect(res.body).not.toContain('Demo Mart');
    });

    it('the list and a business carry the same figures', async () => {
      const list = await call(listBusinesses, { as: ada.email });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ total: 2, page: 1, pageSize: 25 });
      const dashboard = (await call(getAdminDashboard, { as: ada.email })).json() as AdminDashboard;
      expect(list.json().items).toEqual(dashboard.businesses);
      const one = await call(getBusiness, { as: ada.email, params: { businessId: ada.businessId } });
      expect(one.statusCode).toBe(200);
      const { staff, plan, ...figures } = one.json() as BusinessDetail;
      expect(figures).toEqual(dashboard.businesses[0]);
      expect(plan).toMatchObject({ plan: { id: 'business' }, usage: { stores: 2 } });
      expect(staff).toEqual([
        {
          accountId: ada.accountId,
          name: 'Other Owner',
          email: ada.email,
          role: 'IPOS_ADMIN',
          stores: [{ id: ada.storeId, name: 'Main store', alias: 'ADA' }],
          status: 'active',
          isOwner: true,
        },
      ]);
    });

    it('the demo owner sees Demo Mart with its stores and people', async () => {
      const res = await call(getBusiness, { as: DEMO.owner, params: { businessId: demo.businessId } });
      expect(res.statusCode).toBe(200);
      const body = res.json() as BusinessDetail;
      expect(body.stores.map((s) => s.alias)).toEqual(['IKJ', 'LEK']);
      expect(body.staff.map((p) => p.email)).toEqual(expect.arrayContaining([DEMO.admin, DEMO.manager, DEMO.cashier]));
      expect(body.staffCount).toBe(body.staff.filter((p) => p.status !== 'inactive').length);
    });
  });

  describe('users: GET /admin/users, staff-options, POST /admin/businesses/:businessId/users', () => {
    it('invites a person into a business and store with a role: the default password mailed only, audited; she joins by accepting', async () => {
      const options = await call(getAdminStaffOptions, { as: ada.email, params: { businessId: ada.businessId } });
      expect(options.statusCode).toBe(200);
      const basic = options.json().roles.find((r: { name: string }) => r.name === 'IPOS_BASIC');
      expect(options.json().stores.every((s: { manageable: boolean }) => s.manageable)).toBe(true);
      const res = await call(inviteAdminUser, {
        as: ada.email,
        params: { businessId: ada.businessId },
        body: { name: 'Wanjiru Kamau', email: 'wanjiru@ada.ipos.test', roleId: basic.id, storeIds: [nairobiId] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const invitation = res.json();
      expect(invitation).toMatchObject({
        name: 'Wanjiru Kamau',
        role: { name: 'IPOS_BASIC' },
        stores: [{ id: nairobiId, alias: 'WST' }],
        status: 'pending',
      });
      const mail = await latestMailTo(server, 'wanjiru@ada.ipos.test');
      const defaultPassword = mail?.textBody?.match(/\b([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\b/)?.[1];
      expect(defaultPassword).toBeDefined();
      expect(res.body).not.toContain(defaultPassword);
      expect(mail?.textBody).toContain('Ada Foods');
      expect(await auditCount(ada.businessId, 'staff.invited')).toBe(1);
      await call(replaceDefaultPassword, { as: 'wanjiru@ada.ipos.test', body: { newPassword: 'MyOwnPass1' } });
      const joined = await call(acceptMyInvitation, {
        as: 'wanjiru@ada.ipos.test',
        params: { invitationId: invitation.id },
      });
      expect(joined.statusCode, joined.body).toBe(200);
      // The figures count her where she works.
      const dashboard = (await call(getAdminDashboard, { as: ada.email })).json() as AdminDashboard;
      expect(dashboard.staffCount).toBe(2);
      expect(dashboard.businesses[0]!.stores.find((s) => s.id === nairobiId)!.staffCount).toBe(1);
      const again = await call(inviteAdminUser, {
        as: ada.email,
        params: { businessId: ada.businessId },
        body: { name: 'Wanjiru Kamau', email: 'wanjiru@ada.ipos.test', roleId: basic.id, storeIds: [ada.storeId] },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('STAFF_EXISTS');
    });

    it('refuses a store of another business and another owner’s business', async () => {
      const options = await call(getAdminStaffOptions, { as: ada.email, params: { businessId: ada.businessId } });
      const basic = options.json().roles.find((r: { name: string }) => r.name === 'IPOS_BASIC');
      const before = await snapshotDatabase(server);
      const res = await call(inviteAdminUser, {
        as: ada.email,
        params: { businessId: ada.businessId },
        body: { name: 'Someone', email: 'someone@ada.ipos.test', roleId: basic.id, storeIds: [other.storeId] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'storeIds', message: 'Not a store of the business' }]);
      expect(await snapshotDatabase(server)).toEqual(before);
      await expectCrossTenantNotFound(server, {
        endpoint: inviteAdminUser,
        params: { businessId: other.businessId },
        body: { name: 'Someone', email: 'someone@ada.ipos.test', roleId: basic.id, storeIds: [other.storeId] },
        as: { email: ada.email },
        mustNotReveal: ['Nairobi Duka'],
      });
      await expectCrossTenantNotFound(server, {
        endpoint: getAdminStaffOptions,
        params: { businessId: other.businessId },
        as: { email: ada.email },
      });
      await expectCrossTenantNotFound(server, {
        endpoint: getBusiness,
        params: { businessId: other.businessId },
        as: { email: ada.email },
      });
    });

    it('lists everyone across the owner’s businesses with their roles and stores, filtered', async () => {
      const all = await call(listAdminUsers, { as: ada.email });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().total).toBe(3);
      expect(
        all
          .json()
          .items.map((u: { name: string; businessName: string; role: { name: string } }) => [
            u.name,
            u.businessName,
            u.role.name,
          ]),
      ).toEqual([
        ['Other Owner', 'Ada Foods', 'IPOS_ADMIN'],
        ['Other Owner', 'Ada Kitchen', 'IPOS_ADMIN'],
        ['Wanjiru Kamau', 'Ada Foods', 'IPOS_BASIC'],
      ]);
      expect(all.json().roleNames).toEqual(['IPOS_ADMIN', 'IPOS_BASIC', 'IPOS_MANAGER_USER']);
      const names = async (query: Record<string, string>) =>
        (await call(listAdminUsers, { as: ada.email, query })).json().items.map((u: { name: string }) => u.name);
      expect(await names({ role: 'IPOS_BASIC' })).toEqual(['Wanjiru Kamau']);
      expect(await names({ storeId: nairobiId })).toEqual(['Wanjiru Kamau']);
      expect(await names({ businessId: secondBusinessId })).toEqual(['Other Owner']);
      expect(await names({ search: 'wanj' })).toEqual(['Wanjiru Kamau']);
      expect(await names({ status: 'active' })).toContain('Wanjiru Kamau');
      expect(await names({ status: 'invited' })).toEqual([]);
      // Another owner's business or store finds no one.
      expect(await names({ businessId: other.businessId })).toEqual([]);
      expect(await names({ storeId: other.storeId })).toEqual([]);
      expect(all.body).not.toContain(other.email);
    });

    it('is for owners only: 403 for staff, 401 without a token', async () => {
      for (const endpoint of [listAdminUsers, getAdminDashboard, listBusinesses]) {
        for (const email of [DEMO.admin, DEMO.manager, DEMO.cashier]) {
          const res = await call(endpoint, { as: email });
          expect(res.statusCode, `${endpoint.path} ${email}`).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
        expect((await call(endpoint, { as: null })).statusCode).toBe(401);
      }
    });
  });

  describe('store details: POST /business-profile/locations', () => {
    it('an administrator adds a store to their business with the same rules', async () => {
      const res = await call(addBusinessProfileStore, {
        as: DEMO.admin,
        storeId: demo.lekkiId,
        body: { name: 'Victoria Island', alias: 'vi', address: 'Adeola Odeku St', phone: '', timeZone: 'Africa/Lagos' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Victoria Island', alias: 'VI', phone: null, timeZone: 'Africa/Lagos' });
      expect(await auditCount(demo.businessId, 'store.created')).toBe(3);
      // Demo Mart is on Growth: three stores, now all used.
      const before = await snapshotDatabase(server);
      const overPlan = await call(addBusinessProfileStore, {
        as: DEMO.admin,
        storeId: demo.lekkiId,
        body: { name: 'Yaba', alias: 'YAB', timeZone: 'Africa/Lagos' },
      });
      expect(overPlan.statusCode).toBe(409);
      expect(overPlan.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED', plan: 'growth' });
      expect(await snapshotDatabase(server)).toEqual(before);
      await server.deps.database.db
        .update(businesses)
        .set({ plan: 'business' })
        .where(eq(businesses.id, demo.businessId));
      const beforeTaken = await snapshotDatabase(server);
      const taken = await call(addBusinessProfileStore, {
        as: DEMO.admin,
        storeId: demo.lekkiId,
        body: { name: 'Lekki Phase 2', alias: 'LEK', timeZone: 'Africa/Lagos' },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('ALIAS_TAKEN');
      expect(await snapshotDatabase(server)).toEqual(beforeTaken);
    });

    it('needs settings.business: a manager gets 403 and nothing is written', async () => {
      const before = await snapshotDatabase(server);
      const res = await call(addBusinessProfileStore, {
        as: DEMO.manager,
        storeId: demo.lekkiId,
        body: { name: 'Yaba', alias: 'YAB', timeZone: 'Africa/Lagos' },
      });
      expect(res.statusCode).toBe(403);
      expect(await snapshotDatabase(server)).toEqual(before);
    });
  });
});
