import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  createRole,
  storePermissions,
  updateRole,
  withImpliedPermissions,
  type Role,
  type StorePermission,
} from '@ipos/contracts';
import { memberships } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { caller } from '../inventory/helpers.js';

/** Any id: the gate answers before the record is looked for, and with the permission a 404 is fine. */
const SOME_ID = '0b6f3c9e-4a7d-4c11-9a53-2f1e8d7c6b5a';

/**
 * Every permission of a custom role walked through the routes it guards. The demo cashier
 * holds a custom role in Ikeja; for each store permission the role is changed through the API (its
 * holders get it at their next request) to everything but that permission — every route it guards
 * refuses with 403 naming it — and then to that permission alone — no route it guards refuses for
 * it. Requests carry no body: with the permission they fail validation or find nothing, so the walk
 * changes nothing.
 */
describe('a custom role, permission by permission', () => {
  let server: TestServer;
  let role: Role;
  let ikeja: string;
  let cashierToken: string;
  const owner = () => caller(server, DEMO.owner);

  const guardedRoutes = (permission: StorePermission) =>
    server.app.routeTable
      .filter((r) => r.access === permission && r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
      .map((r) => ({ method: r.method, url: r.url.replace(/:[A-Za-z]+/g, SOME_ID) }));

  const setPermissions = async (permissions: StorePermission[]) => {
    const res = await owner()(updateRole, {
      storeId: ikeja,
      params: { roleId: role.id },
      body: { version: role.version, name: role.name, permissions },
    });
    expect(res.statusCode, res.body).toBe(200);
    role = res.json() as Role;
  };

  const callAsCashier = async (route: { method: string; url: string }) =>
    server.app.inject({
      method: route.method as 'GET',
      url: route.url,
      headers: { authorization: `Bearer ${cashierToken}`, 'x-store-id': ikeja },
    });

  beforeAll(async () => {
    server = await createTestServer();
    const demo = await demoIds(server);
    ikeja = demo.ikejaId;
    const created = await owner()(createRole, {
      storeId: ikeja,
      body: { name: 'Walked role', permissions: [...storePermissions] },
    });
    expect(created.statusCode, created.body).toBe(201);
    role = created.json() as Role;
    const cashier = await server.accountId(DEMO.cashier);
    cashierToken = await server.tokenFor(DEMO.cashier);
    await server.deps.database.db
      .update(memberships)
      .set({ roleId: role.id })
      .where(and(eq(memberships.businessId, demo.businessId), eq(memberships.accountId, cashier)));
  });
  afterAll(() => server.close());

  it('guards every route with its permission: refused without it, let through with it alone', async () => {
    const walked: string[] = [];
    for (const permission of storePermissions) {
      const routes = guardedRoutes(permission);
      if (routes.length === 0) continue;
      walked.push(permission);

      // Without it: every other permission, less those that bring it along (transfer brings receive).
      await setPermissions(storePermissions.filter((p) => !withImpliedPermissions([p]).includes(permission)));
      for (const route of routes) {
        const res = await callAsCashier(route);
        expect(res.statusCode, `${route.method} ${route.url} without ${permission}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
        expect((res.json() as { detail?: string; message?: string }).detail ?? res.body).toContain(permission);
      }

      await setPermissions([permission]);
      for (const route of routes) {
        const res = await callAsCashier(route);
        const refusedFor = res.statusCode === 403 && res.body.includes(`allow ${permission}`);
        expect(refusedFor, `${route.method} ${route.url} with ${permission}: ${res.body}`).toBe(false);
        expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
      }
    }
    // A permission checked inside a service (a discount at the till, costs inside answers) guards no
    // route of its own; every other permission of the catalogue was walked.
    expect(storePermissions.filter((p) => !walked.includes(p))).toMatchInlineSnapshot(`
      [
        "inventory.costs",
        "checkout.discount",
      ]
    `);
  });
});
