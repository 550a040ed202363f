import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(e2eDir, '..');

const port = Number(process.env.IPOS_E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

/**
 * Each run starts the built app on an empty database, so the demo seed is fresh. The config is
 * evaluated again in every worker; the environment variable makes them all agree on one folder, and
 * only the process that created it removes it when the run ends.
 */
if (!process.env.IPOS_E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-e2e-'));
  process.env.IPOS_E2E_DATA_DIR = dataDir;
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.IPOS_E2E_DATA_DIR;

export default defineConfig({
  testDir: path.join(e2eDir, 'tests'),
  outputDir: path.join(e2eDir, 'test-results', 'artifacts'),
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(e2eDir, 'test-results', 'results.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          // Debian's Chromium: nothing is downloaded (never `npx playwright install` here).
          executablePath: '/usr/bin/chromium',
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
      },
    },
  ],
  webServer: {
    // Exactly what `npm start` runs once everything is built, on its own port and data folder.
    command: 'node apps/api/dist/main.js',
    cwd: repoRoot,
    url: `${baseURL}/api/v1/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(repoRoot, 'apps', 'web', 'dist'),
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Whatever the shell says, this run uses the embedded database and identity provider.
      DATABASE_URL: '',
      OIDC_ISSUER: '',
    },
  },
});
