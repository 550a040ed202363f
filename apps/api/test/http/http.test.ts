import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';

describe('one process: SPA, config, docs, headers', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>iPos</title><div id="root"></div>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'importScripts("./workbox-abc123.js")');
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"iPos"}');
    server = await createTestServer({
      WEB_DIST_DIR: webDist,
      ANALYTICS_TOKEN: 'tok-public',
      SMTP_URL: 'smtp://user:secret@127.0.0.1:2525',
    });
  });
  afterAll(() => server.close());

  it('serves the SPA with history fallback: any unknown page path gets index.html', async () => {
    for (const url of ['/', '/dashboard', '/dashboard/inventory/view/123', '/no/such/page?x=1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('compresses API answers worth it (brotli, else gzip, with Vary), and leaves small ones and files as they are', async () => {
    const token = await server.tokenFor(DEMO.owner);
    const me = await server.me(DEMO.owner);
    const lekki = me.body.memberships.find((m) => m.storeName === 'Lekki')!.storeId;
    const get = (url: string, acceptEncoding?: string) =>
      server.app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: `Bearer ${token}`,
          'x-store-id': lekki,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await get('/api/v1/products?pageSize=50');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(5000);

    const br = await get('/api/v1/products?pageSize=50', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);

    const gz = await get('/api/v1/products?pageSize=50', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    // Under a kilobyte: not worth the work.
    const small = await get('/api/v1/stores/current', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    // A body sent compressed is refused, not inflated past the body limit.
    const packed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: {
        authorization: `Bearer ${token}`,
        'x-store-id': lekki,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: zlib.gzipSync(JSON.stringify({ name: 'Packed' })),
    });
    expect(packed.statusCode).toBeGreaterThanOrEqual(400);
    expect(packed.statusCode).toBeLessThan(500);
  });

  it('serves hashed assets as immutable', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker unexpired and the manifest as a manifest, and lets the page use both', async () => {
    const worker = await server.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    // A new version must reach the browser on its next check, never after a year.
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    const page = await server.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(page.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('answers unknown API paths with a problem, not the SPA', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('serves /config.json with public values only', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const config = publicConfigSchema.parse(res.json());
    expect(config.oidc).toMatchObject({
      authority: 'http://ipos.test/oidc',
      clientId: 'ipos_webapp',
      scopes: 'openid email roles profile offline_access',
    });
    expect(config.oidc.extraQueryParams).toEqual({ prompt: 'login', provider: 'Google' });
    expect(config.inactivityTimeoutMs).toBe(900000);
    expect(config.analytics).toEqual({ token: 'tok-public' });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('smtp');
  });

  it('serves the OpenAPI document generated from the contracts, and its UI', async () => {
    const json = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.paths['/api/v1/me'].get.summary).toContain('signed-in account');
    expect(doc.paths['/api/v1/onboarding/register'].post.requestBody).toBeDefined();
    const ui = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('puts security headers on every response and no-store on the API', async () => {
    const token = await server.tokenFor(DEMO.manager);
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/.{8,}/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    // Analytics is on (ANALYTICS_TOKEN) without a host: the browser may reach mixpanel's default host.
    expect(csp).toMatch(/connect-src 'self' https:\/\/api-js\.mixpanel\.com/);
  });
});

describe('SPA assets', () => {
  it('serves files added after start, and a missing asset is a 404 rather than the HTML page', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const server = await createTestServer({ WEB_DIST_DIR: webDist });
    try {
      fs.mkdirSync(path.join(webDist, 'assets'));
      fs.writeFileSync(path.join(webDist, 'assets', 'late-1.js'), 'export {}');
      expect((await server.app.inject({ method: 'GET', url: '/assets/late-1.js' })).statusCode).toBe(200);
      const missing = await server.app.inject({ method: 'GET', url: '/assets/gone-2.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/problem+json');
    } finally {
      await server.close();
    }
  });
});

describe('compressed assets', () => {
  it('sends the brotli or gzip copy the build wrote, as the browser accepts, with Vary; the HTML never cached', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-web-'));
    const page = `<!doctype html><title>iPos</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
    const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];`;
    fs.writeFileSync(path.join(webDist, 'index.html'), page);
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'tiny-abc123.js'), 'export {}');
    // The build's own step, as `npm run build -w @ipos/web` runs it.
    execFileSync(process.execPath, [path.resolve(__dirname, '../../../web/scripts/precompress.mjs'), webDist]);
    expect(fs.existsSync(path.join(webDist, 'assets', 'app-abc123.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(webDist, 'assets', 'tiny-abc123.js.br'))).toBe(false);
    const server = await createTestServer({ WEB_DIST_DIR: webDist });
    try {
      const get = (url: string, acceptEncoding?: string) =>
        server.app.inject({
          method: 'GET',
          url,
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        });
      const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers).toMatchObject({
        'content-encoding': 'br',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.rawPayload.length).toBeLessThan(script.length / 3);
      // An asset carries no document policies (each costs bytes on every file), but keeps nosniff.
      expect(br.headers['x-content-type-options']).toBe('nosniff');
      expect(br.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Nor validators, range support or a request id: nothing revalidates a file cached for a year.
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'etag',
        'last-modified',
        'accept-ranges',
        'x-request-id',
      ])
        expect(br.headers[name], name).toBeUndefined();

      const gz = await get('/assets/app-abc123.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

      const plain = await get('/assets/app-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      // Too small to be worth a copy: sent as it is.
      expect((await get('/assets/tiny-abc123.js', 'br')).headers['content-encoding']).toBeUndefined();

      for (const url of ['/', '/dashboard/inventory']) {
        const html = await get(url, 'br');
        expect(html.statusCode, url).toBe(200);
        expect(html.headers['content-encoding'], url).toBe('br');
        expect(html.headers['cache-control'], url).toBe('no-cache');
        expect(html.headers['content-security-policy'], url).toContain("default-src 'self'");
        // The page is revalidated on each visit, so it keeps what a revalidation needs.
        expect(html.headers['etag'] ?? html.headers['last-modified'], url).toBeDefined();
        expect(html.headers['x-request-id'], url).toBeDefined();
        expect(zlib.brotliDecompressSync(html.rawPayload).toString(), url).toBe(page);
      }
      const config = await get('/config.json', 'br');
      expect(config.headers['cache-control']).toMatch(/no-store|no-cache/);
    } finally {
      await server.close();
    }
  });
});

describe('client addresses', () => {
  it('ignore X-Forwarded-For unless TRUST_PROXY says a proxy sits in front', async () => {
    const ipOf = async (env: Record<string, string>) => {
      const server = await createTestServer(env);
      try {
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/v1/onboarding/register',
          headers: { 'x-forwarded-for': '203.0.113.7' },
          payload: {
            ownerName: 'Ip Test',
            email: 'ip@example.com',
            phone: '+255 700 000 000',
            password: 'IpTest#2026x',
            businessName: 'Ip Shop',
            country: 'TZ',
            currency: 'TZS',
          },
        });
        expect(res.statusCode).toBe(202);
        const { sql } = await import('drizzle-orm');
        const result = await server.deps.database.db.execute(
          sql`select ip from audit_events where action = 'account.sign_up_requested'`,
        );
        return (result as unknown as { rows: { ip: string }[] }).rows[0]!.ip;
      } finally {
        await server.close();
      }
    };
    expect(await ipOf({ TRUST_PROXY: 'false' })).toBe('127.0.0.1');
    expect(await ipOf({ TRUST_PROXY: 'true' })).toBe('203.0.113.7');
  });
});
