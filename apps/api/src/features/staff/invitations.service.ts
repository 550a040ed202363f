import type {
  createStaffMemberBodySchema,
  MyInvitation,
  StaffInvitation,
  StaffMember,
  InvitationStatus,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { StoreAccess } from '../../auth/access.js';
import { recordAudit } from '../../audit/audit.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, checkVersion, notFound } from '../../http/app-error.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { newId } from '../../lib/ids.js';
import { iso } from '../../lib/records.js';
import { hashSecret } from '../../lib/secrets.js';
import { findAccountByEmail, findAccountById, updateAccount } from '../../tenancy/accounts.js';
import { createAccount } from '../accounts/accounts.service.js';
import { assertPlanAllows } from '../plans/plans.service.js';
import {
  businessesOf,
  findInvitation,
  findInvitationOfAccount,
  findPendingInvitationOf,
  insertInvitation,
  listInvitationRows,
  listMyInvitationRows,
  updateInvitation,
  type InvitationRow,
} from './invitations.repository.js';
import { findRoleRow } from './roles.repository.js';
import {
  findStaffRow,
  insertStaffRow,
  lockBusiness,
  replaceMemberships,
  storesOfBusiness,
  updateStaffRow,
} from './staff.repository.js';
import {
  actorReach,
  checkReach,
  defaultPassword,
  getStaffMember,
  loadChangeableStaff,
  loadRole,
  loadStores,
  roleAudit,
} from './staff.service.js';

/**
 * Invitations (decision 0022): a business never changes anything about a person who has not accepted
 * its invitation, and learns nothing about them beyond "invitation sent". Inviting an address answers
 * the same whether or not it has an account — the same fields, the same scrypt work — and the audit
 * trail records only what the business typed. An address with no account gets one whose default
 * password goes by mail only; that password is set or re-sent only while the business that made the
 * account is the only one to know of it (nobody has signed in, no business holds the person).
 * Accepting makes the person's staff row and memberships; until then they open nothing of the business.
 */

type InviteBody = z.output<typeof createStaffMemberBodySchema>;

const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

function statusOf(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date): InvitationStatus {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status as InvitationStatus;
}

/**
 * Invitations as the business sees them: its own words, their role and stores, and the answer. One
 * read of the stores and one per distinct role, however many invitations (all of one business).
 */
async function invitationViews(db: Executor, rows: InvitationRow[], now: Date): Promise<StaffInvitation[]> {
  const businessId = rows[0]?.businessId;
  if (!businessId) return [];
  const roleIds = [...new Set(rows.map((row) => row.roleId))];
  const [roles, stores] = await Promise.all([
    Promise.all(roleIds.map((id) => findRoleRow(db, businessId, id))),
    storesOfBusiness(db, businessId, [...new Set(rows.flatMap((row) => row.storeIds))]),
  ]);
  const roleById = new Map(roles.flatMap((role) => (role ? [[role.id, role] as const] : [])));
  const byName = [...stores].sort((a, b) => a.name.localeCompare(b.name));
  return rows.map((row) => {
    const role = roleById.get(row.roleId);
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      phone: row.phone,
      role: { id: row.roleId, name: role?.name ?? '—', isSystem: role?.isSystem ?? false },
      stores: byName.filter((store) => row.storeIds.includes(store.id)),
      status: statusOf(row, now),
      invitedAt: iso(row.invitedAt),
      expiresAt: iso(row.expiresAt),
      respondedAt: row.respondedAt ? iso(row.respondedAt) : null,
      version: row.version,
    };
  });
}

const invitationView = async (db: Executor, row: InvitationRow, now: Date) =>
  (await invitationViews(db, [row], now))[0]!;

