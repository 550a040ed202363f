import type { PublicConfig } from '@ipos/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const mixpanel = vi.hoisted(() => ({
  init: vi.fn(),
  register: vi.fn(),
  track: vi.fn(),
  identify: vi.fn(),
  reset: vi.fn(),
  people: { set: vi.fn() },
}));
vi.mock('mixpanel-browser/dist/mixpanel-core.cjs.js', () => ({ default: mixpanel }));

function config(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    appName: 'iPos',
    version: '1.0.0',
    environment: 'production',
    publicUrl: 'http://localhost:3000',
    oidc: { authority: 'http://localhost:3000/oidc', clientId: 'ipos_webapp', scopes: 'openid', extraQueryParams: {} },
    inactivityTimeoutMs: 900_000,
    postLogoutUrl: 'http://localhost:3000/?signedOut=1',
    analytics: { token: 'tok_123', apiHost: 'https://analytics.example.test' },
    ...overrides,
  };
}

// The module keeps one client per page; each test gets a fresh copy.
async function freshAnalytics() {
  vi.resetModules();
  return (await import('./analytics')).analytics;
}

describe('analytics', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('does nothing at all without a token', async () => {
    const analytics = await freshAnalytics();
    await analytics.init(config({ analytics: null }));
    analytics.track('App Initialized');
    analytics.identify('acc-1');
    analytics.reset();
    expect(analytics.isEnabled).toBe(false);
    expect(mixpanel.init).not.toHaveBeenCalled();
    expect(mixpanel.track).not.toHaveBeenCalled();
  });

  it('initialises with every setting of spec section 9', async () => {
    const analytics = await freshAnalytics();
    await analytics.init(config());
    expect(mixpanel.init).toHaveBeenCalledTimes(1);
    expect(mixpanel.init).toHaveBeenCalledWith(
      'tok_123',
      expect.objectContaining({
        api_host: 'https://analytics.example.test',
        track_pageview: 'full-url',
        persistence: 'localStorage',
        secure_cookie: true,
        cross_subdomain_cookie: true,
        cookie_expiration: 365,
        track_links_timeout: 300,
        batch_requests: true,
        batch_size: 50,
        batch_flush_interval_ms: 5000,
        batch_request_timeout_ms: 90_000,
        record_idle_timeout_ms: 1_800_000,
        ignore_dnt: false,
        debug: false,
        property_blacklist: ['$current_url', '$initial_referrer'],
      }),
    );
  });

  it('ignores do-not-track and debugs only in development', async () => {
    const analytics = await freshAnalytics();
    await analytics.init(config({ environment: 'development', analytics: { token: 'tok_dev' } }));
    const options = mixpanel.init.mock.calls[0]?.[1] as Record<string, unknown>;
    expect(options).toMatchObject({ ignore_dnt: true, debug: true });
    expect(options).not.toHaveProperty('api_host');
  });

  it('registers the super-properties carried by every event', async () => {
    const analytics = await freshAnalytics();
    await analytics.init(config());
    expect(mixpanel.register).toHaveBeenCalledWith({
      app_version: '1.0.0',
      environment: 'production',
      user_agent: navigator.userAgent,
      screen_resolution: `${screen.width}x${screen.height}`,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: navigator.language,
    });
  });

  it('queues calls made while the library loads and replays them in order', async () => {
    const analytics = await freshAnalytics();
    const loading = analytics.init(config());
    analytics.track('App Initialized', { source: 'test' });
    analytics.identify('acc-1', { $email: 'a@example.test' });
    expect(mixpanel.track).not.toHaveBeenCalled();
    await loading;
    expect(mixpanel.track).toHaveBeenCalledWith('App Initialized', { source: 'test' });
    expect(mixpanel.identify).toHaveBeenCalledWith('acc-1');
    expect(mixpanel.people.set).toHaveBeenCalledWith({ $email: 'a@example.test' });
    expect(mixpanel.track.mock.invocationCallOrder[0]).toBeLessThan(mixpanel.identify.mock.invocationCallOrder[0]!);

    analytics.reset();
    expect(mixpanel.reset).toHaveBeenCalledTimes(1);
  });

  it('only warns when the library fails, noting ad blockers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mixpanel.track.mockImplementationOnce(() => {
      throw new Error('blocked');
    });
    const analytics = await freshAnalytics();
    await analytics.init(config());
    expect(() => analytics.track('Anything')).not.toThrow();
    expect(warn).toHaveBeenCalledWith(
      '[iPos] Analytics failed; this is normal when an ad blocker is active',
      'track Anything',
      expect.any(Error),
    );
  });

  it('routes the library’s own errors to the same warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const analytics = await freshAnalytics();
    await analytics.init(config());
    const options = mixpanel.init.mock.calls[0]?.[1] as { error_reporter: (m: string, e?: Error) => void };
    options.error_reporter('request failed');
    expect(warn).toHaveBeenCalledWith(
      '[iPos] Analytics failed; this is normal when an ad blocker is active',
      'request failed',
      undefined,
    );
  });
});
