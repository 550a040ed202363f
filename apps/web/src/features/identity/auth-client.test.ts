import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorResponse, ErrorTimeout, User, UserManager } from 'oidc-client-ts';
import type { PublicConfig } from '@ipos/contracts';
import {
  AUTH_TIMINGS,
  AuthClient,
  authSettings,
  IposUserManager,
  isCallbackWindowPath,
  silentExtraQueryParams,
  validateAuthOptions,
  type AuthOptions,
} from './auth-client';
import { authMessages, toSpecAuthError } from './auth-errors';
import { deviceDb } from '../../lib/device-db';

const config: PublicConfig = {
  appName: 'iPos',
  version: '1.0.0',
  environment: 'test',
  publicUrl: 'http://localhost:3100',
  oidc: {
    authority: 'http://localhost:3100/oidc',
    clientId: 'ipos_webapp',
    scopes: 'openid email roles profile offline_access',
    extraQueryParams: { prompt: 'login', provider: 'Google' },
  },
  inactivityTimeoutMs: 900_000,
  postLogoutUrl: 'http://localhost:3100/?signedOut=1',
  analytics: null,
};

const options: AuthOptions = {
  name: 'main',
  defaultSignInType: 'window',
  appBaseUrl: 'http://localhost:3100/',
  config,
};

