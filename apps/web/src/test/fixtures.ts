import { vi } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  planPrice,
  plans,
  type AdminDashboard,
  type BusinessPlan,
  type BusinessSummary,
  type ActiveStore,
  type Me,
  type StoreSummary,
} from '@ipos/contracts';

/** The ids of the demo business and its stores (the seed's shape, as the API returns them). */
export const BUSINESS_ID = '0190a6a0-0000-7000-8000-0000000000bb';
export const LEKKI_ID = '0190a6a0-0000-7000-8000-0000000000aa';
export const IKEJA_ID = '0190a6a0-0000-7000-8000-0000000000cc';

const noSales = { salesCount: 0, salesMinor: 0, refundsMinor: 0, netSalesMinor: 0 };

/** Lekki as admin mode shows it: 3 sales today (₦25,000 net), 4 people, 2 lines low on stock. */
export const lekkiStore: StoreSummary = {
  id: LEKKI_ID,
  name: 'Lekki',
  alias: 'LEK',
  timeZone: 'Africa/Lagos',
  address: '12 Admiralty Way',
  phone: null,
  today: '2026-03-14',
  todayFigures: { salesCount: 3, salesMinor: 3_000_000, refundsMinor: 500_000, netSalesMinor: 2_500_000 },
  staffCount: 4,
  lowStockCount: 2,
  outOfStockCount: 1,
};
export const ikejaStore: StoreSummary = {
  id: IKEJA_ID,
  name: 'Ikeja',
  alias: 'IKJ',
  timeZone: 'Africa/Lagos',
  address: null,
  phone: '+234 1 234',
  today: '2026-03-14',
  todayFigures: noSales,
  staffCount: 2,
  lowStockCount: 0,
  outOfStockCount: 0,
};

/** The demo business with both its stores and their figures. */
export const demoMart: BusinessSummary = {
  id: BUSINESS_ID,
  name: 'Demo Mart',
  currency: 'NGN',
  country: 'NG',
  storeCount: 2,
  staffCount: 5,
  todayFigures: lekkiStore.todayFigures,
  lowStockCount: 2,
  outOfStockCount: 1,
  stores: [lekkiStore, ikejaStore],
};

const planSummaries = plans.map((p) => ({
  id: p.id,
  name: p.name,
  summary: p.summary,
  limits: { ...p.limits },
  price: planPrice(p, 'NGN'),
}));

/** GET /api/v1/plan for the demo business: Growth, its three stores all used. */
export const demoMartPlan: BusinessPlan = {
  plan: planSummaries[1]!,
  usage: { stores: 3, staff: 5, products: 180, salesPerMonth: 1_234 },
  plans: planSummaries,
  changedAt: null,
  version: 2,
};

/** GET /api/v1/admin/dashboard for the demo owner. */
export const demoAdminDashboard: AdminDashboard = {
  businessCount: 1,
  storeCount: 2,
  staffCount: 5,
  lowStockCount: 2,
  businesses: [demoMart],
  lowStock: [
    {
      businessId: BUSINESS_ID,
      businessName: 'Demo Mart',
      storeId: LEKKI_ID,
      storeName: 'Lekki',
      productId: '0190a6a0-0000-7000-8000-000000000101',
      variantId: '0190a6a0-0000-7000-8000-000000000102',
      name: 'Peak Milk 400g',
      sku: 'DM-DA-001',
      onHand: 0,
      reorderLevel: 12,
    },
  ],
};

/** GET /api/v1/me: by default the demo manager, with a PIN, nothing forced and no store. */
export function testMe(overrides: Partial<Me> = {}): Me {
  return {
    account: { id: '0190a6a0-0000-7000-8000-000000000001', email: 'manager@demo.ipos.test', name: 'Chidi Manager' },
    isOwner: false,
    businesses: [],
    mustChangePassword: false,
    hasPin: true,
    isPinLocked: false,
    memberships: [],
    ...overrides,
  };
}

/** A query result with only what components read: settled and not failed unless `state` says so. */
export function queryResult<T>(state: Partial<UseQueryResult<T>>): UseQueryResult<T> {
  return { isPending: false, isError: false, isFetching: false, refetch: vi.fn(), ...state } as UseQueryResult<T>;
}

/** Lekki as the active store of someone who reads reports there (IPOS_ADMIN). */
export const reportingStore: ActiveStore = {
  id: LEKKI_ID,
  name: 'Lekki',
  alias: 'LEK',
  timeZone: 'Africa/Lagos',
  address: null,
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
  roleName: 'IPOS_ADMIN',
  permissions: ['reports.view'],
};

/** What a report screen is given in Lekki: the store, the stores it may choose (itself), no "all". */
export const lekkiReportContext = {
  store: reportingStore,
  stores: [{ id: LEKKI_ID, name: 'Lekki' }],
  canSeeAllStores: false,
};
