import type { TaxRate } from '@ipos/contracts';
import { uniqueViolation, type Executor, type Tx } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, notFound } from '../../http/app-error.js';
import { diff, recordAudit } from '../../audit/audit.js';
import { newId } from '../../lib/ids.js';
import {
  countTaxRates,
  findTaxRateIdByName,
  insertTaxRate,
  isTaxRateUsed,
  listTaxRates as listTaxRateRows,
  lockDefaultTaxRate,
  lockTaxRate,
  updateTaxRate as updateTaxRateRow,
  type TaxRateChanges,
  type TaxRateRow,
} from './taxes.repository.js';

/** Where a change happens: the business, and the store the person was working in (for the audit trail). */
export interface TaxScope {
  businessId: string;
  storeId: string | null;
}

const auditFields = (row: TaxRateRow) => ({
  name: row.name,
  rateBasisPoints: row.rateBasisPoints,
  isInclusive: row.isInclusive,
  isDefault: row.isDefault,
  isActive: row.isActive,
});

async function toTaxRate(db: Executor, businessId: string, row: TaxRateRow): Promise<TaxRate> {
  return { ...row, isUsed: await isTaxRateUsed(db, businessId, row.id) };
}

const nameTaken = (name: string) =>
  new AppError('TAX_RATE_NAME_TAKEN', `A tax rate named “${name}” already exists`, {
    errors: [{ field: 'name', message: 'A tax rate with this name already exists' }],
  });

/** Runs a mutation; a race that the pre-checks could not see still ends as the right 409. */
async function inTransaction<T>(deps: AppDeps, name: string | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.database.db.transaction(work);
  } catch (error) {
    const violation = uniqueViolation(error);
    if (!violation) throw error;
    if (name !== undefined && violation.constraint !== 'tax_rates_one_default') throw nameTaken(name);
    throw new AppError('VERSION_CONFLICT', 'The tax rates changed meanwhile; reload and try again');
  }
}

/** Unsets the current default (if it is another rate), audited as its own change. */
async function unsetDefault(tx: Tx, actor: Actor, scope: TaxScope, exceptId: string | null) {
  const current = await lockDefaultTaxRate(tx, scope.businessId);
  if (!current || current.id === exceptId) return;
  await updateTaxRateRow(tx, scope.businessId, current.id, { isDefault: false });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'tax_rate.updated',
    entity: 'tax_rate',
    entityId: current.id,
    before: { isDefault: true },
    after: { isDefault: false },
  });
}

/** Locks a rate of this business and checks the version the caller read. */
async function lockForChange(tx: Tx, scope: TaxScope, id: string, version: number): Promise<TaxRateRow> {
  const row = await lockTaxRate(tx, scope.businessId, id);
  if (!row) throw notFound('The tax rate');
  if (row.version !== version)
    throw new AppError('VERSION_CONFLICT', 'Someone changed this tax rate meanwhile; reload it and try again', {
      currentVersion: row.version,
    });
  return row;
}