function invitationMail(
  deps: AppDeps,
  invitation: { email: string; name: string },
  businessName: string,
  role: string,
  stores: { name: string }[],
  password: string | null,
) {
  const where = stores.map((s) => s.name).join(', ');
  const signIn = `${deps.config.publicUrl}/?isAdmin=false`;
  const offer = `${businessName} invited you to join its staff on iPos as ${role} in ${where}.`;
  const text = password
    ? `Hello ${invitation.name},\n\n${offer}\n\nSign in at ${signIn} with this email address and the password:\n\n    ${password}\n\nYou will choose your own password and a PIN, then accept or decline the invitation.\n\niPos`
    : `Hello ${invitation.name},\n\n${offer}\n\nSign in at ${signIn} with your iPos account to accept or decline it. Nothing about your account changes unless you accept.\n\niPos`;
  return { to: invitation.email, subject: `${businessName} invited you to its staff on iPos`, text };
}

/**
 * A default password for an account the inviting business made, while nobody else knows of it: never
 * signed in to, and working in no business. Otherwise null, after the same scrypt work, so the time
 * taken does not tell the inviter which it was.
 */
async function defaultPasswordFor(
  deps: AppDeps,
  tx: Executor,
  businessId: string,
  account: { id: string; firstSignedInAt: Date | null } | null,
  createdAccount: boolean,
): Promise<{ password: string | null; hash: string }> {
  const password = defaultPassword();
  const hash = await hashSecret(password);
  if (deps.config.oidc.externalIssuer || !createdAccount) return { password: null, hash };
  if (account) {
    const elsewhere = (await businessesOf(tx, account.id)).some((b) => b.id !== businessId);
    if (account.firstSignedInAt || elsewhere) return { password: null, hash };
  }
  return { password, hash };
}

/** POST /staff (and admin mode's invite): an invitation to the address, with the role and stores offered. */
export async function inviteStaffMemberIn(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  body: InviteBody,
): Promise<StaffInvitation> {
  await lockBusiness(tx, scope.businessId);
  const role = await loadRole(tx, scope.businessId, body.roleId);
  const stores = await loadStores(tx, scope.businessId, body.storeIds);
  checkReach(await actorReach(tx, actor, scope), stores, role);

  const existing = await findAccountByEmail(tx, body.email);
  if (existing && (await findStaffRow(tx, scope.businessId, existing.id)))
    throw new AppError('STAFF_EXISTS', `${body.email} already works in the business; open their page to change it`, {
      errors: [{ field: 'email', message: 'Already on the staff of the business' }],
      accountId: existing.id,
    });
  if (existing && (await findPendingInvitationOf(tx, scope.businessId, existing.id)))
    throw new AppError('INVITATION_PENDING', `${body.email} has an invitation waiting; re-send or withdraw it`, {
      errors: [{ field: 'email', message: 'Already invited' }],
    });
  await assertPlanAllows(tx, scope.businessId, 'staff');

  const { password, hash } = await defaultPasswordFor(deps, tx, scope.businessId, null, !existing);
  const accountId =
    existing?.id ??
    (await createAccount(deps, tx, {
      email: body.email,
      name: body.name,
      phone: body.phone,
      passwordHash: password ? hash : null,
      mustChangePassword: password !== null,
    }));
  const now = deps.now();
  const row: InvitationRow = {
    businessId: scope.businessId,
    id: newId(),
    email: body.email,
    name: body.name,
    phone: body.phone,
    accountId,
    createdAccount: !existing,
    roleId: role.id,
    storeIds: body.storeIds,
    invitedBy: actor.accountId!,
    invitedAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    status: 'pending',
    respondedAt: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await insertInvitation(tx, row);
  await deps.mailer.enqueue(tx, invitationMail(deps, body, scope.businessName, role.name, stores, password));
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'staff.invited',
    entity: 'staff_invitation',
    entityId: row.id,
    before: null,
    after: { email: body.email, name: body.name, ...roleAudit(role, stores) },
  });
  return invitationView(tx, row, now);
}

export async function listStaffInvitations(db: Executor, deps: AppDeps, scope: StoreAccess) {
  const now = deps.now();
  const rows = await listInvitationRows(db, scope.businessId, now);
  return { items: await invitationViews(db, rows, now) };
}

