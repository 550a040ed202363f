import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { systemRoleNames, type SystemRoleName } from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import { businesses, memberships, roles, staffMembers, stores } from '../../db/schema.js';
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

/** A membership, and the person's staff row in the business when it is their first store there. */
export async function insertMembership(db: Executor, row: typeof memberships.$inferInsert) {
  await db.insert(staffMembers).values({ businessId: row.businessId, accountId: row.accountId }).onConflictDoNothing();
  await db.insert(memberships).values(row);
}

const businessColumns = {
  id: businesses.id,
  name: businesses.name,
  currency: businesses.currency,
  country: businesses.country,
};

export type BusinessRow = { id: string; name: string; currency: string; country: string };

export async function countBusinessesOwnedBy(db: Executor, ownerAccountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(businesses).where(eq(businesses.ownerAccountId, ownerAccountId));
  return Number(row?.n ?? 0);
}

/** One page of the businesses an account owns, by name. */
export async function listBusinessesOwnedBy(
  db: Executor,
  ownerAccountId: string,
  page: { limit: number; offset: number },
): Promise<BusinessRow[]> {
  return db
    .select(businessColumns)
    .from(businesses)
    .where(eq(businesses.ownerAccountId, ownerAccountId))
    .orderBy(asc(businesses.name), asc(businesses.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** A business only if this account owns it: another owner's business is indistinguishable from none. */
export async function findBusinessOwnedBy(
  db: Executor,
  ownerAccountId: string,
  businessId: string,
): Promise<BusinessRow | undefined> {
  const [row] = await db
    .select(businessColumns)
    .from(businesses)
    .where(and(eq(businesses.ownerAccountId, ownerAccountId), eq(businesses.id, businessId)));
  return row;
}

export async function listStoresOfBusinesses(db: Executor, businessIds: string[]) {
  if (businessIds.length === 0) return [];
  return db
    .select({
      businessId: stores.businessId,
      id: stores.id,
      name: stores.name,
      alias: stores.alias,
      timeZone: stores.timeZone,
    })
    .from(stores)
    .where(inArray(stores.businessId, businessIds))
    .orderBy(asc(stores.name), asc(stores.id));
}

/** A store of a business (the tenant scope comes first, as in every key). */
export async function findStore(db: Executor, businessId: string, storeId: string) {
  const [row] = await db
    .select({
      id: stores.id,
      name: stores.name,
      alias: stores.alias,
      timeZone: stores.timeZone,
      address: stores.address,
      allowNegativeStock: stores.allowNegativeStock,
      wasteApprovalThresholdMinor: stores.wasteApprovalThresholdMinor,
    })
    .from(stores)
    .where(and(eq(stores.businessId, businessId), eq(stores.id, storeId)));
  return row;
}

/** A store's IANA time zone (its calendar: days, reports, due dates); undefined for no such store. */
export async function findStoreTimeZone(
  db: Executor,
  scope: { businessId: string; storeId: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ timeZone: stores.timeZone })
    .from(stores)
    .where(and(eq(stores.businessId, scope.businessId), eq(stores.id, scope.storeId)));
  return row?.timeZone;
}

/** A store's time zone; Lagos for a store that is gone (a request already resolved it as real). */
export async function storeTimeZone(db: Executor, scope: { businessId: string; storeId: string }): Promise<string> {
  return (await findStoreTimeZone(db, scope)) ?? 'Africa/Lagos';
}