export async function listTaxRates(
  deps: AppDeps,
  businessId: string,
  query: { page: number; pageSize: number; includeInactive?: 'true' | 'false' },
) {
  const db = deps.database.db;
  const includeInactive = query.includeInactive === 'true';
  const [total, rows] = await Promise.all([
    countTaxRates(db, businessId, includeInactive),
    listTaxRateRows(db, businessId, {
      includeInactive,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  ]);
  const items = await Promise.all(rows.map((row) => toTaxRate(db, businessId, row)));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function createTaxRate(
  deps: AppDeps,
  actor: Actor,
  scope: TaxScope,
  input: { name: string; rateBasisPoints: number; isInclusive: boolean; isDefault: boolean },
): Promise<TaxRate> {
  return inTransaction(deps, input.name, (tx) => createTaxRateIn(tx, actor, scope, input));
}

/** The creation itself, in a transaction the caller holds (the demo seed uses it too). */
export async function createTaxRateIn(
  tx: Tx,
  actor: Actor,
  scope: TaxScope,
  input: { name: string; rateBasisPoints: number; isInclusive: boolean; isDefault: boolean },
): Promise<TaxRate> {
  if (await findTaxRateIdByName(tx, scope.businessId, input.name)) throw nameTaken(input.name);
  if (input.isDefault) await unsetDefault(tx, actor, scope, null);
  const row = await insertTaxRate(tx, {
    businessId: scope.businessId,
    id: newId(),
    name: input.name,
    rateBasisPoints: input.rateBasisPoints,
    isInclusive: input.isInclusive,
    isDefault: input.isDefault,
    isActive: true,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'tax_rate.created',
    entity: 'tax_rate',
    entityId: row.id,
    after: auditFields(row),
  });
  return toTaxRate(tx, scope.businessId, row);
}

/**
 * Renames a rate, changes its rate or inclusiveness while nothing uses it, or makes it the default
 * (unsetting the previous default in the same transaction).
 */
export async function updateTaxRate(
  deps: AppDeps,
  actor: Actor,
  scope: TaxScope,
  id: string,
  input: { version: number; name?: string; rateBasisPoints?: number; isInclusive?: boolean; isDefault?: true },
): Promise<TaxRate> {
  return inTransaction(deps, input.name, async (tx) => {
    const row = await lockForChange(tx, scope, id, input.version);
    const changes: TaxRateChanges = {};
    if (input.name !== undefined && input.name !== row.name) {
      if (await findTaxRateIdByName(tx, scope.businessId, input.name, id)) throw nameTaken(input.name);
      changes.name = input.name;
    }
    const changesRate =
      (input.rateBasisPoints !== undefined && input.rateBasisPoints !== row.rateBasisPoints) ||
      (input.isInclusive !== undefined && input.isInclusive !== row.isInclusive);
    if (changesRate) {
      if (await isTaxRateUsed(tx, scope.businessId, id))
        throw new AppError('TAX_RATE_IN_USE', 'This rate is already used: create a new rate instead of changing it', {
          errors: [{ field: 'rateBasisPoints', message: 'A rate in use cannot change' }],
        });
      if (input.rateBasisPoints !== undefined) changes.rateBasisPoints = input.rateBasisPoints;
      if (input.isInclusive !== undefined) changes.isInclusive = input.isInclusive;
    }
    if (input.isDefault && !row.isDefault) {
      if (!row.isActive)
        throw new AppError('TAX_RATE_INACTIVE', 'Reactivate this rate before making it the default', {
          errors: [{ field: 'isDefault', message: 'An inactive rate cannot be the default' }],
        });
      await unsetDefault(tx, actor, scope, id);
      changes.isDefault = true;
    }
    const { before, after } = diff(auditFields(row), changes);
    if (Object.keys(after).length === 0) return toTaxRate(tx, scope.businessId, row);
    const updated = await updateTaxRateRow(tx, scope.businessId, id, changes);
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: 'tax_rate.updated',
      entity: 'tax_rate',
      entityId: id,
      before,
      after,
    });
    return toTaxRate(tx, scope.businessId, updated);
  });
}

/** Deactivates a rate (the register stops offering it); the default must first be moved elsewhere. */
export async function setTaxRateActive(
  deps: AppDeps,
  actor: Actor,
  scope: TaxScope,
  id: string,
  input: { version: number; isActive: boolean },
): Promise<TaxRate> {
  return inTransaction(deps, undefined, async (tx) => {
    const row = await lockForChange(tx, scope, id, input.version);
    if (row.isActive === input.isActive) return toTaxRate(tx, scope.businessId, row);
    if (!input.isActive && row.isDefault)
      throw new AppError(
        'TAX_RATE_IS_DEFAULT',
        'The default rate cannot be deactivated: make another rate the default first',
      );
    const updated = await updateTaxRateRow(tx, scope.businessId, id, { isActive: input.isActive });
    await recordAudit(tx, actor, {
      businessId: scope.businessId,
      storeId: scope.storeId,
      action: input.isActive ? 'tax_rate.reactivated' : 'tax_rate.deactivated',
      entity: 'tax_rate',
      entityId: id,
      before: { isActive: row.isActive },
      after: { isActive: input.isActive },
    });
    return toTaxRate(tx, scope.businessId, updated);
  });
}
