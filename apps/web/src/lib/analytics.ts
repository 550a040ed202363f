import type { PublicConfig } from '@ipos/contracts';
import type { Config, Mixpanel } from 'mixpanel-browser/dist/mixpanel-core.cjs.js';
import { deviceTimeZone } from './format';
import { logger } from './logger';

/** Spec section 8: analytics failures never reach people; they are only a warning. */
export const ANALYTICS_WARNING = 'Analytics failed; this is normal when an ad blocker is active';

type Client = Pick<Mixpanel, 'init' | 'register' | 'track' | 'identify' | 'reset' | 'people'>;

/** Spec section 9, every analytics setting; `development` relaxes do-not-track and turns on debug. */
export function analyticsOptions(config: PublicConfig): Partial<Config> {
  const isDevelopment = config.environment === 'development';
  return {
    ...(config.analytics?.apiHost ? { api_host: config.analytics.apiHost } : {}),
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
    // The core build has no session recorder; the setting is kept so a later build honours the spec.
    record_idle_timeout_ms: 30 * 60 * 1000,
    ignore_dnt: isDevelopment,
    debug: isDevelopment,
    property_blacklist: ['$current_url', '$initial_referrer'],
    error_reporter: (message: string, error?: Error) => logger.warn(ANALYTICS_WARNING, message, error),
  };
}

/** Registered once, so every event carries them (spec section 9). */
export function superProperties(config: PublicConfig): Record<string, string> {
  const screen = globalThis.screen;
  return {
    app_version: config.version,
    environment: config.environment,
    user_agent: globalThis.navigator?.userAgent ?? '',
    screen_resolution: screen ? `${screen.width}x${screen.height}` : '',
    timezone: deviceTimeZone() ?? '',
    language: globalThis.navigator?.language ?? '',
  };
}

type Call = (client: Client) => void;

/**
 * Product analytics (mixpanel). Off unless `/config.json` carries a token; the library is downloaded
 * only then, and calls made while it downloads are queued and replayed in order.
 */
function createAnalytics() {
  let client: Client | undefined;
  let queue: Call[] | undefined;

  function safely(what: string, call: () => void) {
    try {
      call();
    } catch (error) {
      logger.warn(ANALYTICS_WARNING, what, error);
    }
  }

  function run(what: string, call: Call) {
    if (client) {
      const ready = client;
      safely(what, () => call(ready));
    } else if (queue) {
      queue.push(call);
    }
    // Neither: analytics is off, and every call is a no-op.
  }

  async function load(config: PublicConfig, token: string) {
    try {
      const module = await import('mixpanel-browser/dist/mixpanel-core.cjs.js');
      const mixpanel: Client = module.default;
      mixpanel.init(token, analyticsOptions(config));
      mixpanel.register(superProperties(config));
      client = mixpanel;
      const pending = queue ?? [];
      queue = undefined;
      pending.forEach((call) => safely('queued call', () => call(mixpanel)));
    } catch (error) {
      queue = undefined;
      logger.warn(ANALYTICS_WARNING, error);
    }
  }

  return {
    /** Starts analytics when the config names a token; otherwise does nothing. Returns when loaded. */
    init(config: PublicConfig): Promise<void> {
      const token = config.analytics?.token;
      if (!token || client || queue) return Promise.resolve();
      queue = [];
      return load(config, token);
    },
    track(event: string, props?: Record<string, unknown>) {
      run(`track ${event}`, (c) => c.track(event, props));
    },
    /** On sign-in: the anonymous visitor becomes this account; queued profile updates are sent. */
    identify(accountId: string, profile?: Record<string, unknown>) {
      run('identify', (c) => {
        c.identify(accountId);
        if (profile) c.people.set(profile);
      });
    },
    /** On sign-out: a new anonymous id, so the next person is not merged with this one. */
    reset() {
      run('reset', (c) => c.reset());
    },
    get isEnabled() {
      return Boolean(client || queue);
    },
  };
}

export const analytics = createAnalytics();
export type Analytics = typeof analytics;
