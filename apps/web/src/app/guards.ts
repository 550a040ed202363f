import { isHeldOffline, isTokenValid, safeReturnTo } from '../features/identity/session';
import { clearAllStored, readStored, removeStored, storageKeys, writeStored, type StorageKey } from '../lib/storage';
import {
  DASHBOARD_PATH,
  LANDING_PATH,
  TIMEOUT_PIN_PATH,
  getSection,
  isAudienceAllowed,
  type RouteMeta,
} from './route-table';
import { storeDetailsPath, storeLocationPath } from './settings-links';

export { isExemptPath, isProtectedPath } from './route-table';

/**
 * The guards of spec sections 4, 5 and 6 as one pure function of (route metadata, location, stored
 * values, now). It returns what to change in storage and where to go; the router's root loader
 * (router.tsx) applies the decision on every navigation.
 */

/** The client-stored values of spec section 3, as read from localStorage. */
export interface StoredValues {
  token: string | null;
  userRole: string | null;
  storeId: string | null;
  isAdmin: string | null;
  hasTimedOut: string | null;
  redirectPath: string | null;
  /**
   * Not the spec's: `'true'` while the session is held offline (decision 0036) — its access token ran
   * out and the identity provider cannot be reached to renew it. Absent from older callers: not held.
   */
  sessionHeldOffline?: string | null;
}

export type StorageEffect =
  { type: 'clear-all' } | { type: 'set'; key: StorageKey; value: string } | { type: 'remove'; key: StorageKey };

/** Something the person should be told about a redirect (shown as a toast). */
export interface GuardNotice {
  title: string;
  message: string;
}

export interface GuardDecision {
  /** Applied in order, before any redirect. */
  effects: StorageEffect[];
  /** Absent: the route may be shown. */
  redirectTo?: string;
  notice?: GuardNotice;
}

export interface GuardInput {
  route: RouteMeta;
  /** The requested location (pathname, search and hash). */
  location: { pathname: string; search: string; hash?: string };
  stored: StoredValues;
  now: number;
}

export const IS_ADMIN_QUERY = 'isAdmin';
export const REDIRECT_QUERY = 'redirect';
/** Landing's query after a sign-out: the page says so and nothing of the last session is kept. */
export const SIGNED_OUT_QUERY = 'signedOut';
export const ADMIN_ROLE = 'IPOS_ADMIN';

