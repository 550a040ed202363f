// Screens audit at the three sizes a shop uses (phone 390×844, tablet 768×1024, till 1280×800): for each
// screen, whether the page scrolls sideways (document.scrollingElement.scrollWidth > innerWidth, and the
// element reaching furthest right that no scrolling box clips) and axe-core's critical and serious
// violations (rule, nodes, the first node's target). Starts the built app (API and SPA) on a fresh demo
// data directory and, in Chromium with service workers blocked, audits Landing signed out, every route
// of the route table without a path parameter as the demo owner, and the register as Lekki's manager
// with a register open. The app has one colour scheme (light), so only that is audited.
// Prints a table per screen and size, then the totals by rule. Reports; never fails on findings.
//
//   node scripts/audit-screens.mjs     (uses apps/api/dist/main.js and apps/web/dist, built if stale)
//   PORT=3905 CHROMIUM_PATH=/usr/bin/chromium ROUTES=inventory,report node scripts/audit-screens.mjs
/* global document, getComputedStyle -- the functions given to page.evaluate run in the page */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import {
  builtApiEntry,
  overflowInPage,
  ownerVisitsOf,
  routesWithoutParameters,
  screenSizes,
  signInThroughProvider,
  startDemoApp,
  stopServer,
} from '../bench/lib.mjs';

const port = Number(process.env.PORT ?? 3905);
const base = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-audit-screens-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));

const entry = await builtApiEntry();

const SIZES = screenSizes;
const IMPACTS = new Set(['critical', 'serious']);
/** Only routes whose path contains one of these words (comma separated), when set. */
const only = process.env.ROUTES?.split(',').filter(Boolean);

const routes = routesWithoutParameters().filter((p) => !only || only.some((word) => p.includes(word)));

const server = await startDemoApp({ entry, port, dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** Boxes inside the page that scroll sideways (a wide table in its scroll area): how many, the first. */
function sidewaysScrollers() {
  const found = [...document.body.querySelectorAll('*')].filter((el) => {
    const ox = getComputedStyle(el).overflowX;
    return (ox === 'auto' || ox === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
  });
  if (found.length === 0) return null;
  const first = found[0];
  const mantine = [...first.classList].find((c) => c.startsWith('mantine-'));
  return {
    count: found.length,
    first: `${first.tagName.toLowerCase()}${mantine ? `.${mantine}` : ''}`,
    width: first.scrollWidth,
  };
}

const rows = [];

/** Loads `url` at each size in `page` and records the overflow and axe-core's serious findings. */
async function audit(page, name, url) {
  for (const size of SIZES) {
    const row = { name, size: size.name, overflow: null, violations: [], error: null };
    try {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const landed = new URL(page.url()).pathname;
      if (landed !== new URL(url, base).pathname) row.redirectedTo = landed;
      row.overflow = await page.evaluate(overflowInPage);
      row.scrollers = await page.evaluate(sidewaysScrollers);
      const { violations } = await new AxeBuilder({ page }).analyze();
      row.violations = violations
        .filter((v) => IMPACTS.has(v.impact))
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          count: v.nodes.length,
          target: v.nodes[0]?.target.join(' '),
          // The first node's reason in one line (for contrast: the ratio and both colours).
          why: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(1).join(' ').trim(),
        }));
    } catch (error) {
      row.error = String(error?.message ?? error).split('\n')[0];
    }
    rows.push(row);
  }
}

try {
  const options = { baseURL: base, serviceWorkers: 'block' };
  {
    const context = await browser.newContext(options);
    await audit(await context.newPage(), 'Landing /', '/');
    await context.close();
  }
  {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await signInThroughProvider(page, 'owner@demo.ipos.test', 'DemoOwner#2026');
    for (const route of routes.filter((r) => r !== '/dashboard/checkout'))
      for (const visit of ownerVisitsOf(route)) await audit(page, visit.name, visit.url);
    await context.close();
  }
  if (!only || routes.includes('/dashboard/checkout')) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await signInThroughProvider(page, 'manager@demo.ipos.test', 'DemoManager#2026');
    await page.goto('/dashboard/checkout');
    const form = page.getByRole('form', { name: 'Open a register' });
    await form.getByLabel('Register name').fill('Audit Till');
    await form.getByLabel('Counted float').fill('0');
    await form.getByRole('button', { name: 'Open register' }).click();
    await page.getByTestId('register-name').waitFor();
    await audit(page, 'Register /dashboard/checkout', '/dashboard/checkout');
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
}

printReport(rows);

function printReport(rows) {
  console.log(`\nscreens audit: sideways scrolling and axe-core critical/serious violations\n`);
  console.log(`${'screen'.padEnd(52)} ${'size'.padEnd(6)} ${'scrolls to'.padStart(10)}  findings`);
  for (const r of rows) {
    const width = r.overflow ? `${r.overflow.scrollWidth} px` : '-';
    const findings = r.error
      ? `ERROR ${r.error}`
      : [
          ...(r.redirectedTo ? [`REDIRECTED to ${r.redirectedTo}`] : []),
          ...(r.overflow ? [`overflow: ${r.overflow.element} (right ${r.overflow.right})`] : []),
          ...(r.scrollers
            ? [`inner sideways scroll: ${r.scrollers.count} (${r.scrollers.first} ${r.scrollers.width} px)`]
            : []),
          ...r.violations.map((v) => `${v.id}×${v.count}`),
        ].join('; ');
    console.log(`${r.name.padEnd(52)} ${r.size.padEnd(6)} ${width.padStart(10)}  ${findings}`);
  }
  const byRule = new Map();
  for (const r of rows)
    for (const v of r.violations) {
      const t = byRule.get(v.id) ?? { impact: v.impact, screens: 0, nodes: 0, firsts: new Map() };
      t.screens += 1;
      t.nodes += v.count;
      const first = t.firsts.get(v.target) ?? { screens: 0, why: v.why, where: `${r.name} ${r.size}` };
      first.screens += 1;
      t.firsts.set(v.target, first);
      byRule.set(v.id, t);
    }
  console.log(`\ntotals by rule (screen×size pairs, nodes), then each first node seen: pairs, an example, why\n`);
  for (const [id, t] of [...byRule].sort((a, b) => b[1].screens - a[1].screens)) {
    console.log(
      `${id.padEnd(32)} ${t.impact.padEnd(9)} ${String(t.screens).padStart(4)} ${String(t.nodes).padStart(5)}`,
    );
    for (const [target, f] of [...t.firsts].sort((a, b) => b[1].screens - a[1].screens).slice(0, 8))
      console.log(`    ${String(f.screens).padStart(4)}  ${target}  (${f.where})\n          ${f.why}`);
  }
  const overflowing = rows.filter((r) => r.overflow);
  console.log(
    `\n${rows.length} screen×size pairs; page scrolling sideways: ${overflowing.length} (${SIZES.map((s) => `${s.name} ${overflowing.filter((r) => r.size === s.name).length}`).join(', ')}); with a critical/serious violation: ${rows.filter((r) => r.violations.length).length}; violations: ${rows.reduce((s, r) => s + r.violations.reduce((n, v) => n + v.count, 0), 0)} nodes of ${byRule.size} rules; with a box scrolling sideways inside: ${rows.filter((r) => r.scrollers).length}; redirected: ${rows.filter((r) => r.redirectedTo).length}; errors: ${rows.filter((r) => r.error).length}`,
  );
}
