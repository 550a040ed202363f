import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBusinessStore,
  getAdminStaffOptions,
  getBusiness,
  getActiveStore,
  inviteAdminUser,
  listProductMovements,
  resetStaffPin,
} from '@ipos/contracts';
import { eq } from 'drizzle-orm';
import { products } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import {
  demoIds,
  expectCrossTenantNotFound,
  registerTenant,
  snapshotDatabase,
  type Tenant,
} from '../support/isolation.js';

/**
 * Tenant isolation: a caller of Demo Mart naming another tenant's records gets the answer for "nothing
 * here" (404 NOT_FOUND) and changes nothing. Each new tenant-scoped route adds one probe below.
 */
describe('tenant isolation', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    other = await registerTenant(server, { businessName: 'Arusha Traders', currency: 'TZS', country: 'TZ' });
  });
  afterAll(() => server.close());

  it('admin mode: another owner’s business', async () => {
    await expectCrossTenantNotFound(server, {
      endpoint: getBusiness,
      params: { businessId: other.businessId },
      as: { email: DEMO.owner },
      mustNotReveal: ['Arusha Traders', other.email],
    });
  });

  it('admin mode, the other way round: the new owner cannot read Demo Mart', async () => {
    await expectCrossTenantNotFound(server, {
      endpoint: getBusiness,
      params: { businessId: demo.businessId },
      as: { token: await other.token() },
      mustNotReveal: ['Demo Mart', 'Lekki'],
    });
  });

  it('admin mode: adding a store, reading staff options or inviting into another owner’s business', async () => {
    const probes = [
      { endpoint: addBusinessStore, body: { name: 'Sneaky', alias: 'SNK', timeZone: 'Africa/Lagos' } },
      { endpoint: getAdminStaffOptions },
      {
        endpoint: inviteAdminUser,
        body: {
          name: 'Sneaky',
          email: 'sneaky@demo.ipos.test',
          roleId: '0190a0a0-0000-7000-8000-000000000001',
          storeIds: [other.storeId],
        },
      },
    ];
    for (const probe of probes) {
      await expectCrossTenantNotFound(server, {
        ...probe,
        params: { businessId: other.businessId },
        as: { email: DEMO.owner },
        mustNotReveal: ['Arusha Traders', other.email],
      });
    }
  });

  it('store mode: a product’s movements filtered by the other tenant’s store', async () => {
    const [product] = await server.deps.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.businessId, demo.businessId))
      .limit(1);
    await expectCrossTenantNotFound(server, {
      endpoint: listProductMovements,
      params: { productId: product!.id },
      query: { storeId: other.storeId },
      storeId: demo.lekkiId,
      as: { email: DEMO.manager },
      mustNotReveal: ['Arusha Traders'],
    });
  });

  it('store mode: x-store-id naming the other tenant’s store', async () => {
    for (const email of [DEMO.owner, DEMO.manager, DEMO.cashier]) {
      await expectCrossTenantNotFound(server, {
        endpoint: getActiveStore,
        storeId: other.storeId,
        as: { email },
        mustNotReveal: ['Arusha Traders', 'Main store'],
      });
    }
  });

  it('staff PIN reset of the other tenant’s owner, by the Lekki manager', async () => {
    await expectCrossTenantNotFound(server, {
      endpoint: resetStaffPin,
      params: { accountId: other.accountId },
      storeId: demo.lekkiId,
      as: { email: DEMO.manager },
      mustNotReveal: [other.email],
    });
  });

  it('staff PIN reset of an Ikeja cashier by the Lekki manager (same business, not their store)', async () => {
    await expectCrossTenantNotFound(server, {
      endpoint: resetStaffPin,
      params: { accountId: await server.accountId(DEMO.cashier) },
      storeId: demo.lekkiId,
      as: { email: DEMO.manager },
      mustNotReveal: [DEMO.cashier],
    });
  });

  it('staff PIN reset with x-store-id of the other tenant’s store', async () => {
    await expectCrossTenantNotFound(server, {
      endpoint: resetStaffPin,
      params: { accountId: other.accountId },
      storeId: other.storeId,
      as: { email: DEMO.manager },
    });
  });

  describe('the helper itself', () => {
    it('sees any change: a row updated without touching updated_at changes the snapshot', async () => {
      const before = await snapshotDatabase(server);
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/onboarding/forgot-password',
        headers: { 'x-forwarded-for': '10.99.0.1' },
        payload: { email: 'nobody@nowhere.ipos.test' },
      });
      // Only the rate-limit counters move for an unknown email, and the snapshot notices.
      const after = await snapshotDatabase(server);
      expect(after.rate_limits).not.toEqual(before.rate_limits);
      expect({ ...after, rate_limits: undefined }).toEqual({ ...before, rate_limits: undefined });
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining(['accounts', 'audit_events', 'businesses', 'stores', 'memberships', 'mail_outbox']),
      );
    });

    it('fails a probe whose answer is not a 404', async () => {
      await expect(
        expectCrossTenantNotFound(server, {
          endpoint: getBusiness,
          params: { businessId: demo.businessId },
          as: { email: DEMO.owner },
        }),
      ).rejects.toThrow(/answered 200/);
    });
  });
});
