import {
  DEFAULT_PLAN,
  type AddedStore,
  type CurrencyCode,
  type ActiveStore,
  type PlanId,
  type SystemRoleName,
} from '@ipos/contracts';
import { uniqueViolation, type Tx } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import type { StoreAccess } from '../../auth/access.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { assertPlanAllows } from '../plans/plans.service.js';
import { aliasTakenBy } from '../stores/stores.repository.js';
import { aliasTaken } from '../stores/stores.service.js';
import { lockBusiness } from '../staff/staff.repository.js';
import {
  findLogoVersion,
  insertBusiness,
  insertMembership,
  insertStore,
  insertSystemRoles,
} from './businesses.repository.js';
import { DEFAULT_TIME_ZONE, findStore } from '../../tenancy/stores.js';

export interface NewStore {
  name: string;
  alias: string;
  timeZone?: string;
  address?: string | null;
  phone?: string | null;
}

/** A store alias from a name: its first letters, upper case (Lekki → LEK). */
export function aliasFromName(name: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return (letters.slice(0, 3) || 'STR').padEnd(2, 'X');
}

/**
 * Writes one store of a business and its audit event: the one way a store comes to be (sign-up,
 * a new business, a store added in admin mode or in store details).
 */
export async function createStoreIn(tx: Tx, actor: Actor, businessId: string, store: NewStore): Promise<AddedStore> {
  const row = {
    id: newId(),
    name: store.name,
    alias: store.alias,
    timeZone: store.timeZone ?? DEFAULT_TIME_ZONE,
    address: store.address ?? null,
    phone: store.phone ?? null,
  };
  await insertStore(tx, { businessId, ...row });
  await recordAudit(tx, actor, {
    businessId,
    storeId: row.id,
    action: 'store.created',
    entity: 'store',
    entityId: row.id,
    after: { name: row.name, alias: row.alias, timeZone: row.timeZone, address: row.address, phone: row.phone },
  });
  return row;
}

/**
 * A new store in an existing business, under the business row's lock (so the plan's store count and
 * the alias check hold against a concurrent add). Its alias must be free in the business: 409
 * ALIAS_TAKEN, nothing written.
 */
export async function addStoreIn(tx: Tx, actor: Actor, businessId: string, input: NewStore): Promise<AddedStore> {
  await lockBusiness(tx, businessId);
  await assertPlanAllows(tx, businessId, 'stores');
  const other = await aliasTakenBy(tx, { businessId, storeId: newId() }, input.alias);
  if (other) throw aliasTaken(input.alias, other);
  try {
    return await createStoreIn(tx, actor, businessId, input);
  } catch (error) {
    if (uniqueViolation(error)) throw aliasTaken(input.alias, 'Another store');
    throw error;
  }
}

/**
 * Creates a business owned by an account, with its system roles and its stores, each audited.
 * The owner gets an IPOS_ADMIN membership in the first store. Sign-up and admin mode's "New
 * business" both come here.
 */
export async function createBusiness(
  tx: Tx,
  actor: Actor,
  input: {
    ownerAccountId: string;
    name: string;
    country: string;
    currency: CurrencyCode;
    stores: NewStore[];
    /** Free unless given (the demo business is on Growth). */
    plan?: PlanId;
  },
) {
  const businessId = newId();
  await insertBusiness(tx, {
    id: businessId,
    name: input.name,
    country: input.country,
    currency: input.currency,
    ownerAccountId: input.ownerAccountId,
    plan: input.plan ?? DEFAULT_PLAN,
  });
  // A new business starts within its plan too.
  await assertPlanAllows(tx, businessId, 'stores', input.stores.length);
  const roleIds = await insertSystemRoles(tx, businessId);
  await recordAudit(tx, actor, {
    businessId,
    action: 'business.created',
    entity: 'business',
    entityId: businessId,
    after: { name: input.name, country: input.country, currency: input.currency },
  });
  const storeIds: string[] = [];
  for (const store of input.stores) storeIds.push((await createStoreIn(tx, actor, businessId, store)).id);
  if (storeIds[0])
    await addMember(tx, actor, {
      businessId,
      storeId: storeIds[0],
      accountId: input.ownerAccountId,
      roleId: roleIds.IPOS_ADMIN,
      roleName: 'IPOS_ADMIN',
    });
  return { businessId, storeIds, roleIds };
}

export async function addMember(
  tx: Tx,
  actor: Actor,
  m: { businessId: string; storeId: string; accountId: string; roleId: string; roleName: SystemRoleName | string },
) {
  await insertMembership(tx, {
    businessId: m.businessId,
    storeId: m.storeId,
    accountId: m.accountId,
    roleId: m.roleId,
  });
  await recordAudit(tx, actor, {
    businessId: m.businessId,
    storeId: m.storeId,
    action: 'membership.created',
    entity: 'membership',
    entityId: `${m.storeId}:${m.accountId}`,
    after: { accountId: m.accountId, role: m.roleName },
  });
}

// ---------------------------------------------------------------- store mode

/** The active store, already resolved (membership or ownership) by the route's access check. */
export async function getActiveStore(deps: AppDeps, access: StoreAccess): Promise<ActiveStore> {
  const [store, logoVersion] = await Promise.all([
    findStore(deps.database.db, access.businessId, access.storeId),
    findLogoVersion(deps.database.db, access.businessId),
  ]);
  if (!store) throw notFound('The store');
  return {
    id: store.id,
    name: store.name,
    alias: store.alias,
    timeZone: store.timeZone,
    address: store.address,
    allowNegativeStock: store.allowNegativeStock,
    wasteApprovalThresholdMinor: store.wasteApprovalThresholdMinor,
    business: { id: access.businessId, name: access.businessName, currency: access.currency, logoVersion },
    roleName: access.roleName,
    permissions: access.permissions,
  };
}
