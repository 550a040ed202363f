import { randomInt } from 'node:crypto';
import {
  passwordSchema,
  type createStaffMemberBodySchema,
  type listStaffQuerySchema,
  type Permission,
  type StaffInvitation,
  type StaffMember,
  type StaffOptions,
  type updateStaffMemberBodySchema,
} from '@ipos/contracts';
import type { z } from 'zod';
import { listStoreAccess, rolePermissions, type StoreAccess } from '../../auth/access.js';
import { recordAudit } from '../../audit/audit.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, checkVersion, notFound } from '../../http/app-error.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { hashSecret } from '../../lib/secrets.js';
import { findAccountByEmail, getAccountForUpdate, updateAccount } from '../accounts/accounts.repository.js';
import { createAccount } from '../onboarding/onboarding.service.js';
import { assertPlanAllows } from '../plans/plans.service.js';
import { listStoresOfBusinesses } from '../businesses/businesses.repository.js';
import { findRoleRow, listRoleRows } from './roles.repository.js';
import {
  countActiveAdmins,
  findStaffRow,
  insertStaffRow,
  isBusinessOwner,
  isStoreMember,
  listStaffRows,
  lockBusiness,
  membershipsOf,
  replaceMemberships,
  storesOfBusiness,
  updateStaffRow,
  type StaffMembershipRow,
  type StaffRow,
} from './staff.repository.js';

/**
 * Staff (issue 8 item 3): the business's people, one role across the stores they work in. A person
 * with settings.staff manages people only in stores where they hold it, and gives only roles whose
 * every permission they hold there themselves: a manager cannot make an administrator, nor change one.
 * Changes of one business's staff run one at a time (the business row's lock), so the rules that
 * count people (the last administrator) hold under concurrent requests.
 */

type CreateBody = z.output<typeof createStaffMemberBodySchema>;
type UpdateBody = z.output<typeof updateStaffMemberBodySchema>;

const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A default password people can read out and type: three groups of four, with letters and digits. */
export function defaultPassword(): string {
  for (;;) {
    const groups = Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => READABLE[randomInt(READABLE.length)]).join(''),
    );
    const password = groups.join('-');
    if (passwordSchema.safeParse(password).success) return password;
  }
}

function toMember(row: StaffRow, held: StaffMembershipRow[]): StaffMember {
  const first = held[0];
  return {
    accountId: row.accountId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: first
      ? { id: first.roleId, name: first.roleName, isSystem: first.roleIsSystem }
      : { id: '00000000-0000-0000-0000-000000000000', name: '—', isSystem: false },
    stores: held.map((m) => ({ id: m.storeId, name: m.storeName, alias: m.storeAlias })),
    status: row.deactivatedAt ? 'inactive' : row.mustChangePassword ? 'invited' : 'active',
    isOwner: row.isOwner,
    hasPin: row.hasPin,
    isPinLocked: row.isPinLocked,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    version: row.version,
  };
}

async function memberOf(db: Executor, businessId: string, row: StaffRow): Promise<StaffMember> {
  return toMember(row, await membershipsOf(db, businessId, [row.accountId]));
}

