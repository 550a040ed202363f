import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { accountIdentities } from '../../src/db/schema.js';
import { createEmbeddedProvider } from '../../src/identity/embedded-provider.js';
import type { GoogleEndpoints } from '../../src/identity/google.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { alertText, authorizeUrl, Browser, pkcePair, redeemCode, REDIRECT_URI } from './browser.js';

const GOOGLE = { GOOGLE_CLIENT_ID: 'google-client-id', GOOGLE_CLIENT_SECRET: 'google-client-secret' };
const CALLBACK = 'http://ipos.test/oidc/interaction/callback/google';

async function startAuthorization(browser: Browser, extra: Record<string, string> = { provider: 'Google' }) {
  const pkce = pkcePair();
  const res = await browser.follow(
    await browser.request({
      url: authorizeUrl({
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        state: 'g',
        prompt: 'login',
        ...extra,
      }),
    }),
  );
  return { res, verifier: pkce.verifier };
}

describe('provider=Google', () => {
  describe('without Google configured', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer();
    });
    afterAll(() => server.close());

    it('is ignored: the password form shows, without a Google button, and the callback does not exist', async () => {
      const { res } = await startAuthorization(new Browser(server.app));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Sign in to iPos</h1>');
      expect(res.body).not.toContain('Google');
      const callback = await server.app.inject({
        url: '/oidc/interaction/callback/google?code=a&state=b',
        headers: { accept: 'text/html' },
      });
      expect(callback.statusCode).toBe(404);
    });
  });

  describe('with Google configured', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(GOOGLE);
    });
    afterAll(() => server.close());

    it("sends the browser to Google's authorization endpoint with our client and a state bound to it", async () => {
      const browser = new Browser(server.app);
      const { res } = await startAuthorization(browser);
      expect(res.statusCode).toBe(303);
      const location = String(res.headers.location);
      expect(location.startsWith('https://accounts.google.com/o/oauth2/v2/auth?')).toBe(true);
      const url = new URL(location);
      expect(url.searchParams.get('client_id')).toBe(GOOGLE.GOOGLE_CLIENT_ID);
      expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('scope')).toBe('openid email');
      expect(url.searchParams.get('nonce')).toBeTruthy();
      const state = url.searchParams.get('state')!;
      const cookie = [...browser.cookies.values()].find((c) => c.name === 'ipos_google');
      expect(cookie?.path).toBe('/oidc/interaction/callback/google');
      expect(decodeURIComponent(cookie!.value)).toBe(state);
      expect(res.body).not.toContain(GOOGLE.GOOGLE_CLIENT_SECRET);
    });

    it('offers Google next to the password form when the app did not ask for it', async () => {
      const { res } = await startAuthorization(new Browser(server.app), {});
      expect(res.statusCode).toBe(200);
      const link = res.body.match(/<a class="button secondary" href="([^"]+)">Sign in with Google<\/a>/)?.[1];
      expect(link).toMatch(/^\/oidc\/interaction\/[A-Za-z0-9_-]+\/google$/);
    });
  });

  describe("Google's answer, against a local fake of Google", () => {
    let server: TestServer;
    let app: FastifyInstance;
    let fake: http.Server;
    let endpoints: GoogleEndpoints;
    const signIns: string[] = [];
    let googleKey: CryptoKey;
    let signingKey: CryptoKey;
    let lastTokenRequest: URLSearchParams | undefined;
    let answer: { sub: string; email: string; email_verified: boolean; nonce?: string } = {
      sub: '',
      email: '',
      email_verified: true,
    };

    beforeAll(async () => {
      server = await createTestServer(GOOGLE);
      const pair = await generateKeyPair('RS256');
      googleKey = pair.privateKey;
      signingKey = googleKey;
      const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
      fake = http.createServer((req, res) => {
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.url === '/certs') return send(200, { keys: [jwk] });
        if (req.url === '/token' && req.method === 'POST') {
          let body = '';
          req.on('data', (c: Buffer) => (body += c.toString()));
          req.on('end', async () => {
            lastTokenRequest = new URLSearchParams(body);
            if (lastTokenRequest.get('code') === 'bad-code') return send(400, { error: 'invalid_grant' });
            const idToken = await new SignJWT({
              email: answer.email,
              email_verified: answer.email_verified,
              nonce: answer.nonce,
            })
              .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
              .setIssuer('https://accounts.google.com')
              .setAudience(GOOGLE.GOOGLE_CLIENT_ID)
              .setSubject(answer.sub)
              .setIssuedAt()
              .setExpirationTime('5m')
              .sign(signingKey);
            send(200, { access_token: 'google-access', id_token: idToken, token_type: 'Bearer', expires_in: 3599 });
          });
          return;
        }
        send(404, {});
      });
      await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      endpoints = {
        authorization: `${base}/auth`,
        token: `${base}/token`,
        jwks: `${base}/certs`,
        issuers: ['https://accounts.google.com'],
      };
      // A provider like the server's, on the same database, whose Google is the fake.
      const provider = await createEmbeddedProvider({
        ...server.deps,
        onSignIn: async (accountId) => {
          signIns.push(accountId);
        },
        googleEndpoints: endpoints,
      });
      app = Fastify({ logger: false });
      await provider.mount(app);
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await new Promise((resolve) => fake?.close(resolve));
      await server?.close();
    });

    /** Starts a Google sign-in and plays Google: it "returns" to our callback with a code. */
    async function viaGoogle(
      identity: { sub: string; email: string; email_verified?: boolean },
      options: { nonce?: string; code?: string } = {},
    ) {
      const browser = new Browser(app);
      const { res, verifier } = await startAuthorization(browser);
      expect(res.statusCode).toBe(303);
      const google = new URL(String(res.headers.location));
      expect(google.href.startsWith(endpoints.authorization)).toBe(true);
      answer = { email_verified: true, ...identity, nonce: options.nonce ?? google.searchParams.get('nonce')! };
      const query = new URLSearchParams({
        code: options.code ?? 'google-code',
        state: google.searchParams.get('state')!,
      });
      const callback = await browser.request({ url: `/oidc/interaction/callback/google?${query}` });
      return { browser, callback, verifier, state: google.searchParams.get('state')! };
    }

    it('signs in the account with that verified address and links the Google identity', async () => {
      signingKey = googleKey;
      const { browser, callback, verifier } = await viaGoogle({ sub: 'google-sub-manager', email: DEMO.manager });
      expect(callback.statusCode).toBe(303);
      expect(String(callback.headers.location)).toMatch(/^http:\/\/ipos\.test\/oidc\/auth\//);
      expect(lastTokenRequest?.get('code')).toBe('google-code');
      expect(lastTokenRequest?.get('client_id')).toBe(GOOGLE.GOOGLE_CLIENT_ID);
      expect(lastTokenRequest?.get('client_secret')).toBe(GOOGLE.GOOGLE_CLIENT_SECRET);
      expect(lastTokenRequest?.get('redirect_uri')).toBe(CALLBACK);
      // The state cookie is single-use.
      expect([...browser.cookies.values()].some((c) => c.name === 'ipos_google')).toBe(false);

      const done = await browser.follow(callback);
      const back = new URL(String(done.headers.location));
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      const tokens = (await redeemCode(app, back.searchParams.get('code')!, verifier)).json();
      const managerId = await server.accountId(DEMO.manager);
      expect(decodeJwt(tokens.access_token).sub).toBe(managerId);
      expect(signIns).toContain(managerId);

      const [link] = await server.deps.database.db
        .select()
        .from(accountIdentities)
        .where(
          and(
            eq(accountIdentities.issuer, 'https://accounts.google.com'),
            eq(accountIdentities.subject, 'google-sub-manager'),
          ),
        );
      expect(link?.accountId).toBe(managerId);
    });

    it('sends an unknown address back to the form with its own message', async () => {
      signingKey = googleKey;
      const { browser, callback } = await viaGoogle({ sub: 'google-sub-stranger', email: 'stranger@gmail.example' });
      expect(callback.statusCode).toBe(303);
      expect(String(callback.headers.location)).toMatch(/^\/oidc\/interaction\/[A-Za-z0-9_-]+\?google=unknown$/);
      const form = await browser.follow(callback);
      expect(form.statusCode).toBe(200);
      expect(alertText(form.body)).toBe('No iPos account uses this Google address');
      expect(form.body).toContain('<label for="password">Password</label>');
    });

    it('refuses an address Google has not verified', async () => {
      signingKey = googleKey;
      const { browser, callback } = await viaGoogle({
        sub: 'google-sub-x',
        email: DEMO.cashier,
        email_verified: false,
      });
      const form = await browser.follow(callback);
      expect(alertText(form.body)).toBe('Google has not verified this address. Sign in with your password instead.');
    });

    it('refuses an ID token with another nonce, a forged signature, or a failed code exchange', async () => {
      signingKey = googleKey;
      const otherNonce = await viaGoogle({ sub: 'google-sub-y', email: DEMO.cashier }, { nonce: 'not-the-nonce' });
      expect(alertText((await otherNonce.browser.follow(otherNonce.callback)).body)).toBe(
        'Signing in with Google did not work. Try again, or sign in with your password.',
      );

      signingKey = (await generateKeyPair('RS256')).privateKey;
      const forged = await viaGoogle({ sub: 'google-sub-y', email: DEMO.cashier });
      expect(String(forged.callback.headers.location)).toMatch(/\?google=failed$/);

      signingKey = googleKey;
      const badCode = await viaGoogle({ sub: 'google-sub-y', email: DEMO.cashier }, { code: 'bad-code' });
      expect(String(badCode.callback.headers.location)).toMatch(/\?google=failed$/);
      expect(signIns).not.toContain(await server.accountId(DEMO.cashier));
    });

    it('goes back to the form when the person cancels at Google', async () => {
      const browser = new Browser(app);
      const { res } = await startAuthorization(browser);
      const state = new URL(String(res.headers.location)).searchParams.get('state')!;
      const callback = await browser.request({
        url: `/oidc/interaction/callback/google?error=access_denied&state=${encodeURIComponent(state)}`,
      });
      expect(String(callback.headers.location)).toMatch(/\?google=failed$/);
    });

    it('refuses a callback whose state this browser was not given', async () => {
      const { state } = await viaGoogle({ sub: 'google-sub-z', email: DEMO.manager });
      // Another browser replays the callback URL: no state cookie.
      const stranger = await new Browser(app).request({
        url: `/oidc/interaction/callback/google?code=c&state=${encodeURIComponent(state)}`,
      });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.body).toContain('Sign-in could not continue');

      // The right browser with a tampered state.
      const browser = new Browser(app);
      const { res } = await startAuthorization(browser);
      const given = new URL(String(res.headers.location)).searchParams.get('state')!;
      const tampered = await browser.request({
        url: `/oidc/interaction/callback/google?code=c&state=${encodeURIComponent(`${given}x`)}`,
      });
      expect(tampered.statusCode).toBe(400);
    });
  });
});
