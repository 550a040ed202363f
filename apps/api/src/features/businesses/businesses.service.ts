import type { Tx } from '../../db/client.js';
import type { Actor } from '../../http/context.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { insertBusiness, insertMembership, insertStore, insertSystemRoles } from './businesses.repository.js';
import type { CurrencyCode, SystemRoleName } from '@ipos/contracts';

export interface NewStore {
  name: string;
  alias: string;
  timeZone?: string;
  address?: string | null;
}

/** A store alias from a name: its first letters, upper case (Lekki → LEK). */
export function aliasFromName(name: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return (letters.slice(0, 3) || 'STR').padEnd(2, 'X');
}

/**
 * Creates a business owned by an account, with its system roles and its stores, each audited.
 * The owner gets an IPOS_ADMIN membership in the first store.
 */
export async function createBusiness(
  tx: Tx,
  actor: Actor,
  input: { ownerAccountId: string; name: string; country: string; currency: CurrencyCode; stores: NewStore[] },
) {
  const businessId = newId();
  await insertBusiness(tx, {
    id: businessId,
    name: input.name,
    country: input.country,
    currency: input.currency,
    ownerAccountId: input.ownerAccountId,
  });
  const roleIds = await insertSystemRoles(tx, businessId);
  await recordAudit(tx, actor, {
    businessId,
    action: 'business.created',
    entity: 'business',
    entityId: businessId,
    after: { name: input.name, country: input.country, currency: input.currency },
  });
  const storeIds: string[] = [];
  for (const store of input.stores) {
    const storeId = newId();
    storeIds.push(storeId);
    await insertStore(tx, {
      businessId,
      id: storeId,
      name: store.name,
      alias: store.alias,
      timeZone: store.timeZone ?? 'Africa/Lagos',
      address: store.address ?? null,
    });
    await recordAudit(tx, actor, {
      businessId,
      storeId,
      action: 'store.created',
      entity: 'store',
      entityId: storeId,
      after: { name: store.name, alias: store.alias },
    });
  }
  if (storeIds[0]) await addMember(tx, actor, { businessId, storeId: storeIds[0], accountId: input.ownerAccountId, roleId: roleIds.IPOS_ADMIN, roleName: 'IPOS_ADMIN' });
  return { businessId, storeIds, roleIds };
}

export async function addMember(
  tx: Tx,
  actor: Actor,
  m: { businessId: string; storeId: string; accountId: string; roleId: string; roleName: SystemRoleName | string },
) {
  await insertMembership(tx, { businessId: m.businessId, storeId: m.storeId, accountId: m.accountId, roleId: m.roleId });
  await recordAudit(tx, actor, {
    businessId: m.businessId,
    storeId: m.storeId,
    action: 'membership.created',
    entity: 'membership',
    entityId: `${m.storeId}:${m.accountId}`,
    after: { accountId: m.accountId, role: m.roleName },
  });
}
