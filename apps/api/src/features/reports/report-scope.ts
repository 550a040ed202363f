import { sql, type SQL } from 'drizzle-orm';
import { addDays, type ReportScope } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import { accessToStore } from '../../auth/access.js';
import type { AppDeps } from '../../http/context.js';
import { AppError } from '../../http/app-error.js';
import { listStoresOfBusinesses } from '../../tenancy/stores.js';

/** A store a report covers, with the zone its days are taken in. */
export interface ReportStore {
  id: string;
  name: string;
  alias: string;
  timeZone: string;
}

/** What a report reads: a business, some of its stores, a span of their calendar days. */
export interface ResolvedReportScope {
  businessId: string;
  currency: string;
  /** First and last day, both included (each store's own calendar). */
  from: string;
  to: string;
  allStores: boolean;
  stores: ReportStore[];
  generatedAt: Date;
}

/**
 * The stores a report query names: none (the active store), another store of the same business where
 * the account may read reports (any other store: 404, as if it did not exist), or `all` (the owner
 * of the business only: 403 otherwise).
 */
export async function resolveReportScope(
  deps: AppDeps,
  accountId: string,
  active: StoreAccess,
  query: { from: string; to: string; storeId?: string | undefined },
): Promise<ResolvedReportScope> {
  const stores = await listStoresOfBusinesses(deps.database.db, [active.businessId]);
  const base = {
    businessId: active.businessId,
    currency: active.currency,
    from: query.from,
    to: query.to,
    generatedAt: deps.now(),
  };
  const pick = (ids: string[]) =>
    stores.filter((s) => ids.includes(s.id)).map(({ id, name, alias, timeZone }) => ({ id, name, alias, timeZone }));
  if (query.storeId === 'all') {
    if (!active.viaOwnership)
      throw new AppError('FORBIDDEN', 'Only the owner of the business can see every store at once; choose one store');
    return { ...base, allStores: true, stores: pick(stores.map((s) => s.id)) };
  }
  const { storeId } = await accessToStore(
    deps.database.db,
    accountId,
    active,
    query.storeId ?? active.storeId,
    'reports.view',
  );
  return { ...base, allStores: false, stores: pick([storeId]) };
}

export function scopeResponse(scope: ResolvedReportScope): ReportScope {
  return {
    from: scope.from,
    to: scope.to,
    allStores: scope.allStores,
    stores: scope.stores,
    currency: scope.currency,
    generatedAt: scope.generatedAt.toISOString(),
  };
}

const storeIdList = (scope: ResolvedReportScope) =>
  sql.join(
    scope.stores.map((s) => sql`${s.id}::uuid`),
    sql`, `,
  );

/**
 * The rows of a summary table (sales_day_*) in the scope: `alias.business_id`, `alias.store_id` and
 * `alias.day` within the period.
 */
export function summaryRowsIn(scope: ResolvedReportScope, alias: string, range?: { from: string; to: string }): SQL {
  const a = sql.raw(alias);
  const { from, to } = range ?? scope;
  return sql`${a}.business_id = ${scope.businessId} and ${a}.store_id in (${storeIdList(scope)})
    and ${a}.day between ${from}::date and ${to}::date`;
}

/**
 * Rows of a raw table whose instant falls on one of the scope's days in its store's zone:
 * `(store = A and at >= A's first midnight and at < A's midnight after the last day) or …` — a range
 * per store, so an index on (business_id, store_id, instant) serves it.
 */
export function instantsIn(
  scope: ResolvedReportScope,
  columns: { businessId: SQL; storeId: SQL; at: SQL },
  range?: { from: string; to: string },
): SQL {
  const { from, to } = range ?? scope;
  const after = addDays(to, 1);
  const perStore = scope.stores.map(
    (s) => sql`(${columns.storeId} = ${s.id}::uuid
      and ${columns.at} >= ((${from}::date)::timestamp at time zone ${s.timeZone})
      and ${columns.at} < ((${after}::date)::timestamp at time zone ${s.timeZone}))`,
  );
  return sql`${columns.businessId} = ${scope.businessId} and (${sql.join(perStore, sql` or `)})`;
}

/** Only the scope's stores (for rows with no instant of their own: open orders, stock levels). */
export function storesIn(scope: ResolvedReportScope, columns: { businessId: SQL; storeId: SQL }): SQL {
  return sql`${columns.businessId} = ${scope.businessId} and ${columns.storeId} in (${storeIdList(scope)})`;
}

/**
 * A stored calendar day (a `date` column such as an invoice's issue date) within the period. The
 * day is already the store's, so no zone is involved.
 */
export function datesIn(scope: ResolvedReportScope, column: SQL, range?: { from: string; to: string }): SQL {
  const { from, to } = range ?? scope;
  return sql`${column} between ${from}::date and ${to}::date`;
}
