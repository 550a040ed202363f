import { describe, expect, it } from 'vitest';
import type { Me, Membership } from '@ipos/contracts';
import { testMe } from '../../test/fixtures';
import { sessionValuesFor, sessionValuesForStore, storeSessionValues, storedValuesFit } from './session-values';

const lekki: Membership = {
  storeId: '0190a6a0-0000-7000-8000-0000000000aa',
  storeName: 'Lekki',
  storeAlias: 'LEK',
  businessId: '0190a6a0-0000-7000-8000-0000000000bb',
  businessName: 'Demo Mart',
  currency: 'NGN',
  roleName: 'IPOS_MANAGER_USER',
  permissions: ['dashboard.view'],
};
const ikeja: Membership = {
  ...lekki,
  storeId: '0190a6a0-0000-7000-8000-0000000000cc',
  storeName: 'Ikeja',
  storeAlias: 'IKJ',
};

const me = (overrides: Partial<Me> = {}): Me =>
  testMe({
    account: { id: '0190a6a0-0000-7000-8000-000000000001', email: 'a@b.test', name: 'A' },
    memberships: [lekki, ikeja],
    ...overrides,
  });
const owner = () =>
  me({
    isOwner: true,
    businesses: [{ id: lekki.businessId, name: 'Demo Mart' }],
    memberships: [lekki, ikeja].map((m) => ({ ...m, roleName: 'IPOS_ADMIN' })),
  });

describe('session values after sign-in', () => {
  it('puts an owner in admin mode when no flag was given', () => {
    expect(sessionValuesFor(owner(), { givenIsAdmin: null })).toEqual({
      isAdmin: true,
      userRole: 'IPOS_ADMIN',
      storeId: lekki.storeId,
    });
  });

  it('honours an owner’s given flag', () => {
    expect(sessionValuesFor(owner(), { givenIsAdmin: false }).isAdmin).toBe(false);
  });

  it('puts staff in store mode in their first store, with their role there', () => {
    expect(sessionValuesFor(me(), { givenIsAdmin: null })).toEqual({
      isAdmin: false,
      userRole: 'IPOS_MANAGER_USER',
      storeId: lekki.storeId,
    });
    // Staff own nothing, so admin mode has nothing for them.
    expect(sessionValuesFor(me(), { givenIsAdmin: true }).isAdmin).toBe(false);
  });

  it('keeps the store already chosen when the account still works there', () => {
    expect(sessionValuesFor(me(), { givenIsAdmin: null, activeStoreId: ikeja.storeId }).storeId).toBe(ikeja.storeId);
    expect(sessionValuesFor(me(), { givenIsAdmin: null, activeStoreId: 'elsewhere' }).storeId).toBe(lekki.storeId);
  });

  it('stores no role or store for staff without a store, and the owner role for an owner without one', () => {
    expect(sessionValuesFor(me({ memberships: [] }), { givenIsAdmin: null })).toEqual({
      isAdmin: false,
      userRole: null,
      storeId: null,
    });
    expect(sessionValuesFor({ ...owner(), memberships: [] }, { givenIsAdmin: null })).toEqual({
      isAdmin: true,
      userRole: 'IPOS_ADMIN',
      storeId: null,
    });
  });

  it('chooses a store from the switcher', () => {
    expect(sessionValuesForStore(ikeja)).toEqual({
      isAdmin: false,
      userRole: 'IPOS_MANAGER_USER',
      storeId: ikeja.storeId,
    });
  });

  it('knows when stored values no longer fit', () => {
    expect(storedValuesFit(me(), { userRole: 'IPOS_BASIC', storeId: ikeja.storeId })).toBe(true);
    expect(storedValuesFit(me(), { userRole: null, storeId: ikeja.storeId })).toBe(false);
    expect(storedValuesFit(me(), { userRole: 'IPOS_BASIC', storeId: 'gone' })).toBe(false);
    expect(storedValuesFit(me({ memberships: [] }), { userRole: 'IPOS_ADMIN', storeId: null })).toBe(true);
  });

  it('writes and removes the stored keys', () => {
    localStorage.setItem('store-id', 'old');
    storeSessionValues({ isAdmin: true, userRole: 'IPOS_ADMIN', storeId: null });
    expect(localStorage.getItem('isAdmin')).toBe('true');
    expect(localStorage.getItem('user-role')).toBe('IPOS_ADMIN');
    expect(localStorage.getItem('store-id')).toBeNull();
  });
});
