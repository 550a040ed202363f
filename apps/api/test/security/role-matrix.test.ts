import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  ownerPermissions,
  STORE_HEADER,
  systemRoleNames,
  systemRolePermissions,
  withImpliedPermissions,
  type Permission,
} from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { describeOperation, loadOperations, type Operation } from '../support/openapi-requests.js';
import { addStaffPerson, createCustomRole, roleIdOf, tenantDigest } from '../support/tenant-fixtures.js';

/**
 * A custom role's few permissions: some every role has, some only managers have, one no system role
 * pairs this way; and inventory.transfer, as a role saved before receiving was a permission of its own
 * holds it: it receives too (the matrix expects the receive route let past).
 */
const CUSTOM_PERMISSIONS: Permission[] = [
  'dashboard.view',
  'inventory.view',
  'inventory.adjust',
  'inventory.transfer',
  'reports.view',
  'contacts.manage',
];

interface Holder {
  role: string;
  token: string;
  permissions: readonly string[];
}

const isAdminRoute = (op: Operation) => op.path.startsWith('/api/v1/admin/');
const isStoreRoute = (op: Operation) =>
  op.endpoint.access !== 'public' && op.endpoint.access !== 'signedIn' && !isAdminRoute(op);

/**
 * A request no holder could complete: path ids that are not ids, an array for a JSON body, no file for
 * an upload, no Idempotency-Key. Access is checked before any of that, so a role lacking the permission
 * gets its 403 whatever is sent, and a role holding it gets anything but a 403 (mostly a 400).
 */
function invalidRequest(op: Operation, businessId: string) {
  const params = Object.fromEntries(
    op.pathParams.map((p) => [
      p.name,
      p.name === 'businessId' ? businessId : p.schema.format === 'uuid' ? 'not-an-id' : 'x',
    ]),
  );
  const json = op.body !== undefined;
  return {
    method: op.method,
    url: buildPath(op.path, params),
    ...(json ? { payload: '[]', headers: { 'content-type': 'application/json' } } : {}),
  };
}

/**
 * The role matrix: every store-mode route (from the served OpenAPI document) against every system
 * role, a custom role and the owner, compared with the permission catalogue (the contracts' role sets
 * and each route's declared access); and every admin-mode route against the owner and each kind of
 * staff. Read at run time, so a new route or permission is covered the day it lands.
 */
