import {
  ADMIN_LOW_STOCK_ALERTS,
  parseThousandths,
  storeDay,
  type AdminDashboard,
  type BusinessDetail,
  type BusinessSummary,
  type CurrencyCode,
  type createBusinessBodySchema,
} from '@ipos/contracts';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import { listStaffRows, membershipsOf } from '../staff/staff.repository.js';
import {
  countBusinessesOwnedBy,
  countPeopleOf,
  findBusinessOwnedBy,
  listAllBusinessesOwnedBy,
  listBusinessesOwnedBy,
  lowStockRows,
  salesOnStoreDays,
  staffCountsOf,
  stockAlertsOfStores,
  type BusinessRow,
} from './businesses.repository.js';
import { listStoresOfBusinesses } from '../../tenancy/stores.js';
import { getPlan } from '../plans/plans.service.js';
import { createBusiness } from './businesses.service.js';

/**
 * Admin mode (decision 0019): what an owner sees of the businesses they own. Every
 * function takes the owner's account id and reads only their businesses; route() has already turned
 * another owner's business id into a 404.
 */

/** Today's figures of these businesses: each store's own day in its zone, from the report summaries. */
async function summariesOf(db: Executor, now: Date, rows: BusinessRow[]): Promise<BusinessSummary[]> {
  const ids = rows.map((r) => r.id);
  const stores = await listStoresOfBusinesses(db, ids);
  const days = stores.map((s) => ({ businessId: s.businessId, storeId: s.id, day: storeDay(s.timeZone, now) }));
  const [sales, staff, alerts] = await Promise.all([
    salesOnStoreDays(db, days),
    staffCountsOf(db, ids),
    stockAlertsOfStores(db, ids),
  ]);
  const salesOf = new Map(sales.map((s) => [s.storeId, s]));
  const dayOf = new Map(days.map((d) => [d.storeId, d.day]));
  return rows.map((row) => {
    const own = stores
      .filter((s) => s.businessId === row.id)
      .map((s) => {
        const sold = salesOf.get(s.id) ?? { salesCount: 0, salesMinor: 0, refundsMinor: 0 };
        const alert = alerts.get(s.id) ?? { low: 0, out: 0 };
        return {
          id: s.id,
          name: s.name,
          alias: s.alias,
          timeZone: s.timeZone,
          address: s.address,
          phone: s.phone,
          today: dayOf.get(s.id)!,
          todayFigures: {
            salesCount: sold.salesCount,
            salesMinor: sold.salesMinor,
            refundsMinor: sold.refundsMinor,
            netSalesMinor: sold.salesMinor - sold.refundsMinor,
          },
          staffCount: staff.byStore.get(s.id) ?? 0,
          lowStockCount: alert.low,
          outOfStockCount: alert.out,
        };
      });
    const sum = (pick: (s: (typeof own)[number]) => number) => own.reduce((total, s) => total + pick(s), 0);
    return {
      id: row.id,
      name: row.name,
      currency: row.currency as CurrencyCode,
      country: row.country,
      storeCount: own.length,
      staffCount: staff.byBusiness.get(row.id) ?? 0,
      todayFigures: {
        salesCount: sum((s) => s.todayFigures.salesCount),
        salesMinor: sum((s) => s.todayFigures.salesMinor),
        refundsMinor: sum((s) => s.todayFigures.refundsMinor),
        netSalesMinor: sum((s) => s.todayFigures.netSalesMinor),
      },
      lowStockCount: sum((s) => s.lowStockCount),
      outOfStockCount: sum((s) => s.outOfStockCount),
      stores: own,
    };
  });
}

/** GET /admin/dashboard: every business of the owner with its figures, the totals and the low stock. */
export async function getAdminDashboard(deps: AppDeps, ownerAccountId: string): Promise<AdminDashboard> {
  const db = deps.database.db;
  const rows = await listAllBusinessesOwnedBy(db, ownerAccountId);
  const ids = rows.map((r) => r.id);
  const [summaries, people, low] = await Promise.all([
    summariesOf(db, deps.now(), rows),
    countPeopleOf(db, ids),
    lowStockRows(db, ids, ADMIN_LOW_STOCK_ALERTS),
  ]);
  return {
    businessCount: rows.length,
    storeCount: summaries.reduce((n, b) => n + b.storeCount, 0),
    staffCount: people,
    lowStockCount: summaries.reduce((n, b) => n + b.lowStockCount, 0),
    businesses: summaries,
    lowStock: low.map((r) => ({
      businessId: r.business_id,
      businessName: r.business_name,
      storeId: r.store_id,
      storeName: r.store_name,
      productId: r.product_id,
      variantId: r.variant_id,
      name: r.option_values.length > 0 ? `${r.product_name} — ${r.option_values.join(' / ')}` : r.product_name,
      sku: r.sku,
      onHand: parseThousandths(r.on_hand) / 1000,
      reorderLevel: parseThousandths(r.reorder_level) / 1000,
    })),
  };
}

/** The businesses an owner owns, one page at a time, each with its stores and figures. */
export async function listBusinesses(deps: AppDeps, ownerAccountId: string, query: { page: number; pageSize: number }) {
  const db = deps.database.db;
  const [total, rows] = await Promise.all([
    countBusinessesOwnedBy(db, ownerAccountId),
    listBusinessesOwnedBy(db, ownerAccountId, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  ]);
  return { items: await summariesOf(db, deps.now(), rows), total, page: query.page, pageSize: query.pageSize };
}

/** One business of this owner with its people; any other id (another owner's, or none) is the same 404. */
export async function getBusiness(deps: AppDeps, ownerAccountId: string, businessId: string): Promise<BusinessDetail> {
  const db = deps.database.db;
  const row = await findBusinessOwnedBy(db, ownerAccountId, businessId);
  if (!row) throw notFound('The business');
  const [[summary], people, plan] = await Promise.all([
    summariesOf(db, deps.now(), [row]),
    listStaffRows(db, { businessIds: [row.id], status: 'all', limit: 500, offset: 0 }),
    getPlan(db, { businessId: row.id }),
  ]);
  const held = await membershipsOf(
    db,
    row.id,
    people.rows.map((p) => p.accountId),
  );
  return {
    ...summary!,
    staff: people.rows.map((p) => {
      const mine = held.filter((m) => m.accountId === p.accountId);
      return {
        accountId: p.accountId,
        name: p.name,
        email: p.email,
        role: mine[0]?.roleName ?? '—',
        stores: mine.map((m) => ({ id: m.storeId, name: m.storeName, alias: m.storeAlias })),
        status: p.deactivatedAt ? 'inactive' : p.mustChangePassword ? 'invited' : 'active',
        isOwner: p.isOwner,
      };
    }),
    plan,
  };
}

/** POST /admin/businesses: another business of this owner, made as sign-up makes the first one. */
export async function createOwnedBusinessIn(
  tx: Tx,
  actor: Actor,
  ownerAccountId: string,
  body: z.output<typeof createBusinessBodySchema>,
) {
  const { businessId, storeIds } = await createBusiness(tx, actor, {
    ownerAccountId,
    name: body.name,
    country: body.country,
    currency: body.currency,
    stores: [body.store],
  });
  return { businessId, storeId: storeIds[0]! };
}
