import { vi } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Business, CurrentStore, Me } from '@ipos/contracts';

/** The ids of the demo business and its stores (the seed's shape, as the API returns them). */
export const BUSINESS_ID = '0190a6a0-0000-7000-8000-0000000000bb';
export const LEKKI_ID = '0190a6a0-0000-7000-8000-0000000000aa';
export const IKEJA_ID = '0190a6a0-0000-7000-8000-0000000000cc';

export const lekkiStore = { id: LEKKI_ID, name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' };
export const ikejaStore = { id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ', timeZone: 'Africa/Lagos' };

/** The demo business with both its stores. */
export const demoMart: Business = {
  id: BUSINESS_ID,
  name: 'Demo Mart',
  currency: 'NGN',
  country: 'NG',
  stores: [lekkiStore, ikejaStore],
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
export const reportingStore: CurrentStore = {
  id: LEKKI_ID,
  name: 'Lekki',
  alias: 'LEK',
  timeZone: 'Africa/Lagos',
  address: null,
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN' },
  roleName: 'IPOS_ADMIN',
  permissions: ['reports.view'],
};

/** What a report screen is given in Lekki: the store, the stores it may choose (itself), no "all". */
export const lekkiReportContext = {
  store: reportingStore,
  stores: [{ id: LEKKI_ID, name: 'Lekki' }],
  canSeeAllStores: false,
};