/** An unanswered invitation of the business, locked, that the actor may handle (its role and stores are within theirs). */
async function loadOpenInvitation(tx: Tx, actor: Actor, scope: StoreAccess, invitationId: string, version: number) {
  await lockBusiness(tx, scope.businessId);
  const row = await findInvitation(tx, scope.businessId, invitationId, { forUpdate: true });
  if (!row) throw notFound('The invitation');
  checkVersion('this invitation', row.version, version);
  if (row.status !== 'pending')
    throw new AppError('INVITATION_INVALID', `This invitation was already ${row.status}; invite the person again`);
  const role = await loadRole(tx, scope.businessId, row.roleId);
  const stores = await storesOfBusiness(tx, scope.businessId, row.storeIds);
  checkReach(await actorReach(tx, actor, scope), stores, role);
  return { row, role, stores };
}

export async function resendStaffInvitationIn(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  invitationId: string,
  version: number,
): Promise<StaffInvitation> {
  const { row, role, stores } = await loadOpenInvitation(tx, actor, scope, invitationId, version);
  const account = (await findAccountById(tx, row.accountId))!;
  const { password, hash } = await defaultPasswordFor(deps, tx, scope.businessId, account, row.createdAccount);
  if (password) await updateAccount(tx, account.id, { passwordHash: hash, mustChangePassword: true });
  const now = deps.now();
  const renewed = { invitedAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) };
  await updateInvitation(tx, scope.businessId, row.id, renewed);
  await deps.mailer.enqueue(tx, invitationMail(deps, row, scope.businessName, role.name, stores, password));
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'staff.invitation_resent',
    entity: 'staff_invitation',
    entityId: row.id,
    before: { expiresAt: iso(row.expiresAt) },
    after: { expiresAt: iso(renewed.expiresAt) },
  });
  return invitationView(tx, { ...row, ...renewed, version: row.version + 1 }, now);
}

export async function withdrawStaffInvitationIn(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  invitationId: string,
  version: number,
): Promise<StaffInvitation> {
  const { row } = await loadOpenInvitation(tx, actor, scope, invitationId, version);
  const now = deps.now();
  await updateInvitation(tx, scope.businessId, row.id, { status: 'withdrawn', respondedAt: now });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'staff.invitation_withdrawn',
    entity: 'staff_invitation',
    entityId: row.id,
    before: { status: 'pending' },
    after: { status: 'withdrawn' },
  });
  return invitationView(tx, { ...row, status: 'withdrawn', respondedAt: now, version: row.version + 1 }, now);
}

/**
 * POST /staff/:accountId/invitation: a new default password by mail for someone of the business still
 * on theirs, only while the account has never been signed in to and works in no other business (which
 * means this business made it); a `staff.invitation_resent` event either way it goes out.
 */
export async function resendDefaultPasswordIn(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  accountId: string,
  version: number,
): Promise<StaffMember> {
  const { target, held, heldRole } = await loadChangeableStaff(tx, actor, scope, accountId, version);
  if (target.deactivatedAt)
    throw new AppError('INVITATION_ACCEPTED', `${target.name} is deactivated; reactivate them first`);
  const account = (await findAccountById(tx, accountId))!;
  const { password, hash } = target.mustChangePassword
    ? await defaultPasswordFor(deps, tx, scope.businessId, account, true)
    : { password: null, hash: '' };
  if (!password)
    throw new AppError(
      'INVITATION_ACCEPTED',
      `${target.name} has signed in already; they can reset their password from the sign-in page`,
    );
  await updateAccount(tx, accountId, { passwordHash: hash, mustChangePassword: true });
  await updateStaffRow(tx, scope.businessId, accountId, { invitedAt: deps.now() });
  await deps.mailer.enqueue(
    tx,
    invitationMail(
      deps,
      target,
      scope.businessName,
      heldRole?.roleName ?? '',
      held.map((m) => ({ name: m.storeName })),
      password,
    ),
  );
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'staff.invitation_resent',
    entity: 'staff',
    entityId: accountId,
    before: null,
    after: { email: target.email },
  });
  return getStaffMember(tx, scope, accountId);
}

