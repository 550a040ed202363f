// Selling during a backup of the embedded database ("selling goes on during a backup: measure the p95
// of sales while a backup of the demo plus 100,000 products runs"). Reports; never fails on time.
//
//   1. the API's server runs in this process (bundled from the TypeScript source by esbuild, so the
//      bench measures the code in the checkout without a build) on a new data directory, which it
//      migrates and seeds with the demo; it stops with its shutdown backup: the demo's backup, timed;
//   2. PRODUCTS products (default 100,000) are added to Lekki in bulk SQL (the search benches' catalogue);
//   3. the server starts again with backups on (the daily check stopped, so only the measured backups
//      run); CLIENTS clients (default 8) each complete a 5-line cash sale every PACE_MS (default 1,000)
//      through POST /api/v1/sales for WARMUP_S seconds (default 3, not counted), then BASELINE_S seconds
//      (default 15), then a backup is taken through the Backups object (`backups.backUp('manual')`)
//      while they go on selling, and for TAIL_S seconds (default 2) after it;
//   4. the server stops (its shutdown backup is the same database with nothing selling, timed), and the
//      newest backup is restored into a new folder, timed.
// Prints p50/p95/max of the sales without and during the backup, the backup's duration and size, how
// long the database was held (PGlite's dumpDataDir runs inside its exclusive lock: no query runs
// meanwhile), and the event loop's longest stall (a synchronous step blocks every request).
//
//   node bench/backup-sales.mjs
//   PRODUCTS=100000 CLIENTS=8 PACE_MS=1000 BASELINE_S=15 PORT=3906 node bench/backup-sales.mjs
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { build } from 'esbuild';
import { v7 as uuidv7 } from 'uuid';
import { seedProducts } from './catalogue-seed.mjs';
import { percentile, root, signAccessToken } from './lib.mjs';

