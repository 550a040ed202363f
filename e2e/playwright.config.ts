import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import {
  mainPort,
  screensPort,
  shellPort,
  shortInactivityTimeoutMs,
  shortTimeoutPort,
  smtpPort,
  tillPort,
} from './servers.js';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(e2eDir, '..');

/**
 * Each run starts the built app on empty databases, so the demo seed is fresh. The config is
 * evaluated again in every worker; the environment variables make them all agree, and only the
 * process that created the folders removes them when the run ends.
 */
if (!process.env.IPOS_E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-e2e-'));
  process.env.IPOS_E2E_DATA_DIR = dataDir;
  process.env.IPOS_E2E_RUN_ID = path.basename(dataDir);
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.IPOS_E2E_DATA_DIR;
const outputRoot = process.env.IPOS_E2E_OUTPUT ?? path.join(e2eDir, 'test-results');

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    // Debian's Chromium: nothing is downloaded (never `npx playwright install` here).
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

/** The journeys of the till, on a server of their own (see `projects`). */
const tillJourneys =
  /(offline-[^/]*|register-[^/]*|checkout[^/]*|cashier-till|sale-exceptions|receipts|close-report-zone)\.spec\.ts$/;

/**
 * The journeys of the shell (signing in, every route and guard, modes, titles, settings), on a server
 * of their own: the back office's would otherwise be one queue of 14 minutes, longer than half the run.
 */
const shellJourneys =
  /\/(sign-in|routes|guards|modes|titles|showcase|no-access|dashboard|pin|settings|settings-alias)\.spec\.ts$/;

/** Exactly what `npm start` runs once everything is built, on its own port and data folder. */
function appServer(port: number, name: string, env: Record<string, string> = {}) {
  const baseURL = `http://localhost:${port}`;
  return {
    command: `node ${process.env.IPOS_E2E_API_ENTRY ?? 'apps/api/dist/main.js'}`,
    cwd: repoRoot,
    url: `${baseURL}/api/v1/ready`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: path.join(dataDir, name),
      // Engineers running journeys side by side build the SPA into folders of their own.
      WEB_DIST_DIR: process.env.IPOS_E2E_WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      // A backup (daily, a minute after start, or at shutdown) would pause the server mid-journey.
      BACKUPS: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Whatever the shell says, this run uses the embedded database and identity provider.
      DATABASE_URL: '',
      OIDC_ISSUER: '',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: path.join(e2eDir, 'tests'),
  // Side-by-side runs keep their traces and results apart (IPOS_E2E_OUTPUT).
  outputDir: path.join(outputRoot, 'artifacts'),
  globalSetup: path.join(e2eDir, 'global-setup.ts'),
  // The journeys on one server share its demo business, so they run one at a time. There are five servers,
  // each with its own demo business: the till's, the back office's, the screens journey's, the shell's and
  // the timed-out journeys' (mostly waiting for a short timeout), so two workers always have a queue.
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(outputRoot, 'results.json') }]],
  use: {
    // Recording a trace of every journey costs CPU the journeys need on a 2-core machine; the failure's
    // screenshot and page snapshot are kept always, a trace when asked (IPOS_E2E_TRACE=retain-on-failure).
    trace: (process.env.IPOS_E2E_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
  },
  // A free worker takes the first journey file in this order whose server is idle, and each server
  // runs one file at a time. So the longest queue (the till's) starts at once, the back office's beside
  // it, and the single long files (screens, the timed-out journeys) fill in after, not at the end.
  projects: [
    {
      // Selling: the register, payments, receipts, the till session and selling offline.
      name: 'chromium-till',
      workers: 1,
      testMatch: tillJourneys,
      use: { ...chromium, baseURL: `http://localhost:${tillPort}` },
    },
    {
      // The back office: inventory, trade, reports, staff, mail and documents.
      name: 'chromium',
      workers: 1,
      testIgnore: [/\.timeout\.spec\.ts$/, /screens\.spec\.ts$/, tillJourneys, shellJourneys],
      use: { ...chromium, baseURL: `http://localhost:${mainPort}` },
    },
    {
      // Every route and the main dialogs at phone, tablet and till sizes (sideways scrolling, axe-core), on a
      // server of its own: it shares nothing with the other journeys.
      name: 'chromium-screens',
      workers: 1,
      testMatch: /screens\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://localhost:${screensPort}` },
    },
    {
      // Signing in, the routes and their guards, modes, titles and settings.
      name: 'chromium-shell',
      workers: 1,
      testMatch: shellJourneys,
      use: { ...chromium, baseURL: `http://localhost:${shellPort}` },
    },
    {
      // The timed-out journeys of spec section 4, on a server whose inactivity timeout is seconds.
      name: 'chromium-short-timeout',
      workers: 1,
      testMatch: /\.timeout\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://localhost:${shortTimeoutPort}` },
    },
  ],
  webServer: [
    appServer(mainPort, 'main'),
    appServer(tillPort, 'till'),
    appServer(shortTimeoutPort, 'short-timeout', { INACTIVITY_TIMEOUT_MS: String(shortInactivityTimeoutMs) }),
    appServer(screensPort, 'screens'),
    appServer(shellPort, 'shell'),
  ],
});
