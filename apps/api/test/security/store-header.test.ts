import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, type Tenant } from '../support/isolation.js';

/** Store-mode routes name the active store in x-store-id; route() checks it before the handler runs. */
describe('the x-store-id header on store-mode routes', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  const routes = [
    { name: 'GET /api/v1/stores/current', method: 'GET' as const, url: () => '/api/v1/stores/current' },
    {
      name: 'POST /api/v1/staff/:accountId/pin/reset',
      method: 'POST' as const,
      url: () => `/api/v1/staff/${demo.lekkiId}/pin/reset`,
    },
  ];
  const call = async (route: (typeof routes)[number], storeId?: string | string[]) =>
    server.app.inject({
      method: route.method,
      url: route.url(),
      headers: {
        authorization: `Bearer ${await server.tokenFor(DEMO.manager)}`,
        ...(storeId === undefined ? {} : { 'x-store-id': storeId }),
      },
    });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    other = await registerTenant(server);
  });
  afterAll(() => server.close());

  it.each(routes.map((r) => [r.name, r] as const))('%s without the header: 400 STORE_REQUIRED', async (_, route) => {
    for (const value of [undefined, '']) {
      const res = await call(route, value);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().code).toBe('STORE_REQUIRED');
    }
  });

  it.each(routes.map((r) => [r.name, r] as const))(
    '%s with a header that is not a store id: 400 naming the header',
    async (_, route) => {
      for (const value of ['LEK', '1', `${'0'.repeat(8)}-0000-0000-0000-00000000000g`, "' or 1=1 --"]) {
        const res = await call(route, value);
        expect(res.statusCode, value).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'headers.x-store-id' }] });
      }
    },
  );

  it.each(routes.map((r) => [r.name, r] as const))(
    '%s with a store the caller does not belong to: 404',
    async (_, route) => {
      for (const storeId of [demo.ikejaId, other.storeId, '0190a0a0-0000-7000-8000-000000000000']) {
        const res = await call(route, storeId);
        expect(res.statusCode, storeId).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    },
  );

  it('with the right store, the route runs', async () => {
    const res = await call(routes[0]!, demo.lekkiId);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(demo.lekkiId);
  });

  it('owner (admin-mode) routes ignore the header', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/admin/businesses/${demo.businessId}`,
      headers: { authorization: `Bearer ${await server.tokenFor(DEMO.owner)}`, 'x-store-id': other.storeId },
    });
    expect(res.statusCode).toBe(200);
  });
});
