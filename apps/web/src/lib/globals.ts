import { truncate } from './truncate';

/**
 * Starts sign-in; `returnTo` is where the person lands afterwards (default: the current route), `type`
 * the spec's sign-in type (default: the auth setup's, window).
 */
export type LoginHelper = (returnTo?: string, type?: 'window' | 'popup') => Promise<void>;

declare global {
  interface Window {
    /** Spec section 1: the text-truncation helper, for code outside React (and the console). */
    truncate: typeof truncate;
    /** Spec section 1: the login helper; present once the identity client exists. */
    login?: LoginHelper;
  }
}

/**
 * Makes the spec's global helpers available on `window` (spec section 1): `window.truncate(value,
 * length)` always, and `window.login(returnTo?, type?)` when the start-up sequence passes the identity
 * client's sign-in. Called once from main.tsx; calling it again replaces the helpers.
 */
export function installGlobals(helpers: { login?: LoginHelper } = {}): void {
  window.truncate = truncate;
  if (helpers.login) window.login = helpers.login;
}