export async function listStaff(db: Executor, scope: StoreAccess, query: z.output<typeof listStaffQuerySchema>) {
  const search = query.search?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const digits = query.search?.replace(/\D/g, '');
  const { rows, total } = await listStaffRows(db, {
    businessIds: [scope.businessId],
    pattern: search ? `%${search}%` : undefined,
    digits: digits && digits.length >= 3 ? `%${digits}%` : undefined,
    storeId: query.storeId,
    roleId: query.roleId,
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const held = await membershipsOf(
    db,
    scope.businessId,
    rows.map((r) => r.accountId),
  );
  return {
    items: rows.map((row) =>
      toMember(
        row,
        held.filter((m) => m.accountId === row.accountId),
      ),
    ),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function loadStaff(db: Executor, scope: StoreAccess, accountId: string, forUpdate = false) {
  const row = await findStaffRow(db, scope.businessId, accountId, { forUpdate });
  if (!row) throw notFound('The staff member');
  return row;
}

export async function getStaffMember(db: Executor, scope: StoreAccess, accountId: string): Promise<StaffMember> {
  return memberOf(db, scope.businessId, await loadStaff(db, scope, accountId));
}

/**
 * What the actor may do with staff in each store of the business: the permissions they hold there
 * (an owner holds IPOS_ADMIN's everywhere).
 */
async function actorReach(db: Executor, actor: Actor, scope: StoreAccess): Promise<Map<string, Set<Permission>>> {
  const access = await listStoreAccess(db, actor.accountId!);
  return new Map(
    access.filter((a) => a.businessId === scope.businessId).map((a) => [a.storeId, new Set(a.permissions)]),
  );
}

/**
 * The actor may place a role in these stores: each is a store of the business where they hold
 * settings.staff and every permission of the role.
 */
function checkReach(
  reach: Map<string, Set<Permission>>,
  stores: { id: string; name: string }[],
  role: { name: string; permissions: readonly Permission[] },
) {
  for (const store of stores) {
    const held = reach.get(store.id);
    if (!held?.has('settings.staff')) throw new AppError('FORBIDDEN', `You do not manage the staff of ${store.name}`);
    const missing = role.permissions.filter((p) => !held.has(p));
    if (missing.length > 0)
      throw new AppError(
        'FORBIDDEN',
        `The role ${role.name} allows what your role in ${store.name} does not (${missing.join(', ')}); an administrator can do this`,
      );
  }
}

async function loadRole(db: Executor, businessId: string, roleId: string) {
  const row = await findRoleRow(db, businessId, roleId);
  if (!row)
    throw new AppError('VALIDATION_FAILED', 'The role was not found', {
      errors: [{ field: 'roleId', message: 'Not a role of the business' }],
    });
  return {
    ...row,
    permissions: rolePermissions({ roleName: row.name, roleIsSystem: row.isSystem, rolePermissions: row.permissions }),
  };
}

async function loadStores(db: Executor, businessId: string, storeIds: string[]) {
  const found = await storesOfBusiness(db, businessId, storeIds);
  if (found.length !== storeIds.length)
    throw new AppError('VALIDATION_FAILED', 'A store was not found', {
      errors: [{ field: 'storeIds', message: 'Not a store of the business' }],
    });
  return found;
}

const isAdminRole = (role: { name: string; isSystem: boolean }) => role.isSystem && role.name === 'IPOS_ADMIN';

/** The business keeps someone active who holds the IPOS_ADMIN role. */
async function checkNotLastAdmin(
  tx: Executor,
  businessId: string,
  target: StaffRow,
  heldRole: { name: string; isSystem: boolean },
) {
  if (!isAdminRole(heldRole) || target.deactivatedAt) return;
  if ((await countActiveAdmins(tx, businessId, target.accountId)) === 0)
    throw new AppError(
      'LAST_ADMIN',
      `${target.name} is the business’s last active administrator; make someone else an administrator first`,
    );
}

function refuseOwner(target: StaffRow) {
  if (target.isOwner)
    throw new AppError(
      'STAFF_IS_OWNER',
      `${target.name} owns the business: they are its administrator in every store, whatever is set here`,
    );
}

const roleAudit = (role: { name: string }, stores: { alias: string }[]) => ({
  role: role.name,
  stores: stores.map((s) => s.alias).sort(),
});

function invitationText(
  deps: AppDeps,
  person: { name: string },
  businessName: string,
  role: string,
  stores: { name: string }[],
  password: string | null,
) {
  const where = stores.map((s) => s.name).join(', ');
  const signIn = `${deps.config.publicUrl}/?isAdmin=false`;
  return password
    ? `Hello ${person.name},\n\n${businessName} added you to its staff on iPos as ${role} in ${where}.\n\nSign in at ${signIn} with this email address and the password:\n\n    ${password}\n\nYou will choose your own password and a PIN when you first sign in.\n\niPos`
    : `Hello ${person.name},\n\n${businessName} added you to its staff on iPos as ${role} in ${where}.\n\nSign in at ${signIn} with your iPos account as usual; choose ${businessName}'s store in the store switcher.\n\niPos`;
}

/** The roles and stores of the business, with what the caller may give (the same rule as `checkReach`). */
export async function getStaffOptions(db: Executor, actor: Actor, scope: StoreAccess): Promise<StaffOptions> {
  const [reach, roleRows, storeRows] = await Promise.all([
    actorReach(db, actor, scope),
    listRoleRows(db, scope.businessId),
    listStoresOfBusinesses(db, [scope.businessId]),
  ]);
  const managed = [...reach.values()].filter((held) => held.has('settings.staff'));
  return {
    roles: roleRows.map((row) => {
      const permissions = rolePermissions({
        roleName: row.name,
        roleIsSystem: row.isSystem,
        rolePermissions: row.permissions,
      });
      return {
        id: row.id,
        name: row.name,
        isSystem: row.isSystem,
        // Assignable where the caller manages staff and holds every permission of the role.
        assignable: managed.some((held) => permissions.every((p) => held.has(p))),
      };
    }),
    stores: storeRows.map((store) => ({
      id: store.id,
      name: store.name,
      alias: store.alias,
      manageable: reach.get(store.id)?.has('settings.staff') ?? false,
    })),
  };
}

export async function createStaffMemberIn(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  body: CreateBody,
): Promise<StaffInvitation> {
  await lockBusiness(tx, scope.businessId);
  const role = await loadRole(tx, scope.businessId, body.roleId);
  const stores = await loadStores(tx, scope.businessId, body.storeIds);
  checkReach(await actorReach(tx, actor, scope), stores, role);

  const existing = await findAccountByEmail(tx, body.email);
  if (existing && (await findStaffRow(tx, scope.businessId, existing.id)))
    throw new AppError('STAFF_EXISTS', `${existing.name} already works in the business; open their page to change it`, {
      errors: [{ field: 'email', message: 'Already on the staff of the business' }],
      accountId: existing.id,
    });

  await assertPlanAllows(tx, scope.businessId, 'staff');

  // A new person gets a default password, unless an outside identity provider signs people in.
  const password = existing || deps.config.oidc.externalIssuer ? null : defaultPassword();
  const accountId =
    existing?.id ??
    (await createAccount(deps, tx, {
      email: body.email,
      name: body.name,
      phone: body.phone,
      passwordHash: password ? await hashSecret(password) : null,
      mustChangePassword: password !== null,
    }));
  const now = deps.now();
  await insertStaffRow(tx, { businessId: scope.businessId, accountId, invitedAt: now });
  await replaceMemberships(tx, scope.businessId, accountId, role.id, body.storeIds);
  await deps.mailer.enqueue(tx, {
    to: existing?.email ?? body.email,
    subject: `You were added to ${scope.businessName} on iPos`,
    text: invitationText(deps, existing ?? body, scope.businessName, role.name, stores, password),
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'staff.added',
    entity: 'staff',
    entityId: accountId,
    before: null,
    after: {
      name: existing?.name ?? body.name,
      email: existing?.email ?? body.email,
      ...roleAudit(role, stores),
      newAccount: !existing,
    },
  });
  const member = await getStaffMember(tx, scope, accountId);
  return { member, defaultPassword: password };
}

export async function updateStaffMemberIn(
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  accountId: string,
  body: UpdateBody,
): Promise<StaffMember> {
  await lockBusiness(tx, scope.businessId);
  const target = await loadStaff(tx, scope, accountId, true);
  checkVersion('this staff member', target.version, body.version);
  refuseOwner(target);
  const held = await membershipsOf(tx, scope.businessId, [accountId]);
  const heldRole = held[0];
  const role = await loadRole(tx, scope.businessId, body.roleId);
  const stores = await loadStores(tx, scope.businessId, body.storeIds);
  const reach = await actorReach(tx, actor, scope);
  // Both where they work now and where they will: a manager changes neither an administrator nor another store's people.
  if (heldRole)
    checkReach(
      reach,
      held.map((m) => ({ id: m.storeId, name: m.storeName })),
      { name: heldRole.roleName, permissions: rolePermissions(heldRole) },
    );
  checkReach(reach, stores, role);

  const sameStores = held.length === stores.length && held.every((m) => body.storeIds.includes(m.storeId));
  if (heldRole?.roleId === role.id && sameStores) return memberOf(tx, scope.businessId, target);

  if (heldRole && isAdminRole({ name: heldRole.roleName, isSystem: heldRole.roleIsSystem }) && !isAdminRole(role))
    await checkNotLastAdmin(tx, scope.businessId, target, { name: heldRole.roleName, isSystem: heldRole.roleIsSystem });
  if (accountId === actor.accountId) {
    // Your own change may not take away the door you came in by.
    if (!role.permissions.includes('settings.staff') || !body.storeIds.includes(scope.storeId))
      throw new AppError(
        'STAFF_SELF_LOCKOUT',
        'This would take away your own access to staff settings in this store; ask another administrator',
      );
  }
  await replaceMemberships(tx, scope.businessId, accountId, role.id, body.storeIds);
  await updateStaffRow(tx, scope.businessId, accountId, {});
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'staff.updated',
    entity: 'staff',
    entityId: accountId,
    before: heldRole
      ? roleAudit(
          { name: heldRole.roleName },
          held.map((m) => ({ alias: m.storeAlias })),
        )
      : null,
    after: roleAudit(role, stores),
  });
  return getStaffMember(tx, scope, accountId);
}

export async function setStaffActiveIn(
  tx: Tx,
  deps: AppDeps,
  actor: Actor,
  scope: StoreAccess,
  accountId: string,
  version: number,
  active: boolean,
): Promise<StaffMember> {
  await lockBusiness(tx, scope.businessId);
  const target = await loadStaff(tx, scope, accountId, true);
  checkVersion('this staff member', target.version, version);
  refuseOwner(target);
  const held = await membershipsOf(tx, scope.businessId, [accountId]);
  const heldRole = held[0];
  if (heldRole)
    checkReach(
      await actorReach(tx, actor, scope),
      held.map((m) => ({ id: m.storeId, name: m.storeName })),
      { name: heldRole.roleName, permissions: rolePermissions(heldRole) },
    );
  if ((target.deactivatedAt === null) === active) return memberOf(tx, scope.businessId, target);
  // Coming back counts against the plan's staff limit like someone new.
  if (active) await assertPlanAllows(tx, scope.businessId, 'staff');
  if (!active) {
    if (accountId === actor.accountId)
      throw new AppError('STAFF_SELF_LOCKOUT', 'You cannot deactivate yourself; ask another administrator');
    if (heldRole)
      await checkNotLastAdmin(tx, scope.businessId, target, {
        name: heldRole.roleName,
        isSystem: heldRole.roleIsSystem,
      });
  }
  await updateStaffRow(tx, scope.businessId, accountId, { deactivatedAt: active ? null : deps.now() });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: active ? 'staff.reactivated' : 'staff.deactivated',
    entity: 'staff',
    entityId: accountId,
    before: { active: !active },
    after: { active },
  });
  return getStaffMember(tx, scope, accountId);
}

