import { UserManager, WebStorageStateStore, type User, type UserManagerSettings } from 'oidc-client-ts';
import { OIDC_AUTH_NAME, OIDC_CALLBACK_PATHS, type PublicConfig } from '@ipos/contracts';
import { logger } from '../../lib/logger';
import { removeStored, storageKeys, writeStored } from '../../lib/storage';
import { DEFAULT_RETURN_TO, forgetSession, safeReturnTo } from './session';

export type SignInType = 'window' | 'popup';

export interface AuthOptions {
  /** The auth instance's name; it is the last segment of every callback path. */
  name: string;
  defaultSignInType: SignInType;
  /** The SPA's origin: every redirect URI is built on it. */
  appBaseUrl: string;
  config: PublicConfig | undefined;
  /** Where the OIDC user is kept; localStorage so that every tab shares one sign-in. */
  store?: Storage;
  /**
   * True inside the popup or hidden frame that a callback page runs in: that copy of the app only
   * hands the response back to its opener, so it must not renew tokens or watch the session itself.
   */
  isCallbackWindow?: boolean;
}

/** What travels through the provider and back (oidc-client-ts keeps it in its state store). */
export interface SignInState {
  returnTo: string;
}

/** Spec section 9. Silent renew uses the refresh token when the user has one, a hidden frame otherwise. */
export const AUTH_TIMINGS = {
  silentRequestTimeoutInSeconds: 10,
  checkSessionIntervalInSeconds: 2,
  accessTokenExpiringNotificationTimeInSeconds: 60,
  popupSize: 500,
  silentRenewRetryMs: 5_000,
} as const;

/** Spec section 8: the setup errors, word for word. */
export function validateAuthOptions(options: Partial<AuthOptions>): asserts options is AuthOptions {
  if (!options.name) throw new Error('Auth name is required');
  if (options.defaultSignInType !== 'window' && options.defaultSignInType !== 'popup') {
    throw new Error('Only window or popup are valid default signin types');
  }
  if (!options.appBaseUrl) throw new Error('App base url is required');
  if (!options.config) throw new Error('No config provided to oidc auth');
  if (options.name !== OIDC_AUTH_NAME) {
    // The provider registers the redirect URIs of OIDC_CALLBACK_PATHS, which carry this one name.
    throw new Error(`Auth name must be ${OIDC_AUTH_NAME}`);
  }
}

export function authSettings(options: AuthOptions): UserManagerSettings {
  const base = options.appBaseUrl.replace(/\/+$/, '');
  const config = options.config!;
  const store = options.store ?? globalThis.localStorage;
  return {
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    redirect_uri: base + OIDC_CALLBACK_PATHS.signInWindow,
    popup_redirect_uri: base + OIDC_CALLBACK_PATHS.signInPopup,
    silent_redirect_uri: base + OIDC_CALLBACK_PATHS.signInSilent,
    popup_post_logout_redirect_uri: base + OIDC_CALLBACK_PATHS.signOutPopup,
    post_logout_redirect_uri: config.postLogoutUrl,
    response_type: 'code',
    scope: config.oidc.scopes,
    extraQueryParams: config.oidc.extraQueryParams,
    userStore: new WebStorageStateStore({ store }),
    stateStore: new WebStorageStateStore({ prefix: 'oidc.', store }),
    automaticSilentRenew: !options.isCallbackWindow,
    silentRequestTimeoutInSeconds: AUTH_TIMINGS.silentRequestTimeoutInSeconds,
    accessTokenExpiringNotificationTimeInSeconds: AUTH_TIMINGS.accessTokenExpiringNotificationTimeInSeconds,
    monitorSession: !options.isCallbackWindow,
    checkSessionIntervalInSeconds: AUTH_TIMINGS.checkSessionIntervalInSeconds,
    // The library checks every 500 ms whether the popup was closed (spec section 9).
    popupWindowFeatures: {
      width: AUTH_TIMINGS.popupSize,
      height: AUTH_TIMINGS.popupSize,
      location: false,
      toolbar: false,
    },
    // Sign-out revokes the refresh token (the grant). Access tokens are short-lived JWTs, which
    // providers such as oidc-provider refuse to revoke.
    revokeTokensOnSignout: true,
    revokeTokenTypes: ['refresh_token'],
    // RFC 7009 answers 200 with no content; some providers label that empty body text/plain.
    revokeTokenAdditionalContentTypes: ['text/plain'],
  };
}

export interface SessionWatch {
  /** The path the person is on now. */
  currentPath: () => string;
  isProtectedPath: (path: string) => boolean;
}

/**
 * The app's one handle on the identity provider. It wraps oidc-client-ts so screens and guards never
 * touch the library, and keeps the spec's copy of the access token in localStorage (`token`).
 */
