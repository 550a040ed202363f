import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { authorizeUrl, Browser, pkcePair, redeemCode, refresh, signIn } from './browser.js';

const MANAGER = { email: DEMO.manager, password: 'DemoManager#2026' };
const POST_LOGOUT = 'http://ipos.test/?signedOut=1';

function logoutForm(html: string) {
  const action = html.match(/<form id="op.logoutForm" method="post" action="([^"]+)"/)?.[1];
  const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1];
  if (!action || !xsrf) throw new Error('no logout form on the page');
  return { action, xsrf };
}

describe('RP-initiated logout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  async function signedIn() {
    const browser = new Browser(server.app);
    const { code, verifier } = await signIn(browser, MANAGER);
    const tokens = (await redeemCode(server.app, code, verifier)).json();
    return { browser, tokens };
  }

  it('confirms itself for the app and lands on the post-logout URI, ending the session', async () => {
    const { browser, tokens } = await signedIn();
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: POST_LOGOUT,
      state: 'bye',
    });
    const page = await browser.request({ url: `/oidc/session/end?${query}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Sign out of iPos</title>');
    expect(page.body).toMatch(/<button[^>]*name="logout" value="yes">Sign out<\/button>/);

    // The only script is the auto-confirmation, allowed by this response's nonce and nothing else.
    const csp = String(page.headers['content-security-policy']);
    const nonce = csp.match(/script-src 'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("default-src 'none'");
    expect(page.headers['cache-control']).toBe('no-store');

    const { action, xsrf } = logoutForm(page.body);
    expect(action).toBe('http://ipos.test/oidc/session/end/confirm');
    const confirmed = await browser.request({ url: action, form: { xsrf, logout: 'yes' } });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${POST_LOGOUT}&state=bye`);

    // The session is gone: the next authorization asks for credentials again.
    const { challenge } = pkcePair();
    const next = await browser.follow(
      await browser.request({
        url: authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', state: 'x' }),
      }),
    );
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('<h1>Sign in to iPos</h1>');
    // Refresh tokens carry offline_access, which by design outlives the browser session.
    expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(200);
  });

  it('asks a person to press the button when the request does not come with their ID token', async () => {
    const { browser } = await signedIn();
    const query = new URLSearchParams({ client_id: 'ipos_webapp', post_logout_redirect_uri: POST_LOGOUT });
    const page = await browser.request({ url: `/oidc/session/end?${query}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('Do you want to sign out of iPos on this device?');
  });

  it('refuses a post-logout URI that is not registered', async () => {
    const { browser, tokens } = await signedIn();
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    const page = await browser.request({ url: `/oidc/session/end?${query}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Sign-in could not continue');
  });

  it('shows its own signed-out page when no post-logout URI is given', async () => {
    const { browser, tokens } = await signedIn();
    const page = await browser.request({ url: `/oidc/session/end?id_token_hint=${tokens.id_token}` });
    const { action, xsrf } = logoutForm(page.body);
    const confirmed = await browser.request({ url: action, form: { xsrf, logout: 'yes' } });
    expect(confirmed.statusCode).toBe(303);
    const success = await browser.request({ url: String(confirmed.headers.location) });
    expect(success.statusCode).toBe(200);
    expect(success.body).toContain('You are signed out');
    expect(success.body).toContain('href="http://ipos.test/"');
    expect(success.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('still ends at the post-logout URI when the provider session is already gone', async () => {
    const { tokens } = await signedIn();
    // A browser without the session cookie: oidc-provider answers with its auto-submitting form,
    // whose inline script is allowed by hash in the same policy.
    const browser = new Browser(server.app);
    const query = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: POST_LOGOUT });
    const page = await browser.request({ url: `/oidc/session/end?${query}` });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'nonce-[^']+' 'sha256-[^']+'/);
    const xsrf = page.body.match(/name="xsrf" value="([^"]+)"/)![1]!;
    const confirmed = await browser.request({ url: '/oidc/session/end/confirm', form: { xsrf, logout: 'yes' } });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(POST_LOGOUT);
  });
});
