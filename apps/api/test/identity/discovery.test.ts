import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server.js';

describe('embedded provider discovery', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('names the issuer and puts every endpoint under /oidc of the public URL', async () => {
    // The Host header is deliberately not the public one: the configured public URL is the authority.
    const res = await server.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'internal:3000' },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe('http://ipos.test/oidc');
    for (const key of [
      'authorization_endpoint',
      'token_endpoint',
      'jwks_uri',
      'userinfo_endpoint',
      'end_session_endpoint',
      'revocation_endpoint',
    ]) {
      expect(doc[key], key).toMatch(/^http:\/\/ipos\.test\/oidc\//);
    }
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'roles', 'profile', 'offline_access']),
    );
    expect(doc.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'roles']));
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });

  it('publishes the signing key without its private part, the same key the API verifies with', async () => {
    const res = await server.app.inject({ url: '/oidc/jwks' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json() as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
      expect(key.kty).toBe('RSA');
    }
    const published = new Set(keys.map((k) => k.kid));
    const { oidcSecrets } = await import('../../src/db/schema.js');
    const [row] = await server.deps.database.db.select().from(oidcSecrets);
    const stored = (row!.value as { signingKeys: { kid: string }[] }).signingKeys;
    expect(stored.map((k) => k.kid).every((kid) => published.has(kid))).toBe(true);
  });

  it('answers unknown paths under /oidc with the provider, not the SPA', async () => {
    const res = await server.app.inject({ url: '/oidc/nope', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('invalid_request');
  });
});