describe('role matrix', () => {
  let server: TestServer;
  let operations: Operation[];
  let holders: Holder[];
  let lekkiId: string;
  let businessId: string;

  beforeAll(async () => {
    server = await createTestServer();
    operations = await loadOperations(server);
    const demo = await demoIds(server);
    lekkiId = demo.lekkiId;
    businessId = demo.businessId;
    const ownerToken = await server.tokenFor(DEMO.owner);
    const customRoleId = await createCustomRole(server, { token: ownerToken, storeId: lekkiId }, CUSTOM_PERMISSIONS);
    const person = async (roleId: string) =>
      server.tokenFor((await addStaffPerson(server, { businessId, storeIds: [lekkiId], roleId })).email);
    holders = [{ role: 'owner', token: ownerToken, permissions: systemRolePermissions.IPOS_ADMIN }];
    for (const role of systemRoleNames)
      holders.push({
        role,
        token: await person(await roleIdOf(server, businessId, role)),
        permissions: systemRolePermissions[role],
      });
    holders.push({
      role: 'custom',
      token: await person(customRoleId),
      permissions: withImpliedPermissions(CUSTOM_PERMISSIONS),
    });
  }, 120_000);
  afterAll(() => server?.close());

  const send = (op: Operation, holder: Holder, storeId?: string) => {
    const request = invalidRequest(op, businessId);
    return server.app.inject({
      ...request,
      headers: {
        ...request.headers,
        authorization: `Bearer ${holder.token}`,
        ...(storeId ? { [STORE_HEADER]: storeId } : {}),
      },
    });
  };

  /** One request per route and holder, lacking ones first or holding ones first; the rule each broke. */
  const storeModeFailures = async (routes: Operation[], people: Holder[], lacking: boolean) => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of routes) {
      for (const holder of people) {
        if (holder.permissions.includes(op.endpoint.access) !== !lacking) continue;
        const res = await send(op, holder, lekkiId);
        sent += 1;
        const what = `${describeOperation(op)} as ${holder.role} (${op.endpoint.access})`;
        if (lacking && (res.statusCode !== 403 || res.json().code !== 'FORBIDDEN'))
          failures.push(`${what}: lacking it, answered ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (!lacking && (res.statusCode === 403 || res.statusCode >= 500))
          failures.push(`${what}: holding it, answered ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    return { failures, sent };
  };

  it('store mode: a role lacking the route’s permission gets 403 FORBIDDEN and changes nothing; one holding it gets past', async () => {
    const routes = operations.filter(isStoreRoute);
    const before = await tenantDigest(server, businessId);
    // Every refusal first, so that the digest shows they changed nothing; then the holders.
    const refused = await storeModeFailures(routes, holders, true);
    expect(await tenantDigest(server, businessId), 'a refused request changed Demo Mart').toEqual(before);
    const passed = await storeModeFailures(routes, holders, false);
    const failures = [...refused.failures, ...passed.failures];
    console.log(
      `role matrix: ${routes.length} routes × ${holders.length} roles, ${failures.length} failures (${refused.sent} refused as lacking, ${passed.sent} let past)`,
    );
    expect(failures).toEqual([]);
    expect(refused.sent + passed.sent).toBe(routes.length * holders.length);
    expect(refused.sent).toBeGreaterThan(routes.length);
  }, 180_000);

  it('the matrix itself: a role reaching a route the catalogue says it lacks, or refused one it holds, fails it', async () => {
    const route = (path: string) => operations.filter((op) => op.path === path && op.method === 'GET');
    const owner = holders.find((h) => h.role === 'owner')!;
    const custom = holders.find((h) => h.role === 'custom')!;
    // Said to lack dashboard.view, the owner reads the store: the matrix reports it.
    const ownerSaidToLack = { ...owner, permissions: owner.permissions.filter((p) => p !== 'dashboard.view') };
    const reached = await storeModeFailures(route('/api/v1/stores/current'), [ownerSaidToLack], true);
    expect(reached.failures).toEqual([expect.stringMatching(/as owner \(dashboard.view\): lacking it, answered 200/)]);
    // Said to hold settings.roles, the custom role is refused the roles list: reported too.
    const customSaidToHold = { ...custom, permissions: [...custom.permissions, 'settings.roles'] };
    const refused = await storeModeFailures(route('/api/v1/roles'), [customSaidToHold], false);
    expect(refused.failures).toEqual([expect.stringMatching(/as custom \(settings.roles\): holding it, answered 403/)]);
  });

  it('admin mode: the owner gets past on every /api/v1/admin route; staff of every role are refused', async () => {
    const routes = operations.filter(isAdminRoute);
    const failures: string[] = [];
    for (const op of routes) {
      expect((ownerPermissions as readonly string[]).includes(op.endpoint.access), describeOperation(op)).toBe(true);
      for (const holder of holders) {
        const res = await send(op, holder, lekkiId);
        const what = `${describeOperation(op)} as ${holder.role}`;
        const isOwner = holder.role === 'owner';
        // Another business (or none) is refused as 404 when the path names it, 403 otherwise.
        const refusedAs = op.pathParams.some((p) => p.name === 'businessId') ? 404 : 403;
        if (isOwner && (res.statusCode === 403 || res.statusCode === 404 || res.statusCode >= 500))
          failures.push(`${what}: answered ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (!isOwner && res.statusCode !== refusedAs)
          failures.push(`${what}: answered ${res.statusCode}, not ${refusedAs}: ${res.body.slice(0, 200)}`);
      }
    }
    console.log(
      `role matrix, admin mode: ${routes.length} routes × ${holders.length} roles, ${failures.length} failures`,
    );
    expect(routes.length).toBeGreaterThan(3);
    expect(failures).toEqual([]);
  }, 120_000);
});
