import type { Me, Membership } from '@ipos/contracts';
import { removeStored, storageKeys, writeStored } from '../../lib/storage';
import { notifyStoredSessionChanged } from './hooks/use-stored-session';

/**
 * What the app keeps in storage about the signed-in person's working context (spec section 3:
 * `isAdmin`, `user-role`, `store-id`), derived from GET /api/v1/me.
 */
export interface SessionValues {
  isAdmin: boolean;
  /** `null`: nothing to store (the key is removed). */
  userRole: string | null;
  storeId: string | null;
}

/** An owner acts as IPOS_ADMIN in every store of their businesses, and in admin mode. */
export const OWNER_ROLE = 'IPOS_ADMIN';

export interface SessionValuesOptions {
  /** The isAdmin flag given with the sign-in (query string or storage); `null` when none was. */
  givenIsAdmin: boolean | null;
  /** The store already chosen, kept when the account still works there. */
  activeStoreId?: string | null;
}

/**
 * After sign-in: an owner starts in admin mode unless a flag says otherwise; staff have no admin mode
 * (they own no business), so they are always in store mode. The active store is the one already
 * chosen if the account works there, else the first membership; the role is the role there.
 */
export function sessionValuesFor(me: Me, { givenIsAdmin, activeStoreId = null }: SessionValuesOptions): SessionValues {
  const isAdmin = me.isOwner ? (givenIsAdmin ?? true) : false;
  const membership = me.memberships.find((m) => m.storeId === activeStoreId) ?? me.memberships[0];
  if (!membership) return { isAdmin, userRole: me.isOwner ? OWNER_ROLE : null, storeId: null };
  return { isAdmin, userRole: membership.roleName, storeId: membership.storeId };
}

/** Choosing a store from the switcher: store mode in that store, with the role held there. */
export function sessionValuesForStore(membership: Membership): SessionValues {
  return { isAdmin: false, userRole: membership.roleName, storeId: membership.storeId };
}

/** Whether stored values still fit the account (else they are derived again). */
export function storedValuesFit(me: Me, stored: { userRole: string | null; storeId: string | null }): boolean {
  if (stored.userRole === null) return false;
  if (me.memberships.length === 0) return stored.storeId === null;
  return me.memberships.some((m) => m.storeId === stored.storeId);
}

/** The membership of the active store, if the account has one there. */
export function activeMembership(me: Me, storeId: string | null): Membership | undefined {
  return storeId ? me.memberships.find((m) => m.storeId === storeId) : undefined;
}

/** Writes the working context; the frame and the API client pick it up from storage. */
export function storeSessionValues(values: SessionValues): void {
  writeStored(storageKeys.isAdmin, String(values.isAdmin));
  if (values.userRole === null) removeStored(storageKeys.userRole);
  else writeStored(storageKeys.userRole, values.userRole);
  if (values.storeId === null) removeStored(storageKeys.storeId);
  else writeStored(storageKeys.storeId, values.storeId);
  notifyStoredSessionChanged();
}

/** Admin mode for an owner; the store and role stay stored for the way back. */
export function storeAdminMode(): void {
  writeStored(storageKeys.isAdmin, 'true');
  notifyStoredSessionChanged();
}
