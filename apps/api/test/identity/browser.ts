import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';

export const ORIGIN = 'http://ipos.test';
export const CLIENT_ID = 'ipos_webapp';
export const REDIRECT_URI = `${ORIGIN}/auth/signinwin/main`;
export const SCOPE = 'openid email roles profile offline_access';

interface Cookie {
  name: string;
  value: string;
  path: string;
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/**
 * A minimal browser over `app.inject()`: keeps cookies by name and path, sends the ones whose path
 * matches, and follows redirects that stay on the app's origin when asked to.
 */
export class Browser {
  readonly cookies = new Map<string, Cookie>();

  constructor(private readonly app: FastifyInstance) {}

  async request(options: {
    method?: 'GET' | 'POST';
    url: string;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  }): Promise<InjectResponse> {
    const url = new URL(options.url, ORIGIN);
    const cookie = [...this.cookies.values()]
      .filter((c) => pathMatches(url.pathname, c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const headers: Record<string, string> = { host: url.host, ...options.headers };
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    }
    const res = await this.app.inject({
      method: options.method ?? (options.form ? 'POST' : 'GET'),
      url: url.pathname + url.search,
      headers,
      payload,
    });
    this.store(res, url.pathname);
    return res;
  }

  private store(res: InjectResponse, requestPath: string) {
    const raw = res.headers['set-cookie'];
    for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const attr = new Map(
        attributes.map((a) => {
          const i = a.indexOf('=');
          return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
        }),
      );
      const path = attr.get('path') ?? requestPath.slice(0, requestPath.lastIndexOf('/')) ?? '/';
      const expires = attr.get('expires');
      const key = `${name}|${path}`;
      if (!value || (expires && Date.parse(expires) <= Date.now()) || attr.get('max-age') === '0')
        this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  /** Follows redirects while they stay under `${ORIGIN}/oidc`; returns the last response. */
  async follow(res: InjectResponse): Promise<InjectResponse> {
    let current = res;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.location;
      if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string') return current;
      const next = new URL(location, ORIGIN);
      if (next.origin !== ORIGIN || !next.pathname.startsWith('/oidc')) return current;
      current = await this.request({ url: next.href });
    }
    throw new Error('too many redirects');
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(
    Object.entries({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: SCOPE,
      ...params,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return `/oidc/auth?${query}`;
}

export function formAction(html: string): string {
  const match = html.match(/<form method="post" action="([^"]+)"/);
  if (!match) throw new Error('no sign-in form on the page');
  return match[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

export function hiddenUid(html: string): string {
  const match = html.match(/name="uid" value="([^"]+)"/);
  if (!match) throw new Error('no uid on the page');
  return match[1]!;
}

/** The text of the role="alert" element, or undefined. */
export function alertText(html: string): string | undefined {
  return html.match(/role="alert"[^>]*>([^<]*)</)?.[1];
}

export interface SignInResult {
  code: string;
  state: string;
  verifier: string;
  location: URL;
}

/** Runs the whole browser side of a sign-in with the password form and returns the code. */
export async function signIn(
  browser: Browser,
  credentials: { email: string; password: string },
  params: Record<string, string | undefined> = {},
): Promise<SignInResult> {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const page = await browser.follow(
    await browser.request({
      url: authorizeUrl({
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
        prompt: 'login',
        ...params,
      }),
    }),
  );
  if (page.statusCode !== 200)
    throw new Error(`expected the sign-in page, got ${page.statusCode} ${page.body.slice(0, 300)}`);
  const submitted = await browser.request({
    url: formAction(page.body),
    form: { uid: hiddenUid(page.body), email: credentials.email, password: credentials.password },
    headers: { origin: ORIGIN },
  });
  const done = await browser.follow(submitted);
  const location = done.headers.location;
  if (typeof location !== 'string')
    throw new Error(`sign-in did not redirect: ${done.statusCode} ${done.body.slice(0, 300)}`);
  const url = new URL(location);
  const code = url.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return { code, state: url.searchParams.get('state') ?? '', verifier, location: url };
}

export async function redeemCode(app: FastifyInstance, code: string, verifier: string, redirectUri = REDIRECT_URI) {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'ipos.test' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }).toString(),
  });
}

export async function refresh(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'ipos.test' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENT_ID,
    }).toString(),
  });
}