export async function resendInvitationIn(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  accountId: string,
  version: number,
): Promise<StaffInvitation> {
  await lockBusiness(tx, scope.businessId);
  const target = await loadStaff(tx, scope, accountId, true);
  checkVersion('this staff member', target.version, version);
  refuseOwner(target);
  const held = await membershipsOf(tx, scope.businessId, [accountId]);
  const heldRole = held[0];
  if (heldRole)
    checkReach(
      await actorReach(tx, actor, scope),
      held.map((m) => ({ id: m.storeId, name: m.storeName })),
      { name: heldRole.roleName, permissions: rolePermissions(heldRole) },
    );
  if (!target.mustChangePassword || !target.hasPassword || target.deactivatedAt)
    throw new AppError(
      'INVITATION_ACCEPTED',
      target.deactivatedAt
        ? `${target.name} is deactivated; reactivate them first`
        : `${target.name} already chose their own password; they can reset it from the sign-in page`,
    );
  const password = defaultPassword();
  await updateAccount(tx, accountId, { passwordHash: await hashSecret(password), mustChangePassword: true });
  await updateStaffRow(tx, scope.businessId, accountId, { invitedAt: deps.now() });
  await deps.mailer.enqueue(tx, {
    to: target.email,
    subject: `Your invitation to ${scope.businessName} on iPos`,
    text: invitationText(
      deps,
      target,
      scope.businessName,
      heldRole?.roleName ?? '',
      held.map((m) => ({ name: m.storeName })),
      password,
    ),
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'staff.invitation_resent',
    entity: 'staff',
    entityId: accountId,
    before: null,
    after: { email: target.email },
  });
  return { member: await getStaffMember(tx, scope, accountId), defaultPassword: password };
}

