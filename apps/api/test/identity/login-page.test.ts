import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { alertText, authorizeUrl, Browser, formAction, hiddenUid, ORIGIN, pkcePair, signIn } from './browser.js';

const PASSWORDS: Record<string, string> = {
  [DEMO.manager]: 'DemoManager#2026',
  [DEMO.cashier]: 'DemoCashier#2026',
  [DEMO.admin]: 'DemoAdmin#2026',
  [DEMO.newhire]: 'Welcome#2026',
};

/** Opens the sign-in page in a new browser; `ip` becomes the client address the app sees. */
async function openLoginPage(server: TestServer, ip = '203.0.113.1', params: Record<string, string> = {}) {
  const browser = new Browser(server.app);
  const { challenge } = pkcePair();
  const page = await browser.follow(
    await browser.request({
      url: authorizeUrl({
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 's',
        prompt: 'login',
        ...params,
      }),
    }),
  );
  expect(page.statusCode).toBe(200);
  const action = formAction(page.body);
  const uid = hiddenUid(page.body);
  const submit = (email: string, password: string, extra: { uid?: string; origin?: string } = {}) =>
    browser.request({
      url: action,
      form: { uid: extra.uid ?? uid, email, password },
      headers: { origin: extra.origin ?? ORIGIN, 'x-forwarded-for': ip },
    });
  return { browser, page, action, uid, submit };
}

describe('the sign-in page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('is a self-contained, labelled page with the app links and strict headers', async () => {
    const { page, action } = await openLoginPage(server);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.body).toMatch(/<h1>Sign in to iPos<\/h1>/);
    expect(page.body).toContain(':focus-visible');
    expect(page.body).toContain('#0b7a63');
    expect(page.body).toContain('<a href="http://ipos.test/onboarding/forgot-password">Forgot password?</a>');
    expect(page.body).toContain('<a href="http://ipos.test/onboarding/sign-up">Create an account</a>');
    expect(page.body).not.toMatch(/<script/);
    expect(page.body).not.toMatch(/(src|href)="https?:\/\/(?!ipos\.test)/);
    expect(action).toMatch(/^\/oidc\/interaction\//);
    expect(page.body).not.toContain('Sign in with Google');

    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toMatch(/form-action 'self' http:\/\/ipos\.test/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('answers a wrong password and an unknown email with the same single message, keeping the email', async () => {
    const { submit } = await openLoginPage(server, '203.0.113.10');
    const wrongPassword = await submit(DEMO.cashier, 'not-the-password');
    const unknownEmail = await submit('nobody@demo.ipos.test', 'whatever-it-is');
    for (const [res, email] of [
      [wrongPassword, DEMO.cashier],
      [unknownEmail, 'nobody@demo.ipos.test'],
    ] as const) {
      expect(res.statusCode).toBe(200);
      expect(alertText(res.body)).toBe('Invalid email or password');
      expect(res.body.match(/role="alert"/g)).toHaveLength(1);
      expect(res.body).toContain(`value="${email}"`);
      expect(res.body).not.toContain('not-the-password');
      expect(res.body).not.toContain('whatever-it-is');
    }
  });

  it('refuses a disabled account with the same message', async () => {
    const db = server.deps.database.db;
    await db.update(accounts).set({ isDisabled: true }).where(eq(accounts.email, DEMO.admin));
    try {
      const { submit } = await openLoginPage(server, '203.0.113.11');
      const res = await submit(DEMO.admin, PASSWORDS[DEMO.admin]!);
      expect(res.statusCode).toBe(200);
      expect(alertText(res.body)).toBe('Invalid email or password');
    } finally {
      await db.update(accounts).set({ isDisabled: false }).where(eq(accounts.email, DEMO.admin));
    }
  });

  it('clears a PIN lock on a successful sign-in', async () => {
    const db = server.deps.database.db;
    await db
      .update(accounts)
      .set({ pinLockedAt: sql`now()`, pinFailedAttempts: 5 })
      .where(eq(accounts.email, DEMO.manager));
    await signIn(new Browser(server.app), { email: DEMO.manager, password: PASSWORDS[DEMO.manager]! });
    const [row] = await db.select().from(accounts).where(eq(accounts.email, DEMO.manager));
    expect(row!.pinLockedAt).toBeNull();
    expect(row!.pinFailedAttempts).toBe(0);
  });

  it('shows the form again for prompt=login even with a live session, and not without it', async () => {
    const browser = new Browser(server.app);
    await signIn(browser, { email: DEMO.manager, password: PASSWORDS[DEMO.manager]! });

    const { challenge } = pkcePair();
    const again = await browser.follow(
      await browser.request({
        url: authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', state: 'a', prompt: 'login' }),
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<h1>Sign in to iPos</h1>');

    // The same browser without prompt=login goes straight back to the app with a code.
    const silent = await browser.follow(
      await browser.request({
        url: authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', state: 'b' }),
      }),
    );
    expect(silent.statusCode).toBe(303);
    expect(new URL(String(silent.headers.location)).searchParams.get('code')).toBeTruthy();
  });

  describe('binds the form to the browser and the interaction', () => {
    it('refuses a post from another origin', async () => {
      const { submit } = await openLoginPage(server, '203.0.113.20');
      const res = await submit(DEMO.manager, PASSWORDS[DEMO.manager]!, { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Sign-in could not continue');
    });

    it('accepts Origin: null, which browsers send under Referrer-Policy: no-referrer', async () => {
      const { submit } = await openLoginPage(server, '203.0.113.24');
      const res = await submit(DEMO.manager, PASSWORDS[DEMO.manager]!, { origin: 'null' });
      expect(res.statusCode).toBe(303);
    });

    it('refuses a post without the interaction cookie (another browser)', async () => {
      const { action, uid } = await openLoginPage(server, '203.0.113.21');
      const res = await new Browser(server.app).request({
        url: action,
        form: { uid, email: DEMO.manager, password: PASSWORDS[DEMO.manager]! },
        headers: { origin: ORIGIN },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Sign-in could not continue');
    });

    it('refuses a missing or mismatched uid', async () => {
      const { submit, browser, action } = await openLoginPage(server, '203.0.113.22');
      const mismatched = await submit(DEMO.manager, PASSWORDS[DEMO.manager]!, { uid: 'someone-elses-uid' });
      expect(mismatched.statusCode).toBe(400);
      const missing = await browser.request({
        url: action,
        form: { email: DEMO.manager, password: PASSWORDS[DEMO.manager]! },
        headers: { origin: ORIGIN },
      });
      expect(missing.statusCode).toBe(400);
      // An interaction URL other than the one in the cookie is refused as well.
      const other = await browser.request({ url: '/oidc/interaction/not-this-one' });
      expect(other.statusCode).toBe(400);
    });

    it('refuses a body that is not a form', async () => {
      const { browser, action } = await openLoginPage(server, '203.0.113.23');
      const res = await browser.request({
        method: 'POST',
        url: action,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  it('shows only its own messages, whatever the URL says', async () => {
    const { browser, action } = await openLoginPage(server, '203.0.113.25');
    for (const value of ['constructor', '<b>hi</b>', 'unknown']) {
      const res = await browser.request({ url: `${action}?google=${encodeURIComponent(value)}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<b>hi</b>');
      expect(alertText(res.body)).toBe(value === 'unknown' ? 'No iPos account uses this Google address' : undefined);
    }
  });

  it('shows an unknown /oidc path as the branded page to a browser', async () => {
    const res = await server.app.inject({ url: '/oidc/interaction/a/b/c', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Sign-in could not continue');
  });
});
