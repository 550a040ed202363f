import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { stores } from '../db/schema.js';
import { DEFAULT_TIME_ZONE } from '../db/schema/columns.js';

/**
 * The stores of a business as every feature reads them: one store by its tenant key, its time zone,
 * the stores of several businesses. Below the features (like `auth`), so any of them may use it.
 */

/** The time zone of a store that names none: the default of its column, defined beside it. */
export { DEFAULT_TIME_ZONE };

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

export type StoreRow = NonNullable<Awaited<ReturnType<typeof findStore>>>;

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

/** A store's time zone; the default for a store that is gone (a request already resolved it as real). */
export async function storeTimeZone(db: Executor, scope: { businessId: string; storeId: string }): Promise<string> {
  return (await findStoreTimeZone(db, scope)) ?? DEFAULT_TIME_ZONE;
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
      address: stores.address,
      phone: stores.phone,
    })
    .from(stores)
    .where(inArray(stores.businessId, businessIds))
    .orderBy(asc(stores.name), asc(stores.id));
}
