import { decodeJwtPart } from './jwt';
import { clearAllStored, readStored, removeStored, storageKeys, writeStored } from '../../lib/storage';
import { pathTo } from '../../lib/route-paths';

/** Where a signed-in person goes when nothing asked for another place. */
export const DEFAULT_RETURN_TO = pathTo('dashboard.dashboard');

/** The payload of a JWT, or null when the token is not one. Never verifies: the API does that. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  return decodeJwtPart(parts[1]);
}

/** Spec section 5: absent, malformed, or `exp` (seconds) not in the future means "not logged in". */
export function isTokenValid(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  const payload = decodeJwtPayload(token);
  const exp = payload?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) && exp * 1000 > nowMs;
}

/**
 * A session held offline (decision 0036: its access token ran out while the identity provider could
 * not be reached) still counts as signed in, with the token it had, until the provider answers.
 */
export function isHeldOffline(token: string | null | undefined, heldFlag: string | null | undefined): boolean {
  return heldFlag === 'true' && typeof token === 'string' && decodeJwtPayload(token) !== null;
}

export function isSignedIn(nowMs: number = Date.now()): boolean {
  const token = readStored(storageKeys.token);
  return isTokenValid(token, nowMs) || isHeldOffline(token, readStored(storageKeys.sessionHeldOffline));
}

/**
 * Accepts only a path on this origin ("/dashboard/inventory?x=1"), never "//evil.example" or an
 * absolute URL: the value comes from the query string and must not become an open redirect.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/** The `redirect` query parameter, then the stored redirect path, then the dashboard (spec section 4). */
export function resolveReturnTo(search: URLSearchParams): string {
  return (
    safeReturnTo(search.get('redirect')) ?? safeReturnTo(readStored(storageKeys.redirectPath)) ?? DEFAULT_RETURN_TO
  );
}

/**
 * A visitor without a valid token reached a protected route: every stored value goes (spec section 5),
 * then the requested path is kept so that signing in returns there (spec section 4).
 */
export function rememberRequestedPath(path: string): void {
  clearAllStored();
  writeStored(storageKeys.redirectPath, path);
  removeStored(storageKeys.hasTimedOut);
}

/** Removes what belongs to the signed-in person; the OIDC user itself is removed by the client. */
export function forgetSession(): void {
  for (const key of [
    storageKeys.token,
    storageKeys.userRole,
    storageKeys.storeId,
    storageKeys.hasTimedOut,
    storageKeys.redirectPath,
    storageKeys.sessionHeldOffline,
  ]) {
    removeStored(key);
  }
}
