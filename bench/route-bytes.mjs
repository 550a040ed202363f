// Bytes over the wire per route, as a phone on mobile data pays them (budgets: Landing ≤ 250 kB, the
// register ≤ 450 kB, any other route ≤ 400 kB, measured in Chromium, cold). Starts the built app (API
// and SPA) on a fresh demo data directory, and in Chromium with the browser cache cleared before each
// route and service workers blocked (so the route's own load is counted, not the worker's precache,
// which is reported once on its own, from the build's precache list): Landing signed out, then every route of the route table without
// a path parameter, signed in as the demo owner (in admin mode or in Lekki, as the route table's
// audience says) (the register: Lekki's manager, with a register open).
// Sums Chromium's encoded (on the wire) bytes of every response up to network idle, split into the
// app's files and API answers. Reports; never fails on size.
//
//   node bench/route-bytes.mjs          (uses apps/api/dist/main.js and apps/web/dist, built if stale)
//   PORT=3904 CHROMIUM_PATH=/usr/bin/chromium node bench/route-bytes.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import {
  builtApiEntry,
  ownerVisitsOf,
  routesWithoutParameters,
  signInThroughProvider,
  startDemoApp,
  stopServer,
} from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3904);
const base = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-bench-bytes-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));

const entry = await builtApiEntry();
const webDist = path.resolve(root, process.env.IPOS_WEB_DIST ?? 'apps/web/dist');

const routes = routesWithoutParameters();

const BUDGET = { landing: 250, register: 450, other: 400 };
const kB = (bytes) => Math.round(bytes / 1024);

const server = await startDemoApp({ entry, port, dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});

/** A page whose responses' bytes on the wire are counted from `reset()` on. */
async function meteredPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  let counted = [];
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) =>
    counted.push({ url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength }),
  );
  return {
    page,
    reset: async () => {
      await cdp.send('Network.clearBrowserCache');
      counted = [];
    },
    total: () => {
      const api = counted.filter((r) => new URL(r.url, base).pathname.startsWith('/api/'));
      const sum = (rows) => rows.reduce((s, r) => s + r.bytes, 0);
      const files = [...counted]
        .sort((a, b) => b.bytes - a.bytes)
        .map((r) => ({ ...r, url: new URL(r.url, base).pathname }));
      return { all: sum(counted), api: sum(api), app: sum(counted) - sum(api), requests: counted.length, files };
    },
  };
}

const rows = [];
// ONLY='inventory|report' measures only the routes whose name matches (Landing and the register too when they match).
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
const measure = async (metered, name, url, budget) => {
  if (only && !only.test(name)) return;
  await metered.reset();
  await metered.page.goto(url, { waitUntil: 'networkidle' });
  const t = metered.total();
  rows.push({ name, ...t, budget });
};

try {
  const options = { baseURL: base, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' };
  // Landing, signed out.
  {
    const context = await browser.newContext(options);
    await measure(await meteredPage(context), 'Landing /', '/', BUDGET.landing);
    await context.close();
  }
  // Every route, as the owner.
  {
    const context = await browser.newContext(options);
    const metered = await meteredPage(context);
    await signInThroughProvider(metered.page, 'owner@demo.ipos.test', 'DemoOwner#2026');
    for (const route of routes.filter((r) => r !== '/dashboard/checkout'))
      for (const visit of ownerVisitsOf(route)) await measure(metered, visit.name, visit.url, BUDGET.other);
    await context.close();
  }
  // The register, as Lekki's manager with a register open.
  {
    const context = await browser.newContext(options);
    const metered = await meteredPage(context);
    await signInThroughProvider(metered.page, 'manager@demo.ipos.test', 'DemoManager#2026');
    await metered.page.goto('/dashboard/checkout');
    const form = metered.page.getByRole('form', { name: 'Open a register' });
    await form.getByLabel('Register name').fill('Bytes Till');
    await form.getByLabel('Counted float').fill('0');
    await form.getByRole('button', { name: 'Open register' }).click();
    await metered.page.getByTestId('register-name').waitFor();
    await measure(metered, 'Register /dashboard/checkout', '/dashboard/checkout', BUDGET.register);
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
}

console.log(`\nbytes over the wire per route (Chromium, cold cache, 390 px), kB\n`);
console.log(`${'route'.padEnd(58)} ${'total'.padStart(6)} ${'app'.padStart(6)} ${'api'.padStart(6)}  budget`);
for (const r of rows) {
  const verdict = r.budget === null ? '' : `${r.budget}  ${kB(r.all) <= r.budget ? 'within' : 'OVER'}`;
  console.log(
    `${r.name.padEnd(58)} ${String(kB(r.all)).padStart(6)} ${String(kB(r.app)).padStart(6)} ${String(kB(r.api)).padStart(6)}  ${verdict}`,
  );
}
// What the service worker fetches once after the first visit (every chunk, for offline use), as
// served: the brotli copy where the build wrote one.
const swFile = path.join(webDist, 'sw.js');
if (fs.existsSync(swFile)) {
  const urls = [...fs.readFileSync(swFile, 'utf8').matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
  const size = (file) => (fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size);
  const bytes = urls.reduce((sum, url) => sum + size(path.join(webDist, url)), 0);
  console.log(`\nservice worker precache, once after the first visit: ${urls.length} files, ${kB(bytes)} kB (brotli)`);
}
// What weighs most on each route over its budget: where a split would help.
for (const r of rows.filter((row) => row.budget !== null && kB(row.all) > row.budget))
  console.log(
    `\n${r.name} (${kB(r.all)} kB in ${r.requests} responses), its largest files:\n${r.files
      .slice(0, Number(process.env.FILES ?? 8))
      .map((f) => `  ${String(kB(f.bytes)).padStart(5)} kB  ${f.url}`)
      .join('\n')}`,
  );
const worst = rows.filter((r) => r.budget !== null).sort((a, b) => b.all - a.all)[0];
if (worst)
  console.log(
    `\nlargest: ${worst.name} ${kB(worst.all)} kB; over budget: ${rows.filter((r) => r.budget !== null && kB(r.all) > r.budget).length} of ${rows.filter((r) => r.budget !== null).length}`,
  );
