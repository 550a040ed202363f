import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on the embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      seedDemo: true,
      inactivityTimeoutMs: 900_000,
      analytics: undefined,
      smtpUrl: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.oidc).toMatchObject({
      externalIssuer: undefined,
      issuer: 'http://localhost:3000/oidc',
      clientId: 'ipos_webapp',
      audience: 'urn:ipos:api',
    });
  });

  it('derives the issuer and redirect base from PUBLIC_URL, and switches to an external issuer', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).oidc.issuer).toBe('https://shop.example.com/oidc');
    const external = loadConfig({ OIDC_ISSUER: 'https://id.example.com/realms/ipos', PORT: '8080' });
    expect(external.oidc).toMatchObject({
      externalIssuer: 'https://id.example.com/realms/ipos',
      issuer: 'https://id.example.com/realms/ipos',
    });
    expect(external.publicUrl).toBe('http://localhost:8080');
  });

  it('gives one line per bad value, naming the variable', () => {
    try {
      loadConfig({ PORT: '70000', SEED_DEMO: 'maybe', SMTP_URL: 'http://mail', OIDC_ISSUER: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['OIDC_ISSUER', 'PORT', 'SEED_DEMO', 'SMTP_URL']);
    }
  });

  it('refuses half a Google configuration and an analytics host without a token', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ ANALYTICS_API_HOST: 'https://api.example.com' })).toThrow(/ANALYTICS_TOKEN/);
  });

  it('mails support requests to SUPPORT_EMAIL, support@ipos.local by default, refusing a non-address', () => {
    expect(loadConfig({}).supportEmail).toBe('support@ipos.local');
    expect(loadConfig({ SUPPORT_EMAIL: 'help@shop.example.com' }).supportEmail).toBe('help@shop.example.com');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL: must be an email address/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });
});
