import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  createStaffMember,
  deactivateStaffMember,
  getStaffMember,
  getStaffOptions,
  getSalesReport,
  listRoles,
  listStaff,
  reactivateStaffMember,
  acceptMyInvitation,
  listMyInvitations,
  replaceDefaultPassword,
  resendStaffInvitation,
  updateStaffMember,
  type Role,
  type StaffInvitation,
  type StaffMember,
  type StaffOptions,
} from '@ipos/contracts';
import { accounts, auditEvents, businesses, memberships, staffMembers } from '../../src/db/schema.js';
import { verifySecret } from '../../src/lib/secrets.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, snapshotDatabase, type Tenant } from '../support/isolation.js';
import { latestMailTo } from '../support/mail.js';
import { caller, fieldsOf } from '../inventory/helpers.js';

/**
 * Staff: people invited with a role in some stores (a new account gets a default password by mail)
 * who join by accepting, changed, deactivated and reactivated, default passwords re-sent; and the
 * rules that keep a business run: no role above your own, never the last administrator, never your
 * own way in, never the owner. The invitation's consent rules are in invitations.test.ts.
 */
describe('staff', () => {
  let server: TestServer;
  let tenant: Tenant;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let tenantRoles: Record<string, Role>;
  let demoRoles: Record<string, Role>;
  const as = (email: string, storeId: string) => {
    const call = caller(server, email);
    return (endpoint: Parameters<typeof call>[0], options: Omit<Parameters<typeof call>[1], 'storeId'> = {}) =>
      call(endpoint, { storeId, ...options });
  };
  const owner = () => as(tenant.email, tenant.storeId);
  const demoOwner = () => as(DEMO.owner, demo.lekkiId);
  const db = () => server.deps.database.db;
  const rolesBy = async (email: string, storeId: string) =>
    Object.fromEntries(
      ((await as(email, storeId)(listRoles)).json() as { items: Role[] }).items.map((r) => [r.name, r]),
    );
  const staffAudit = async (businessId: string, accountId: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.businessId, businessId), eq(auditEvents.entityId, accountId)))
      .orderBy(desc(auditEvents.id));
  const add = async (body: Record<string, unknown>, by = owner()) => {
    const res = await by(createStaffMember, { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as StaffInvitation;
  };
  // Mail delivery runs after responses and marks the outbox: not a write of the request under test.
  const quiet = { ignoreTables: ['mail_outbox'] };
  let n = 0;
  const email = () => `person-${Date.now().toString(36)}-${++n}@staff.ipos.test`;
  /** The person replaces the default password, as their first sign-in makes them. */
  const replacePassword = async (address: string) => {
    const res = await caller(server, address)(replaceDefaultPassword, { body: { newPassword: 'MyOwnPass1' } });
    expect(res.statusCode, res.body).toBe(204);
  };
  /** The invited person accepts (after replacing a default password, as the screens make them). */
  const accept = async (address: string, invitation: StaffInvitation, replacing = true) => {
    if (replacing) await replacePassword(address);
    const res = await caller(server, address)(acceptMyInvitation, { params: { invitationId: invitation.id } });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Invited, and joined: the person as the staff screens then read them. */
  const join = async (body: Record<string, unknown>, by = owner(), viewer = by) => {
    await accept(body.email as string, await add(body, by));
    const accountId = await server.accountId(body.email as string);
    return (await viewer(getStaffMember, { params: { accountId } })).json() as StaffMember;
  };
  const defaultPasswordIn = (text: string | undefined) => text?.match(/\b([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\b/)?.[1];

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    tenant = await registerTenant(server);
    // These tests add many people to one business: more than the Free plan's three (plans.test.ts tests the limit).
    await server.deps.database.db
      .update(businesses)
      .set({ plan: 'business' })
      .where(eq(businesses.id, tenant.businessId));
    tenantRoles = await rolesBy(tenant.email, tenant.storeId);
    demoRoles = await rolesBy(DEMO.owner, demo.lekkiId);
  });
  afterAll(() => server.close());

  it('invites a new address: a default password by mail only, to be replaced; they join by accepting', async () => {
    const address = email();
    const invitation = await add({
      name: '  Amina Yusuf ',
      email: address.toUpperCase(),
      phone: '+254 711 222 333',
      roleId: tenantRoles.IPOS_BASIC!.id,
      storeIds: [tenant.storeId],
    });
    expect(invitation).toMatchObject({
      name: 'Amina Yusuf',
      email: address,
      phone: '+254 711 222 333',
      role: { id: tenantRoles.IPOS_BASIC!.id, name: 'IPOS_BASIC', isSystem: true },
      stores: [{ id: tenant.storeId }],
      status: 'pending',
      respondedAt: null,
      version: 1,
    });
    const accountId = await server.accountId(address);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account!.mustChangePassword).toBe(true);
    const mail = await latestMailTo(server, address);
    expect(mail?.subject).toBe(`${tenant.businessName} invited you to its staff on iPos`);
    const defaultPassword = defaultPasswordIn(mail?.textBody);
    expect(JSON.stringify(invitation)).not.toContain(defaultPassword!);
    expect(await verifySecret(defaultPassword!, account!.passwordHash)).toBe(true);
    const [event] = await staffAudit(tenant.businessId, invitation.id);
    expect(event).toMatchObject({ action: 'staff.invited', entity: 'staff_invitation' });
    expect(JSON.stringify(event!.after)).not.toContain(defaultPassword!);

    // Not on the staff until they accept: the store stays shut.
    const report = () =>
      as(address, tenant.storeId)(getSalesReport, { query: { from: '2026-01-01', to: '2026-01-31' } });
    expect((await owner()(getStaffMember, { params: { accountId } })).statusCode).toBe(404);
    await replacePassword(address);
    expect((await report()).json()).toMatchObject({ code: 'NOT_FOUND' });
    const mine = (await caller(server, address)(listMyInvitations)).json() as { items: { id: string }[] };
    expect(mine.items.map((i) => i.id)).toEqual([invitation.id]);
    await accept(address, invitation, false);
    // A basic role reads no reports: the store opens, the report does not.
    expect((await report()).statusCode).toBe(403);
    const after = (await owner()(getStaffMember, { params: { accountId } })).json() as StaffMember;
    expect(after).toMatchObject({ status: 'active', name: 'Amina Yusuf', role: { name: 'IPOS_BASIC' } });
    expect((await staffAudit(tenant.businessId, accountId))[0]).toMatchObject({
      action: 'staff.invitation_accepted',
      actorAccountId: accountId,
    });
  });

  it('invites someone who has an account already, without a password; once on the staff, never twice', async () => {
    const cashier = await server.accountId(DEMO.cashier);
    const invitation = await add({
      name: 'Typed Name',
      email: DEMO.cashier,
      roleId: tenantRoles.IPOS_MANAGER_USER!.id,
      storeIds: [tenant.storeId],
    });
    expect(invitation).toMatchObject({ name: 'Typed Name', email: DEMO.cashier, status: 'pending' });
    expect((await latestMailTo(server, DEMO.cashier))?.textBody).toContain(
      'with your iPos account to accept or decline it',
    );
    const twice = await owner()(createStaffMember, {
      body: { name: 'Again', email: DEMO.cashier, roleId: tenantRoles.IPOS_BASIC!.id, storeIds: [tenant.storeId] },
    });
    expect(twice.json()).toMatchObject({ code: 'INVITATION_PENDING' });
    await accept(DEMO.cashier, invitation, false);
    // Their own business is untouched; they now work in both.
    const rows = await db().select().from(memberships).where(eq(memberships.accountId, cashier));
    expect(rows.map((r) => r.businessId).sort()).toEqual([demo.businessId, tenant.businessId].sort());

    const before = await snapshotDatabase(server, quiet);
    const again = await owner()(createStaffMember, {
      body: { name: 'Again', email: DEMO.cashier, roleId: tenantRoles.IPOS_BASIC!.id, storeIds: [tenant.storeId] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STAFF_EXISTS', accountId: cashier });
    expect(fieldsOf(again)).toEqual(['email']);
    expect(await snapshotDatabase(server, quiet)).toEqual(before);
  });

  it('refuses a role or store of another business, and bad input, before writing anything', async () => {
    const before = await snapshotDatabase(server, quiet);
    const otherRole = await owner()(createStaffMember, {
      body: { name: 'X Y', email: email(), roleId: demoRoles.IPOS_BASIC!.id, storeIds: [tenant.storeId] },
    });
    expect(otherRole.statusCode).toBe(400);
    expect(fieldsOf(otherRole)).toEqual(['roleId']);
    const otherStore = await owner()(createStaffMember, {
      body: { name: 'X Y', email: email(), roleId: tenantRoles.IPOS_BASIC!.id, storeIds: [demo.lekkiId] },
    });
    expect(otherStore.statusCode).toBe(400);
    expect(fieldsOf(otherStore)).toEqual(['storeIds']);
    const bad = await owner()(createStaffMember, {
      body: { name: 'X', email: 'not-an-email', roleId: tenantRoles.IPOS_BASIC!.id, storeIds: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['email', 'name', 'storeIds']);
    expect(await snapshotDatabase(server, quiet)).toEqual(before);
  });

  it('changes role and stores at the version read, audited; a stale version is refused', async () => {
    const address = email();
    const member = await join({
      name: 'Musa Kariuki',
      email: address,
      roleId: tenantRoles.IPOS_BASIC!.id,
      storeIds: [tenant.storeId],
    });
    const res = await owner()(updateStaffMember, {
      params: { accountId: member.accountId },
      body: { version: 1, roleId: tenantRoles.IPOS_MANAGER_USER!.id, storeIds: [tenant.storeId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: { name: 'IPOS_MANAGER_USER' }, version: 2 });
    const [event] = await staffAudit(tenant.businessId, member.accountId);
    expect(event).toMatchObject({
      action: 'staff.updated',
      before: { role: 'IPOS_BASIC', stores: [expect.any(String)] },
      after: { role: 'IPOS_MANAGER_USER' },
    });
    const stale = await owner()(updateStaffMember, {
      params: { accountId: member.accountId },
      body: { version: 1, roleId: tenantRoles.IPOS_BASIC!.id, storeIds: [tenant.storeId] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
  });

  it('lets a manager add and change basic staff in their store, but never make or change an administrator', async () => {
    const manager = as(DEMO.manager, demo.lekkiId);
    const address = email();
    const member = await join(
      { name: 'Tunde Basic', email: address, roleId: demoRoles.IPOS_BASIC!.id, storeIds: [demo.lekkiId] },
      manager,
    );
    const before = await snapshotDatabase(server, quiet);
    const promote = await manager(updateStaffMember, {
      params: { accountId: member.accountId },
      body: { version: member.version, roleId: demoRoles.IPOS_ADMIN!.id, storeIds: [demo.lekkiId] },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().detail).toMatch(/The role IPOS_ADMIN allows what your role in Lekki does not/);
    const elsewhere = await manager(updateStaffMember, {
      params: { accountId: member.accountId },
      body: { version: member.version, roleId: demoRoles.IPOS_BASIC!.id, storeIds: [demo.ikejaId] },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().detail).toBe('You do not manage the staff of Ikeja');
    const admin = await server.accountId(DEMO.admin);
    const adminRow = (await manager(getStaffMember, { params: { accountId: admin } })).json() as StaffMember;
    const demote = await manager(deactivateStaffMember, {
      params: { accountId: admin },
      body: { version: adminRow.version },
    });
    expect(demote.statusCode).toBe(403);
    expect(await snapshotDatabase(server, quiet)).toEqual(before);
  });

  it('offers the roles and stores the caller may give', async () => {
    const res = await as(DEMO.manager, demo.lekkiId)(getStaffOptions);
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json() as StaffOptions;
    const roles = Object.fromEntries(options.roles.map((r) => [r.name, r.assignable]));
    expect(roles).toMatchObject({ IPOS_ADMIN: false, IPOS_MANAGER_USER: true, IPOS_BASIC: true });
    expect(options.stores.map((s) => [s.alias, s.manageable])).toEqual([
      ['IKJ', false],
      ['LEK', true],
    ]);
    const owners = (await demoOwner()(getStaffOptions)).json() as StaffOptions;
    expect(owners.roles.every((r) => r.assignable)).toBe(true);
    expect(owners.stores.every((s) => s.manageable)).toBe(true);
  });

  it('never leaves the business without an active administrator, never the owner changed here', async () => {
    // A business whose owner is not on its staff (the owner's own IPOS_ADMIN place, made with every
    // business, cannot be changed): its one administrator stays.
    const other = await registerTenant(server);
    const otherRoles = await rolesBy(other.email, other.storeId);
    await db()
      .delete(memberships)
      .where(and(eq(memberships.businessId, other.businessId), eq(memberships.accountId, other.accountId)));
    await db()
      .delete(staffMembers)
      .where(and(eq(staffMembers.businessId, other.businessId), eq(staffMembers.accountId, other.accountId)));
    const otherOwner = as(other.email, other.storeId);
    const adminRow = await join(
      { name: 'Only Admin', email: email(), roleId: otherRoles.IPOS_ADMIN!.id, storeIds: [other.storeId] },
      otherOwner,
    );
    const admin = adminRow.accountId;
    const before = await snapshotDatabase(server, quiet);
    for (const res of [
      await otherOwner(deactivateStaffMember, { params: { accountId: admin }, body: { version: adminRow.version } }),
      await otherOwner(updateStaffMember, {
        params: { accountId: admin },
        body: { version: adminRow.version, roleId: otherRoles.IPOS_MANAGER_USER!.id, storeIds: [other.storeId] },
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LAST_ADMIN' });
    }
    expect(await snapshotDatabase(server, quiet)).toEqual(before);

    const ownerRow = (await owner()(getStaffMember, { params: { accountId: tenant.accountId } })).json() as StaffMember;
    expect(ownerRow).toMatchObject({ isOwner: true, role: { name: 'IPOS_ADMIN' } });
    const ownerChange = await owner()(deactivateStaffMember, {
      params: { accountId: tenant.accountId },
      body: { version: ownerRow.version },
    });
    expect(ownerChange.json()).toMatchObject({ code: 'STAFF_IS_OWNER' });
  });

  it('refuses to take away your own way in', async () => {
    const address = email();
    const member = await join({
      name: 'Grace Admin',
      email: address,
      roleId: tenantRoles.IPOS_ADMIN!.id,
      storeIds: [tenant.storeId],
    });
    const self = as(address, tenant.storeId);
    for (const res of [
      await self(updateStaffMember, {
        params: { accountId: member.accountId },
        body: { version: member.version, roleId: tenantRoles.IPOS_BASIC!.id, storeIds: [tenant.storeId] },
      }),
      await self(deactivateStaffMember, { params: { accountId: member.accountId }, body: { version: member.version } }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'STAFF_SELF_LOCKOUT' });
    }
  });

  it('deactivates: the person’s next request to the business is refused; reactivation gives back role and stores', async () => {
    const address = email();
    const member = await join({
      name: 'Peter Otieno',
      email: address,
      roleId: tenantRoles.IPOS_MANAGER_USER!.id,
      storeIds: [tenant.storeId],
    });
    const report = () =>
      as(address, tenant.storeId)(getSalesReport, { query: { from: '2026-01-01', to: '2026-01-31' } });
    expect((await report()).statusCode).toBe(200);
    const off = await owner()(deactivateStaffMember, {
      params: { accountId: member.accountId },
      body: { version: member.version },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'inactive', version: member.version + 1 });
    // The same token, at once: this business is shut to them, and they are told why.
    const shut = await report();
    expect(shut.statusCode).toBe(403);
    expect(shut.json()).toMatchObject({ code: 'STAFF_DEACTIVATED' });
    const list = (await owner()(listStaff, { query: { status: 'inactive' } })).json() as { items: StaffMember[] };
    expect(list.items.map((m) => m.accountId)).toEqual([member.accountId]);

    const on = await owner()(reactivateStaffMember, {
      params: { accountId: member.accountId },
      body: { version: member.version + 1 },
    });
    expect(on.json()).toMatchObject({
      status: 'active',
      role: { name: 'IPOS_MANAGER_USER' },
      stores: [{ id: tenant.storeId }],
    });
    expect((await report()).statusCode).toBe(200);
    expect((await staffAudit(tenant.businessId, member.accountId)).slice(0, 2).map((e) => e.action)).toEqual([
      'staff.reactivated',
      'staff.deactivated',
    ]);
  });

  it('re-sends a default password by mail to someone of the business who has never signed in, only then', async () => {
    // The demo's new hire: made by Demo Mart, on a default password, never signed in.
    const newhire = await server.accountId(DEMO.newhire);
    const row = (await demoOwner()(getStaffMember, { params: { accountId: newhire } })).json() as StaffMember;
    const res = await demoOwner()(resendStaffInvitation, {
      params: { accountId: newhire },
      body: { version: row.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accountId: newhire, status: 'invited', version: row.version + 1 });
    const password = defaultPasswordIn((await latestMailTo(server, DEMO.newhire))?.textBody);
    expect(res.body).not.toContain(password!);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, newhire));
    expect(await verifySecret(password!, account!.passwordHash)).toBe(true);

    // Once they have used their account, nobody sends them a password again.
    await caller(server, DEMO.newhire)(listMyInvitations);
    const late = await demoOwner()(resendStaffInvitation, {
      params: { accountId: newhire },
      body: { version: row.version + 1 },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'INVITATION_ACCEPTED' });
  });

  it('lists, searches and filters the business’s people only', async () => {
    const all = (await demoOwner()(listStaff)).json() as { items: StaffMember[]; total: number };
    expect(all.items.map((m) => m.email)).toEqual(
      expect.arrayContaining([DEMO.admin, DEMO.manager, DEMO.cashier, DEMO.newhire]),
    );
    expect(all.items.every((m) => !m.email.endsWith('other.ipos.test'))).toBe(true);
    const byStore = (await demoOwner()(listStaff, { query: { storeId: demo.ikejaId } })).json() as {
      items: StaffMember[];
    };
    expect(byStore.items.map((m) => m.email)).toContain(DEMO.cashier);
    expect(byStore.items.every((m) => m.stores.some((s) => s.id === demo.ikejaId))).toBe(true);
    const byRole = (await demoOwner()(listStaff, { query: { roleId: demoRoles.IPOS_ADMIN!.id } })).json() as {
      items: StaffMember[];
    };
    expect(byRole.items.map((m) => m.email).sort()).toEqual([DEMO.admin, DEMO.owner].sort());
    expect(byRole.items.find((m) => m.email === DEMO.owner)?.isOwner).toBe(true);
    const invited = (await demoOwner()(listStaff, { query: { status: 'invited' } })).json() as { items: StaffMember[] };
    expect(invited.items.map((m) => m.email)).toContain(DEMO.newhire);
    expect(invited.items.every((m) => m.status === 'invited')).toBe(true);
    const search = (await demoOwner()(listStaff, { query: { search: 'MANAGER@demo' } })).json() as {
      items: StaffMember[];
      total: number;
    };
    expect(search.items.map((m) => m.email)).toEqual([DEMO.manager]);
    expect(search.total).toBe(1);
  });

  it('needs settings.staff, and answers 404 for another business’s people', async () => {
    const cashierInDemo = as(DEMO.cashier, demo.ikejaId);
    expect((await cashierInDemo(listStaff)).statusCode).toBe(403);
    const admin = await server.accountId(DEMO.admin);
    expect((await owner()(getStaffMember, { params: { accountId: admin } })).statusCode).toBe(404);
    const before = await snapshotDatabase(server, quiet);
    for (const res of [
      await owner()(updateStaffMember, {
        params: { accountId: admin },
        body: { version: 1, roleId: tenantRoles.IPOS_BASIC!.id, storeIds: [tenant.storeId] },
      }),
      await owner()(deactivateStaffMember, { params: { accountId: admin }, body: { version: 1 } }),
      await owner()(resendStaffInvitation, { params: { accountId: admin }, body: { version: 1 } }),
    ])
      expect(res.statusCode).toBe(404);
    expect(await snapshotDatabase(server, quiet)).toEqual(before);
    const rows = await db().select({ n: count() }).from(staffMembers).where(eq(staffMembers.accountId, admin));
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
