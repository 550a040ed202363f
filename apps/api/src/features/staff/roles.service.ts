import {
  isSystemRoleName,
  storePermissions,
  systemRolePermissions,
  type CreateRoleBody,
  type Role,
  type StorePermission,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { createRoleBodySchema, updateRoleBodySchema } from '@ipos/contracts';
import { diff, recordAudit } from '../../audit/audit.js';
import { uniqueViolation, type Executor } from '../../db/client.js';
import { AppError, checkVersion, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/context.js';
import { newId } from '../../lib/ids.js';
import {
  deleteRoleRow,
  findRoleRow,
  insertRole,
  listRoleRows,
  roleMembers,
  roleNameTaken,
  updateRoleRow,
} from './roles.repository.js';

type Scope = { businessId: string; storeId: string };
type RoleLike = { id: string; name: string; isSystem: boolean; permissions: string[]; version: number };

/** A role as the API shows it: a system role's permissions are the contracts' (what access applies). */
function toRole(row: RoleLike, members: number): Role {
  const permissions =
    row.isSystem && isSystemRoleName(row.name)
      ? (systemRolePermissions[row.name] as StorePermission[])
      : storePermissions.filter((p) => row.permissions.includes(p));
  return { id: row.id, name: row.name, isSystem: row.isSystem, permissions, members, version: row.version };
}

const nameTaken = (name: string) =>
  new AppError('ROLE_NAME_TAKEN', `A role named “${name}” already exists`, {
    errors: [{ field: 'name', message: 'Another role of the business has this name' }],
  });
const systemRole = (name: string) =>
  new AppError('ROLE_IS_SYSTEM', `${name} is a system role: it cannot be changed or deleted; create a custom role`);

/**
 * Runs a write under the name rule: unique in the business whatever the letter case; the unique index on
 * (business, name) turns a race into the same 409.
 */
async function withNameCheck<T>(
  db: Executor,
  scope: Scope,
  name: string,
  exceptId: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (await roleNameTaken(db, scope.businessId, name, exceptId)) throw nameTaken(name);
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

export async function listRoles(db: Executor, scope: Scope) {
  return { items: (await listRoleRows(db, scope.businessId)).map((r) => toRole(r, r.members)) };
}

async function loadRole(db: Executor, scope: Scope, roleId: string, forUpdate = false) {
  const row = await findRoleRow(db, scope.businessId, roleId, { forUpdate });
  if (!row) throw notFound('The role');
  return row;
}

export async function getRole(db: Executor, scope: Scope, roleId: string): Promise<Role> {
  const row = await loadRole(db, scope, roleId);
  return toRole(row, await roleMembers(db, scope.businessId, roleId));
}

export async function createRoleIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof createRoleBodySchema> | CreateRoleBody,
): Promise<Role> {
  const id = newId();
  const permissions = body.permissions as StorePermission[];
  await withNameCheck(tx, scope, body.name, undefined, () =>
    insertRole(tx, { businessId: scope.businessId, id, name: body.name, permissions }),
  );
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'role.created',
    entity: 'role',
    entityId: id,
    before: null,
    after: { name: body.name, permissions },
  });
  return toRole({ id, name: body.name, isSystem: false, permissions, version: 1 }, 0);
}

export async function updateRoleIn(
  tx: Executor,
  actor: Actor,
  scope: Scope,
  roleId: string,
  body: z.output<typeof updateRoleBodySchema>,
): Promise<Role> {
  const row = await loadRole(tx, scope, roleId, true);
  if (row.isSystem) throw systemRole(row.name);
  checkVersion('this role', row.version, body.version);
  const next = { name: body.name, permissions: body.permissions };
  const { before, after } = diff({ name: row.name, permissions: row.permissions }, next);
  const members = await roleMembers(tx, scope.businessId, roleId);
  if (Object.keys(after).length === 0) return toRole(row, members);
  await withNameCheck(tx, scope, body.name, roleId, () => updateRoleRow(tx, scope.businessId, roleId, next));
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'role.updated',
    entity: 'role',
    entityId: roleId,
    before,
    after,
  });
  return toRole({ ...row, ...next, version: row.version + 1 }, members);
}

export async function deleteRoleIn(tx: Executor, actor: Actor, scope: Scope, roleId: string): Promise<void> {
  const row = await loadRole(tx, scope, roleId, true);
  if (row.isSystem) throw systemRole(row.name);
  const members = await roleMembers(tx, scope.businessId, roleId);
  if (members > 0)
    throw new AppError(
      'ROLE_IN_USE',
      `${members} ${members === 1 ? 'person holds' : 'people hold'} ${row.name}; give them another role first`,
    );
  await deleteRoleRow(tx, scope.businessId, roleId);
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'role.deleted',
    entity: 'role',
    entityId: roleId,
    before: { name: row.name, permissions: row.permissions },
    after: null,
  });
}
