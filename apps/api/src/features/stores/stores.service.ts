import type { StoreSettings, UpdateStoreSettingsBody } from '@ipos/contracts';
import { diff, recordAudit } from '../../audit/audit.js';
import type { Actor } from '../../http/context.js';
import type { Executor } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { rebuildSalesSummaries } from '../reports/sales-summaries.js';
import { findStoreSettings, updateStoreRow, type StoreSettingsRow } from './stores.repository.js';

type StoreKey = { businessId: string; storeId: string };

const toSettings = (row: StoreSettingsRow): StoreSettings => ({ ...row });

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
  if (row.version !== body.version)
    throw new AppError('VERSION_CONFLICT', 'Someone changed this store since you loaded it; reload and try again', {
      currentVersion: row.version,
    });
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
