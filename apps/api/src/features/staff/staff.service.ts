import { randomInt } from 'node:crypto';
import {
  passwordSchema,
  type listStaffQuerySchema,
  type Permission,
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
import { getAccountForUpdate, updateAccount } from '../../tenancy/accounts.js';
import { assertPlanAllows } from '../plans/plans.service.js';
import { listStoresOfBusinesses } from '../../tenancy/stores.js';
import { businessesOf } from './invitations.repository.js';
import { findRoleRow, listRoleRows } from './roles.repository.js';
import {
  countActiveAdmins,
  findStaffRow,
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
 * Staff: the business's people, one role across the stores they work in. A person
 * with settings.staff manages people only in stores where they hold it, and gives only roles whose
 * every permission they hold there themselves: a manager cannot make an administrator, nor change one.
 * Changes of one business's staff run one at a time (the business row's lock), so the rules that
 * count people (the last administrator) hold under concurrent requests.
 */

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
export async function actorReach(
  db: Executor,
  actor: Actor,
  scope: StoreAccess,
): Promise<Map<string, Set<Permission>>> {
  const access = await listStoreAccess(db, actor.accountId!);
  return new Map(
    access.filter((a) => a.businessId === scope.businessId).map((a) => [a.storeId, new Set(a.permissions)]),
  );
}

/**
 * The actor may place a role in these stores: each is a store of the business where they hold
 * settings.staff and every permission of the role.
 */
export function checkReach(
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

export async function loadRole(db: Executor, businessId: string, roleId: string) {
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

export async function loadStores(db: Executor, businessId: string, storeIds: string[]) {
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

export const roleAudit = (role: { name: string }, stores: { alias: string }[]) => ({
  role: role.name,
  stores: stores.map((s) => s.alias).sort(),
});

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

/**
 * Someone of the business the actor may change, at the version read, under the business row's lock:
 * not the owner, and within the roles and stores the actor gives.
 */
export async function loadChangeableStaff(
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  accountId: string,
  version: number,
) {
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
  return { target, held, heldRole };
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
  const { target, heldRole } = await loadChangeableStaff(tx, actor, scope, accountId, version);
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

/**
 * A manager clears a staff member's PIN and lock; the person creates a new PIN at next sign-in. The PIN
 * is the person's in every business they work in, so each of those businesses' trails records the
 * reset (naming the business that made it) and the person is told by mail.
 */
export async function resetStaffPin(deps: AppDeps, actor: Actor, store: StoreAccess, accountId: string) {
  await deps.database.db.transaction(async (tx) => {
    // Only active people of the manager's own store: anyone else answers as if they did not exist.
    const target = await findStaffRow(tx, store.businessId, accountId);
    if (!target || target.deactivatedAt || !(await isStoreMember(tx, store.businessId, store.storeId, accountId)))
      throw notFound('The staff member');
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
    for (const business of await businessesOf(tx, accountId)) {
      const here = business.id === store.businessId;
      await recordAudit(tx, actor, {
        businessId: business.id,
        storeId: here ? store.storeId : null,
        action: 'staff.pin_reset',
        entity: 'account',
        entityId: accountId,
        // The PIN's state, never the PIN. (Keys avoid "pin": the audit filter blanks any key containing it.)
        before: {
          isSet: account.pinHash !== null,
          isLocked: account.pinLockedAt !== null,
          failedAttempts: account.pinFailedAttempts,
        },
        after: { isSet: false, isLocked: false, failedAttempts: 0, ...(here ? {} : { resetBy: store.businessName }) },
      });
    }
    await deps.mailer.enqueue(tx, {
      to: account.email,
      subject: 'Your iPos PIN was reset',
      text: `Hello ${account.name},\n\nA manager of ${store.businessName} (${store.storeName}) reset your iPos PIN. You will create a new PIN the next time you sign in; it is the same PIN in every business you work in.\n\nIf you did not expect this, tell the business or reply to your administrator.\n\niPos`,
    });
  });
}