function user(overrides: Partial<ConstructorParameters<typeof User>[0]> = {}) {
  return new User({
    access_token: 'access.token.value',
    token_type: 'Bearer',
    profile: { sub: 's', iss: 'i', aud: 'a', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 600,
    ...overrides,
  });
}

/** A UserManager double that records event handlers so tests can raise them. */
function fakeManager(overrides: Record<string, unknown> = {}) {
  const handlers: Record<string, ((...args: unknown[]) => void)[]> = {};
  const on = (name: string) => (cb: (...args: unknown[]) => void) => {
    (handlers[name] ??= []).push(cb);
    return () => undefined;
  };
  const events = Object.fromEntries(
    [
      'UserLoaded',
      'UserUnloaded',
      'AccessTokenExpiring',
      'AccessTokenExpired',
      'UserSignedOut',
      'UserSessionChanged',
      'SilentRenewError',
    ].map((n) => [`add${n}`, on(n)]),
  );
  const raise = (name: string, ...args: unknown[]) => handlers[name]?.forEach((cb) => cb(...args));
  const manager = {
    events,
    settings: { client_id: 'ipos_webapp' },
    metadataService: {
      getMetadata: vi.fn(async () => ({ authorization_endpoint: 'a', token_endpoint: 't' })),
      getIssuer: vi.fn(async () => config.oidc.authority),
      getSigningKeys: vi.fn(async () => []),
      resetSigningKeys: vi.fn(),
    },
    getUser: vi.fn(async () => null as User | null),
    // Like the library: removing the user raises "user unloaded".
    removeUser: vi.fn(async () => raise('UserUnloaded')),
    revokeTokens: vi.fn(async () => undefined),
    signinRedirect: vi.fn(async () => undefined),
    signinPopup: vi.fn(async () => user()),
    signinSilent: vi.fn(async () => user()),
    signinRedirectCallback: vi.fn(async () => user()),
    signinPopupCallback: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    startSilentRenew: vi.fn(),
    stopSilentRenew: vi.fn(),
    ...overrides,
  };
  return { manager: manager as unknown as UserManager, raise, mock: manager };
}

const protectedWatch = (path = '/dashboard') => ({
  currentPath: () => path,
  isProtectedPath: (p: string) => p.startsWith('/dashboard'),
});

function quietLogs() {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('auth setup (spec section 8 messages)', () => {
  it.each([
    [{ ...options, name: '' }, 'Auth name is required'],
    [{ ...options, defaultSignInType: 'tab' as never }, 'Only window or popup are valid default signin types'],
    [{ ...options, appBaseUrl: '' }, 'App base url is required'],
    [{ ...options, config: undefined }, 'No config provided to oidc auth'],
  ])('refuses a bad setup', (bad, message) => {
    expect(() => validateAuthOptions(bad)).toThrow(message);
    expect(() => new AuthClient(bad as AuthOptions, fakeManager().manager)).toThrow(message);
  });

  it('accepts popup as the default sign-in type', () => {
    expect(() => validateAuthOptions({ ...options, defaultSignInType: 'popup' })).not.toThrow();
  });
});

describe('authSettings (spec sections 7 and 9)', () => {
  it('maps the runtime config onto the UserManager settings', () => {
    const s = authSettings(options);
    expect(s).toMatchObject({
      authority: 'http://localhost:3100/oidc',
      client_id: 'ipos_webapp',
      redirect_uri: 'http://localhost:3100/auth/signinwin/main',
      popup_redirect_uri: 'http://localhost:3100/auth/signinpop/main',
      silent_redirect_uri: 'http://localhost:3100/auth/signinsilent/main',
      popup_post_logout_redirect_uri: 'http://localhost:3100/auth/signoutpop/main',
      post_logout_redirect_uri: 'http://localhost:3100/?signedOut=1',
      response_type: 'code',
      scope: 'openid email roles profile offline_access',
      extraQueryParams: { prompt: 'login', provider: 'Google' },
      automaticSilentRenew: true,
      silentRequestTimeoutInSeconds: 10,
      accessTokenExpiringNotificationTimeInSeconds: 60,
      monitorSession: true,
      checkSessionIntervalInSeconds: 2,
      popupWindowFeatures: { width: 500, height: 500 },
      revokeTokensOnSignout: true,
      revokeTokenTypes: ['refresh_token'],
    });
    expect(AUTH_TIMINGS).toMatchObject({ popupClosedCheckMs: 500, silentRenewRetryMs: 5000, reSignInRetryMs: 5000 });
  });

  it('keeps the user in localStorage', async () => {
    const s = authSettings(options);
    await s.userStore!.set('k', 'v');
    expect(localStorage.getItem('oidc.k')).toBe('v');
  });

  it('does not renew or watch the session from a callback popup or frame', () => {
    expect(authSettings({ ...options, isCallbackWindow: true })).toMatchObject({
      automaticSilentRenew: false,
      monitorSession: false,
    });
    expect(isCallbackWindowPath('/auth/signinsilent/main')).toBe(true);
    expect(isCallbackWindowPath('/auth/signinpop/main')).toBe(true);
    expect(isCallbackWindowPath('/auth/signoutpop/main')).toBe(true);
    expect(isCallbackWindowPath('/auth/signinwin/main')).toBe(false);
  });

  it('sends silent requests without the interactive prompt', () => {
    expect(silentExtraQueryParams(config)).toEqual({ provider: 'Google' });
  });
});

describe('library errors in the words of spec section 8', () => {
  it.each([
    [new Error('Popup closed by user'), 'popup', authMessages.popupClosed],
    [new Error('Popup closed'), 'popup', authMessages.popupClosed],
    [new Error('Popup blocked by user'), 'popup', authMessages.popupClosed],
    [new Error('Invalid response from window'), 'popup', authMessages.popupInvalidResponse],
    [new ErrorTimeout('IFrame timed out without a response'), 'silent', authMessages.frameTimedOut],
    [new Error('No popup_redirect_uri configured'), 'popup', authMessages.noRedirectUri],
    [new Error('No silent_redirect_uri configured'), 'silent', authMessages.noSilentRedirectUri],
    [new Error('sub in id_token does not match current sub'), 'silent', 'login_required'],
  ] as const)('%s', (error, flow, message) => {
    const mapped = toSpecAuthError(error, flow) as Error;
    expect(mapped.message).toBe(message);
  });

  it('keeps login_required from the provider as it is', () => {
    const error = new ErrorResponse({ error: 'login_required' });
    expect(toSpecAuthError(error, 'silent')).toBe(error);
    expect(
      (toSpecAuthError(new Error('sub in id_token does not match current sub'), 'silent') as ErrorResponse).error,
    ).toBe('login_required');
  });
});

describe('IposUserManager silent renew', () => {
  it('falls back to the hidden frame when the refresh token is refused, without prompt=login', async () => {
    const superSilent = vi
      .spyOn(UserManager.prototype, 'signinSilent')
      .mockRejectedValueOnce(new Error('invalid_grant'))
      .mockResolvedValueOnce(user({ access_token: 'from.frame.x' }));
    const loadUser = vi
      .spyOn(UserManager.prototype as unknown as { _loadUser: () => Promise<User | null> }, '_loadUser')
      .mockResolvedValue(user({ refresh_token: 'r' }));
    // getUser() would re-arm the token timers and raise "expiring" again: another renewal.
    const getUser = vi.spyOn(UserManager.prototype, 'getUser');
    quietLogs();
    const manager = new IposUserManager(authSettings(options), { provider: 'Google' });
    getUser.mockClear();
    const renewed = await manager.signinSilent();
    expect(renewed?.access_token).toBe('from.frame.x');
    expect(superSilent).toHaveBeenNthCalledWith(1, { extraQueryParams: { provider: 'Google' } });
    expect(superSilent).toHaveBeenNthCalledWith(2, { extraQueryParams: { provider: 'Google' }, forceIframeAuth: true });
    expect(loadUser).toHaveBeenCalled();
    expect(getUser).not.toHaveBeenCalled();
    manager.stopSilentRenew();
  });

  it('reports a frame that never answers as "Frame window timed out"', async () => {
    vi.spyOn(UserManager.prototype, 'signinSilent').mockRejectedValue(new ErrorTimeout('IFrame timed out'));
    vi.spyOn(
      UserManager.prototype as unknown as { _loadUser: () => Promise<User | null> },
      '_loadUser',
    ).mockResolvedValue(user());
    const manager = new IposUserManager(authSettings(options));
    await expect(manager.signinSilent()).rejects.toThrow('Frame window timed out');
    manager.stopSilentRenew();
  });

  it('does not wait on the hidden frame when the refresh got no answer, and says so', async () => {
    const superSilent = vi
      .spyOn(UserManager.prototype, 'signinSilent')
      .mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(
      UserManager.prototype as unknown as { _loadUser: () => Promise<User | null> },
      '_loadUser',
    ).mockResolvedValue(user({ refresh_token: 'r' }));
    quietLogs();
    const manager = new IposUserManager(authSettings(options));
    await expect(manager.signinSilent()).rejects.toThrow('Failed to fetch');
    expect(superSilent).toHaveBeenCalledTimes(1);
    expect(manager.lastRenewUnreachable).toBe(true);
    superSilent.mockRejectedValue(new ErrorResponse({ error: 'invalid_grant' }));
    await expect(manager.signinSilent()).rejects.toThrow();
    expect(manager.lastRenewUnreachable).toBe(false);
    manager.stopSilentRenew();
  });
});

describe('AuthClient', () => {
  it('runs the startup check against the provider discovery', async () => {
    const { manager, mock } = fakeManager({ getUser: vi.fn(async () => user({ access_token: 'stored.token.x' })) });
    expect(await new AuthClient(options, manager).startup()).toBe(true);
    expect(mock.metadataService.getMetadata).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('stored.token.x');
  });

  it('fails the startup check when the provider cannot be reached or is incomplete', async () => {
    const unreachable = fakeManager();
    unreachable.mock.metadataService.getMetadata.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(new AuthClient(options, unreachable.manager).startup()).rejects.toThrow('Failed to fetch');

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const incomplete = fakeManager();
    incomplete.mock.metadataService.getMetadata.mockResolvedValue({ authorization_endpoint: 'a' } as never);
    expect(await new AuthClient(options, incomplete.manager).startup()).toBe(false);
  });

  it('skips the network check inside a callback window', async () => {
    const { manager, mock } = fakeManager();
    expect(await new AuthClient({ ...options, isCallbackWindow: true }, manager).startup()).toBe(true);
    expect(mock.metadataService.getMetadata).not.toHaveBeenCalled();
  });

  it('leaves an expired stored user to the session handling', async () => {
    const { manager } = fakeManager({
      getUser: vi.fn(async () => user({ expires_at: Math.floor(Date.now() / 1000) - 5 })),
    });
    await new AuthClient(options, manager).startup();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('starts a window sign-in carrying the return path', async () => {
    const { manager, mock } = fakeManager();
    await new AuthClient(options, manager).signIn({ returnTo: '/dashboard/inventory' });
    expect(mock.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard/inventory' } });
  });

  it('signs in with a popup and hands over to the app', async () => {
    quietLogs();
    const loaded = user({ access_token: 'popup.token.x' });
    const { manager, mock, raise } = fakeManager({
      signinPopup: vi.fn(async () => {
        raise('UserLoaded', loaded);
        return loaded;
      }),
    });
    const client = new AuthClient(options, manager);
    const afterSignIn = vi.fn(async () => undefined);
    client.setAfterSignIn(afterSignIn);
    localStorage.setItem('redirectPath', '/dashboard/report');
    await client.signIn({ returnTo: '/dashboard/report', type: 'popup' });
    expect(mock.signinPopup).toHaveBeenCalledWith({
      state: { returnTo: '/dashboard/report' },
      popupAbortOnClose: true,
    });
    expect(localStorage.getItem('token')).toBe('popup.token.x');
    expect(localStorage.getItem('redirectPath')).toBeNull();
    expect(afterSignIn).toHaveBeenCalledWith('/dashboard/report');
    expect(mock.startSilentRenew).toHaveBeenCalled();
  });

  it.each([
    ['Popup closed by user', 'Popup window closed'],
    ['Invalid response from window', 'Invalid response from popup'],
  ])('reports a popup failure "%s" as "%s"', async (libraryMessage, message) => {
    const { manager } = fakeManager({ signinPopup: vi.fn(async () => Promise.reject(new Error(libraryMessage))) });
    await expect(new AuthClient(options, manager).signIn({ type: 'popup' })).rejects.toThrow(message);
  });

  it('refuses a token response without an access token, or without a response', async () => {
    quietLogs();
    const empty = fakeManager({ signinPopup: vi.fn(async () => user({ access_token: '' })) });
    await expect(new AuthClient(options, empty.manager).signIn({ type: 'popup' })).rejects.toThrow(
      'No access token returned from token endpoint',
    );
    expect(empty.mock.removeUser).toHaveBeenCalled();
    const none = fakeManager({ signinPopup: vi.fn(async () => null) });
    await expect(new AuthClient(options, none.manager).signIn({ type: 'popup' })).rejects.toThrow(
      'No response returned from token endpoint',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('refuses a user whose identity token fails its checks', async () => {
    quietLogs();
    const { manager, mock } = fakeManager({
      signinRedirectCallback: vi.fn(async () => user({ id_token: 'not.a.validjwt' })),
    });
    await expect(new AuthClient(options, manager).completeSignInRedirect('http://x/?code=c')).rejects.toThrow(
      /not a JWT/,
    );
    expect(mock.removeUser).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('copies the access token to localStorage when a user is loaded, and drops it when unloaded', async () => {
    const { manager, raise } = fakeManager();
    new AuthClient(options, manager);
    quietLogs();
    raise('UserLoaded', user({ access_token: 'fresh.token.here' }));
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBe('fresh.token.here'));
    raise('UserUnloaded');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('completes the window callback and answers where to go', async () => {
    const { manager, mock } = fakeManager({
      signinRedirectCallback: vi.fn(async () =>
        user({ access_token: 'cb.token.x', userState: { returnTo: '/dashboard/waste' } }),
      ),
    });
    localStorage.setItem('redirectPath', '/dashboard/waste');
    const next = await new AuthClient(options, manager).completeSignInRedirect(
      'http://localhost:3100/auth/signinwin/main?code=c&state=s',
    );
    expect(mock.signinRedirectCallback).toHaveBeenCalledWith(
      'http://localhost:3100/auth/signinwin/main?code=c&state=s',
    );
    expect(next).toBe('/dashboard/waste');
    expect(localStorage.getItem('token')).toBe('cb.token.x');
    expect(localStorage.getItem('redirectPath')).toBeNull();
  });

  it('says "No url provided" for a callback without its URL', async () => {
    const client = new AuthClient(options, fakeManager().manager);
    await expect(client.completeSignInRedirect('')).rejects.toThrow('No url provided');
    await expect(client.completeSignInPopup('')).rejects.toThrow('No url provided');
    await expect(client.completeSignInSilent('')).rejects.toThrow('No url provided');
    await expect(client.completeSignOutPopup('')).rejects.toThrow('No url provided');
  });

  it('defaults the return path to the dashboard and refuses foreign ones', async () => {
    const { manager } = fakeManager({
      signinRedirectCallback: vi.fn(async () => user({ userState: { returnTo: 'https://evil.example' } })),
    });
    expect(await new AuthClient(options, manager).completeSignInRedirect('http://x/')).toBe('/dashboard');
  });

  it('signs out at the provider after forgetting the local session, without starting sign-in again', async () => {
    const { manager, mock, raise } = fakeManager({
      signoutRedirect: vi.fn(async () => raise('UserUnloaded')),
    });
    quietLogs();
    localStorage.setItem('token', 't');
    localStorage.setItem('store-id', 's');
    const client = new AuthClient(options, manager);
    client.watchSession(protectedWatch());
    const signedOut = vi.fn();
    client.onSignedOut(signedOut);
    await client.signOut();
    expect(mock.signoutRedirect).toHaveBeenCalled();
    expect(signedOut).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('store-id')).toBeNull();
    expect(mock.signinRedirect).not.toHaveBeenCalled();
  });

  it('ends the session here (locked PIN): revokes the refresh token and forgets the person', async () => {
    const { manager, mock } = fakeManager();
    quietLogs();
    const client = new AuthClient(options, manager);
    client.watchSession(protectedWatch());
    const signedOut = vi.fn();
    client.onSignedOut(signedOut);
    localStorage.setItem('token', 't');
    localStorage.setItem('hasTimedOut', 'true');
    await client.endSessionHere();
    expect(mock.revokeTokens).toHaveBeenCalledWith(['refresh_token']);
    expect(mock.removeUser).toHaveBeenCalled();
    expect(signedOut).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('hasTimedOut')).toBeNull();
    expect(mock.signinRedirect).not.toHaveBeenCalled();
  });

  it.each(['AccessTokenExpired', 'UserSignedOut', 'UserUnloaded'])(
    'starts sign-in again after %s on a protected route',
    async (event) => {
      const { manager, raise, mock } = fakeManager();
      const client = new AuthClient(options, manager);
      client.watchSession(protectedWatch('/dashboard/inventory?page=2'));
      quietLogs();
      raise(event);
      await vi.waitFor(() =>
        expect(mock.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard/inventory?page=2' } }),
      );
      expect(mock.removeUser).toHaveBeenCalled();
    },
  );

  it('only clears the user when the token expires on a public route', async () => {
    const { manager, raise, mock } = fakeManager();
    const client = new AuthClient(options, manager);
    client.watchSession(protectedWatch('/'));
    quietLogs();
    raise('AccessTokenExpired');
    await vi.waitFor(() => expect(mock.removeUser).toHaveBeenCalled());
    expect(mock.signinRedirect).not.toHaveBeenCalled();
  });

  it('only logs the expiring notice and session changes', () => {
    const { manager, raise, mock } = fakeManager();
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    localStorage.setItem('token', 'kept');
    new AuthClient(options, manager).watchSession(protectedWatch());
    raise('AccessTokenExpiring');
    raise('UserSessionChanged');
    expect(debug).toHaveBeenCalledWith('[iPos] identity: access token expiring');
    expect(debug).toHaveBeenCalledWith('[iPos] identity: session changed');
    expect(mock.removeUser).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('kept');
  });
});

describe('retry rules (spec section 4)', () => {
  it('retries a silent renew error once after 5 s while authenticated, then starts sign-in', async () => {
    vi.useFakeTimers();
    quietLogs();
    const { manager, raise, mock } = fakeManager({
      getUser: vi.fn(async () => user()),
      signinSilent: vi.fn(async () => Promise.reject(new Error('still failing'))),
    });
    const client = new AuthClient(options, manager);
    client.watchSession(protectedWatch());
    raise('SilentRenewError', new Error('renew failed'));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(mock.signinSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard' } });
  });

  it('keeps the session when the retry succeeds', async () => {
    vi.useFakeTimers();
    quietLogs();
    const { manager, raise, mock } = fakeManager({ getUser: vi.fn(async () => user()) });
    mock.signinSilent.mockImplementation(async () => {
      const renewed = user({ access_token: 'renewed.token.x' });
      raise('UserLoaded', renewed);
      return renewed;
    });
    const client = new AuthClient(options, manager);
    client.watchSession(protectedWatch());
    raise('SilentRenewError', new Error('renew failed'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(localStorage.getItem('token')).toBe('renewed.token.x');
    expect(mock.signinRedirect).not.toHaveBeenCalled();
    // The retry was used up by that error only: the next one is retried again.
    raise('SilentRenewError', new Error('renew failed again'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(mock.signinSilent).toHaveBeenCalledTimes(2);
  });

  it('goes straight to sign-in when the renew error comes while not authenticated', async () => {
    vi.useFakeTimers();
    quietLogs();
    const { manager, raise, mock } = fakeManager({
      getUser: vi.fn(async () => user({ expires_at: Math.floor(Date.now() / 1000) - 1 })),
    });
    const client = new AuthClient(options, manager);
    client.watchSession(protectedWatch());
    raise('SilentRenewError', new Error('renew failed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.signinRedirect).toHaveBeenCalled();
    expect(mock.signinSilent).not.toHaveBeenCalled();
  });

  it('retries a failed re-sign-in every 5 seconds', async () => {
    vi.useFakeTimers();
    quietLogs();
    const { manager, raise, mock } = fakeManager({
      signinRedirect: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    const client = new AuthClient(options, manager);
    client.watchSession(protectedWatch());
    raise('AccessTokenExpired');
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.signinRedirect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(mock.signinRedirect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.signinRedirect).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(mock.signinRedirect).toHaveBeenCalledTimes(4);
    // A user loaded meanwhile (another tab signed in) stops the retries.
    raise('UserLoaded', user());
    await vi.advanceTimersByTimeAsync(20_000);
    expect(mock.signinRedirect).toHaveBeenCalledTimes(4);
  });
});

describe('a session held offline (decision 0036)', () => {
  const noNetwork = () => new TypeError('Failed to fetch');
  const refused = () => new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' });

  /** A signed-in person whose renewals get no answer. */
  function offlineClient() {
    vi.useFakeTimers();
    quietLogs();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    localStorage.setItem('token', 'access.token.value');
    const fake = fakeManager({
      getUser: vi.fn(async () => user()),
      signinSilent: vi.fn(async () => Promise.reject(noNetwork())),
    });
    // Its own network events: the other cases' clients stay out of them.
    const network = new EventTarget();
    const client = new AuthClient({ ...options, network }, fake.manager);
    client.watchSession(protectedWatch());
    return { client, network, ...fake };
  }

  it('keeps the session when a renewal gets no answer, past the token expiry: no sign-out, no sign-in', async () => {
    const { client, raise, mock } = offlineClient();
    raise('SilentRenewError', noNetwork());
    expect(client.isHeldOffline()).toBe(true);
    expect(localStorage.getItem('sessionHeldOffline')).toBe('true');
    raise('AccessTokenExpired');
    await vi.advanceTimersByTimeAsync(65_000);
    expect(client.isHeldOffline()).toBe(true);
    expect(mock.removeUser).not.toHaveBeenCalled();
    expect(mock.signinRedirect).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('access.token.value');
    // Asked again every 30 s meanwhile.
    expect(mock.signinSilent).toHaveBeenCalledTimes(2);
  });

  it('holds an expiry that comes while the device is offline', async () => {
    const { client, raise, mock } = offlineClient();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    raise('AccessTokenExpired');
    await vi.advanceTimersByTimeAsync(0);
    expect(client.isHeldOffline()).toBe(true);
    expect(mock.removeUser).not.toHaveBeenCalled();
    expect(mock.signinRedirect).not.toHaveBeenCalled();
  });

  it('renews once the network is back, and carries on as before', async () => {
    const { client, raise, mock, network } = offlineClient();
    raise('SilentRenewError', noNetwork());
    raise('AccessTokenExpired');
    const changes = vi.fn();
    client.onHeldOfflineChange(changes);
    mock.signinSilent.mockImplementation(async () => {
      const renewed = user({ access_token: 'renewed.token.x' });
      raise('UserLoaded', renewed);
      return renewed;
    });
    network.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.signinSilent).toHaveBeenCalledTimes(1);
    expect(client.isHeldOffline()).toBe(false);
    expect(changes).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('renewed.token.x');
    expect(localStorage.getItem('sessionHeldOffline')).toBeNull();
    expect(mock.removeUser).not.toHaveBeenCalled();
    expect(mock.signinRedirect).not.toHaveBeenCalled();
    // No longer held: no more renewals of its own.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(mock.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('ends the session as the spec says when the provider, reached again, refuses; the sale queue stays', async () => {
    await deviceDb().outbox.put({ saleId: 's1', sequence: 1, state: 'pending' } as never);
    const { client, raise, mock, network } = offlineClient();
    raise('SilentRenewError', noNetwork());
    raise('AccessTokenExpired');
    mock.signinSilent.mockImplementation(async () => Promise.reject(refused()));
    network.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(client.isHeldOffline()).toBe(false);
    expect(mock.removeUser).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('sessionHeldOffline')).toBeNull();
    expect(mock.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard' } });
    vi.useRealTimers();
    expect(await deviceDb().outbox.count()).toBe(1);
  });

  it("does not hold a renewal the provider refuses (the spec's retry once, then sign-in)", async () => {
    const { client, raise, mock } = offlineClient();
    mock.signinSilent.mockImplementation(async () => Promise.reject(refused()));
    raise('SilentRenewError', refused());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(client.isHeldOffline()).toBe(false);
    expect(mock.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard' } });
  });

  it('holds from the moment the network goes, and renews when it is back', async () => {
    vi.useFakeTimers();
    quietLogs();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    localStorage.setItem('token', 'access.token.value');
    const { manager, raise, mock } = fakeManager({
      getUser: vi.fn(async () => user()),
      signinSilent: vi.fn(async () => Promise.reject(noNetwork())),
    });
    // Its own network events: the other cases' clients stay out of it.
    const network = new EventTarget();
    const client = new AuthClient({ ...options, network }, manager);
    client.watchSession(protectedWatch());
    network.dispatchEvent(new Event('offline'));
    expect(client.isHeldOffline()).toBe(true);
    expect(localStorage.getItem('sessionHeldOffline')).toBe('true');
    raise('AccessTokenExpired');
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.removeUser).not.toHaveBeenCalled();
    mock.signinSilent.mockImplementation(async () => {
      const renewed = user({ access_token: 'renewed.token.x' });
      raise('UserLoaded', renewed);
      return renewed;
    });
    network.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(client.isHeldOffline()).toBe(false);
    expect(localStorage.getItem('token')).toBe('renewed.token.x');
  });

  it('holds again after a reload while held, and only then', async () => {
    localStorage.setItem('token', 'access.token.value');
    localStorage.setItem('sessionHeldOffline', 'true');
    quietLogs();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const expired = user({ expires_at: Math.floor(Date.now() / 1000) - 5 });
    const held = fakeManager({
      getUser: vi.fn(async () => expired),
      signinSilent: vi.fn(async () => Promise.reject(noNetwork())),
    });
    const client = new AuthClient(options, held.manager);
    await client.startup();
    expect(client.isHeldOffline()).toBe(true);
    expect(held.mock.signinSilent).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('access.token.value');
    await client.signOut();
    expect(client.isHeldOffline()).toBe(false);
    expect(localStorage.getItem('sessionHeldOffline')).toBeNull();

    // Online, never held: left to the spec's handling.
    localStorage.setItem('token', 'access.token.value');
    const plain = fakeManager({ getUser: vi.fn(async () => expired) });
    const online = new AuthClient(options, plain.manager);
    await online.startup();
    expect(online.isHeldOffline()).toBe(false);
    expect(plain.mock.signinSilent).not.toHaveBeenCalled();
  });
});
