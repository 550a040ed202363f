import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '@ipos/contracts';
import { meQueryKey, meQueryOptions } from '../features/accounts/api/get-me';
import { sessionValuesFor, storeSessionValues, storedValuesFit } from '../features/accounts/session-values';
import { isApiError } from '../lib/api-client';
import { logger } from '../lib/logger';
import { readStored, storageKeys } from '../lib/storage';
import { IS_ADMIN_QUERY, REDIRECT_QUERY, parseAdminFlag } from './guards';

/**
 * What happens between "the identity provider says who this is" and "the dashboard": the account is
 * read from GET /api/v1/me, the working context is stored (isAdmin, user-role, store-id), and the
 * forced flows come first: a default password is replaced, then a PIN is created.
 */

export const UPDATE_DEFAULT_PASSWORD_PATH = '/onboarding/update-default-password';
export const CREATE_PIN_PATH = '/onboarding/create-pin';

/** Where the account must go before anything else, carrying the place it was heading to. */
export function forcedFlowPath(me: Me, returnTo: string): string | null {
  const next = (path: string) => `${path}?${REDIRECT_QUERY}=${encodeURIComponent(returnTo)}`;
  if (me.mustChangePassword) return next(UPDATE_DEFAULT_PASSWORD_PATH);
  if (!me.hasPin) return next(CREATE_PIN_PATH);
  return null;
}

function adminFlagOf(path: string): boolean | null {
  return parseAdminFlag(new URL(path, 'http://app.invalid').searchParams.get(IS_ADMIN_QUERY));
}

/**
 * After the window (or popup) sign-in: returns where to go. A flag given with the sign-in (in the
 * return path's query, else stored by the Landing visit) decides an owner's mode; otherwise an owner
 * starts in admin mode and staff in their first store.
 */
export async function completeSignIn(queryClient: QueryClient, returnTo: string): Promise<string> {
  // Whatever was cached belongs to whoever was signed in before.
  queryClient.removeQueries();
  let me: Me;
  try {
    me = await queryClient.fetchQuery(meQueryOptions());
  } catch (error) {
    // The dashboard asks again on entry and shows the failure with a retry.
    logger.warn('could not load the account after sign-in', error);
    return returnTo;
  }
  storeSessionValues(
    sessionValuesFor(me, {
      givenIsAdmin: adminFlagOf(returnTo) ?? parseAdminFlag(readStored(storageKeys.isAdmin)),
      activeStoreId: readStored(storageKeys.storeId),
    }),
  );
  return forcedFlowPath(me, returnTo) ?? returnTo;
}

export type SessionCheck = { kind: 'ok' } | { kind: 'redirect'; to: string } | { kind: 'signed-out' };

/**
 * On every dashboard route: the forced flows cannot be skipped by typing a URL, and a working context
 * that is missing (popup sign-in, cleared by hand) or no longer fits the account is derived again.
 */
export async function checkSession(queryClient: QueryClient, target: string): Promise<SessionCheck> {
  let me: Me;
  try {
    me = await queryClient.ensureQueryData(meQueryOptions());
    // A cached "must change password" or "no PIN" may be out of date once the forced screen is done.
    if (forcedFlowPath(me, target)) me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  } catch (error) {
    // The API does not accept the token (revoked, or from another server): not logged in.
    if (isApiError(error) && error.status === 401) {
      queryClient.removeQueries({ queryKey: meQueryKey });
      return { kind: 'signed-out' };
    }
    // Anything else: the screen shows the failure with a retry.
    return { kind: 'ok' };
  }

  const forced = forcedFlowPath(me, target);
  if (forced) return { kind: 'redirect', to: forced };

  const stored = {
    userRole: readStored(storageKeys.userRole),
    storeId: readStored(storageKeys.storeId),
    isAdmin: parseAdminFlag(readStored(storageKeys.isAdmin)),
  };
  if (stored.isAdmin === null || !storedValuesFit(me, stored)) {
    storeSessionValues(
      sessionValuesFor(me, {
        givenIsAdmin: adminFlagOf(target) ?? stored.isAdmin,
        activeStoreId: stored.storeId,
      }),
    );
  }
  return { kind: 'ok' };
}
