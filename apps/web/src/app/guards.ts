import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isSignedIn, rememberRequestedPath, resolveReturnTo } from '../features/identity/session';
import { removeStored, storageKeys } from '../lib/storage';

/**
 * Route guards run as loaders, before a screen's code or data is fetched. The later shell adds the
 * admin/store-mode and timeout guards beside these.
 */

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search + url.hash;
}

/** Auth-required routes: a visitor without a valid token goes to Landing with a redirect query. */
export function requireSignedIn({ request }: LoaderFunctionArgs): null {
  if (isSignedIn()) return null;
  const path = pathOf(request);
  rememberRequestedPath(path);
  throw redirect(`/?redirect=${encodeURIComponent(path)}`);
}

/** Landing: someone already signed in goes where they were heading, else to the dashboard. */
export function redirectSignedIn({ request }: LoaderFunctionArgs): null {
  if (!isSignedIn()) return null;
  const target = resolveReturnTo(new URL(request.url).searchParams);
  // The stored redirect path is followed once (spec section 4).
  removeStored(storageKeys.redirectPath);
  throw redirect(target);
}

/** Paths under an auth-required route; the session handling re-signs in only there. */
export const protectedPrefixes = ['/dashboard'] as const;

export function isProtectedPath(path: string): boolean {
  return protectedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
