import type { BusinessProfile, CurrencyCode, updateBusinessProfileBodySchema } from '@ipos/contracts';
import type { z } from 'zod';
import type { StoreAccess } from '../../auth/access.js';
import { diff, recordAudit } from '../../audit/audit.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, checkVersion, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/context.js';
import { checkImageUpload } from '../../lib/images.js';
import {
  deleteBusinessLogoRow,
  findBusinessProfile,
  updateBusinessRow,
  upsertBusinessLogo,
  type BusinessProfileRow,
} from './business-profile.repository.js';
import { findBusinessLogo } from '../../documents/letterhead.js';
import { listStoresOfBusinesses } from '../../tenancy/stores.js';

/**
 * The business profile: the business of the active store, changed with
 * settings.business at the version read, every change audited with what changed. The currency is
 * fixed by the first sale: every amount recorded since is in it.
 */

type UpdateBody = z.output<typeof updateBusinessProfileBodySchema>;
const editable = [
  'name',
  'country',
  'currency',
  'taxId',
  'phone',
  'email',
  'address',
  'receiptHeader',
  'receiptFooter',
] as const;

function toProfile(row: BusinessProfileRow): BusinessProfile {
  return { ...row, currency: row.currency as CurrencyCode, currencyLocked: Boolean(row.currencyLocked) };
}

async function load(db: Executor, scope: StoreAccess, forUpdate = false) {
  const row = await findBusinessProfile(db, scope.businessId, { forUpdate });
  if (!row) throw notFound('The business');
  return row;
}

export async function getBusinessProfile(db: Executor, scope: StoreAccess) {
  return toProfile(await load(db, scope));
}

export async function updateBusinessProfileIn(
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  body: UpdateBody,
): Promise<BusinessProfile> {
  const row = await load(tx, scope, true);
  checkVersion('the business', row.version, body.version);
  const next = Object.fromEntries(editable.map((key) => [key, body[key]])) as Pick<
    UpdateBody,
    (typeof editable)[number]
  >;
  const current = Object.fromEntries(editable.map((key) => [key, row[key]])) as typeof next;
  const { before, after } = diff(current, next);
  if (Object.keys(after).length === 0) return toProfile(row);
  if ('currency' in after && row.currencyLocked)
    throw new AppError(
      'CURRENCY_LOCKED',
      `The business has sales in ${row.currency}: its currency can no longer change`,
      { errors: [{ field: 'currency', message: 'Fixed by the first sale' }] },
    );
  await updateBusinessRow(tx, scope.businessId, after);
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'business.updated',
    entity: 'business',
    entityId: scope.businessId,
    before,
    after,
  });
  return toProfile(await load(tx, scope));
}

export async function putBusinessLogoIn(
  tx: Tx,
  actor: Actor,
  scope: StoreAccess,
  contentType: string,
  bytes: Buffer,
): Promise<BusinessProfile> {
  const actual = checkImageUpload(contentType, bytes);
  const row = await load(tx, scope, true);
  await upsertBusinessLogo(tx, { businessId: scope.businessId, contentType: actual, bytes });
  const logoVersion = (row.logoVersion ?? 0) + 1;
  // The logo does not bump the profile's version: an open form stays saveable.
  await updateBusinessRow(tx, scope.businessId, { logoVersion }, { bumpVersion: false });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'business.logo_changed',
    entity: 'business',
    entityId: scope.businessId,
    before: { logoVersion: row.logoVersion },
    after: { logoVersion, contentType: actual, byteSize: bytes.length },
  });
  return toProfile({ ...row, logoVersion });
}

export async function deleteBusinessLogoIn(tx: Tx, actor: Actor, scope: StoreAccess): Promise<BusinessProfile> {
  const row = await load(tx, scope, true);
  if (!(await deleteBusinessLogoRow(tx, scope.businessId))) return toProfile(row);
  await updateBusinessRow(tx, scope.businessId, { logoVersion: null }, { bumpVersion: false });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'business.logo_removed',
    entity: 'business',
    entityId: scope.businessId,
    before: { logoVersion: row.logoVersion },
    after: { logoVersion: null },
  });
  return toProfile({ ...row, logoVersion: null });
}

export async function getBusinessLogo(db: Executor, scope: StoreAccess) {
  const logo = await findBusinessLogo(db, scope.businessId);
  if (!logo) throw notFound('The logo');
  return logo;
}

export async function listBusinessProfileStores(db: Executor, scope: StoreAccess) {
  const rows = await listStoresOfBusinesses(db, [scope.businessId]);
  return { items: rows.map(({ businessId: _business, ...store }) => store) };
}
