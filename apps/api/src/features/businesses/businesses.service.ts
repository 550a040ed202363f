import {
  DEFAULT_PLAN,
  type Business,
  type CurrencyCode,
  type CurrentStore,
  type PlanId,
  type SystemRoleName,
} from '@ipos/contracts';
import type { Tx } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import type { StoreAccess } from '../../auth/access.js';
import { recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import { assertPlanAllows } from '../plans/plans.service.js';
import {
  countBusinessesOwnedBy,
  findBusinessOwnedBy,
  findStore,
  insertBusiness,
  insertMembership,
  insertStore,
  insertSystemRoles,
  listBusinessesOwnedBy,
  listStoresOfBusinesses,
  type BusinessRow,
} from './businesses.repository.js';

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
  // plan limit: stores — a new business starts within its plan too.
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

// ---------------------------------------------------------------- admin mode (owners)

type StoreOfBusiness = Awaited<ReturnType<typeof listStoresOfBusinesses>>[number];

function toBusiness(row: BusinessRow, stores: StoreOfBusiness[]): Business {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency as CurrencyCode,
    country: row.country,
    stores: stores
      .filter((s) => s.businessId === row.id)
      .map((s) => ({ id: s.id, name: s.name, alias: s.alias, timeZone: s.timeZone })),
  };
}

/** The businesses an owner owns, one page at a time, each with all its stores. */
export async function listBusinesses(deps: AppDeps, ownerAccountId: string, query: { page: number; pageSize: number }) {
  const db = deps.database.db;
  const [total, rows] = await Promise.all([
    countBusinessesOwnedBy(db, ownerAccountId),
    listBusinessesOwnedBy(db, ownerAccountId, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  ]);
  const stores = await listStoresOfBusinesses(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toBusiness(r, stores)), total, page: query.page, pageSize: query.pageSize };
}

/** One business of this owner; any other id (another owner's, or none) is the same 404. */
export async function getBusiness(deps: AppDeps, ownerAccountId: string, businessId: string): Promise<Business> {
  const db = deps.database.db;
  const row = await findBusinessOwnedBy(db, ownerAccountId, businessId);
  if (!row) throw notFound('The business');
  return toBusiness(row, await listStoresOfBusinesses(db, [row.id]));
}

// ---------------------------------------------------------------- store mode

/** The active store, already resolved (membership or ownership) by the route's access check. */
export async function getCurrentStore(deps: AppDeps, access: StoreAccess): Promise<CurrentStore> {
  const store = await findStore(deps.database.db, access.businessId, access.storeId);
  if (!store) throw notFound('The store');
  return {
    id: store.id,
    name: store.name,
    alias: store.alias,
    timeZone: store.timeZone,
    address: store.address,
    allowNegativeStock: store.allowNegativeStock,
    wasteApprovalThresholdMinor: store.wasteApprovalThresholdMinor,
    business: { id: access.businessId, name: access.businessName, currency: access.currency },
    roleName: access.roleName,
    permissions: access.permissions,
  };
}
