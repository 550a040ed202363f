import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { stores } from '../../db/schema.js';

type StoreKey = { businessId: string; storeId: string };

const settingsColumns = {
  id: stores.id,
  name: stores.name,
  alias: stores.alias,
  address: stores.address,
  phone: stores.phone,
  timeZone: stores.timeZone,
  allowNegativeStock: stores.allowNegativeStock,
  wasteApprovalThresholdMinor: stores.wasteApprovalThresholdMinor,
  version: stores.version,
};

export type StoreSettingsRow = {
  id: string;
  name: string;
  alias: string;
  address: string | null;
  phone: string | null;
  timeZone: string;
  allowNegativeStock: boolean;
  wasteApprovalThresholdMinor: number;
  version: number;
};

const where = (key: StoreKey) => and(eq(stores.businessId, key.businessId), eq(stores.id, key.storeId));

/** The store's settings; `forUpdate` locks its row for the rest of the transaction. */
export async function findStoreSettings(
  db: Executor,
  key: StoreKey,
  { forUpdate = false } = {},
): Promise<StoreSettingsRow | undefined> {
  const query = db.select(settingsColumns).from(stores).where(where(key));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row && { ...row, wasteApprovalThresholdMinor: Number(row.wasteApprovalThresholdMinor) };
}

export async function updateStoreRow(
  db: Executor,
  key: StoreKey,
  changes: Partial<Omit<StoreSettingsRow, 'id' | 'alias' | 'version'>>,
) {
  await db
    .update(stores)
    .set({ ...changes, version: sql`${stores.version} + 1`, updatedAt: sql`now()` })
    .where(where(key));
}

export type StoreAliasRow = { id: string; name: string; alias: string; displayName: string | null; version: number };

export async function findStoreAlias(
  db: Executor,
  key: StoreKey,
  { forUpdate = false } = {},
): Promise<StoreAliasRow | undefined> {
  const query = db
    .select({
      id: stores.id,
      name: stores.name,
      alias: stores.alias,
      displayName: stores.displayName,
      version: stores.version,
    })
    .from(stores)
    .where(where(key));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Another store of the business with this alias (any case), if one exists. */
export async function aliasTakenBy(db: Executor, key: StoreKey, alias: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: stores.name })
    .from(stores)
    .where(
      and(
        eq(stores.businessId, key.businessId),
        sql`upper(${stores.alias}) = ${alias}`,
        sql`${stores.id} <> ${key.storeId}`,
      ),
    );
  return row?.name;
}

export async function updateStoreAliasRow(
  db: Executor,
  key: StoreKey,
  changes: { alias?: string; displayName?: string | null },
) {
  await db
    .update(stores)
    .set({ ...changes, version: sql`${stores.version} + 1`, updatedAt: sql`now()` })
    .where(where(key));
}
