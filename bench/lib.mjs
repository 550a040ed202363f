// What the benchmarks share: the built API server as a child process, signing in through the embedded
// provider, and percentiles.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The built API server to run: `IPOS_API_ENTRY` (another build, relative to the root) when set, else
 * `apps/api/dist/main.js`, built first when the sources are newer than the build.
 */
export async function builtApiEntry() {
  if (process.env.IPOS_API_ENTRY) return path.resolve(root, process.env.IPOS_API_ENTRY);
  const { buildIfStale } = await import('../scripts/lib.mjs');
  await buildIfStale();
  return path.join(root, 'apps/api/dist/main.js');
}

/**
 * The built app (API and SPA, `IPOS_WEB_DIST` or apps/web/dist) on `dataDir`, embedded database and
 * provider, the demo seeded on first start; resolves once ready on `port`.
 */
export function startDemoApp({ entry, port, dataDir }) {
  return startServer({
    entry,
    cwd: root,
    port,
    env: {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.resolve(root, process.env.IPOS_WEB_DIST ?? 'apps/web/dist'),
      PUBLIC_URL: `http://localhost:${port}`,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      // A backup a minute after start would pause the server in the middle of a measurement.
      BACKUPS: 'false',
      DATABASE_URL: undefined,
      OIDC_ISSUER: undefined,
      SMTP_URL: undefined,
    },
  });
}

/** The route table's paths without a parameter (apps/web/src/lib/route-paths.ts), in its order. */
export function routesWithoutParameters() {
  const source = fs.readFileSync(path.join(root, 'apps/web/src/lib/route-paths.ts'), 'utf8');
  return [...source.matchAll(/: '(\/dashboard[^']*)'/g)].map((m) => m[1]).filter((p) => !p.includes(':'));
}

/**
 * How the demo owner visits a route: in admin mode, in the store (Lekki, the owner's one), or both,
 * as its section's audience in app/route-table.ts says (a store section opened in admin mode sends
 * the owner back to the dashboard, so it must be asked for with `?isAdmin=false`).
 */
export function ownerVisitsOf(route) {
  const table = fs.readFileSync(path.join(root, 'apps/web/src/app/route-table.ts'), 'utf8');
  const audience = new Map(
    [...table.matchAll(/path: routePaths\['dashboard\.([\w-]+)'\],\s*audience: '([\w-]+)'/g)].map((m) => [m[1], m[2]]),
  );
  const section = route.split('/')[2] ?? 'dashboard';
  const inAdmin = { name: route, url: `${route}?isAdmin=true` };
  const inStore = { name: route, url: `${route}?isAdmin=false` };
  const mode = audience.get(section);
  if (mode === 'admin') return [inAdmin];
  if (mode === 'non-admin') return [inStore];
  return [
    { ...inAdmin, name: `${route} (admin mode)` },
    { ...inStore, name: `${route} (store)` },
  ];
}

/** The three sizes a shop uses: a phone, a tablet and a till, in CSS pixels. */
export const screenSizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'till', width: 1280, height: 800 },
];

/* global document, window, getComputedStyle -- overflowInPage is given to page.evaluate: it runs in the page */
/**
 * Sideways scrolling of the page: the document's scroll width, and the element reaching furthest right
 * past the viewport that no ancestor's scrolling (or clipping) box contains (the outermost on a tie).
 */
export function overflowInPage() {
  const viewport = window.innerWidth;
  const scrollWidth = document.scrollingElement.scrollWidth;
  if (scrollWidth <= viewport) return null;
  const clipped = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const ox = getComputedStyle(a).overflowX;
      if (ox !== 'visible' && a.getBoundingClientRect().right <= viewport + 1) return true;
    }
    return false;
  };
  const describe = (el) => {
    const part = (e) => {
      const testId = e.getAttribute('data-testid');
      if (e.id && !/^mantine-|^_r_|^:r/.test(e.id)) return `${e.tagName.toLowerCase()}#${e.id}`;
      if (testId) return `${e.tagName.toLowerCase()}[data-testid="${testId}"]`;
      const mantine = [...e.classList].find((c) => c.startsWith('mantine-'));
      return mantine ? `${e.tagName.toLowerCase()}.${mantine}` : e.tagName.toLowerCase();
    };
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 3; e = e.parentElement) parts.unshift(part(e));
    return parts.join(' > ');
  };
  let widest = null;
  let right = viewport;
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= right + 0.5 || clipped(el)) continue;
    widest = el;
    right = r.right;
  }
  return { scrollWidth, element: widest ? describe(widest) : '(none found)', right: Math.round(right) };
}

/** Signs in through the embedded provider's pages, from Landing; resolves once back in the app. */
export async function signInThroughProvider(page, email, password) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/oidc'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/'));
}

/**
 * Starts `node <entry>` with `env` over this process's environment (an undefined value unsets a
 * variable) and resolves once GET /api/v1/ready answers 200 on `port`.
 */
export async function startServer({ entry, cwd, port, env }) {
  const merged = { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  // PROFILE_DIR: the server writes a V8 CPU profile there when it stops (bench/profile-summary.mjs reads it).
  const profiling = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profiling, entry], {
    cwd,
    env: merged,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).ok) return child;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error('the server exited before it was ready');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops the server gracefully (SIGTERM) and waits for it to exit. */
export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * An access token the built server accepts, as the embedded provider signs them: RS256 with the
 * provider's first signing key (`oidc_secrets.value.signingKeys`, read from the database), for `subject`.
 */
export async function signAccessToken(signingKey, subject, port) {
  const { importJWK, SignJWT } = await import('jose');
  return new SignJWT({ scope: 'openid email roles profile offline_access', client_id: 'ipos_webapp' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKey.kid })
    .setIssuer(`http://localhost:${port}/oidc`)
    .setAudience('urn:ipos:api')
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(signingKey, 'RS256'));
}

/** A scratch database on the PostgreSQL server of `adminUrl`: its URL, and `drop()` for the end. */
export async function scratchDatabase(adminUrl, prefix) {
  const { randomBytes } = await import('node:crypto');
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (text) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
