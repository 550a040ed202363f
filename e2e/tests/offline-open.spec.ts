import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { closeRegister, openRegister } from '../support/checkout.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The installable app (decision 0036): after one online visit the register opens with the network
 * off — the service worker serves the app and its route chunks, /config.json and the provider's
 * discovery from its cache, and the register's own reads come from the device, kept per account.
 */

const webDist =
  process.env.IPOS_E2E_WEB_DIST ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'dist');

const runId = () => Date.now().toString(36).toUpperCase();

/** Service workers must be allowed (Playwright's default) for these journeys. */
test.use({ serviceWorkers: 'allow' });

/**
 * The worker controls the page and holds what start-up reads offline: the runtime config and the
 * provider's discovery, which the page reads again through the worker once it takes control (going
 * offline before those reads land would test a first visit cut short, not an offline start).
 */
async function controllingWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        // The worker's runtime caches for the two (apps/web/pwa.config.ts).
        const kept = await Promise.all(
          ['ipos-config', 'ipos-oidc-discovery'].map(async (name) => (await (await caches.open(name)).keys()).length),
        );
        return kept.every((n) => n > 0);
      }),
    )
    .toBe(true);
}

/** The register's reads the device keeps for the signed-in person (lib/query-persistence.ts). */
function keptQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('ipos-device-queries');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve([]);
          const all = db.transaction('queries').objectStore('queries').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { queries: { queryHash: string }[] }[]).flatMap((row) =>
                row.queries.map((q) => q.queryHash),
              ),
            );
          all.onerror = () => resolve([]);
        };
      }),
  );
}

test('after one online visit the register opens with the network off, and other screens load', async ({
  page,
  context,
}) => {
  const problems = watchForBreakage(page);
  const register = `Offline ${runId()}`;
  await signIn(page, demo.cashier);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Ikeja');
  await openRegister(page, register, '1000');
  await controllingWorker(page);
  // The register's reads are on the device: the account, the store, the register session.
  await expect
    .poll(async () => {
      const kept = (await keptQueryKeys(page)).join(' ');
      return ['"accounts","me"', '"stores","current"', '"sessions"'].every((key) => kept.includes(key));
    })
    .toBe(true);

  const fromWorker: string[] = [];
  const fromNetwork: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/assets/')) return;
    (response.fromServiceWorker() ? fromWorker : fromNetwork).push(url.pathname);
  });

  await context.setOffline(true);
  await page.reload();
  // The same register, in the same store, with no error page.
  await expect(page.getByTestId('register-name')).toHaveText(register);
  await expect(page.getByTestId('current-context')).toContainText('Ikeja');
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeHidden();

  // Another screen's route chunk, never loaded before on this page, loads from the worker.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inventory' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/inventory'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeHidden();
  expect(fromWorker.length).toBeGreaterThan(0);
  expect(fromNetwork).toEqual([]);

  // Back online, the till is closed as any other.
  await context.setOffline(false);
  await page.goto('/dashboard/checkout');
  await expect(page.getByTestId('register-name')).toHaveText(register);
  await closeRegister(page, '1000');
  expect(problems).toEqual([]);
});

test('without a session, the app still opens offline and says sign in needs the network', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await controllingWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("You're offline")).toBeVisible();
  await expect(page.getByText('Sign in needs the network')).toBeVisible();
  await context.setOffline(false);
});

test('the manifest is linked and valid, and the worker precaches every chunk of the built app', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifestResponse = await request.get(href!);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'iPos',
    short_name: 'iPos',
    display: 'standalone',
    start_url: '/',
    theme_color: '#0b7a63',
  });
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(pngs.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of pngs) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const source = await worker.text();
  const chunks = fs.readdirSync(path.join(webDist, 'assets')).filter((file) => /\.(js|css|woff2?)$/.test(file));
  expect(chunks.length).toBeGreaterThan(20);
  const missing = chunks.filter((file) => !source.includes(`"assets/${file}"`));
  expect(missing).toEqual([]);

  // The precache, as the worker downloads it on the first visit (reported, not judged).
  const entries = [...source.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!);
  const bytes = entries.reduce((sum, url) => sum + fs.statSync(path.join(webDist, url)).size, 0);
  test
    .info()
    .annotations.push({ type: 'precache', description: `${entries.length} files, ${Math.round(bytes / 1024)} KiB` });
  console.log(`precache: ${entries.length} files, ${Math.round(bytes / 1024)} KiB`);
});
