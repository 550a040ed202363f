import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  getSalesReport,
  getStoreAlias,
  getStoreSettings,
  updateStoreAlias,
  updateStoreSettings,
  type SalesReport,
  type StoreAlias,
  type StoreSettings,
} from '@ipos/contracts';
import { auditEvents, stores } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant } from '../support/isolation.js';
import { createTestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import { getReportOk, openReportShop, sellAt } from '../reports/reports-support.js';

/**
 * A store's settings (`settings/store-details/location/{id}`): read and changed with
 * settings.store in that store, at the version read, audited with what changed; a new time zone moves
 * past sales to the new zone's days in the reports.
 */
describe('store settings', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const call = () => caller(server, DEMO.owner);
  const read = async (storeId: string, as: string = DEMO.owner, activeStoreId = storeId) =>
    call()(getStoreSettings, { as, storeId: activeStoreId, params: { storeId } });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
  });
  afterAll(() => server.close());

  it('changes the fields sent at the version read, audits only what changed, and refuses a stale version', async () => {
    const before = (await read(demo.lekkiId)).json() as StoreSettings;
    expect(before).toMatchObject({ id: demo.lekkiId, alias: 'LEK', timeZone: 'Africa/Lagos' });
    const res = await call()(updateStoreSettings, {
      storeId: demo.lekkiId,
      params: { storeId: demo.lekkiId },
      body: {
        version: before.version,
        address: '  12 Admiralty Way, Lekki Phase 1  ',
        phone: '+234 801 234 5678',
        allowNegativeStock: !before.allowNegativeStock,
        wasteApprovalThresholdMinor: 750_000,
        name: before.name,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as StoreSettings;
    expect(after).toMatchObject({
      address: '12 Admiralty Way, Lekki Phase 1',
      phone: '+234 801 234 5678',
      allowNegativeStock: !before.allowNegativeStock,
      wasteApprovalThresholdMinor: 750_000,
      version: before.version + 1,
    });
    expect((await read(demo.lekkiId)).json()).toEqual(after);
    const [event] = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.businessId, demo.businessId), eq(auditEvents.entityId, demo.lekkiId)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({ action: 'store.updated', entity: 'store' });
    // The name was sent unchanged: it is not in the trail.
    expect(Object.keys(event!.after as object).sort()).toEqual(
      ['address', 'allowNegativeStock', 'phone', 'wasteApprovalThresholdMinor'].sort(),
    );

    const stale = await call()(updateStoreSettings, {
      storeId: demo.lekkiId,
      params: { storeId: demo.lekkiId },
      body: { version: before.version, address: 'Somewhere else' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await read(demo.lekkiId)).json()).toEqual(after);
  });

  it('refuses bad input on its field and writes nothing', async () => {
    const current = (await read(demo.ikejaId)).json() as StoreSettings;
    for (const [body, field] of [
      [{ timeZone: 'Lagos' }, 'timeZone'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ phone: 'call me' }, 'phone'],
      [{ wasteApprovalThresholdMinor: -1 }, 'wasteApprovalThresholdMinor'],
      [{ name: '   ' }, 'name'],
      [{ alias: 'NEW' }, 'alias'],
    ] as const) {
      const res = await call()(updateStoreSettings, {
        storeId: demo.ikejaId,
        params: { storeId: demo.ikejaId },
        body: { version: current.version, ...body },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect((await read(demo.ikejaId)).json()).toEqual(current);
  });

  it('is read by the store’s people and changed by settings.store holders there: the owner anywhere, never another business', async () => {
    // The owner, working in Lekki, reads and changes Ikeja.
    expect((await read(demo.ikejaId, DEMO.owner, demo.lekkiId)).statusCode).toBe(200);
    // Lekki's manager: Lekki yes; Ikeja, where they do not work, does not exist for them.
    expect((await read(demo.lekkiId, DEMO.manager)).statusCode).toBe(200);
    expect((await read(demo.ikejaId, DEMO.manager, demo.lekkiId)).statusCode).toBe(404);
    // Lekki's IPOS_ADMIN administers the business (settings.business): every location of store
    // details, Ikeja too, with the permissions of their role; another business's store stays a 404.
    const ikeja = await read(demo.ikejaId, DEMO.admin, demo.lekkiId);
    expect(ikeja.statusCode, ikeja.body).toBe(200);
    const adminChange = await call()(updateStoreSettings, {
      as: DEMO.admin,
      storeId: demo.lekkiId,
      params: { storeId: demo.ikejaId },
      body: { version: (ikeja.json() as StoreSettings).version, phone: '+234 802 000 1111' },
    });
    expect(adminChange.statusCode, adminChange.body).toBe(200);
    expect(adminChange.json()).toMatchObject({ id: demo.ikejaId, phone: '+234 802 000 1111' });
    const [adminAudit] = await server.deps.database.db
      .select({ storeId: auditEvents.storeId, action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, demo.ikejaId))
      .orderBy(desc(auditEvents.occurredAt))
      .limit(1);
    expect(adminAudit).toMatchObject({ storeId: demo.ikejaId });
    // A cashier reads their store's settings and cannot change them (no settings.store).
    const seen = await read(demo.ikejaId, DEMO.cashier);
    expect(seen.statusCode).toBe(200);
    const cashierChange = await call()(updateStoreSettings, {
      as: DEMO.cashier,
      storeId: demo.ikejaId,
      params: { storeId: demo.ikejaId },
      body: { version: (seen.json() as StoreSettings).version, allowNegativeStock: true },
    });
    expect(cashierChange.statusCode).toBe(403);
    // Another business's store: 404, and nothing changes there.
    const shop = await registerTenant(server);
    const stranger = await call()(updateStoreSettings, {
      storeId: demo.lekkiId,
      params: { storeId: shop.storeId },
      body: { version: 1, address: 'Taken over' },
    });
    expect(stranger.statusCode).toBe(404);
    const adminStranger = await read(shop.storeId, DEMO.admin, demo.lekkiId);
    expect(adminStranger.statusCode).toBe(404);
    const [theirs] = await server.deps.database.db
      .select({ address: stores.address })
      .from(stores)
      .where(eq(stores.id, shop.storeId));
    expect(theirs!.address).toBeNull();
  });

  it('moves past sales to the new zone’s days: 23:30 in Lagos is 01:30 the next day in Nairobi', async () => {
    const shop = await openReportShop(server);
    const product = await createTestProduct(server, {
      businessId: shop.businessId,
      variants: [{ sellingPriceMinor: 1_000, stock: { [shop.storeId]: 10 } }],
    });
    await sellAt(server, shop, [{ variantId: product.variantId, quantity: 1 }], { at: '2026-03-10T22:30:00.000Z' });
    const as = { token: shop.token, storeId: shop.storeId };
    const salesOn = async (day: string) =>
      (await getReportOk<SalesReport>(server, getSalesReport, as, { from: day, to: day })).summary.salesCount;
    expect([await salesOn('2026-03-10'), await salesOn('2026-03-11')]).toEqual([1, 0]);

    const settings = (await read(shop.storeId, shop.tenant.email)).json() as StoreSettings;
    const res = await call()(updateStoreSettings, {
      as: shop.tenant.email,
      storeId: shop.storeId,
      params: { storeId: shop.storeId },
      body: { version: settings.version, timeZone: 'Africa/Nairobi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect([await salesOn('2026-03-10'), await salesOn('2026-03-11')]).toEqual([0, 1]);
    await expectLedgerHolds(server, shop.businessId);
  });

  it('changes the alias: the next documents carry it, earlier ones keep theirs; another store’s alias is a 409', async () => {
    const shop = await openReportShop(server);
    const product = await createTestProduct(server, {
      businessId: shop.businessId,
      variants: [{ sellingPriceMinor: 1_000, stock: { [shop.storeId]: 10 } }],
    });
    const first = await sellAt(server, shop, [{ variantId: product.variantId, quantity: 1 }]);
    const as = shop.tenant.email;
    const aliasOf = async () =>
      (
        await call()(getStoreAlias, { as, storeId: shop.storeId, params: { storeId: shop.storeId } })
      ).json() as StoreAlias;
    const before = await aliasOf();
    expect(first.number.startsWith(`${before.alias}-S`)).toBe(true);

    const res = await call()(updateStoreAlias, {
      as,
      storeId: shop.storeId,
      params: { storeId: shop.storeId },
      body: { version: before.version, alias: ' mkt ', displayName: 'Mama Tee Market' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ alias: 'MKT', displayName: 'Mama Tee Market', version: before.version + 1 });
    const second = await sellAt(server, shop, [{ variantId: product.variantId, quantity: 1 }]);
    expect(second.number).toBe('MKT-S000002');
    const [event] = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.businessId, shop.businessId), eq(auditEvents.action, 'store.alias_changed')));
    expect(event).toMatchObject({
      before: { alias: before.alias, displayName: null },
      after: { alias: 'MKT', displayName: 'Mama Tee Market' },
    });

    // Demo Mart: Ikeja's alias for Lekki is taken; bad codes are refused on the field; nothing changes.
    const lekki = (
      await call()(getStoreAlias, { storeId: demo.lekkiId, params: { storeId: demo.lekkiId } })
    ).json() as StoreAlias;
    for (const [alias, status, field] of [
      ['IKJ', 409, 'alias'],
      ['ikj', 409, 'alias'],
      ['L1', 400, 'alias'],
      ['LEKKIS', 400, 'alias'],
    ] as const) {
      const refused = await call()(updateStoreAlias, {
        storeId: demo.lekkiId,
        params: { storeId: demo.lekkiId },
        body: { version: lekki.version, alias, displayName: null },
      });
      expect(refused.statusCode, alias).toBe(status);
      if (status === 409) expect(refused.json().code).toBe('ALIAS_TAKEN');
      expect(fieldsOf(refused)).toContain(field);
    }
    expect((await call()(getStoreAlias, { storeId: demo.lekkiId, params: { storeId: demo.lekkiId } })).json()).toEqual(
      lekki,
    );
    // A cashier has no settings.alias.
    const cashier = await call()(getStoreAlias, {
      as: DEMO.cashier,
      storeId: demo.ikejaId,
      params: { storeId: demo.ikejaId },
    });
    expect(cashier.statusCode).toBe(403);
  });
});
