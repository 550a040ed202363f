import { OIDC_SCOPES, type PublicConfig } from '@ipos/contracts';
import type { Config } from './config.js';
import { APP_VERSION } from './app-version.js';

/** The public subset of the configuration, served at /config.json for the SPA. Never a secret. */
export function publicConfig(config: Config): PublicConfig {
  return {
    appName: 'iPos',
    version: APP_VERSION,
    environment: config.env,
    publicUrl: config.publicUrl,
    oidc: {
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      scopes: OIDC_SCOPES.join(' '),
      extraQueryParams: { prompt: 'login', provider: 'Google' },
    },
    inactivityTimeoutMs: config.inactivityTimeoutMs,
    postLogoutUrl: config.postLogoutUrl,
    analytics: config.analytics
      ? { token: config.analytics.token, ...(config.analytics.apiHost ? { apiHost: config.analytics.apiHost } : {}) }
      : null,
  };
}
