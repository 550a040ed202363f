import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { memberships, roles } from '../../db/schema.js';

export type RoleRow = typeof roles.$inferSelect & { members: number };

const memberCount = sql<number>`(select count(distinct m.account_id) from memberships m
  where m.business_id = ${roles.businessId} and m.role_id = ${roles.id})`.mapWith(Number);

/** The business's roles, system ones first, then by name, with how many people hold each. */
export async function listRoleRows(db: Executor, businessId: string): Promise<RoleRow[]> {
  return db
    .select({
      businessId: roles.businessId,
      id: roles.id,
      name: roles.name,
      isSystem: roles.isSystem,
      permissions: roles.permissions,
      version: roles.version,
      createdAt: roles.createdAt,
      updatedAt: roles.updatedAt,
      members: memberCount,
    })
    .from(roles)
    .where(eq(roles.businessId, businessId))
    .orderBy(sql`${roles.isSystem} desc`, asc(roles.name));
}

export async function findRoleRow(
  db: Executor,
  businessId: string,
  roleId: string,
  { forUpdate = false } = {},
): Promise<typeof roles.$inferSelect | undefined> {
  const query = db
    .select()
    .from(roles)
    .where(and(eq(roles.businessId, businessId), eq(roles.id, roleId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Whether another role of the business has this name, in any letter case. */
export async function roleNameTaken(db: Executor, businessId: string, name: string, exceptId?: string) {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.businessId, businessId), sql`lower(${roles.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

export async function roleMembers(db: Executor, businessId: string, roleId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.businessId, businessId), eq(memberships.roleId, roleId)));
  return Number(row?.n ?? 0);
}

export async function insertRole(db: Executor, row: typeof roles.$inferInsert) {
  await db.insert(roles).values(row);
}

export async function updateRoleRow(
  db: Executor,
  businessId: string,
  roleId: string,
  changes: { name: string; permissions: string[] },
) {
  await db
    .update(roles)
    .set({ ...changes, version: sql`${roles.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(roles.businessId, businessId), eq(roles.id, roleId)));
}

export async function deleteRoleRow(db: Executor, businessId: string, roleId: string) {
  await db.delete(roles).where(and(eq(roles.businessId, businessId), eq(roles.id, roleId)));
}
