import type { StoreAlias, StoreSettings, UpdateStoreSettingsBody } from '@ipos/contracts';
import { diff, recordAudit } from '../../audit/audit.js';
import type { Actor } from '../../http/context.js';
import { uniqueViolation, type Executor } from '../../db/client.js';
import { AppError, checkVersion, notFound } from '../../http/app-error.js';
import { rebuildSalesSummaries } from '../reports/sales-summaries.js';
import {
  aliasTakenBy,
  findStoreAlias,
  findStoreSettings,
  updateStoreAliasRow,
  updateStoreRow,
  type StoreSettingsRow,
} from './stores.repository.js';

type StoreKey = { businessId: string; storeId: string };

const toSettings = (row: StoreSettingsRow): StoreSettings => ({ ...row });

/** Settings and alias share the store row's version: a change to either since it was read is a 409. */
export async function getStoreSettings(db: Executor, key: StoreKey): Promise<StoreSettings> {
  const row = await findStoreSettings(db, key);
  if (!row) throw notFound('The store');
  return toSettings(row);
}

/**
 * Changes the fields sent, at the version read, audited with what changed. A new time zone moves
 * the store's days: its sales summaries are rebuilt in the same transaction, so every report counts
 * each past sale on its day in the new zone (decision 0014).
 */
export async function updateStoreSettingsIn(
  tx: Executor,
  actor: Actor,
  key: StoreKey,
  body: UpdateStoreSettingsBody,
): Promise<StoreSettings> {
  const row = await findStoreSettings(tx, key, { forUpdate: true });
  if (!row) throw notFound('The store');
  checkVersion('this store', row.version, body.version);
  const { version: _version, ...fields } = body;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<
    Omit<StoreSettingsRow, 'id' | 'alias' | 'version'>
  >;
  const { before, after } = diff(row, changes);
  if (Object.keys(after).length === 0) return toSettings(row);
  await updateStoreRow(tx, key, after);
  if ('timeZone' in after) await rebuildSalesSummaries(tx, key.businessId, key.storeId);
  await recordAudit(tx, actor, {
    businessId: key.businessId,
    storeId: key.storeId,
    action: 'store.updated',
    entity: 'store',
    entityId: key.storeId,
    before,
    after,
  });
  return toSettings({ ...row, ...after, version: row.version + 1 } as StoreSettingsRow);
}

// ---------------------------------------------------------------- alias

/** 409 ALIAS_TAKEN on the alias field: another store of the business has the code. */
export const aliasTaken = (alias: string, storeName: string) =>
  new AppError('ALIAS_TAKEN', `${storeName} already uses the alias ${alias}`, {
    errors: [{ field: 'alias', message: `${storeName} already uses ${alias}; choose another` }],
  });

export async function getStoreAlias(db: Executor, key: StoreKey): Promise<StoreAlias> {
  const row = await findStoreAlias(db, key);
  if (!row) throw notFound('The store');
  return row;
}

/**
 * A new alias and display name at the version read, audited. Document numbers take the store's
 * alias when they are issued, so the next ones carry the new code and the earlier ones keep theirs;
 * the counters go on, so no number repeats. Another store of the business with the alias: 409.
 */
export async function updateStoreAliasIn(
  tx: Executor,
  actor: Actor,
  key: StoreKey,
  body: { version: number; alias: string; displayName: string | null },
): Promise<StoreAlias> {
  const row = await findStoreAlias(tx, key, { forUpdate: true });
  if (!row) throw notFound('The store');
  checkVersion('this store', row.version, body.version);
  const other = await aliasTakenBy(tx, key, body.alias);
  if (other) throw aliasTaken(body.alias, other);
  const { before, after } = diff(row, { alias: body.alias, displayName: body.displayName });
  if (Object.keys(after).length === 0) return row;
  try {
    await updateStoreAliasRow(tx, key, after);
  } catch (error) {
    // Two stores renamed to one alias at once: the unique index decides.
    if (uniqueViolation(error)) throw aliasTaken(body.alias, 'Another store');
    throw error;
  }
  await recordAudit(tx, actor, {
    businessId: key.businessId,
    storeId: key.storeId,
    action: 'store.alias_changed',
    entity: 'store',
    entityId: key.storeId,
    before,
    after,
  });
  return { ...row, ...after, version: row.version + 1 } as StoreAlias;
}
