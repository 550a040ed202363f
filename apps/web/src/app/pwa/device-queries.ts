import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { meQueryKey } from '../../features/accounts/api/get-me';
import { decodeJwtPayload } from '../../features/identity/session';
import { forgetQuerySnapshot, persistQueries } from '../../lib/query-persistence';
import { isOnline } from '../../lib/online';
import { readStored, storageKeys } from '../../lib/storage';

/**
 * The reads the register needs to open with the network gone, kept on the device per account
 * (lib/query-persistence.ts): the account (the guards and the working context read it), the active
 * store, the register sessions the gate and the register read, the held sales, the category tiles
 * and the favourites (or best sellers) the register opens on.
 * `*` stands for any one key part (a store id, a session id). Nothing else is kept.
 */
const KEPT_QUERY_KEYS: readonly (readonly string[])[] = [
  meQueryKey,
  ['stores', 'current', '*'],
  ['checkout', '*', 'sessions'],
  ['checkout', '*', 'held'],
  ['catalog', 'categories'],
  ['register-favourites', '*'],
];

/** Whether a query's result is kept on the device: its key starts with one of the kept keys. */
export function isKeptQueryKey(queryKey: QueryKey): boolean {
  return KEPT_QUERY_KEYS.some(
    (prefix) =>
      queryKey.length >= prefix.length &&
      prefix.every((part, i) => (part === '*' ? typeof queryKey[i] === 'string' : queryKey[i] === part)),
  );
}

/**
 * Who a stored access token belongs to (issuer and subject), expired or not: offline, an expired
 * token still names the person whose reads may be shown. Null without a readable token.
 */
export function accountKeyOf(token: string | null): string | null {
  const payload = token ? decodeJwtPayload(token) : null;
  const { iss, sub } = payload ?? {};
  return typeof iss === 'string' && typeof sub === 'string' && sub ? `${iss}#${sub}` : null;
}

/** Starts keeping the register's reads for whoever is signed in; resolves once restored. */
export function persistDeviceQueries(queryClient: QueryClient): Promise<() => void> {
  return persistQueries(queryClient, {
    isKept: isKeptQueryKey,
    accountKey: () => accountKeyOf(readStored(storageKeys.token)),
    isOnline,
  });
}

/**
 * Forgets the signed-in person's kept reads; called when they sign out (or their PIN locks), before
 * their token is removed. They come back with the next online visit.
 */
export function forgetDeviceQueries(): Promise<void> {
  const key = accountKeyOf(readStored(storageKeys.token));
  return key ? forgetQuerySnapshot(key).catch(() => undefined) : Promise.resolve();
}