/** A manager clears a staff member's PIN and lock; the person creates a new PIN at next sign-in. */
export async function resetStaffPin(deps: AppDeps, actor: Actor, store: StoreAccess, accountId: string) {
  await deps.database.db.transaction(async (tx) => {
    // Only people of the manager's own store: anyone else answers as if they did not exist.
    if (!(await isStoreMember(tx, store.businessId, store.storeId, accountId))) throw notFound('The staff member');
    // The PIN lock guards an unattended session: clearing your own through this door would let whoever
    // sits at a locked till lift it with the session's token alone. Your own PIN takes your password.
    if (accountId === actor.accountId) {
      throw new AppError('FORBIDDEN', 'Reset your own PIN with your password instead');
    }
    // The owner answers to no manager of theirs; the owner resets their PIN with their password.
    if (await isBusinessOwner(tx, store.businessId, accountId)) {
      throw new AppError('FORBIDDEN', "Only the owner may reset the owner's PIN");
    }
    const account = await getAccountForUpdate(tx, accountId);
    if (!account) throw notFound('The staff member');
    await updateAccount(tx, accountId, { pinHash: null, pinFailedAttempts: 0, pinLockedAt: null });
    await recordAudit(tx, actor, {
      businessId: store.businessId,
      storeId: store.storeId,
      action: 'staff.pin_reset',
      entity: 'account',
      entityId: accountId,
      // The PIN's state, never the PIN. (Keys avoid "pin": the audit filter blanks any key containing it.)
      before: {
        isSet: account.pinHash !== null,
        isLocked: account.pinLockedAt !== null,
        failedAttempts: account.pinFailedAttempts,
      },
      after: { isSet: false, isLocked: false, failedAttempts: 0 },
    });
  });
}