const PRODUCTS = Number(process.env.PRODUCTS ?? 100_000);
const CLIENTS = Number(process.env.CLIENTS ?? 8);
const PACE_MS = Number(process.env.PACE_MS ?? 1000);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const BASELINE_S = Number(process.env.BASELINE_S ?? 15);
const TAIL_S = Number(process.env.TAIL_S ?? 2);
const LINES = 5;
const port = Number(process.env.PORT ?? 3906);
const base = `http://127.0.0.1:${port}`;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-bench-backup-'));
const dataDir = path.join(scratch, 'data');
const backupDir = path.join(scratch, 'backups');
const webDist = fs.mkdtempSync(path.join(scratch, 'web-'));
// Bundled beside the API's own build (apps/api/dist-*, ignored by git), so its dependencies and the
// migrations are found from it as from dist/main.js.
const bundleDir = path.join(root, 'apps/api', `dist-bench-backup-${process.pid}`);
// The scratch directories go whatever happens (a failed run leaves nothing behind).
process.on('exit', () => {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const sizeOf = (dir) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);

// ---------------------------------------------------------------- the API, in process

const apiPackage = JSON.parse(fs.readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
const external = Object.keys(apiPackage.dependencies).filter((name) => !name.startsWith('@ipos/'));
await build({
  stdin: {
    contents: [
      `export { createServer } from './src/server.ts';`,
      `export { loadConfig } from './src/config/config.ts';`,
      `export { restoreBackup } from './src/db/backups/backup-files.ts';`,
      `export { priceCart } from '@ipos/contracts';`,
    ].join('\n'),
    resolveDir: path.join(root, 'apps/api'),
    loader: 'ts',
  },
  outfile: path.join(bundleDir, 'bench.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
const { createServer, loadConfig, restoreBackup, priceCart } = await import(
  pathToFileURL(path.join(bundleDir, 'bench.mjs')).href
);

/** The server on the bench's data directory; the daily backup's check is stopped at once. */
async function startApi(env) {
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    BACKUP_DIR: backupDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const server = await createServer(config, { logger: false });
  // Stops the daily check only: `backUp` still takes a backup when asked, and `close` the shutdown one.
  await server.deps.backups?.stop();
  return server;
}

/** Closes the server, timing its shutdown backup (the newest backup once it is done). */
async function closeWithBackup(server) {
  const started = performance.now();
  await server.close();
  const ms = performance.now() - started;
  return { ms, manifest: server.deps.backups.list()[0] };
}

/** Restores `manifest`'s backup into a new folder: the time and the folder's size. */
async function timeRestore(manifest) {
  const target = fs.mkdtempSync(path.join(scratch, 'restored-'));
  fs.rmdirSync(target);
  const started = performance.now();
  await restoreBackup(path.join(backupDir, manifest.file), target);
  const ms = performance.now() - started;
  const bytes = sizeOf(target);
  fs.rmSync(target, { recursive: true, force: true });
  return { ms, bytes };
}

// ---------------------------------------------------------------- 1. the demo, and its backup

let t = performance.now();
const demo = await closeWithBackup(await startApi({ SEED_DEMO: 'true' }));
console.log(`data directory created, migrated and seeded with the demo in ${seconds(performance.now() - t)}`);
const demoDataBytes = sizeOf(path.join(dataDir, 'pglite'));
const demoRestore = await timeRestore(demo.manifest);

// ---------------------------------------------------------------- 2. 100,000 products in bulk SQL

t = performance.now();
const seedDb = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
const one = async (text, params = []) => (await seedDb.query(text, params)).rows[0];
const business = await one(`select id from businesses where name = 'Demo Mart'`);
const store = await one(`select id from stores where business_id = $1 and alias = 'LEK'`, [business.id]);
const manager = await one(`select id from accounts where email = 'manager@demo.ipos.test'`);
const secrets = await one(`select value from oidc_secrets where name = 'embedded-provider'`);
await seedProducts(seedDb, { businessId: business.id, storeId: store.id, count: PRODUCTS });
// Thousands of sales in one month: on the Business plan, so the plan's monthly limit never refuses one.
await seedDb.query(`update businesses set plan = 'business' where id = $1`, [business.id]);
// The carts pick from products with at least 100 in stock (a sale takes 1–3 of five of them).
const catalogue = (
  await seedDb.query(
    `select l.variant_id, v.selling_price_minor from stock_levels l
       join product_variants v on v.business_id = l.business_id and v.id = l.variant_id
      where l.business_id = $1 and l.store_id = $2 and l.on_hand >= 100 and v.sku like 'BN-%'`,
    [business.id, store.id],
  )
).rows.map((r) => ({ variantId: r.variant_id, priceMinor: Number(r.selling_price_minor) }));
await seedDb.close();
console.log(`${PRODUCTS.toLocaleString('en')} products added in ${seconds(performance.now() - t)}`);

// ---------------------------------------------------------------- 3. sales, then sales during a backup

const server = await startApi({});
await server.app.listen({ port, host: '127.0.0.1' });
// How long PGlite's exclusive lock is held for a snapshot: PGlite's own dump runs inside the lock, a
// copy of the files inside `runExclusive`, and a CHECKPOINT is a statement like any other; each resolves
// when it lets go (the wait for the lock, behind at most one query, included).
const pglite = server.deps.database.db.$client;
const holds = [];
const timed =
  (what, run) =>
  async (...args) => {
    const started = performance.now();
    try {
      return await run(...args);
    } finally {
      holds.push({ what, ms: performance.now() - started });
    }
  };
pglite.dumpDataDir = timed('dumpDataDir', pglite.dumpDataDir.bind(pglite));
pglite.runExclusive = timed('copy of the files', pglite.runExclusive.bind(pglite));
const query = pglite.query.bind(pglite);
const checkpoint = timed('CHECKPOINT', query);
pglite.query = (text, ...rest) => (text === 'CHECKPOINT' ? checkpoint(text, ...rest) : query(text, ...rest));
const heldFor = (list) => list.map((h) => `${h.what} ${seconds(h.ms)}`).join(', ') || 'nothing';

const token = await signAccessToken(secrets.value.signingKeys[0], manager.id, port);
const headers = { authorization: `Bearer ${token}`, 'x-store-id': store.id, 'content-type': 'application/json' };
async function post(url, body, extra = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...headers, ...extra },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 120)}`);
  return JSON.parse(text);
}
const session = await post('/api/v1/register-sessions', { registerName: 'Bench', openingFloatMinor: 0 });

/** One 5-line cash sale of distinct products, 1–3 of each, paid exactly. */
async function sell(i) {
  const picked = new Set();
  for (let k = (i * 7919) % catalogue.length; picked.size < LINES; k = (k + 1 + (i % 97)) % catalogue.length)
    picked.add(catalogue[k]);
  const lines = [...picked].map((item, j) => ({ item, quantity: 1 + ((i + j) % 3) }));
  const priced = priceCart(
    lines.map(({ item, quantity }) => ({
      quantityThousandths: quantity * 1000,
      unitPriceMinor: item.priceMinor,
      taxRateBasisPoints: 0,
      taxInclusive: true,
    })),
  );
  await post(
    '/api/v1/sales',
    {
      id: uuidv7(),
      sessionId: session.id,
      lines: lines.map(({ item, quantity }) => ({ variantId: item.variantId, quantity })),
      payments: [{ method: 'cash', amountMinor: priced.totalMinor, tenderedMinor: priced.totalMinor }],
      expectedTotalMinor: priced.totalMinor,
    },
    { 'idempotency-key': randomBytes(16).toString('hex') },
  );
}

// Each client starts a sale every PACE_MS (at once when the last one took longer), like tills at a
// steady pace; every sale keeps its start and end.
const sales = [];
const failures = new Map();
let selling = true;
let counter = 0;
const clients = Array.from({ length: CLIENTS }, async (_, c) => {
  await new Promise((r) => setTimeout(r, (c * PACE_MS) / CLIENTS));
  for (let next = performance.now(); selling;) {
    const start = performance.now();
    try {
      await sell(counter++);
      sales.push({ start, end: performance.now() });
    } catch (error) {
      const why = String(error?.message ?? error).slice(0, 160);
      failures.set(why, (failures.get(why) ?? 0) + 1);
    }
    next += PACE_MS;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else next = performance.now();
  }
});
const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));

await sleep(WARMUP_S);
const baselineLoop = monitorEventLoopDelay({ resolution: 10 });
const baselineFrom = performance.now();
baselineLoop.enable();
await sleep(BASELINE_S);
baselineLoop.disable();
const backupLoop = monitorEventLoopDelay({ resolution: 10 });
backupLoop.enable();
const backupFrom = performance.now();
const manifest = await server.deps.backups.backUp('manual');
const backupTo = performance.now();
const held = holds.splice(0);
backupLoop.disable();
await sleep(TAIL_S);
selling = false;
await Promise.all(clients);

// ---------------------------------------------------------------- 4. the shutdown backup and a restore

const quiet = await closeWithBackup(server);
const quietHeld = holds.splice(0);
const dataBytes = sizeOf(path.join(dataDir, 'pglite'));
const restore = await timeRestore(manifest);

// ---------------------------------------------------------------- the figures

function figures(list, fromMs, toMs) {
  const times = list.map((s) => s.end - s.start).sort((a, b) => a - b);
  return {
    count: times.length,
    perSecond: times.length / ((toMs - fromMs) / 1000),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1),
  };
}
// Without: sales started and finished in the baseline window. During: every sale that was in flight at
// any moment of the backup (those it delayed included).
const without = figures(
  sales.filter((s) => s.start >= baselineFrom && s.end < backupFrom),
  baselineFrom,
  backupFrom,
);
const during = figures(
  sales.filter((s) => s.end >= backupFrom && s.start <= backupTo),
  backupFrom,
  backupTo,
);
const ms = (x) => (x === undefined ? '—' : `${x.toFixed(1)} ms`).padStart(10);
const loopMax = (h) => `${(h.max / 1e6).toFixed(0)} ms`;

console.log(
  `\nSales of ${LINES} lines through POST /api/v1/sales from ${CLIENTS} clients, one each every ${PACE_MS} ms, on the embedded database with the demo plus ${PRODUCTS.toLocaleString('en')} products (node ${process.version}, ${os.cpus().length} cores; server and clients in one process)`,
);
console.log(
  `${''.padEnd(32)}${'sales'.padStart(7)}${'sales/s'.padStart(9)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}`,
);
for (const [what, f] of [
  [`without a backup (${BASELINE_S} s)`, without],
  ['during the backup', during],
])
  console.log(
    `${what.padEnd(32)}${String(f.count).padStart(7)}${f.perSecond.toFixed(1).padStart(9)}${ms(f.p50)}${ms(f.p95)}${ms(f.max)}`,
  );
for (const [why, n] of failures) console.log(`  failed: ${n} × ${why}`);
console.log(
  `\nThe backup under sales: ${seconds(backupTo - backupFrom)}, ${megabytes(manifest.bytes)} (data directory ${megabytes(dataBytes)})`,
);
console.log(`  database held (PGlite's exclusive lock): ${heldFor(held)}`);
console.log(`  event loop's longest stall: ${loopMax(backupLoop)} during the backup, ${loopMax(baselineLoop)} without`);
console.log(
  `The same database with nothing selling (the shutdown backup): ${seconds(quiet.ms)} to close and back up, ${megabytes(quiet.manifest.bytes)}, database held: ${heldFor(quietHeld)}`,
);
console.log(`  restored into a new folder in ${seconds(restore.ms)} (${megabytes(restore.bytes)})`);
console.log(
  `The demo alone (the first start's shutdown backup): ${seconds(demo.ms)} to close and back up, ${megabytes(demo.manifest.bytes)} (data directory ${megabytes(demoDataBytes)}); restored in ${seconds(demoRestore.ms)}`,
);
