import {
  isPermission,
  isSystemRoleName,
  ownerPermissions,
  systemRolePermissions,
  withImpliedPermissions,
  type CurrencyCode,
  type Permission,
} from '@ipos/contracts';
import type { Executor } from '../db/client.js';
import { AppError, notFound } from '../http/app-error.js';
import {
  findAccountWithStoreRole,
  findStoreRoleRow,
  listMembershipRows,
  listOwnedBusinesses,
  type AccountRow,
  type StoreRoleRow,
} from '../tenancy/accounts.js';
import { listStoresOfBusinesses, findStore } from '../tenancy/stores.js';

export interface StoreAccess {
  businessId: string;
  businessName: string;
  currency: CurrencyCode;
  storeId: string;
  storeName: string;
  storeAlias: string;
  /** The store's IANA time zone: its calendar (days, reports, due dates). */
  timeZone: string;
  roleName: string;
  permissions: Permission[];
  /** The account owns the business: it acts as IPOS_ADMIN in every one of its stores. */
  viaOwnership: boolean;
}

/**
 * What a role allows: a system role's set from the contracts; a custom role's stored keys (unknown
 * and owner ones dropped) with the permissions they imply (inventory.transfer brings receiving).
 */
export function rolePermissions(
  row: Pick<StoreRoleRow, 'roleName' | 'roleIsSystem' | 'rolePermissions'>,
): Permission[] {
  if (row.roleIsSystem && isSystemRoleName(row.roleName)) return [...systemRolePermissions[row.roleName]];
  const owner = ownerPermissions as readonly string[];
  return withImpliedPermissions(
    row.rolePermissions.filter((p): p is Permission => isPermission(p) && !owner.includes(p)),
  );
}

/**
 * Every store the account may work in and what it may do there: its memberships, plus every store
 * of a business it owns (as IPOS_ADMIN), so an owner can switch from admin mode into any store.
 */
export async function listStoreAccess(db: Executor, accountId: string): Promise<StoreAccess[]> {
  const [rows, owned] = await Promise.all([listMembershipRows(db, accountId), listOwnedBusinesses(db, accountId)]);
  const result = new Map<string, StoreAccess>();
  for (const row of rows) result.set(row.storeId, accessOf(row, false));
  const ownedStores = await listStoresOfBusinesses(
    db,
    owned.map((b) => b.id),
  );
  for (const store of ownedStores) {
    const business = owned.find((b) => b.id === store.businessId)!;
    const row = {
      businessId: business.id,
      businessName: business.name,
      currency: business.currency,
      storeId: store.id,
      storeName: store.name,
      storeAlias: store.alias,
      storeTimeZone: store.timeZone,
      roleName: 'IPOS_ADMIN',
      roleIsSystem: true,
      rolePermissions: [],
    };
    result.set(store.id, accessOf(row, true));
  }
  return [...result.values()];
}

/** The account's access to one store (as {@link listStoreAccess} gives it), in one statement: every request runs it. */
export async function findStoreAccess(
  db: Executor,
  accountId: string,
  storeId: string,
): Promise<StoreAccess | undefined> {
  const row = await findStoreRoleRow(db, accountId, storeId);
  return row ? accessOf(row, row.owned) : undefined;
}

/**
 * The account of a token's identity with its access to the store a request names, in one statement:
 * every store request begins with it. Undefined when no account has the identity.
 */
export async function findAccountWithStoreAccess(
  db: Executor,
  identity: { issuer: string; subject: string },
  storeId: string,
): Promise<{ account: AccountRow; store: StoreAccess | undefined } | undefined> {
  const found = await findAccountWithStoreRole(db, identity, storeId);
  return found && { account: found.account, store: found.role ? accessOf(found.role, found.role.owned) : undefined };
}

/** A store role as access: an owner acts as IPOS_ADMIN whatever a membership says. */
function accessOf(row: StoreRoleRow, viaOwnership: boolean): StoreAccess {
  return {
    businessId: row.businessId,
    businessName: row.businessName,
    currency: row.currency as CurrencyCode,
    storeId: row.storeId,
    storeName: row.storeName,
    storeAlias: row.storeAlias,
    timeZone: row.storeTimeZone,
    roleName: viaOwnership ? 'IPOS_ADMIN' : row.roleName,
    permissions: viaOwnership ? [...systemRolePermissions.IPOS_ADMIN] : rolePermissions(row),
    viaOwnership,
  };
}

/**
 * A store a store-mode request names besides its active one (a report of another store, another
 * store's settings): the active store itself, or another store of the same business where the
 * account holds `permission`. Any other store is a 404, as if it did not exist; a role there without
 * the permission is a 403 that names it.
 */
export async function accessToStore(
  db: Executor,
  accountId: string,
  active: StoreAccess,
  storeId: string,
  permission: Permission,
): Promise<StoreAccess> {
  if (storeId === active.storeId) return active;
  const access = await findStoreAccess(db, accountId, storeId);
  if (!access || access.businessId !== active.businessId) throw notFound('The store');
  if (!access.permissions.includes(permission))
    throw new AppError('FORBIDDEN', `Your role in ${access.storeName} does not allow this (${permission})`);
  return access;
}

/**
 * A store of store details (its settings page, the spec's `store-details/location/:id`): like {@link accessToStore}, and besides, any store of the business
 * for a person whose active role administers the business (settings.business — IPOS_ADMIN): store
 * details lists every store, and its administrator keeps each one's settings and alias,
 * with the permissions of their role.
 */
export async function accessToStoreSettings(
  db: Executor,
  accountId: string,
  active: StoreAccess,
  storeId: string,
  permission: Permission,
): Promise<StoreAccess> {
  if (storeId === active.storeId || !active.permissions.includes('settings.business'))
    return accessToStore(db, accountId, active, storeId, permission);
  const store = await findStore(db, active.businessId, storeId);
  if (!store) throw notFound('The store');
  if (!active.permissions.includes(permission))
    throw new AppError('FORBIDDEN', `Your role does not allow this (${permission})`);
  return { ...active, storeId: store.id, storeName: store.name, storeAlias: store.alias, timeZone: store.timeZone };
}