// ---------------------------------------------------------------- the invited person's side

export async function listMyInvitations(db: Executor, deps: AppDeps, accountId: string) {
  const rows = await listMyInvitationRows(db, accountId, deps.now());
  const items: MyInvitation[] = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      businessName: row.businessName,
      roleName: row.roleName,
      stores: (await storesOfBusiness(db, row.businessId, row.storeIds))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(({ name, alias }) => ({ name, alias })),
      invitedByName: row.invitedByName,
      invitedAt: iso(row.invitedAt),
      expiresAt: iso(row.expiresAt),
    })),
  );
  return { items };
}

const invitationInvalid = () =>
  new AppError('INVITATION_INVALID', 'This invitation was withdrawn, answered or has expired; ask the business again');

/** The caller's own open invitation, locked under its business's lock (staff changes go one at a time). */
async function loadMyInvitation(tx: Tx, deps: AppDeps, accountId: string, invitationId: string) {
  const found = await findInvitationOfAccount(tx, accountId, invitationId);
  if (!found) throw notFound('The invitation');
  await lockBusiness(tx, found.businessId);
  const row = (await findInvitation(tx, found.businessId, invitationId, { forUpdate: true }))!;
  if (statusOf(row, deps.now()) !== 'pending') throw invitationInvalid();
  return row;
}

export async function acceptMyInvitationIn(deps: AppDeps, tx: Tx, actor: Actor, invitationId: string) {
  const account = (await findAccountById(tx, actor.accountId!))!;
  // A password someone else chose proves only that the mail arrived: the person answers as themselves.
  if (account.mustChangePassword)
    throw new AppError('PASSWORD_CHANGE_REQUIRED', 'Replace the password you were given before you continue');
  const row = await loadMyInvitation(tx, deps, account.id, invitationId);
  const stores = await storesOfBusiness(tx, row.businessId, row.storeIds);
  const role = await findRoleRow(tx, row.businessId, row.roleId);
  if (stores.length === 0 || !role) throw invitationInvalid();
  // Already on the staff (their place was made another way meanwhile): the answer changes nothing more.
  if (await findStaffRow(tx, row.businessId, account.id)) {
    await updateInvitation(tx, row.businessId, row.id, { status: 'accepted', respondedAt: deps.now() });
    return { businessId: row.businessId, storeIds: stores.map((s) => s.id) };
  }
  await assertPlanAllows(tx, row.businessId, 'staff');
  const now = deps.now();
  await insertStaffRow(tx, { businessId: row.businessId, accountId: account.id, invitedAt: row.invitedAt });
  await replaceMemberships(
    tx,
    row.businessId,
    account.id,
    role.id,
    stores.map((s) => s.id),
  );
  await updateInvitation(tx, row.businessId, row.id, { status: 'accepted', respondedAt: now });
  await recordAudit(tx, actor, {
    businessId: row.businessId,
    action: 'staff.invitation_accepted',
    entity: 'staff',
    entityId: account.id,
    before: null,
    after: { name: account.name, email: account.email, ...roleAudit(role, stores) },
  });
  return { businessId: row.businessId, storeIds: stores.map((s) => s.id) };
}

export async function declineMyInvitationIn(deps: AppDeps, tx: Tx, actor: Actor, invitationId: string) {
  const row = await loadMyInvitation(tx, deps, actor.accountId!, invitationId);
  await updateInvitation(tx, row.businessId, row.id, { status: 'declined', respondedAt: deps.now() });
  // The trail names no actor: the business learns the answer, not who holds the account.
  await recordAudit(
    tx,
    { ...actor, accountId: null },
    {
      businessId: row.businessId,
      action: 'staff.invitation_declined',
      entity: 'staff_invitation',
      entityId: row.id,
      before: { status: 'pending' },
      after: { status: 'declined', email: row.email },
    },
  );
}