/** `true`/`false` from the query string or storage; anything else counts as not given. */
export function parseAdminFlag(value: string | null | undefined): boolean | null {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/** The session mode (spec section 1): the query string, else storage, else admin. */
export function resolveIsAdmin(search: string, stored: Pick<StoredValues, 'isAdmin'>): boolean {
  return parseAdminFlag(new URLSearchParams(search).get(IS_ADMIN_QUERY)) ?? parseAdminFlag(stored.isAdmin) ?? true;
}

const set = (key: StorageKey, value: string): StorageEffect => ({ type: 'set', key, value });
const remove = (key: StorageKey): StorageEffect => ({ type: 'remove', key });
const clearAll: StorageEffect = { type: 'clear-all' };

const withRedirect = (path: string, target: string) => `${path}?${REDIRECT_QUERY}=${encodeURIComponent(target)}`;

/** Spec section 6: where the settings root sends each role. */
export function settingsLandingPath(role: string | null, storeId: string | null): string | null {
  if (role === ADMIN_ROLE) return storeDetailsPath;
  if (!storeId) return null;
  return storeLocationPath(storeId);
}

function modeNotice(route: RouteMeta, isAdmin: boolean): GuardNotice {
  const name = route.section ? getSection(route.section).name : route.title;
  return isAdmin
    ? {
        title: `${name} is not available in admin mode`,
        message: 'Choose one of your stores to work in it.',
      }
    : {
        title: `${name} is only available in admin mode`,
        message: 'Business owners reach it from admin mode.',
      };
}

export function decideNavigation({ route, location, stored, now }: GuardInput): GuardDecision {
  // The callbacks hand the provider's answer to the identity client, whatever is stored; NotFound
  // is shown to anyone.
  if (route.kind === 'callback' || route.kind === 'not-found') return { effects: [] };
  if (route.access === 'onboarding') return { effects: [] };
  if (route.access === 'public' && !route.kind) return { effects: [] };

  const target = location.pathname + location.search + (location.hash ?? '');
  const search = new URLSearchParams(location.search);
  // A session held offline keeps its expired token until the provider can renew it: still signed in.
  const isValid = isTokenValid(stored.token, now) || isHeldOffline(stored.token, stored.sessionHeldOffline);
  const hasTimedOut = stored.hasTimedOut === 'true';
  // Spec section 5: a token that is there but malformed or expired means every stored value goes.
  const forgetInvalidToken: StorageEffect[] = !isValid && stored.token !== null ? [clearAll] : [];
  const queryFlag = parseAdminFlag(search.get(IS_ADMIN_QUERY));
  const storeQueryFlag: StorageEffect[] = queryFlag === null ? [] : [set(storageKeys.isAdmin, String(queryFlag))];

  // Spec section 4: timed out with an invalid token → hasTimedOut cleared, redirect path removed, Landing.
  const timedOutWithoutToken: StorageEffect[] = [
    ...forgetInvalidToken,
    remove(storageKeys.hasTimedOut),
    remove(storageKeys.redirectPath),
  ];

  if (route.kind === 'landing') {
    if (isValid) {
      // A logged-in visitor goes to the redirect query, else the stored redirect path, else DashboardLanding.
      const destination =
        safeReturnTo(search.get(REDIRECT_QUERY)) ?? safeReturnTo(stored.redirectPath) ?? DASHBOARD_PATH;
      return { effects: [...storeQueryFlag, remove(storageKeys.redirectPath)], redirectTo: destination };
    }
    if (hasTimedOut) return { effects: [...timedOutWithoutToken, ...storeQueryFlag] };
    // Without a query flag, a flag left by an earlier session is not "given" for the next sign-in.
    // After a deliberate sign-out nothing of the last person's place survives: a path remembered while
    // the session was ending (a screen still loading hit the guard without a token) would otherwise
    // send the next person who signs in on this device to the screen the last one left.
    const afterSignOut = search.get(SIGNED_OUT_QUERY) === '1' ? [remove(storageKeys.redirectPath)] : [];
    return {
      effects: [
        ...forgetInvalidToken,
        queryFlag === null ? remove(storageKeys.isAdmin) : storeQueryFlag[0]!,
        ...afterSignOut,
      ],
    };
  }

  if (route.kind === 'timeout' || route.kind === 'timeout-pin') {
    // The PIN can only be checked for a signed-in person; without a token only a full sign-in helps.
    if (!isValid) return { effects: timedOutWithoutToken, redirectTo: LANDING_PATH };
    // /timeout shows its child, keeping the query (the redirect target).
    if (route.kind === 'timeout') return { effects: [], redirectTo: TIMEOUT_PIN_PATH + location.search };
    return { effects: [] };
  }

  // Auth-required routes. Timed out with a valid token: the PIN screen, the target kept.
  if (hasTimedOut && isValid) {
    return {
      effects: [set(storageKeys.redirectPath, target)],
      redirectTo: withRedirect(TIMEOUT_PIN_PATH, target),
    };
  }

  if (!isValid) {
    // Spec sections 4 and 5: not logged in → all storage cleared (hasTimedOut with it), the path kept
    // for after sign-in. This holds while timed out too: the spec's first rule clears hasTimedOut on
    // exactly this visit; its "timed out with an invalid token" rule is the PIN screen's, above.
    return {
      effects: [clearAll, set(storageKeys.redirectPath, target)],
      redirectTo: withRedirect(LANDING_PATH, target),
    };
  }

  // A stored redirect path is consumed once reached, and followed when it names another route.
  const consumed: StorageEffect[] = [];
  if (stored.redirectPath !== null) {
    const pending = safeReturnTo(stored.redirectPath);
    if (pending && pending !== target) return { effects: [remove(storageKeys.redirectPath)], redirectTo: pending };
    consumed.push(remove(storageKeys.redirectPath));
  }
  const effects = [...consumed, ...storeQueryFlag];

  const isAdmin = queryFlag ?? parseAdminFlag(stored.isAdmin) ?? true;
  if (!isAudienceAllowed(route.audience, isAdmin)) {
    return { effects, redirectTo: DASHBOARD_PATH, notice: modeNotice(route, isAdmin) };
  }

  if (route.kind === 'settings-root') {
    const destination = settingsLandingPath(stored.userRole, stored.storeId);
    if (destination) return { effects, redirectTo: destination };
    return {
      effects,
      redirectTo: DASHBOARD_PATH,
      notice: { title: 'Settings need a store', message: 'Choose the store whose settings you want to see.' },
    };
  }

  return { effects };
}

export function readStoredValues(): StoredValues {
  return {
    token: readStored(storageKeys.token),
    userRole: readStored(storageKeys.userRole),
    storeId: readStored(storageKeys.storeId),
    isAdmin: readStored(storageKeys.isAdmin),
    hasTimedOut: readStored(storageKeys.hasTimedOut),
    redirectPath: readStored(storageKeys.redirectPath),
    sessionHeldOffline: readStored(storageKeys.sessionHeldOffline),
  };
}

export function applyStorageEffects(effects: readonly StorageEffect[]): void {
  for (const effect of effects) {
    if (effect.type === 'clear-all') clearAllStored();
    else if (effect.type === 'set') writeStored(effect.key, effect.value);
    else removeStored(effect.key);
  }
}
