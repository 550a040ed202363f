import {
  UserManager,
  WebStorageStateStore,
  type SigninSilentArgs,
  type User,
  type UserManagerSettings,
} from 'oidc-client-ts';
import { OIDC_AUTH_NAME, OIDC_CALLBACK_PATHS, type PublicConfig } from '@ipos/contracts';
import { logger } from '../../lib/logger';
import { isOnline } from '../../lib/online';
import { readStored, removeStored, storageKeys, writeStored } from '../../lib/storage';
import { authMessages, toSpecAuthError } from './auth-errors';
import { IdTokenValidationError, validateIdToken } from './id-token';
import { isProviderUnreachable, isSessionHeldStored, OfflineHold, type RenewOutcome } from './offline-hold';
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
  /** Where the `online` and `offline` events come from: the window (tests give their own). */
  network?: EventTarget;
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
  /** oidc-client-ts checks whether the popup was closed every 500 ms (its `checkForPopupClosedInterval`). */
  popupClosedCheckMs: 500,
  silentRenewRetryMs: 5_000,
  reSignInRetryMs: 5_000,
} as const;

/** Spec section 8: the setup errors, word for word. */
export function validateAuthOptions(options: Partial<AuthOptions>): asserts options is AuthOptions {
  if (!options.name) throw new Error(authMessages.nameRequired);
  if (options.defaultSignInType !== 'window' && options.defaultSignInType !== 'popup') {
    throw new Error(authMessages.invalidSignInType);
  }
  if (!options.appBaseUrl) throw new Error(authMessages.baseUrlRequired);
  if (!options.config) throw new Error(authMessages.noConfig);
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

/**
 * The authorize parameters of a silent request: `prompt=none` is the library's, so the configured
 * `prompt=login` (spec section 7, for interactive sign-in) must not be sent beside it.
 */
export function silentExtraQueryParams(config: PublicConfig): Record<string, string> {
  const { prompt: _prompt, ...rest } = config.oidc.extraQueryParams;
  return rest;
}

/**
 * oidc-client-ts renews with the refresh token when the user has one and never tries anything else.
 * Spec section 7 names both ways: when the refresh token is refused (revoked, rotated elsewhere), the
 * hidden frame gets a chance, riding on the provider's own session.
 */
export class IposUserManager extends UserManager {
  constructor(
    settings: UserManagerSettings,
    private readonly silentParams: Record<string, string> = {},
  ) {
    super(settings);
  }

  /** Whether the last renewal failed for want of an answer (see isProviderUnreachable). */
  lastRenewUnreachable = false;

  override async signinSilent(args: SigninSilentArgs = {}): Promise<User | null> {
    try {
      const user = await this.renewSilently(args);
      this.lastRenewUnreachable = false;
      return user;
    } catch (error) {
      this.lastRenewUnreachable = isProviderUnreachable(error);
      throw error;
    }
  }

  private async renewSilently(args: SigninSilentArgs): Promise<User | null> {
    const request: SigninSilentArgs = { extraQueryParams: this.silentParams, ...args };
    try {
      return await super.signinSilent(request);
    } catch (error) {
      // No answer is not a refusal: the hidden frame would only wait its 10 s for nothing.
      if (args.forceIframeAuth || isProviderUnreachable(error)) throw toSpecAuthError(error, 'silent');
      const user = await this.peekUser();
      if (!user?.refresh_token) throw toSpecAuthError(error, 'silent');
      logger.debug('identity: the refresh token was refused; renewing in a hidden frame', error);
      try {
        return await super.signinSilent({ ...request, forceIframeAuth: true });
      } catch (frameError) {
        throw toSpecAuthError(frameError, 'silent');
      }
    }
  }

  /**
   * The stored user, without `getUser()`'s side effect: that re-arms the token timers, and past the
   * "expiring" point it raises "expiring" again a second later, which starts yet another renewal.
   */
  async peekUser(): Promise<User | null> {
    return this._loadUser().catch(() => null);
  }
}

/** The stored user without re-arming the library's token timers (see IposUserManager.peekUser). */
function peekUser(userManager: UserManager): Promise<User | null> {
  return userManager instanceof IposUserManager ? userManager.peekUser() : userManager.getUser().catch(() => null);
}

export interface SessionWatch {
  /** Where the person is now (path and query): sign-in returns there. */
  currentPath: () => string;
  isProtectedPath: (pathname: string) => boolean;
}

/**
 * Runs after a sign-in that does not leave the page (popup): the app (app/) loads the account,
 * stores what the guards need and navigates on, so identity does not know about accounts or routes.
 */
export type AfterSignIn = (returnTo: string) => Promise<void> | void;

/**
 * The app's one handle on the identity provider. It wraps oidc-client-ts so screens and guards never
 * touch the library, and keeps the spec's copy of the access token in localStorage (`token`).
 */
export class AuthClient {
  readonly userManager: UserManager;
  private watch: SessionWatch | undefined;
  private renewRetried = false;
  private renewRetryTimer: ReturnType<typeof setTimeout> | undefined;
  private reSignInTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set while this client itself ends the session, so the unload it causes is not "lost". */
  private isEndingSession = false;
  private isLosingSession = false;
  /** One acceptance per loaded user, shared by the event handler and the flow that loaded it. */
  private readonly accepted = new WeakMap<User, Promise<void>>();
  private validatedIdToken: string | undefined;
  private readonly signedOutListeners = new Set<() => void>();
  private afterSignIn: AfterSignIn | undefined;
  /** A session whose renewal gets no answer is held, not ended (decision 0036). */
  private readonly offlineHold: OfflineHold;

  constructor(
    readonly options: AuthOptions,
    userManager?: UserManager,
  ) {
    validateAuthOptions(options);
    this.offlineHold = new OfflineHold(
      () => this.renewHeld(),
      () => void this.sessionLost(),
      options.network,
    );
    this.userManager =
      userManager ?? new IposUserManager(authSettings(options), silentExtraQueryParams(options.config!));
    this.listen();
  }

  /**
   * The identity-provider startup check of spec section 1: the provider's discovery document must be
   * reachable and name the endpoints the app uses. Throws when it cannot be read. A stored user
   * whose access token is still good has it copied to `token`; an expired one is left to the
   * session handling. Callback windows only hand a response back, so they skip the network.
   */
  async startup(): Promise<boolean> {
    if (!this.options.isCallbackWindow) {
      const metadata = await this.userManager.metadataService.getMetadata();
      if (!metadata.authorization_endpoint || !metadata.token_endpoint) {
        logger.error('identity: the provider metadata lacks the authorization or token endpoint');
        return false;
      }
    }
    const user = await this.userManager.getUser();
    if (user && !user.expired && user.access_token) {
      // It was validated when it arrived; this copy only refreshes the spec's `token`.
      this.validatedIdToken = user.id_token;
      writeStored(storageKeys.token, user.access_token);
    }
    if (user?.access_token && !this.options.isCallbackWindow && this.shouldHold()) {
      // Held before this reload, or opened with no network: held until the provider answers.
      this.validatedIdToken = user.id_token;
      this.offlineHold.hold();
      if (user.expired) void this.offlineHold.retry();
    } else if (isSessionHeldStored()) {
      this.offlineHold.release();
    }
    return true;
  }

  /** True while the session is held offline: its access token ran out and the provider cannot be asked. */
  isHeldOffline(): boolean {
    return this.offlineHold.isHeld;
  }

  /** Called whenever the session is held or stops being held. */
  onHeldOfflineChange(listener: () => void): () => void {
    return this.offlineHold.subscribe(listener);
  }

  async getUser(): Promise<User | null> {
    return this.userManager.getUser();
  }

  /** The app's hook after a popup sign-in (see AfterSignIn). */
  setAfterSignIn(handler: AfterSignIn | undefined): void {
    this.afterSignIn = handler;
  }

  /** Called when the session ends here by choice (sign-out, a locked PIN): analytics resets. */
  onSignedOut(listener: () => void): () => void {
    this.signedOutListeners.add(listener);
    return () => void this.signedOutListeners.delete(listener);
  }

  /**
   * Starts sign-in. A window sign-in leaves the page (the callback route finishes it); a popup one
   * resolves once signed in and the app's after-sign-in step has run (without one, the page goes to
   * the return path).
   */
  async signIn({
    returnTo = DEFAULT_RETURN_TO,
    type = this.options.defaultSignInType,
  }: { returnTo?: string; type?: SignInType } = {}): Promise<void> {
    const state: SignInState = { returnTo: safeReturnTo(returnTo) ?? DEFAULT_RETURN_TO };
    if (type === 'popup') {
      let user: User;
      try {
        // Without abortOnClose a closed popup would leave the sign-in waiting forever.
        user = await this.userManager.signinPopup({ state, popupAbortOnClose: true });
      } catch (error) {
        throw toSpecAuthError(error, 'popup');
      }
      await this.acceptUser(user);
      this.stopReSignIn();
      this.isEndingSession = false;
      // A session ended earlier on this page (a locked PIN) stopped the renewals; they resume.
      if (!this.options.isCallbackWindow) this.userManager.startSilentRenew();
      removeStored(storageKeys.redirectPath);
      if (this.afterSignIn) await this.afterSignIn(state.returnTo);
      else window.location.assign(state.returnTo);
      return;
    }
    try {
      await this.userManager.signinRedirect({ state });
    } catch (error) {
      throw toSpecAuthError(error, 'redirect');
    }
  }

  /** `/auth/signinwin/:authName` and `/index.html?auth-callback=1`: returns where to go next. */
  async completeSignInRedirect(url: string): Promise<string> {
    if (!url) throw new Error(authMessages.noUrl);
    const user = await this.userManager.signinRedirectCallback(url);
    await this.acceptUser(user);
    removeStored(storageKeys.redirectPath);
    return safeReturnTo((user.state as Partial<SignInState> | undefined)?.returnTo) ?? DEFAULT_RETURN_TO;
  }

  async completeSignInPopup(url: string): Promise<void> {
    if (!url) throw new Error(authMessages.noUrl);
    await this.userManager.signinPopupCallback(url);
  }

  async completeSignInSilent(url: string): Promise<void> {
    if (!url) throw new Error(authMessages.noUrl);
    await this.userManager.signinSilentCallback(url);
  }

  async completeSignOutPopup(url: string): Promise<void> {
    if (!url) throw new Error(authMessages.noUrl);
    await this.userManager.signoutPopupCallback(url);
  }

  /**
   * RP-initiated sign-out (spec section 2): the session ends here, the refresh token is revoked and
   * the provider sends the browser to the post-logout page (`postLogoutUrl`).
   */
  async signOut(): Promise<void> {
    this.isEndingSession = true;
    this.stopTimers();
    this.offlineHold.release();
    this.notifySignedOut();
    forgetSession();
    try {
      await this.userManager.signoutRedirect();
    } catch (error) {
      // The provider could not be reached: the local session still ends.
      logger.warn('sign-out at the provider failed; signed out here only', error);
      await this.userManager.removeUser().catch(() => undefined);
      window.location.assign(this.options.config?.postLogoutUrl || '/?signedOut=1');
    }
  }

  /**
   * Ends the session in this browser without visiting the provider (a locked PIN: spec section 4,
   * the person must sign in again with their password). The refresh token is revoked so the
   * session cannot be renewed behind the lock.
   */
  async endSessionHere(): Promise<void> {
    this.isEndingSession = true;
    this.stopTimers();
    this.offlineHold.release();
    this.notifySignedOut();
    try {
      await this.userManager.revokeTokens(['refresh_token']).catch((error: unknown) => {
        logger.warn('identity: the refresh token could not be revoked', error);
      });
      await this.userManager.removeUser().catch(() => undefined);
    } finally {
      forgetSession();
      this.isEndingSession = false;
    }
  }

  /** Turns on the spec's reactions to session loss (section 4); the app calls it once it has a router. */
  watchSession(watch: SessionWatch): void {
    this.watch = watch;
  }

  /**
   * Spec sections 5 and 8: a loaded user must carry an access token, and a new identity token must
   * pass its checks, before its access token becomes the app's `token`. A refused user is removed.
   */
  private acceptUser(user: User | null): Promise<void> {
    if (!user) return Promise.reject(new Error(authMessages.noResponse));
    let accepting = this.accepted.get(user);
    if (!accepting) {
      accepting = this.checkUser(user);
      this.accepted.set(user, accepting);
    }
    return accepting;
  }

  private async checkUser(user: User): Promise<void> {
    try {
      if (!user.access_token) throw new Error(authMessages.noAccessToken);
      if (user.id_token && user.id_token !== this.validatedIdToken) {
        await this.checkIdToken(user.id_token);
        this.validatedIdToken = user.id_token;
      }
    } catch (error) {
      logger.warn('identity: the signed-in user was refused', error);
      this.isEndingSession = true;
      await this.userManager.removeUser().catch(() => undefined);
      this.isEndingSession = false;
      removeStored(storageKeys.token);
      throw error;
    }
    writeStored(storageKeys.token, user.access_token);
  }

  private async checkIdToken(idToken: string): Promise<void> {
    const metadata = this.userManager.metadataService;
    const expectations = async () => ({
      issuer: await metadata.getIssuer(),
      clientId: this.userManager.settings.client_id,
      keys: ((await metadata.getSigningKeys()) ?? []) as JsonWebKey[],
    });
    try {
      await validateIdToken(idToken, await expectations());
    } catch (error) {
      // The provider may have rotated its keys since they were read: read them once more.
      if (!(error instanceof IdTokenValidationError) || !/key|signature/i.test(error.message)) throw error;
      metadata.resetSigningKeys();
      await validateIdToken(idToken, await expectations());
    }
  }

  private notifySignedOut() {
    for (const listener of this.signedOutListeners) {
      try {
        listener();
      } catch (error) {
        logger.warn('identity: a sign-out listener failed', error);
      }
    }
  }

  private async isAuthenticated(): Promise<boolean> {
    const user = await peekUser(this.userManager);
    return Boolean(user && !user.expired);
  }

  private listen() {
    const network = this.options.network ?? (typeof window === 'undefined' ? undefined : window);
    if (network && !this.options.isCallbackWindow) {
      // Held from the moment the network goes, so a token that runs out meanwhile (a till asleep
      // through the outage wakes with every timer due at once) never meets the guards unheld.
      network.addEventListener('offline', () => {
        if (this.isSignedInHere()) this.offlineHold.hold();
      });
    }
    const events = this.userManager.events;
    // Spec section 4: these are only logged, except that a loaded user's access token is stored.
    events.addUserLoaded((user) => {
      logger.debug('identity: user loaded');
      this.acceptUser(user).then(
        () => {
          this.renewRetried = false;
          this.stopReSignIn();
          this.offlineHold.release();
        },
        () => void this.sessionLost(),
      );
    });
    events.addUserUnloaded(() => {
      logger.debug('identity: user unloaded');
      removeStored(storageKeys.token);
      if (!this.isEndingSession) void this.sessionLost();
    });
    events.addAccessTokenExpiring(() => logger.debug('identity: access token expiring'));
    events.addAccessTokenExpired(() => {
      logger.debug('identity: access token expired');
      // Its renewal got no answer: the session is held until the provider answers.
      if (this.shouldHold()) this.offlineHold.hold();
      else void this.sessionLost();
    });
    events.addUserSignedOut(() => {
      logger.debug('identity: signed out at the provider');
      // Held, the provider cannot be asked: the next renewal says whether the session still stands.
      if (this.offlineHold.isHeld) return;
      void this.sessionLost();
    });
    events.addUserSessionChanged(() => logger.debug('identity: session changed'));
    events.addSilentRenewError((error) => {
      logger.debug('identity: silent renew failed', error);
      if (this.isSignedInHere() && isProviderUnreachable(error)) this.offlineHold.hold();
      else if (this.offlineHold.isHeld) {
        // The provider answered at last, and refused: the spec's session end.
        this.offlineHold.release();
        void this.sessionLost();
      } else void this.onSilentRenewError();
    });
  }

  /** A session is on this device (the spec's `token`, even expired) and not being ended. */
  private isSignedInHere(): boolean {
    return !this.isEndingSession && readStored(storageKeys.token) !== null;
  }

  /**
   * Whether an access token running out now should hold the session rather than end it: it is held
   * already (on this page or before a reload), the device is offline, or the last renewal got no answer.
   */
  private shouldHold(): boolean {
    if (!this.isSignedInHere()) return false;
    const lastRenewUnreachable = this.userManager instanceof IposUserManager && this.userManager.lastRenewUnreachable;
    return this.offlineHold.isHeld || isSessionHeldStored() || !isOnline() || lastRenewUnreachable;
  }

  /** One renewal of a held session; a renewed user is loaded (and accepted) by the library's event. */
  private async renewHeld(): Promise<RenewOutcome> {
    try {
      const user = await this.userManager.signinSilent();
      if (user) await this.acceptUser(user);
      return 'renewed';
    } catch (error) {
      if (isProviderUnreachable(error)) return 'unreachable';
      logger.warn('identity: the provider refused to renew the held session', error);
      return 'refused';
    }
  }

  /**
   * Spec section 4: a silent renew error while authenticated is retried once after 5 seconds;
   * otherwise (not authenticated, or the retry failed too) re-sign-in starts.
   */
  private async onSilentRenewError() {
    if (this.renewRetried || !(await this.isAuthenticated())) {
      await this.sessionLost();
      return;
    }
    this.renewRetried = true;
    if (this.renewRetryTimer) clearTimeout(this.renewRetryTimer);
    this.renewRetryTimer = setTimeout(() => {
      this.renewRetryTimer = undefined;
      this.userManager.signinSilent().catch((error: unknown) => {
        logger.debug('identity: silent renew retry failed', error);
        void this.sessionLost();
      });
    }, AUTH_TIMINGS.silentRenewRetryMs);
  }

  /**
   * Spec section 4: token expiry, user unload or sign-out elsewhere clears the user; on a protected
   * route sign-in starts again, and is retried every 5 seconds while it fails.
   */
  private async sessionLost() {
    if (this.isLosingSession || this.isEndingSession) return;
    this.isLosingSession = true;
    this.offlineHold.release();
    try {
      await this.userManager.removeUser().catch(() => undefined);
    } finally {
      this.isLosingSession = false;
    }
    removeStored(storageKeys.token);
    const watch = this.watch;
    if (!watch) return;
    const path = watch.currentPath();
    if (!watch.isProtectedPath(new URL(path, 'http://app.invalid').pathname)) return;
    this.stopReSignIn();
    const attempt = () => {
      this.reSignInTimer = undefined;
      this.userManager.signinRedirect({ state: { returnTo: path } satisfies SignInState }).catch((error: unknown) => {
        logger.warn('identity: sign-in could not start; retrying', error);
        this.reSignInTimer = setTimeout(attempt, AUTH_TIMINGS.reSignInRetryMs);
      });
    };
    attempt();
  }

  private stopReSignIn() {
    if (this.reSignInTimer) clearTimeout(this.reSignInTimer);
    this.reSignInTimer = undefined;
  }

  private stopTimers() {
    this.stopReSignIn();
    if (this.renewRetryTimer) clearTimeout(this.renewRetryTimer);
    this.renewRetryTimer = undefined;
    this.userManager.stopSilentRenew();
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
