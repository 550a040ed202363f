import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { mainPort, screensPort, shortInactivityTimeoutMs, shortTimeoutPort, smtpPort, tillPort } from './servers.js';

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
  // The journeys on one server share its demo business, so they run one at a time. There are four servers,
  // each with its own demo business: the back office's, the till's, the timed-out journeys' (mostly waiting
  // for a short timeout) and the screens journey's, so two workers always have a queue to take from.
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
  projects: [
    {
      // The back office: inventory, trade, reports, settings, staff, sign-in and the guards.
      name: 'chromium',
      workers: 1,
      testIgnore: [/\.timeout\.spec\.ts$/, /screens\.spec\.ts$/, tillJourneys],
      use: { ...chromium, baseURL: `http://localhost:${mainPort}` },
    },
    {
      // Selling: the register, payments, receipts, the till session and selling offline.
      name: 'chromium-till',
      workers: 1,
      testMatch: tillJourneys,
      use: { ...chromium, baseURL: `http://localhost:${tillPort}` },
    },
    {
      // The timed-out journeys of spec section 4, on a server whose inactivity timeout is seconds.
      name: 'chromium-short-timeout',
      workers: 1,
      testMatch: /\.timeout\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://localhost:${shortTimeoutPort}` },
    },
    {
      // Every route and the main dialogs at phone, tablet and till sizes (sideways scrolling, axe-core), on a
      // server of its own: it shares nothing with the main journeys, so it runs in the second slot beside them.
      name: 'chromium-screens',
      workers: 1,
      testMatch: /screens\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://localhost:${screensPort}` },
    },
  ],
  webServer: [
    appServer(mainPort, 'main'),
    appServer(tillPort, 'till'),
    appServer(shortTimeoutPort, 'short-timeout', { INACTIVITY_TIMEOUT_MS: String(shortInactivityTimeoutMs) }),
    appServer(screensPort, 'screens'),
  ],
});