export class AuthClient {
  readonly userManager: UserManager;
  private watch: SessionWatch | undefined;
  private renewRetried = false;
  private reSignInTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly options: AuthOptions,
    userManager?: UserManager,
  ) {
    validateAuthOptions(options);
    this.userManager = userManager ?? new UserManager(authSettings(options));
    this.listen();
  }

  /**
   * The identity-provider startup check: reads the stored user. A user whose access token is still
   * good has it copied to `token`; an expired one is left to the session handling.
   */
  async startup(): Promise<boolean> {
    const user = await this.userManager.getUser();
    if (user && !user.expired) this.storeUser(user);
    return true;
  }

  async getUser(): Promise<User | null> {
    return this.userManager.getUser();
  }

  /** Starts sign-in; a window sign-in leaves the page, a popup one resolves once signed in. */
  async signIn({
    returnTo = DEFAULT_RETURN_TO,
    type = this.options.defaultSignInType,
  }: { returnTo?: string; type?: SignInType } = {}) {
    const state: SignInState = { returnTo: safeReturnTo(returnTo) ?? DEFAULT_RETURN_TO };
    if (type === 'popup') {
      const user = await this.userManager.signinPopup({ state });
      this.storeUser(user);
      return;
    }
    await this.userManager.signinRedirect({ state });
  }

  /** `/auth/signinwin/:authName` and `/index.html?auth-callback=1`: returns where to go next. */
  async completeSignInRedirect(url: string): Promise<string> {
    const user = await this.userManager.signinRedirectCallback(url);
    this.storeUser(user);
    removeStored(storageKeys.redirectPath);
    return safeReturnTo((user.state as Partial<SignInState> | undefined)?.returnTo) ?? DEFAULT_RETURN_TO;
  }

  completeSignInPopup(url: string): Promise<void> {
    return this.userManager.signinPopupCallback(url);
  }

  async completeSignInSilent(url: string): Promise<void> {
    await this.userManager.signinSilentCallback(url);
  }

  completeSignOutPopup(url: string): Promise<void> {
    return this.userManager.signoutPopupCallback(url);
  }

  /** Ends the session here and at the provider, which then sends the browser to `postLogoutUrl`. */
  async signOut(): Promise<void> {
    this.stopReSignIn();
    forgetSession();
    try {
      await this.userManager.signoutRedirect();
    } catch (error) {
      // The provider could not be reached: the local session still ends.
      logger.warn('sign-out at the provider failed; signed out here only', error);
      await this.userManager.removeUser().catch(() => undefined);
      window.location.assign('/');
    }
  }

  /** Turns on the spec's reactions to session loss (section 4); the app calls it once it has a router. */
  watchSession(watch: SessionWatch): void {
    this.watch = watch;
  }

  private storeUser(user: User) {
    if (user.access_token) writeStored(storageKeys.token, user.access_token);
  }

  private listen() {
    const events = this.userManager.events;
    events.addUserLoaded((user) => {
      logger.debug('identity: user loaded');
      this.renewRetried = false;
      this.stopReSignIn();
      this.storeUser(user);
    });
    events.addUserUnloaded(() => {
      logger.debug('identity: user unloaded');
      removeStored(storageKeys.token);
    });
    events.addAccessTokenExpiring(() => logger.debug('identity: access token expiring'));
    events.addAccessTokenExpired(() => {
      logger.debug('identity: access token expired');
      void this.sessionLost();
    });
    events.addUserSignedOut(() => {
      logger.debug('identity: signed out at the provider');
      void this.sessionLost();
    });
    events.addUserSessionChanged(() => logger.debug('identity: session changed'));
    events.addSilentRenewError((error) => {
      logger.debug('identity: silent renew failed', error);
      if (this.renewRetried) {
        void this.sessionLost();
        return;
      }
      this.renewRetried = true;
      setTimeout(() => {
        this.userManager.signinSilent().catch(() => this.sessionLost());
      }, AUTH_TIMINGS.silentRenewRetryMs);
    });
  }

  /** Clears the user; on a protected route, sign-in starts again (and is retried every 5 s if it fails). */
  private async sessionLost() {
    await this.userManager.removeUser().catch(() => undefined);
    removeStored(storageKeys.token);
    const watch = this.watch;
    if (!watch) return;
    const path = watch.currentPath();
    if (!watch.isProtectedPath(path)) return;
    const attempt = () => {
      this.signIn({ returnTo: path, type: 'window' }).catch((error: unknown) => {
        logger.warn('identity: sign-in could not start; retrying', error);
        this.reSignInTimer = setTimeout(attempt, AUTH_TIMINGS.silentRenewRetryMs);
      });
    };
    this.stopReSignIn();
    attempt();
  }

  private stopReSignIn() {
    if (this.reSignInTimer) clearTimeout(this.reSignInTimer);
    this.reSignInTimer = undefined;
  }
}

export function createAuthClient(options: AuthOptions): AuthClient {
  return new AuthClient(options);
}

/** Callback pages that run in a popup or a hidden frame rather than the app's own window. */
export function isCallbackWindowPath(pathname: string): boolean {
  return (
    pathname === OIDC_CALLBACK_PATHS.signInPopup ||
    pathname === OIDC_CALLBACK_PATHS.signInSilent ||
    pathname === OIDC_CALLBACK_PATHS.signOutPopup
  );
}
