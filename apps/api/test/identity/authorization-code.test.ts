import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { loadConfig } from '../../src/config/config.js';
import { createServer } from '../../src/server.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { testEnv } from '../support/test-env.js';
import {
  authorizeUrl,
  Browser,
  formAction,
  hiddenUid,
  ORIGIN,
  pkcePair,
  redeemCode,
  REDIRECT_URI,
  signIn,
} from './browser.js';

const MANAGER = { email: DEMO.manager, password: 'DemoManager#2026' };

describe('authorization code + PKCE through the embedded provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('signs the manager in and issues tokens the API accepts', async () => {
    const browser = new Browser(server.app);
    const { verifier, challenge } = pkcePair();
    // What the SPA sends, with provider=Google (ignored: Google is not configured here) and the app
    // key it carries (unknown to the provider, and ignored).
    const start = await browser.request({
      url: authorizeUrl({
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'st-1',
        prompt: 'login',
        provider: 'Google',
        key: 'app-key',
      }),
    });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toMatch(/^\/oidc\/interaction\/[A-Za-z0-9_-]+$/);

    const page = await browser.follow(start);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Sign in to iPos</title>');
    expect(page.body).toMatch(
      /<label for="email">Email<\/label>\s*<input id="email" name="email" type="email" autocomplete="username"/,
    );
    expect(page.body).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password" name="password" type="password" autocomplete="current-password"/,
    );
    expect(page.body).toMatch(/<button class="button" type="submit">Sign in<\/button>/);
    expect(formAction(page.body)).toBe(start.headers.location);

    const submitted = await browser.request({
      url: formAction(page.body),
      form: { uid: hiddenUid(page.body), email: MANAGER.email, password: MANAGER.password },
      headers: { origin: ORIGIN },
    });
    expect(submitted.statusCode).toBe(303);
    const done = await browser.follow(submitted);
    const callback = new URL(String(done.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('st-1');
    expect(callback.searchParams.get('iss')).toBe('http://ipos.test/oidc');
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const tokenRes = await redeemCode(server.app, code, verifier);
    expect(tokenRes.statusCode).toBe(200);
    const tokens = tokenRes.json();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeLessThanOrEqual(600);
    expect(tokens.scope.split(' ').sort()).toEqual(['email', 'offline_access', 'openid', 'profile', 'roles']);
    expect(tokens.id_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const access = decodeJwt(tokens.access_token);
    const managerId = await server.accountId(DEMO.manager);
    expect(access).toMatchObject({
      iss: 'http://ipos.test/oidc',
      aud: 'urn:ipos:api',
      sub: managerId,
      client_id: 'ipos_webapp',
      email: DEMO.manager,
    });
    expect(access.exp! - access.iat!).toBeLessThanOrEqual(600);
    expect(access.roles).toContain('IPOS_MANAGER_USER');

    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      iss: 'http://ipos.test/oidc',
      aud: 'ipos_webapp',
      sub: managerId,
      email: DEMO.manager,
      name: 'Chidi Manager',
    });
    expect(id.roles).toEqual(['IPOS_MANAGER_USER']);

    const me = await server.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().account.email).toBe(DEMO.manager);
  });

  it('gives the owner the OWNER role besides the roles of their stores', async () => {
    const browser = new Browser(server.app);
    const { code, verifier } = await signIn(browser, { email: DEMO.owner, password: 'DemoOwner#2026' });
    const tokens = (await redeemCode(server.app, code, verifier)).json();
    expect(decodeJwt(tokens.access_token).roles).toContain('OWNER');
  });

  it('redeems a code once, and only with the matching verifier', async () => {
    const browser = new Browser(server.app);
    const { code, verifier } = await signIn(browser, MANAGER);
    const wrong = await redeemCode(server.app, code, pkcePair().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');

    const browser2 = new Browser(server.app);
    const second = await signIn(browser2, MANAGER);
    expect((await redeemCode(server.app, second.code, second.verifier)).statusCode).toBe(200);
    const again = await redeemCode(server.app, second.code, second.verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
    void verifier;
  });

  describe('refuses authorization requests without S256 PKCE or with a foreign redirect_uri', () => {
    const expectErrorAtRedirect = (location: unknown) => {
      const url = new URL(String(location));
      expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
      expect(url.searchParams.get('error')).toBe('invalid_request');
      expect(url.searchParams.has('code')).toBe(false);
    };

    it('the plain challenge method', async () => {
      const verifier = pkcePair().verifier;
      const res = await new Browser(server.app).request({
        url: authorizeUrl({ code_challenge: verifier, code_challenge_method: 'plain', state: 's' }),
      });
      expect(res.statusCode).toBe(303);
      expectErrorAtRedirect(res.headers.location);
    });

    it('a missing challenge', async () => {
      const res = await new Browser(server.app).request({ url: authorizeUrl({ state: 's' }) });
      expect(res.statusCode).toBe(303);
      expectErrorAtRedirect(res.headers.location);
    });

    it('an unregistered redirect_uri, with the error page and no redirect', async () => {
      const { challenge } = pkcePair();
      const res = await new Browser(server.app).request({
        url: authorizeUrl({
          code_challenge: challenge,
          code_challenge_method: 'S256',
          redirect_uri: 'https://evil.example/cb',
        }),
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('Sign-in could not continue');
      expect(res.body).toContain('href="http://ipos.test/"');
      expect(res.body).not.toContain('evil.example');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    });

    it('an unknown client', async () => {
      const { challenge } = pkcePair();
      const res = await new Browser(server.app).request({
        url: authorizeUrl({ client_id: 'someone_else', code_challenge: challenge, code_challenge_method: 'S256' }),
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Sign-in could not continue');
    });
  });

  it('lets the app (and only the app) call the token endpoint across origins', async () => {
    const browser = new Browser(server.app);
    const { code, verifier } = await signIn(browser, MANAGER);
    const call = (origin: string) =>
      server.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          client_id: 'ipos_webapp',
          code_verifier: verifier,
        }).toString(),
      });
    const foreign = await call('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const own = await call(ORIGIN);
    expect(own.statusCode).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('keeps its state in the database: a code issued by one replica is redeemed by another', async () => {
    const browser = new Browser(server.app);
    const { code, verifier } = await signIn(browser, MANAGER);
    const config = loadConfig({ ...testEnv });
    const replica = await createServer(config, { database: server.deps.database, logger: false });
    try {
      const res = await redeemCode(replica.app, code, verifier);
      expect(res.statusCode).toBe(200);
      const { access_token: accessToken, refresh_token: refreshToken } = res.json();
      // And the first replica accepts what the second issued.
      const me = await server.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });
      expect(me.statusCode).toBe(200);
      expect(refreshToken).toBeTruthy();
      // The browser's session (a cookie naming a database row) is honoured by the replica too.
      const { challenge } = pkcePair();
      const silent = await new Browser(replica.app).request({
        url: authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', state: 'r', prompt: 'none' }),
        headers: {
          cookie: [...browser.cookies.values()]
            .filter((c) => c.path === '/')
            .map((c) => `${c.name}=${c.value}`)
            .join('; '),
        },
      });
      expect(silent.statusCode).toBe(303);
      expect(new URL(String(silent.headers.location)).searchParams.get('code')).toBeTruthy();
    } finally {
      // The database belongs to the first server, which closes it.
      await replica.app.close();
    }
  });
});
