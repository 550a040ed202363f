import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  createRole,
  deleteRole,
  getRole,
  getSalesReport,
  listRoles,
  systemRolePermissions,
  updateRole,
  type Role,
} from '@ipos/contracts';
import { auditEvents, memberships, roles } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, type Tenant } from '../support/isolation.js';
import { caller, fieldsOf } from '../inventory/helpers.js';

/**
 * Roles: the business's system roles, read-only, and its custom roles with a name
 * unique in the business and a set of store permissions; a role someone holds is never deleted.
 */
describe('roles', () => {
  let server: TestServer;
  let tenant: Tenant;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const call = (as: string, _storeId?: string) => caller(server, as); // the store goes with each request
  const asTenant = () => {
    const c = call(tenant.email, tenant.storeId);
    return (endpoint: Parameters<typeof c>[0], options: Omit<Parameters<typeof c>[1], 'storeId'> = {}) =>
      c(endpoint, { storeId: tenant.storeId, ...options });
  };
  const rolesOf = async (businessId: string) =>
    server.deps.database.db.select().from(roles).where(eq(roles.businessId, businessId));
  const auditCount = async (businessId: string) =>
    Number(
      (
        await server.deps.database.db
          .select({ n: count() })
          .from(auditEvents)
          .where(eq(auditEvents.businessId, businessId))
      )[0]!.n,
    );
  const lastAudit = async (businessId: string, entityId: string) =>
    (
      await server.deps.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.businessId, businessId), eq(auditEvents.entityId, entityId)))
        .orderBy(desc(auditEvents.id))
        .limit(1)
    )[0];

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    tenant = await registerTenant(server);
  });
  afterAll(() => server.close());

  it('lists the system roles first with their catalogue permissions and how many people hold each', async () => {
    const res = await call(DEMO.owner, demo.lekkiId)(listRoles, { storeId: demo.lekkiId });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: Role[] }).items;
    expect(items.slice(0, 3).map((r) => [r.name, r.isSystem])).toEqual([
      ['IPOS_ADMIN', true],
      ['IPOS_BASIC', true],
      ['IPOS_MANAGER_USER', true],
    ]);
    for (const role of items.slice(0, 3)) {
      expect(role.permissions).toEqual([...systemRolePermissions[role.name as keyof typeof systemRolePermissions]]);
    }
    // Members are people, counted once however many of the business's stores they work in.
    const held = await server.deps.database.db
      .selectDistinct({ accountId: memberships.accountId, roleId: memberships.roleId })
      .from(memberships)
      .where(eq(memberships.businessId, demo.businessId));
    for (const role of items) {
      expect(role.members, role.name).toBe(held.filter((m) => m.roleId === role.id).length);
    }
    expect(items.find((r) => r.name === 'IPOS_BASIC')!.members).toBeGreaterThan(0);
  });

  it('creates a custom role, refuses a name taken in any letter case and names of the system roles', async () => {
    const before = await auditCount(tenant.businessId);
    const res = await asTenant()(createRole, {
      body: { name: '  Night shift ', permissions: ['checkout.sell', 'dashboard.view'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const role = res.json() as Role;
    expect(role).toMatchObject({
      name: 'Night shift',
      isSystem: false,
      permissions: ['dashboard.view', 'checkout.sell'],
      members: 0,
      version: 1,
    });
    expect((await asTenant()(getRole, { params: { roleId: role.id } })).json()).toEqual(role);
    expect(await lastAudit(tenant.businessId, role.id)).toMatchObject({
      action: 'role.created',
      entity: 'role',
      after: { name: 'Night shift', permissions: ['dashboard.view', 'checkout.sell'] },
    });
    expect(await auditCount(tenant.businessId)).toBe(before + 1);

    const rows = await rolesOf(tenant.businessId);
    for (const name of ['Night shift', 'NIGHT SHIFT']) {
      const taken = await asTenant()(createRole, { body: { name, permissions: ['dashboard.view'] } });
      expect(taken.statusCode, name).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'ROLE_NAME_TAKEN' });
      expect(fieldsOf(taken)).toEqual(['name']);
    }
    const system = await asTenant()(createRole, { body: { name: 'IPOS_ADMIN', permissions: ['dashboard.view'] } });
    expect(system.statusCode).toBe(400);
    expect(fieldsOf(system)).toEqual(['name']);
    const owners = await asTenant()(createRole, { body: { name: 'Boss', permissions: ['businesses.manage'] } });
    expect(owners.statusCode).toBe(400);
    expect(await rolesOf(tenant.businessId)).toEqual(rows);
    expect(await auditCount(tenant.businessId)).toBe(before + 1);
  });

  it('changes a custom role at the version read, audits what changed, and its holders get it at their next request', async () => {
    const created = (
      await call(DEMO.owner, demo.lekkiId)(createRole, {
        storeId: demo.lekkiId,
        body: { name: 'Reader', permissions: ['dashboard.view', 'reports.view'] },
      })
    ).json() as Role;
    // The cashier works in Ikeja; give them the role there.
    const cashier = await server.accountId(DEMO.cashier);
    const [membership] = await server.deps.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.businessId, demo.businessId), eq(memberships.accountId, cashier)));
    await server.deps.database.db
      .update(memberships)
      .set({ roleId: created.id })
      .where(and(eq(memberships.businessId, demo.businessId), eq(memberships.accountId, cashier)));
    const storeId = membership!.storeId;
    const report = () =>
      call(DEMO.cashier, storeId)(getSalesReport, { storeId, query: { from: '2026-01-01', to: '2026-01-31' } });
    try {
      const first = await report();
      expect(first.statusCode, first.body).toBe(200);
      const res = await call(DEMO.owner, demo.lekkiId)(updateRole, {
        storeId: demo.lekkiId,
        params: { roleId: created.id },
        body: { version: 1, name: 'Dashboard only', permissions: ['dashboard.view'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Dashboard only',
        permissions: ['dashboard.view'],
        members: 1,
        version: 2,
      });
      expect(await lastAudit(demo.businessId, created.id)).toMatchObject({
        action: 'role.updated',
        before: { name: 'Reader', permissions: ['dashboard.view', 'reports.view'] },
        after: { name: 'Dashboard only', permissions: ['dashboard.view'] },
      });
      expect((await report()).statusCode).toBe(403);

      const stale = await call(DEMO.owner, demo.lekkiId)(updateRole, {
        storeId: demo.lekkiId,
        params: { roleId: created.id },
        body: { version: 1, name: 'Reader', permissions: ['dashboard.view', 'reports.view'] },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
      const taken = await call(DEMO.owner, demo.lekkiId)(updateRole, {
        storeId: demo.lekkiId,
        params: { roleId: created.id },
        body: { version: 2, name: 'ipos_basic_', permissions: ['dashboard.view'] },
      });
      expect(taken.statusCode).toBe(400);

      // In use: not deleted, and nothing written.
      const inUse = await call(DEMO.owner, demo.lekkiId)(deleteRole, {
        storeId: demo.lekkiId,
        params: { roleId: created.id },
      });
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({ code: 'ROLE_IN_USE' });
      expect((await rolesOf(demo.businessId)).some((r) => r.id === created.id)).toBe(true);
    } finally {
      await server.deps.database.db
        .update(memberships)
        .set({ roleId: membership!.roleId })
        .where(and(eq(memberships.businessId, demo.businessId), eq(memberships.accountId, cashier)));
    }
    const deleted = await call(DEMO.owner, demo.lekkiId)(deleteRole, {
      storeId: demo.lekkiId,
      params: { roleId: created.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await rolesOf(demo.businessId)).some((r) => r.id === created.id)).toBe(false);
    expect(await lastAudit(demo.businessId, created.id)).toMatchObject({
      action: 'role.deleted',
      before: { name: 'Dashboard only', permissions: ['dashboard.view'] },
      after: null,
    });
  });

  it('refuses to rename a role onto another’s name', async () => {
    const a = (
      await asTenant()(createRole, { body: { name: 'Stock keeper', permissions: ['inventory.view'] } })
    ).json() as Role;
    await asTenant()(createRole, { body: { name: 'Buyer', permissions: ['purchase-orders.view'] } });
    const res = await asTenant()(updateRole, {
      params: { roleId: a.id },
      body: { version: a.version, name: 'buyer', permissions: ['inventory.view'] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ROLE_NAME_TAKEN' });
    expect((await asTenant()(getRole, { params: { roleId: a.id } })).json()).toEqual(a);
  });

  it('keeps the system roles read-only', async () => {
    const items = ((await asTenant()(listRoles)).json() as { items: Role[] }).items;
    const admin = items.find((r) => r.name === 'IPOS_ADMIN')!;
    const update = await asTenant()(updateRole, {
      params: { roleId: admin.id },
      body: { version: admin.version, name: 'Admins', permissions: ['dashboard.view'] },
    });
    expect(update.statusCode).toBe(409);
    expect(update.json()).toMatchObject({ code: 'ROLE_IS_SYSTEM' });
    const remove = await asTenant()(deleteRole, { params: { roleId: admin.id } });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({ code: 'ROLE_IS_SYSTEM' });
    expect((await asTenant()(getRole, { params: { roleId: admin.id } })).json()).toEqual(admin);
  });

  it('needs settings.roles: a manager may not read or change roles', async () => {
    for (const [endpoint, body] of [
      [listRoles, undefined],
      [createRole, { name: 'Sneaky', permissions: ['dashboard.view'] }],
    ] as const) {
      const res = await call(DEMO.manager, demo.lekkiId)(endpoint, { storeId: demo.lekkiId, body });
      expect(res.statusCode).toBe(403);
    }
    expect((await rolesOf(demo.businessId)).some((r) => r.name === 'Sneaky')).toBe(false);
  });

  it('answers 404 for another business’s role and changes nothing', async () => {
    const theirs = (
      await asTenant()(createRole, { body: { name: 'Theirs', permissions: ['dashboard.view'] } })
    ).json() as Role;
    const owner = call(DEMO.owner, demo.lekkiId);
    const at = { storeId: demo.lekkiId, params: { roleId: theirs.id } };
    expect((await owner(getRole, at)).statusCode).toBe(404);
    expect(
      (await owner(updateRole, { ...at, body: { version: 1, name: 'Mine', permissions: ['dashboard.view'] } }))
        .statusCode,
    ).toBe(404);
    expect((await owner(deleteRole, at)).statusCode).toBe(404);
    expect((await asTenant()(getRole, { params: { roleId: theirs.id } })).json()).toEqual(theirs);
  });
});
