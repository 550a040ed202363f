import { systemRoleNames, type SystemRoleName } from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { businesses, memberships, roles, stores } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export async function insertBusiness(db: Executor, row: typeof businesses.$inferInsert) {
  await db.insert(businesses).values(row);
}

export async function insertStore(db: Executor, row: typeof stores.$inferInsert) {
  await db.insert(stores).values(row);
}

/** Every business gets its own rows for the three system roles; memberships point at them. */
export async function insertSystemRoles(db: Executor, businessId: string): Promise<Record<SystemRoleName, string>> {
  const ids = Object.fromEntries(systemRoleNames.map((name) => [name, newId()])) as Record<SystemRoleName, string>;
  await db.insert(roles).values(systemRoleNames.map((name) => ({ businessId, id: ids[name], name, isSystem: true })));
  return ids;
}

export async function insertMembership(db: Executor, row: typeof memberships.$inferInsert) {
  await db.insert(memberships).values(row);
}
