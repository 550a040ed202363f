/**
 * The values the app keeps in localStorage (spec section 3, "client-stored values"). One list, so
 * nobody spells a key twice and the later shell (timeout, role refresh) reads the same names.
 */
export const storageKeys = {
  /** The signed-in user's access token, copied from the OIDC user whenever one is loaded. */
  token: 'token',
  userRole: 'user-role',
  /** The active store; sent as the store header on store-mode requests. */
  storeId: 'store-id',
  isAdmin: 'isAdmin',
  hasTimedOut: 'hasTimedOut',
  /** Where to go once signed in (set by the guards when they send a visitor to sign in). */
  redirectPath: 'redirectPath',
  /**
   * This device's id for its reports on the register sessions it sells on (made once; a sign-out
   * clears it with the rest, and the next report comes from a new id, which is harmless: the newest
   * report of a session is the one shown).
   */
  deviceId: 'device-id',
  /**
   * Not one of the spec's values: set while a session whose access token ran out is held because the
   * identity provider cannot be reached (decision 0036); the guards keep the person in the app.
   */
  sessionHeldOffline: 'sessionHeldOffline',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** localStorage can throw (private mode, quota, disabled storage): the app keeps working without it. */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readStored(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Nothing to do: the value lives for this page only.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // ignore
  }
}

/** Spec section 5: an invalid token means "not logged in" and every stored value goes. */
export function clearAllStored(): void {
  try {
    storage()?.clear();
  } catch {
    // ignore
  }
}
