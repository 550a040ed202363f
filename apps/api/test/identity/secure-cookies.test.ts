import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { authorizeUrl, Browser, formAction, hiddenUid, pkcePair } from './browser.js';

const PUBLIC_URL = 'https://ipos.test';

/** Each Set-Cookie line of a response as its name, value and attributes (lower-cased names). */
function setCookies(header: string | string[] | undefined) {
  return (header === undefined ? [] : Array.isArray(header) ? header : [header]).map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const attrs = new Map(
      attributes.map((a) => {
        const eq = a.indexOf('=');
        return eq < 0 ? [a.toLowerCase(), ''] : [a.slice(0, eq).toLowerCase(), a.slice(eq + 1)];
      }),
    );
    return { name: pair!.slice(0, pair!.indexOf('=')), attrs };
  });
}

describe('the embedded provider’s cookies when PUBLIC_URL is https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ PUBLIC_URL });
  });
  afterAll(() => server.close());

  it('the session cookie is __Host- (Secure, Path=/, no Domain); the interaction cookies __Secure- on their own paths', async () => {
    const browser = new Browser(server.app);
    const { challenge } = pkcePair();
    const start = await browser.request({
      url: authorizeUrl({
        redirect_uri: `${PUBLIC_URL}/auth/signinwin/main`,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'st-https',
        prompt: 'login',
      }),
    });
    expect(start.statusCode, start.body).toBe(303);
    const uid = String(start.headers.location).split('/').pop()!;
    const started = setCookies(start.headers['set-cookie']).filter((c) => !c.name.endsWith('.sig'));
    expect(started.map((c) => c.name).sort()).toEqual(['__Secure-interaction', '__Secure-interaction_resume']);
    for (const cookie of started) {
      expect(cookie.attrs.has('secure'), cookie.name).toBe(true);
      expect(cookie.attrs.has('httponly'), cookie.name).toBe(true);
      expect(cookie.attrs.has('domain'), cookie.name).toBe(false);
    }
    expect(started.find((c) => c.name === '__Secure-interaction')!.attrs.get('path')).toBe(`/oidc/interaction/${uid}`);
    expect(started.find((c) => c.name === '__Secure-interaction_resume')!.attrs.get('path')).toBe(`/oidc/auth/${uid}`);

    const page = await browser.follow(start);
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    const submitted = await browser.request({
      url: formAction(page.body),
      form: { uid: hiddenUid(page.body), email: DEMO.manager, password: 'DemoManager#2026' },
      headers: { origin: PUBLIC_URL },
    });
    expect(submitted.statusCode, submitted.body.slice(0, 300)).toBe(303);
    // Through the provider's redirects (resume, the automatic consent) back to the app, with every cookie set.
    const set: ReturnType<typeof setCookies> = [];
    let location = String(submitted.headers.location);
    for (let hop = 0; hop < 6 && new URL(location, PUBLIC_URL).pathname.startsWith('/oidc/'); hop++) {
      const res = await browser.request({ url: new URL(location, PUBLIC_URL).pathname });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
      set.push(...setCookies(res.headers['set-cookie']));
      location = String(res.headers.location);
    }
    expect(location).toMatch(/^https:\/\/ipos\.test\/auth\/signinwin\/main\?code=/);

    const session = set.filter(
      (c) => c.name.startsWith('__Host-') && c.attrs.get('expires')?.includes('1970') !== true,
    );
    expect([...new Set(session.map((c) => c.name))].sort()).toEqual(['__Host-session', '__Host-session.sig']);
    for (const cookie of session) {
      expect(cookie.attrs.get('path'), cookie.name).toBe('/');
      expect(cookie.attrs.has('secure'), cookie.name).toBe(true);
      expect(cookie.attrs.has('domain'), cookie.name).toBe(false);
    }
  });
});
