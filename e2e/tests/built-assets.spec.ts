import { expect, test } from '@playwright/test';

/**
 * The app as `npm start` builds and serves it: its hashed files go compressed (the build's brotli and
 * gzip copies, chosen by Accept-Encoding) with a year's immutable cache; the HTML and /config.json are
 * never cached. A build that skipped the compressed copies would send every file whole to a phone on
 * mobile data.
 */
test('the built app sends its files compressed, cached for a year, and its HTML and config uncached', async ({
  request,
}) => {
  const html = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(html.status()).toBe(200);
  expect(html.headers()['cache-control']).toBe('no-cache');
  const entry = /<script[^>]+type="module"[^>]+src="([^"]+\.js)"/.exec(await html.text())?.[1];
  expect(entry, 'the HTML names its entry script').toMatch(/^\/assets\//);

  for (const [accepted, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const script = await request.get(entry!, { headers: { 'accept-encoding': accepted } });
    expect(script.status()).toBe(200);
    expect(script.headers()['content-encoding'], `Accept-Encoding: ${accepted}`).toBe(encoding);
    expect(script.headers()['vary']?.toLowerCase()).toContain('accept-encoding');
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // The body arrives decoded: the same script whichever copy was sent.
    expect((await script.text()).length).toBeGreaterThan(1000);
  }

  const config = await request.get('/config.json');
  expect(config.status()).toBe(200);
  expect(config.headers()['cache-control']).toMatch(/no-(cache|store)/);
});
