import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  acceptMyInvitation,
  createStaffMember,
  declineMyInvitation,
  getStaffMember,
  listContacts,
  listMyInvitations,
  listRoles,
  listStaff,
  listStaffInvitations,
  replaceDefaultPassword,
  resendStaffInvitation,
  resendStaffInvitationById,
  resetStaffPin,
  withdrawStaffInvitation,
  type MyInvitation,
  type Role,
  type StaffInvitation,
  type StaffMember,
} from '@ipos/contracts';
import { accounts, auditEvents, businesses } from '../../src/db/schema.js';
import { verifySecret } from '../../src/lib/secrets.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, snapshotDatabase, type Tenant } from '../support/isolation.js';
import { latestMailTo, mailsTo } from '../support/mail.js';
import { caller } from '../inventory/helpers.js';

/**
 * Consent (decision 0022): a business never changes anything about a person who has not accepted its
 * invitation and learns nothing of them beyond "invitation sent". The first two cases are the outside
 * probe's findings, step by step: taking over another business's invited staff, and attaching any
 * existing account (even another business's owner) and resetting its PIN.
 */
describe('staff invitations', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let attacker: Tenant;
  let attackerRoles: Record<string, Role>;
  let demoRoles: Record<string, Role>;
  const as = (email: string, storeId?: string) => {
    const call = caller(server, email);
    return (endpoint: Parameters<typeof call>[0], options: Parameters<typeof call>[1] = {}) =>
      call(endpoint, { storeId, ...options });
  };
  const demoOwner = () => as(DEMO.owner, demo.lekkiId);
  const attackerOwner = () => as(attacker.email, attacker.storeId);
  const db = () => server.deps.database.db;
  const quiet = { ignoreTables: ['mail_outbox'] };
  const passwordIn = (text: string | undefined) => text?.match(/\b([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\b/)?.[1];
  let n = 0;
  const email = () => `invitee-${Date.now().toString(36)}-${++n}@people.ipos.test`;
  const rolesOf = async (email: string, storeId: string) =>
    Object.fromEntries(
      ((await as(email, storeId)(listRoles)).json() as { items: Role[] }).items.map((r) => [r.name, r]),
    );
  const invite = async (by: ReturnType<typeof as>, body: Record<string, unknown>) => {
    const res = await by(createStaffMember, { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as StaffInvitation;
  };
  const auditOf = (businessId: string) =>
    db().select().from(auditEvents).where(eq(auditEvents.businessId, businessId)).orderBy(desc(auditEvents.id));

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    attacker = await registerTenant(server, { businessName: 'Probe Traders' });
    await db().update(businesses).set({ plan: 'business' }).where(eq(businesses.id, attacker.businessId));
    attackerRoles = await rolesOf(attacker.email, attacker.storeId);
    demoRoles = await rolesOf(DEMO.owner, demo.lekkiId);
  });
  afterAll(() => server.close());

  it('another business cannot take over a person Demo Mart invited, nor learn that they exist', async () => {
    // Demo Mart invites a new cashier; the default password goes to them by mail.
    const victim = email();
    await invite(demoOwner(), {
      name: 'Chidi Okafor',
      email: victim,
      roleId: demoRoles.IPOS_BASIC!.id,
      storeIds: [demo.lekkiId],
    });
    const demoPassword = passwordIn((await latestMailTo(server, victim))?.textBody)!;
    const victimId = await server.accountId(victim);

    // The attacker "adds" the same address: an invitation, answered exactly as for an unknown address.
    const probe = await invite(attackerOwner(), {
      name: 'Anyone',
      email: victim,
      roleId: attackerRoles.IPOS_ADMIN!.id,
      storeIds: [attacker.storeId],
    });
    const control = await invite(attackerOwner(), {
      name: 'Anyone',
      email: email(),
      roleId: attackerRoles.IPOS_ADMIN!.id,
      storeIds: [attacker.storeId],
    });
    const shape = (i: StaffInvitation) => ({ ...i, id: 'id', email: 'email', invitedAt: 't', expiresAt: 't' });
    expect(shape(probe)).toEqual(shape(control));
    expect(JSON.stringify(probe)).not.toContain(victimId);
    expect(JSON.stringify(probe)).not.toContain('Chidi');

    // What was the takeover: the re-sent invitation with a new default password.
    const before = await snapshotDatabase(server, quiet);
    const byAccount = await attackerOwner()(resendStaffInvitation, {
      params: { accountId: victimId },
      body: { version: 1 },
    });
    expect(byAccount.statusCode).toBe(404);
    expect(await snapshotDatabase(server, quiet)).toEqual(before);
    const resent = await attackerOwner()(resendStaffInvitationById, {
      params: { invitationId: probe.id },
      body: { version: probe.version },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(Object.keys(resent.json())).not.toContain('defaultPassword');
    // The attacker's mail carries no password, the account's password is Demo Mart's still.
    expect(passwordIn((await latestMailTo(server, victim))?.textBody)).toBeUndefined();
    const [account] = await db().select().from(accounts).where(eq(accounts.id, victimId));
    expect(await verifySecret(demoPassword, account!.passwordHash)).toBe(true);
    expect(account!.mustChangePassword).toBe(true);

    // Nothing of the attacker's opens to the victim, nor the victim's business to the attacker.
    const me = await server.me(victim);
    expect(me.body.memberships.map((m) => m.businessId)).toEqual([]);
    expect((await attackerOwner()(listStaff)).json().items.map((m: StaffMember) => m.email)).not.toContain(victim);
    expect((await as(attacker.email, demo.lekkiId)(listContacts, { query: { kind: 'customer' } })).statusCode).toBe(
      404,
    );
  });

  it('never attaches an existing account without consent: no name, no PIN state, no PIN reset, no store', async () => {
    const demoOwnerId = await server.accountId(DEMO.owner);
    const [ownerBefore] = await db().select().from(accounts).where(eq(accounts.id, demoOwnerId));
    const demoTrail = (await auditOf(demo.businessId)).length;
    const invitation = await invite(attackerOwner(), {
      name: 'Typed By Attacker',
      email: DEMO.owner,
      roleId: attackerRoles.IPOS_BASIC!.id,
      storeIds: [attacker.storeId],
    });
    expect(Object.keys(invitation).sort()).toEqual([
      'email',
      'expiresAt',
      'id',
      'invitedAt',
      'name',
      'phone',
      'respondedAt',
      'role',
      'status',
      'stores',
      'version',
    ]);
    expect(invitation).toMatchObject({ name: 'Typed By Attacker', status: 'pending' });
    expect(JSON.stringify(invitation)).not.toContain(demoOwnerId);

    const pin = await attackerOwner()(resetStaffPin, { params: { accountId: demoOwnerId } });
    expect(pin.statusCode).toBe(404);
    expect((await attackerOwner()(getStaffMember, { params: { accountId: demoOwnerId } })).statusCode).toBe(404);
    const [ownerAfter] = await db().select().from(accounts).where(eq(accounts.id, demoOwnerId));
    expect(ownerAfter!.pinHash).toBe(ownerBefore!.pinHash);
    expect((await server.me(DEMO.owner)).body.memberships.map((m) => m.businessId)).not.toContain(attacker.businessId);
    // Demo Mart's trail is Demo Mart's: nothing the attacker did lands there.
    expect((await auditOf(demo.businessId)).length).toBe(demoTrail);
    // The attacker's trail holds only what it typed.
    const [event] = await auditOf(attacker.businessId);
    expect(event).toMatchObject({ action: 'staff.invited', entityId: invitation.id });
    expect(JSON.stringify(event)).not.toContain(demoOwnerId);

    // The owner is told by mail and at sign-in; declining tells the business no more than the answer.
    expect((await latestMailTo(server, DEMO.owner))?.textBody).toContain('Nothing about your account changes');
    const mine = (await as(DEMO.owner)(listMyInvitations)).json() as { items: MyInvitation[] };
    expect(mine.items.find((i) => i.id === invitation.id)).toMatchObject({
      businessName: 'Probe Traders',
      roleName: 'IPOS_BASIC',
      stores: [{ alias: expect.any(String) }],
    });
    const declined = await as(DEMO.owner)(declineMyInvitation, { params: { invitationId: invitation.id } });
    expect(declined.statusCode, declined.body).toBe(204);
    const list = (await attackerOwner()(listStaffInvitations)).json() as { items: StaffInvitation[] };
    expect(list.items.find((i) => i.id === invitation.id)).toMatchObject({
      status: 'declined',
      name: 'Typed By Attacker',
    });
    const [declineEvent] = await auditOf(attacker.businessId);
    expect(declineEvent).toMatchObject({ action: 'staff.invitation_declined', actorAccountId: null });
    // An answered invitation cannot be accepted afterwards.
    const late = await as(DEMO.owner)(acceptMyInvitation, { params: { invitationId: invitation.id } });
    expect(late.json()).toMatchObject({ code: 'INVITATION_INVALID' });
  });

  it('accepting joins the business with the offered role; a PIN reset then reaches every business and the person', async () => {
    const address = email();
    // The person has their own business first.
    const own = await registerTenant(server, { email: address, businessName: 'Own Kiosk' });
    const invitation = await invite(demoOwner(), {
      name: 'Kiosk Owner',
      email: address,
      roleId: demoRoles.IPOS_BASIC!.id,
      storeIds: [demo.lekkiId],
    });
    // Someone else's invitation is not theirs to answer.
    const stranger = await as(DEMO.cashier)(acceptMyInvitation, { params: { invitationId: invitation.id } });
    expect(stranger.statusCode).toBe(404);
    const accepted = await as(address)(acceptMyInvitation, { params: { invitationId: invitation.id } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ businessId: demo.businessId, storeIds: [demo.lekkiId] });
    const accountId = own.accountId;
    const member = (await demoOwner()(getStaffMember, { params: { accountId } })).json() as StaffMember;
    expect(member).toMatchObject({ status: 'active', role: { name: 'IPOS_BASIC' }, stores: [{ id: demo.lekkiId }] });

    const reset = await as(DEMO.manager, demo.lekkiId)(resetStaffPin, { params: { accountId } });
    expect(reset.statusCode, reset.body).toBe(204);
    for (const businessId of [demo.businessId, own.businessId]) {
      const events = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.businessId, businessId), eq(auditEvents.action, 'staff.pin_reset')));
      expect(events.map((e) => e.entityId)).toContain(accountId);
    }
    const mails = await mailsTo(server, address);
    expect(mails.map((m) => m.subject)).toContain('Your iPos PIN was reset');
  });

  it('withdraws and re-sends only invitations of the business, within the role and stores the caller gives', async () => {
    const address = email();
    const invitation = await invite(demoOwner(), {
      name: 'Admin To Be',
      email: address,
      roleId: demoRoles.IPOS_ADMIN!.id,
      storeIds: [demo.lekkiId],
    });
    // A manager gives no administrator's role: neither re-sends nor withdraws one.
    const manager = as(DEMO.manager, demo.lekkiId);
    for (const endpoint of [resendStaffInvitationById, withdrawStaffInvitation]) {
      const res = await manager(endpoint, { params: { invitationId: invitation.id }, body: { version: 1 } });
      expect(res.statusCode).toBe(403);
    }
    // Another business: not found.
    const foreign = await attackerOwner()(withdrawStaffInvitation, {
      params: { invitationId: invitation.id },
      body: { version: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    const withdrawn = await demoOwner()(withdrawStaffInvitation, {
      params: { invitationId: invitation.id },
      body: { version: 1 },
    });
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', version: 2 });
    await as(address)(replaceDefaultPassword, { body: { newPassword: 'MyOwnPass1' } });
    expect(((await as(address)(listMyInvitations)).json() as { items: MyInvitation[] }).items).toEqual([]);
    const late = await as(address)(acceptMyInvitation, { params: { invitationId: invitation.id } });
    expect(late.json()).toMatchObject({ code: 'INVITATION_INVALID' });
  });

  it('asks a person on a default password to replace it before answering', async () => {
    const address = email();
    const invitation = await invite(demoOwner(), {
      name: 'New Person',
      email: address,
      roleId: demoRoles.IPOS_BASIC!.id,
      storeIds: [demo.ikejaId],
    });
    const res = await as(address)(acceptMyInvitation, { params: { invitationId: invitation.id } });
    expect(res.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
  });
});
