import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  archiveProduct,
  changePlan,
  commitProductImport,
  createProduct,
  acceptMyInvitation,
  createStaffMember,
  csvCell,
  deactivateStaffMember,
  getPlan,
  previewProductImport,
  productCsvColumns,
  reactivateStaffMember,
  replaceDefaultPassword,
  unarchiveProduct,
  type BusinessPlan,
  type ImportReport,
  type PlanLimitProblem,
  type StaffInvitation,
  type StaffMember,
} from '@ipos/contracts';
import { auditEvents, businesses, products, roles, stores } from '../../src/db/schema.js';
import { assertPlanAllows } from '../../src/features/plans/plans.service.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, snapshotDatabase, type Tenant } from '../support/isolation.js';
import { caller, giveCustomRole } from '../inventory/helpers.js';
import { getStaffMember } from '@ipos/contracts';
import { createTestProduct } from '../support/catalog.js';
import { mailsTo } from '../support/mail.js';
import { openTestSession, saleBody, seller } from '../checkout/checkout-support.js';

/**
 * Plans (decision 0017): the plan with its limits and usage, changed by
 * administrators at the version read and audited; a plan below what the business holds is refused;
 * every limit refuses at its call site (staff, products, the CSV import, the till) with nothing written.
 */
describe('plans', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const db = () => server.deps.database.db;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
  });
  afterAll(() => server.close());

  const asOwner = (tenant: Tenant) => {
    const call = caller(server, tenant.email);
    return (endpoint: Parameters<typeof call>[0], options: Omit<Parameters<typeof call>[1], 'storeId'> = {}) =>
      call(endpoint, { storeId: tenant.storeId, ...options });
  };
  const readPlan = async (tenant: Tenant) => (await asOwner(tenant)(getPlan)).json() as BusinessPlan;
  const setPlan = (businessId: string, plan: 'free' | 'growth' | 'business') =>
    db().update(businesses).set({ plan }).where(eq(businesses.id, businessId));
  const roleId = async (businessId: string, name: string) => {
    const [row] = await db()
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.businessId, businessId), eq(roles.name, name)));
    return row!.id;
  };
  /** `count` active products written in one statement (the limit is on rows, not on what they hold). */
  const fillProducts = (businessId: string, count: number, archived = false) =>
    db().execute(sql`insert into products (business_id, id, name, unit, search_text, is_archived)
      select ${businessId}, gen_random_uuid(), 'Filler ' || g, 'each', 'filler ' || g, ${archived}
        from generate_series(1, ${count}) g`);
  const expectLimit = (
    res: { statusCode: number; json(): unknown },
    plan: string,
    limits: PlanLimitProblem['limits'],
  ) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED', plan, limits });
  };

  it('shows the plan, its limits, the usage of each and every plan priced in the business’s currency', async () => {
    const tenant = await registerTenant(server, { currency: 'KSD' });
    const plan = await readPlan(tenant);
    expect(plan.plan).toMatchObject({
      id: 'free',
      name: 'Free',
      limits: { stores: 1, staff: 3, products: 250, salesPerMonth: 1000 },
      price: { currency: 'KSD', amountMinor: 0 },
    });
    // The owner is the one active person; nothing sold or catalogued yet.
    expect(plan.usage).toEqual({ stores: 1, staff: 1, products: 0, salesPerMonth: 0 });
    expect(plan.plans.map((p) => [p.id, p.price])).toEqual([
      ['free', { currency: 'KSD', amountMinor: 0 }],
      ['growth', { currency: 'KSD', amountMinor: 150_000 }],
      ['business', { currency: 'KSD', amountMinor: 450_000 }],
    ]);
    expect(plan).toMatchObject({ version: 1, changedAt: null });

    // A currency outside the price list is shown the USD price.
    const euro = await registerTenant(server, { currency: 'EUR', country: 'DE' });
    expect((await readPlan(euro)).plans.map((p) => p.price)).toEqual([
      { currency: 'USD', amountMinor: 0 },
      { currency: 'USD', amountMinor: 1_000 },
      { currency: 'USD', amountMinor: 3_000 },
    ]);

    // The demo business is on Growth, with room for its two stores, five people and catalogue.
    const res = await caller(server, DEMO.admin)(getPlan, { storeId: demo.lekkiId });
    expect(res.statusCode).toBe(200);
    const demoPlan = res.json() as BusinessPlan;
    expect(demoPlan.plan.id).toBe('growth');
    expect(demoPlan.plan.price).toEqual({ currency: 'NGN', amountMinor: 1_500_000 });
    expect(demoPlan.usage.stores).toBe(2);
    expect(demoPlan.usage.staff).toBeGreaterThanOrEqual(5);
    expect(demoPlan.usage.products).toBeGreaterThan(100);
    for (const r of ['stores', 'staff', 'products', 'salesPerMonth'] as const)
      expect(demoPlan.usage[r]).toBeLessThan(demoPlan.plan.limits[r]);
  });

  it('is read and changed with settings.plan only: administrators yes, managers and cashiers 403', async () => {
    const call = caller(server, DEMO.manager);
    for (const as of [DEMO.manager, DEMO.cashier]) {
      const storeId = as === DEMO.cashier ? demo.ikejaId : demo.lekkiId;
      const read = await call(getPlan, { as, storeId });
      expect(read.statusCode).toBe(403);
      const before = await snapshotDatabase(server);
      const change = await call(changePlan, { as, storeId, body: { version: 1, plan: 'business' } });
      expect(change.statusCode).toBe(403);
      expect(change.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(await snapshotDatabase(server)).toEqual(before);
    }
    expect((await call(getPlan, { as: null, storeId: demo.lekkiId })).statusCode).toBe(401);
    expect((await call(getPlan, { as: DEMO.owner, storeId: demo.lekkiId })).statusCode).toBe(200);
    // The permission opens it, not the role's name: a custom role holding only settings.plan reads it.
    await giveCustomRole(server, demo.businessId, DEMO.cashier, {
      name: 'Plan keeper',
      permissions: ['settings.plan'],
    });
    expect((await call(getPlan, { as: DEMO.cashier, storeId: demo.ikejaId })).statusCode).toBe(200);
  });

  it('changes the plan at the version read, audits before and after, refuses a stale version', async () => {
    const tenant = await registerTenant(server);
    const owner = asOwner(tenant);
    const before = await readPlan(tenant);
    const res = await owner(changePlan, { body: { version: before.version, plan: 'growth' } });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as BusinessPlan;
    expect(after.plan).toMatchObject({ id: 'growth', limits: { stores: 3, staff: 15 } });
    expect(after.version).toBe(before.version + 1);
    expect(after.changedAt).not.toBeNull();
    expect(await readPlan(tenant)).toEqual(after);

    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.businessId, tenant.businessId), eq(auditEvents.action, 'business.plan_changed')))
      .orderBy(desc(auditEvents.id));
    expect(event).toMatchObject({
      entity: 'business',
      entityId: tenant.businessId,
      actorAccountId: tenant.accountId,
      storeId: tenant.storeId,
      before: { plan: 'free', limits: { stores: 1, staff: 3, products: 250, salesPerMonth: 1000 } },
      after: { plan: 'growth', limits: { stores: 3, staff: 15, products: 5000, salesPerMonth: 10000 } },
    });

    const snapshot = await snapshotDatabase(server);
    const stale = await owner(changePlan, { body: { version: before.version, plan: 'business' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: after.version });
    const unknown = await owner(changePlan, { body: { version: after.version, plan: 'platinum' } });
    expect(unknown.statusCode).toBe(400);
    // The plan it already has: nothing to write.
    const same = await owner(changePlan, { body: { version: after.version, plan: 'growth' } });
    expect(same.statusCode).toBe(200);
    expect((same.json() as BusinessPlan).version).toBe(after.version);
    expect(await snapshotDatabase(server)).toEqual(snapshot);
  });

  it('refuses a plan below what the business holds, naming every limit it is over, and writes nothing', async () => {
    const tenant = await registerTenant(server);
    const owner = asOwner(tenant);
    await setPlan(tenant.businessId, 'growth');
    await db().insert(stores).values({ businessId: tenant.businessId, id: newId(), name: 'Second', alias: 'SEC' });
    await fillProducts(tenant.businessId, 251);
    await fillProducts(tenant.businessId, 10, true); // archived ones do not count
    const plan = await readPlan(tenant);
    expect(plan.usage).toMatchObject({ stores: 2, products: 251 });

    const before = await snapshotDatabase(server);
    const res = await owner(changePlan, { body: { version: plan.version, plan: 'free' } });
    expectLimit(res, 'free', [
      { resource: 'stores', limit: 1, usage: 2 },
      { resource: 'products', limit: 250, usage: 251 },
    ]);
    const detail = (res.json() as { detail: string }).detail;
    expect(detail).toContain('Free plan allows 1 store (the business has 2)');
    expect(detail).toContain('250 active products (the business has 251)');
    expect(await snapshotDatabase(server)).toEqual(before);
    // Up is always possible.
    expect((await owner(changePlan, { body: { version: plan.version, plan: 'business' } })).statusCode).toBe(200);
  });

  it('limits active staff: adding and reactivating past the plan are refused with nothing written', async () => {
    const tenant = await registerTenant(server);
    const owner = asOwner(tenant);
    const basic = await roleId(tenant.businessId, 'IPOS_BASIC');
    const add = (n: number) =>
      owner(createStaffMember, {
        body: {
          name: `Person ${n}`,
          email: `p${n}-${tenant.businessId}@staff.ipos.test`,
          roleId: basic,
          storeIds: [tenant.storeId],
        },
      });
    // Each addition's invitation is delivered after its answer: the outbox may change meanwhile.
    const quiet = { ignoreTables: ['mail_outbox'] };
    /** Invited, and the person accepts: a place on the staff is taken when they join. */
    const join = async (n: number) => {
      const invited = await add(n);
      expect(invited.statusCode, invited.body).toBe(201);
      const address = `p${n}-${tenant.businessId}@staff.ipos.test`;
      const person = caller(server, address);
      await person(replaceDefaultPassword, { body: { newPassword: 'MyOwnPass1' } });
      const joined = await person(acceptMyInvitation, {
        params: { invitationId: (invited.json() as StaffInvitation).id },
      });
      expect(joined.statusCode, joined.body).toBe(200);
      const accountId = await server.accountId(address);
      return (await owner(getStaffMember, { params: { accountId } })).json() as StaffMember;
    };
    // The owner and two more: the Free plan's three.
    const first = await join(1);
    await join(2);

    let before = await snapshotDatabase(server, quiet);
    const refused = await add(3);
    expectLimit(refused, 'free', [{ resource: 'staff', limit: 3, usage: 3 }]);
    expect((refused.json() as { detail: string }).detail).toBe(
      'Staff: the Free plan allows 3 active staff members; the business has 3. An administrator can choose a larger plan in Settings → Plan to raise the limit',
    );
    expect(await snapshotDatabase(server, quiet)).toEqual(before);
    expect(await mailsTo(server, `p3-${tenant.businessId}@staff.ipos.test`)).toEqual([]);

    // A deactivated person frees a place; taking it, then bringing them back, is one too many.
    const off = await owner(deactivateStaffMember, {
      params: { accountId: first.accountId },
      body: { version: first.version },
    });
    expect(off.statusCode, off.body).toBe(200);
    await join(4);
    before = await snapshotDatabase(server, quiet);
    const back = await owner(reactivateStaffMember, {
      params: { accountId: first.accountId },
      body: { version: (off.json() as { version: number }).version },
    });
    expectLimit(back, 'free', [{ resource: 'staff', limit: 3, usage: 3 }]);
    expect(await snapshotDatabase(server, quiet)).toEqual(before);

    // A larger plan raises the limit.
    await setPlan(tenant.businessId, 'growth');
    expect((await add(5)).statusCode).toBe(201);
  });

  it('limits active products: create and restore past the plan are refused with nothing written', async () => {
    const tenant = await registerTenant(server);
    const owner = asOwner(tenant);
    await fillProducts(tenant.businessId, 249);
    const body = (sku: string) => ({
      name: `Soap ${sku}`,
      unit: 'each',
      variants: [{ sku, costPriceMinor: 100, sellingPriceMinor: 200 }],
    });
    expect((await owner(createProduct, { body: body('SOAP-1') })).statusCode).toBe(201);
    const archived = await createTestProduct(server, { businessId: tenant.businessId, isArchived: true });

    const before = await snapshotDatabase(server);
    const refused = await owner(createProduct, { body: body('SOAP-2') });
    expectLimit(refused, 'free', [{ resource: 'products', limit: 250, usage: 250 }]);
    expect((refused.json() as { detail: string }).detail).toContain(
      'Products: the Free plan allows 250 active products',
    );
    const [row] = await db()
      .select({ version: products.version })
      .from(products)
      .where(and(eq(products.businessId, tenant.businessId), eq(products.id, archived.id)));
    const restore = await owner(unarchiveProduct, {
      params: { productId: archived.id },
      body: { version: row!.version },
    });
    expectLimit(restore, 'free', [{ resource: 'products', limit: 250, usage: 250 }]);
    expect(await snapshotDatabase(server)).toEqual(before);

    // Archiving one makes room again.
    const [soap] = await db()
      .select({ id: products.id, version: products.version })
      .from(products)
      .where(and(eq(products.businessId, tenant.businessId), eq(products.name, 'Soap SOAP-1')));
    expect(
      (await owner(archiveProduct, { params: { productId: soap!.id }, body: { version: soap!.version } })).statusCode,
    ).toBe(200);
    expect((await owner(createProduct, { body: body('SOAP-3') })).statusCode).toBe(201);
  });

  it('counts a CSV import as a whole: over the limit nothing is imported, within it all is', async () => {
    const tenant = await registerTenant(server);
    await fillProducts(tenant.businessId, 249);
    const row = (sku: string, extra: Partial<Record<(typeof productCsvColumns)[number], string>> = {}) =>
      productCsvColumns
        .map((c) => csvCell({ name: `Imported ${sku}`, sku, unit: 'each', selling_price: '10', ...extra }[c] ?? ''))
        .join(',');
    const file = (...rows: string[]) => [productCsvColumns.join(','), ...rows].join('\n');
    const send = async (csv: string, endpoint: { path: string } = commitProductImport) =>
      server.app.inject({
        method: 'POST',
        url: endpoint.path,
        headers: {
          authorization: `Bearer ${await tenant.token()}`,
          'x-store-id': tenant.storeId,
          'content-type': 'text/csv',
        },
        payload: csv,
      });

    // Each row alone would fit; the two together would not. The preview says so before the commit.
    const before = await snapshotDatabase(server);
    const preview = await send(file(row('IMP-1'), row('IMP-2')), previewProductImport);
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as ImportReport).planLimit).toBe(
      'Products: the Free plan allows 250 active products; the business has 249 and this would add 2. An administrator can choose a larger plan in Settings → Plan to raise the limit',
    );
    const refused = await send(file(row('IMP-1'), row('IMP-2')));
    expectLimit(refused, 'free', [{ resource: 'products', limit: 250, usage: 249 }]);
    expect((refused.json() as { detail: string }).detail).toContain('this would add 2');
    expect(await snapshotDatabase(server)).toEqual(before);

    // Within the limit: written, and an archived row of the file does not count.
    const within = file(row('IMP-1'), row('IMP-2', { archived: 'yes' }));
    expect(((await send(within, previewProductImport)).json() as ImportReport).planLimit).toBeNull();
    const ok = await send(within);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await readPlan(tenant)).usage.products).toBe(250);
  });

  it('limits sales in the calendar month at the till, with nothing written; last month does not count', async () => {
    const tenant = await registerTenant(server);
    const token = await tenant.token();
    const sessionId = await openTestSession(server, { businessId: tenant.businessId, storeId: tenant.storeId });
    const product = await createTestProduct(server, {
      businessId: tenant.businessId,
      variants: [{ sellingPriceMinor: 1_000, stock: { [tenant.storeId]: 10 } }],
    });
    // The month's sales as the day summaries hold them: 999 today, 5,000 on the last day of last month.
    const summary = (day: ReturnType<typeof sql>, count: number) =>
      db().execute(sql`insert into sales_day_totals (business_id, store_id, day, account_id, sales_count)
        values (${tenant.businessId}, ${tenant.storeId}, ${day}, ${newId()}, ${count})`);
    await summary(sql`(now() at time zone 'Africa/Lagos')::date`, 999);
    await summary(sql`(date_trunc('month', now() at time zone 'Africa/Lagos') - interval '1 day')::date`, 5_000);
    expect((await readPlan(tenant)).usage.salesPerMonth).toBe(999);

    const sell = seller(server);
    const sale = () =>
      sell({
        token,
        storeId: tenant.storeId,
        body: saleBody(sessionId, [{ variantId: product.variantId, quantity: 1 }], 1_000),
      });
    expect((await sale()).statusCode).toBe(201);
    expect((await readPlan(tenant)).usage.salesPerMonth).toBe(1000);

    const before = await snapshotDatabase(server);
    const refused = await sale();
    expectLimit(refused, 'free', [{ resource: 'salesPerMonth', limit: 1000, usage: 1000 }]);
    expect((refused.json() as { detail: string }).detail).toContain(
      'Sales this month: the Free plan allows 1,000 sales this month; the business has recorded 1,000',
    );
    expect(await snapshotDatabase(server)).toEqual(before);

    await setPlan(tenant.businessId, 'growth');
    expect((await sale()).statusCode).toBe(201);
  });

  it('keeps a new business within its plan’s stores, and counts a plan check for stores (admin add a store)', async () => {
    const tenant = await registerTenant(server);
    await expect(db().transaction((tx) => assertPlanAllows(tx, tenant.businessId, 'stores'))).rejects.toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      extra: { plan: 'free', limits: [{ resource: 'stores', limit: 1, usage: 1 }] },
    });
    await setPlan(tenant.businessId, 'growth');
    await expect(
      db().transaction((tx) => assertPlanAllows(tx, tenant.businessId, 'stores', 2)),
    ).resolves.toBeUndefined();
    await expect(db().transaction((tx) => assertPlanAllows(tx, tenant.businessId, 'stores', 3))).rejects.toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
    });
  });
});
