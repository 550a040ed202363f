import { useEffect, useState } from 'react';
import { readStored, storageKeys } from '../../../lib/storage';

/** Spec section 9: role and store id are re-read from local storage every second. */
export const STORED_SESSION_REFRESH_MS = 1000;

export interface StoredSession {
  userRole: string | null;
  storeId: string | null;
  /** Spec section 1: absent means admin. */
  isAdmin: boolean;
}

export function readStoredSession(): StoredSession {
  return {
    userRole: readStored(storageKeys.userRole),
    storeId: readStored(storageKeys.storeId),
    isAdmin: readStored(storageKeys.isAdmin) !== 'false',
  };
}

/** Raised in this tab when the app itself changes the stored context (other tabs get `storage`). */
export const STORED_SESSION_EVENT = 'ipos:stored-session';

export function notifyStoredSessionChanged(): void {
  window.dispatchEvent(new Event(STORED_SESSION_EVENT));
}

const same = (a: StoredSession, b: StoredSession) =>
  a.userRole === b.userRole && a.storeId === b.storeId && a.isAdmin === b.isAdmin;

/**
 * The working context as stored, kept current: another tab, the store switcher or devtools may
 * change it, and the frame follows within a second (at once for another tab, through `storage`).
 */
export function useStoredSession(refreshMs: number = STORED_SESSION_REFRESH_MS): StoredSession {
  const [session, setSession] = useState(readStoredSession);
  useEffect(() => {
    const refresh = () =>
      setSession((previous) => {
        const next = readStoredSession();
        return same(previous, next) ? previous : next;
      });
    refresh();
    const timer = setInterval(refresh, refreshMs);
    window.addEventListener('storage', refresh);
    window.addEventListener(STORED_SESSION_EVENT, refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', refresh);
      window.removeEventListener(STORED_SESSION_EVENT, refresh);
    };
  }, [refreshMs]);
  return session;
}
