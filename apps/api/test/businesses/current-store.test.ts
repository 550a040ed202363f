import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRolePermissions } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { withBusinessLogo } from '../support/images.js';

describe('store mode: GET /api/v1/stores/current', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const current = async (email: string, storeId?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v1/stores/current',
      headers: {
        authorization: `Bearer ${await server.tokenFor(email)}`,
        ...(storeId ? { 'x-store-id': storeId } : {}),
      },
    });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
  });
  afterAll(() => server.close());

  it('describes the manager’s store, business, role and permissions', async () => {
    const res = await current(DEMO.manager, demo.lekkiId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: demo.lekkiId,
      name: 'Lekki',
      alias: 'LEK',
      timeZone: 'Africa/Lagos',
      address: 'Admiralty Way, Lekki Phase 1, Lagos',
      allowNegativeStock: false,
      wasteApprovalThresholdMinor: 500_000,
      business: { id: demo.businessId, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
      roleName: 'IPOS_MANAGER_USER',
      permissions: [...systemRolePermissions.IPOS_MANAGER_USER],
    });
  });

  it('gives the cashier the basic role at Ikeja, and the business logo its documents print', async () => {
    const res = await current(DEMO.cashier, demo.ikejaId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ alias: 'IKJ', roleName: 'IPOS_BASIC' });
    await withBusinessLogo(server.deps.database.db, demo.businessId, async () => {
      expect((await current(DEMO.cashier, demo.ikejaId)).json().business).toMatchObject({ logoVersion: 1 });
    });
    expect(res.json().permissions).toEqual([...systemRolePermissions.IPOS_BASIC]);
    expect(res.json().permissions).not.toContain('staff.pin-reset');
  });

  it('lets the owner into a store of their business they are no member of, as IPOS_ADMIN', async () => {
    const res = await current(DEMO.owner, demo.ikejaId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: demo.ikejaId, roleName: 'IPOS_ADMIN' });
    expect(res.json().permissions).not.toContain('businesses.manage');
  });

  it('answers 404 for a store of the same business the caller does not work in', async () => {
    const res = await current(DEMO.cashier, demo.lekkiId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
