import { describe, expect, it, vi } from 'vitest';
import { User, type UserManager } from 'oidc-client-ts';
import type { PublicConfig } from '@ipos/contracts';
import { AuthClient, authSettings, isCallbackWindowPath, validateAuthOptions, type AuthOptions } from './auth-client';

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
  const manager = {
    events,
    getUser: vi.fn(async () => null),
    removeUser: vi.fn(async () => undefined),
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => user()),
    signoutRedirect: vi.fn(async () => undefined),
    ...overrides,
  };
  const raise = (name: string, ...args: unknown[]) => handlers[name]?.forEach((cb) => cb(...args));
  return { manager: manager as unknown as UserManager, raise, mock: manager };
}

describe('auth setup (spec section 8 messages)', () => {
  it.each([
    [{ ...options, name: '' }, 'Auth name is required'],
    [{ ...options, defaultSignInType: 'tab' as never }, 'Only window or popup are valid default signin types'],
    [{ ...options, appBaseUrl: '' }, 'App base url is required'],
    [{ ...options, config: undefined }, 'No config provided to oidc auth'],
  ])('refuses a bad setup', (bad, message) => {
    expect(() => validateAuthOptions(bad)).toThrow(message);
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
      checkSessionIntervalInSeconds: 2,
      popupWindowFeatures: { width: 500, height: 500 },
      revokeTokensOnSignout: true,
      revokeTokenTypes: ['refresh_token'],
    });
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
    expect(isCallbackWindowPath('/auth/signinwin/main')).toBe(false);
  });
});

describe('AuthClient', () => {
  it('starts a window sign-in carrying the return path', async () => {
    const { manager, mock } = fakeManager();
    await new AuthClient(options, manager).signIn({ returnTo: '/dashboard/inventory' });
    expect(mock.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard/inventory' } });
  });

  it('copies the access token to localStorage when a user is loaded', () => {
    const { manager, raise } = fakeManager();
    new AuthClient(options, manager);
    raise('UserLoaded', user({ access_token: 'fresh.token.here' }));
    expect(localStorage.getItem('token')).toBe('fresh.token.here');
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

  it('defaults the return path to the dashboard and refuses foreign ones', async () => {
    const { manager } = fakeManager({
      signinRedirectCallback: vi.fn(async () => user({ userState: { returnTo: 'https://evil.example' } })),
    });
    expect(await new AuthClient(options, manager).completeSignInRedirect('http://x/')).toBe('/dashboard');
  });

  it('copies a stored, unexpired user at startup', async () => {
    const { manager } = fakeManager({ getUser: vi.fn(async () => user({ access_token: 'stored.token.x' })) });
    expect(await new AuthClient(options, manager).startup()).toBe(true);
    expect(localStorage.getItem('token')).toBe('stored.token.x');
  });

  it('signs out at the provider after forgetting the local session', async () => {
    const { manager, mock } = fakeManager();
    localStorage.setItem('token', 't');
    localStorage.setItem('store-id', 's');
    await new AuthClient(options, manager).signOut();
    expect(mock.signoutRedirect).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('store-id')).toBeNull();
  });

  it('starts sign-in again when the token expires on a protected route', async () => {
    const { manager, raise, mock } = fakeManager();
    const client = new AuthClient(options, manager);
    client.watchSession({ currentPath: () => '/dashboard', isProtectedPath: (p) => p.startsWith('/dashboard') });
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    raise('AccessTokenExpired');
    await vi.waitFor(() => expect(mock.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard' } }));
    expect(mock.removeUser).toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('only clears the user when the token expires on a public route', async () => {
    const { manager, raise, mock } = fakeManager();
    const client = new AuthClient(options, manager);
    client.watchSession({ currentPath: () => '/', isProtectedPath: (p) => p.startsWith('/dashboard') });
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    raise('AccessTokenExpired');
    await vi.waitFor(() => expect(mock.removeUser).toHaveBeenCalled());
    expect(mock.signinRedirect).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
