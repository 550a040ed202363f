import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  getRegisterFavourites,
  REGISTER_FAVOURITES_MAX,
  setRegisterFavourites,
  type RegisterFavourites,
} from '@ipos/contracts';
import { auditEvents, productVariants } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { createTestProduct, type TestProduct } from '../support/catalog.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { caller, fieldsOf, giveCustomRole } from '../inventory/helpers.js';
import { openTestSession, saleBody, seller } from './checkout-support.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The register's first screen: a store's pinned favourites in order, or while none is pinned its
 * best sellers of the last 30 days (decision 0037).
 */
describe('register favourites', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let call: ReturnType<typeof caller>;
  let clock = new Date();
  const product = (businessId: string, storeId: string, name: string) =>
    createTestProduct(server, { businessId, name, variants: [{ stock: { [storeId]: 100 } }] });

  const read = async (storeId: string, as?: string) => {
    const res = await call(getRegisterFavourites, { storeId, ...(as ? { as } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RegisterFavourites;
  };
  const pin = (storeId: string, body: unknown, as?: string) =>
    call(setRegisterFavourites, { storeId, body, ...(as ? { as } : {}) });
  const archive = (businessId: string, variantId: string) =>
    server.deps.database.db
      .update(productVariants)
      .set({ isArchived: true })
      .where(and(eq(productVariants.businessId, businessId), eq(productVariants.id, variantId)));

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => clock });
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    other = await registerTenant(server);
  });
  afterAll(() => server.close());

  it("shows a store's best sellers of its last 30 days by quantity while nothing is pinned, without cost prices", async () => {
    const scope = { businessId: other.businessId, storeId: other.storeId };
    expect(await read(other.storeId, other.email)).toEqual({ kind: 'best-sellers', items: [], version: 0 });

    const [soap, rice, gone] = await Promise.all(
      ['Soap bar', 'Rice 5kg', 'Old stock'].map((name) => product(scope.businessId, scope.storeId, name)),
    );
    const sessionId = await openTestSession(server, scope);
    const sell = seller(server);
    const token = await other.token();
    const sold = async (p: TestProduct, quantity: number) => {
      const res = await sell({
        token,
        storeId: scope.storeId,
        body: saleBody(sessionId, [{ variantId: p.variantId, quantity }], 80_000 * quantity),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await sold(rice!, 2);
    await sold(soap!, 5);
    await sold(gone!, 9);
    await archive(scope.businessId, gone!.variantId);

    const best = await read(other.storeId, other.email);
    expect(best.kind).toBe('best-sellers');
    expect(best.items.map((s) => s.name)).toEqual(['Soap bar', 'Rice 5kg']);
    expect(best.items[0]).toMatchObject({ priceMinor: 80_000, onHand: 95, costPriceMinor: null });

    // Today is the last of the 30 days 29 days from now, and out of them a day later.
    clock = new Date(Date.now() + 29 * DAY_MS);
    expect((await read(other.storeId, other.email)).items).toHaveLength(2);
    clock = new Date(Date.now() + 30 * DAY_MS);
    expect((await read(other.storeId, other.email)).items).toEqual([]);
    clock = new Date();
  });

  it('pins favourites in order (shown instead of the best sellers), audited; an archived one drops out; none unpins', async () => {
    const [milk, bread, eggs] = await Promise.all(
      ['Fav milk', 'Fav bread', 'Fav eggs'].map((name) => product(demo.businessId, demo.lekkiId, name)),
    );
    const before = await read(demo.lekkiId);
    const ids = [eggs!.variantId, milk!.variantId, bread!.variantId];
    const res = await pin(demo.lekkiId, { version: before.version, variantIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    const pinned = res.json() as RegisterFavourites;
    expect(pinned.kind).toBe('favourites');
    expect(pinned.items.map((s) => s.variantId)).toEqual(ids);
    expect(pinned.version).toBe(before.version + 1);
    expect(await read(demo.lekkiId, DEMO.owner)).toEqual(pinned);

    const [event] = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, demo.lekkiId), eq(auditEvents.action, 'store.register_favourites_changed')));
    expect(event).toMatchObject({
      businessId: demo.businessId,
      storeId: demo.lekkiId,
      entity: 'store',
      before: { favourites: [] },
      after: { favourites: ids.map((variantId, i) => ({ variantId, sku: [eggs, milk, bread][i]!.sku })) },
    });

    // Read at an older version: someone changed it since.
    const stale = await pin(demo.lekkiId, { version: before.version, variantIds: [milk!.variantId] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });

    await archive(demo.businessId, milk!.variantId);
    expect((await read(demo.lekkiId)).items.map((s) => s.variantId)).toEqual([eggs!.variantId, bread!.variantId]);

    const none = await pin(demo.lekkiId, { version: pinned.version, variantIds: [] });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ kind: 'best-sellers', version: pinned.version + 1 });
  });

  it("keeps each store's favourites its own: Ikeja's are not Lekki's", async () => {
    const oil = await product(demo.businessId, demo.ikejaId, 'Ikeja oil');
    const lekki = await read(demo.lekkiId, DEMO.owner);
    const res = await pin(demo.ikejaId, { version: 0, variantIds: [oil.variantId] }, DEMO.owner);
    expect(res.statusCode, res.body).toBe(200);
    // The cashier sells in Ikeja (checkout.sell): they read its favourites.
    expect((await read(demo.ikejaId, DEMO.cashier)).items.map((s) => s.name)).toEqual(['Ikeja oil']);
    expect(await read(demo.lekkiId, DEMO.owner)).toEqual(lekki);
  });

  it('refuses an id of another business or of none (400), an archived one (409), repeats and too many, naming the field', async () => {
    const current = await read(demo.lekkiId);
    const ours = await product(demo.businessId, demo.lekkiId, 'Fav tea');
    const theirs = await product(other.businessId, other.storeId, 'Their tea');
    const archived = await product(demo.businessId, demo.lekkiId, 'Fav archived');
    await archive(demo.businessId, archived.variantId);

    const foreign = await pin(demo.lekkiId, {
      version: current.version,
      variantIds: [ours.variantId, theirs.variantId, newId()],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(fieldsOf(foreign)).toEqual(['variantIds.1', 'variantIds.2']);
    expect(foreign.body).not.toContain('Their tea');

    const gone = await pin(demo.lekkiId, {
      version: current.version,
      variantIds: [ours.variantId, archived.variantId],
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'PRODUCT_ARCHIVED' });
    expect(fieldsOf(gone)).toEqual(['variantIds.1']);

    const twice = await pin(demo.lekkiId, { version: current.version, variantIds: [ours.variantId, ours.variantId] });
    expect(twice.statusCode).toBe(400);
    const many = Array.from({ length: REGISTER_FAVOURITES_MAX + 1 }, () => newId());
    expect((await pin(demo.lekkiId, { version: current.version, variantIds: many })).statusCode).toBe(400);

    expect(await read(demo.lekkiId)).toEqual(current);
  });

  it('lets whoever sells read them and only settings.store pin them', async () => {
    const { version } = await read(demo.ikejaId, DEMO.cashier);
    const refused = await pin(demo.ikejaId, { version, variantIds: [] }, DEMO.cashier);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', detail: expect.stringContaining('settings.store') });
    expect((await call(getRegisterFavourites, { storeId: demo.lekkiId, as: null })).statusCode).toBe(401);

    await giveCustomRole(server, demo.businessId, DEMO.admin, { name: 'Till only', permissions: ['checkout.sell'] });
    const current = await read(demo.lekkiId, DEMO.admin);
    expect((await pin(demo.lekkiId, { version: current.version, variantIds: [] }, DEMO.admin)).statusCode).toBe(403);
    await giveCustomRole(server, demo.businessId, DEMO.admin, { name: 'Reports only', permissions: ['reports.view'] });
    expect((await call(getRegisterFavourites, { storeId: demo.lekkiId, as: DEMO.admin })).statusCode).toBe(403);
    expect(await read(demo.lekkiId)).toEqual(current);
  });

  it("answers 404 for another business's store, and writes nothing", async () => {
    const { version } = await read(demo.lekkiId);
    await expectCrossTenantNotFound(server, {
      endpoint: getRegisterFavourites,
      as: { token: await other.token() },
      storeId: demo.lekkiId,
      mustNotReveal: ['Fav eggs'],
    });
    await expectCrossTenantNotFound(server, {
      endpoint: setRegisterFavourites,
      body: { version, variantIds: [] },
      as: { token: await other.token() },
      storeId: demo.lekkiId,
    });
    // The cashier works in Ikeja only: Lekki's list is not theirs to read.
    await expectCrossTenantNotFound(server, {
      endpoint: getRegisterFavourites,
      as: { email: DEMO.cashier },
      storeId: demo.lekkiId,
    });
  });
});
