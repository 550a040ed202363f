import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../support/mail.js';
import { buildApi, startServer, tempDataDir, waitUntilReady } from './run-server.js';
import type { BackupManifest } from '../../src/db/backups/backup-files.js';
import { APP_VERSION } from '../../src/config/app-version.js';

const owner = (email: string) => ({
  ownerName: 'Grace Obi',
  email,
  phone: '+234 803 000 0000',
  password: 'Durable#2026',
  businessName: 'Obi Stores',
  country: 'NG',
  currency: 'NGN',
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const register = (url: string, email: string) => post(`${url}/api/v1/onboarding/register`, owner(email));
const verifyEmail = (url: string, token: string) => post(`${url}/api/v1/onboarding/verify-email`, { token });

type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** The text of the first message the peer received for `to` that matches, decoded from quoted-printable. */
async function mailTo(smtp: SmtpPeer, to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = smtp.received
      .filter((m) => m.to.includes(to))
      .map((m) =>
        m.raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      )
      .find((raw) => pattern.test(raw));
    if (text) return text;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Signs up and reads the token of the link mailed to the address. */
async function signUpToken(url: string, smtp: SmtpPeer, email: string) {
  expect((await register(url, email)).status).toBe(202);
  const mail = await mailTo(smtp, email, /verify-email\?token=/);
  return /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
}

/** What only an existing account gets: sign-up mails the address that it already has one. */
async function expectAccountExists(url: string, smtp: SmtpPeer, email: string) {
  expect((await register(url, email)).status).toBe(202);
  await mailTo(smtp, email, /You already have an iPos account/);
}

// A server on a new DATA_DIR migrates and seeds the demo's 90 days first: tens of seconds while the
// other vitest worker keeps the second core busy.
describe('the server process on the embedded database', { timeout: 120_000 }, () => {
  beforeAll(() => buildApi());

  it('creates DATA_DIR, seeds the demo, prints its version, the URL and the demo sign-in; a second process on it refuses to start', async () => {
    const dataDir = tempDataDir();
    const first = startServer({ DATA_DIR: dataDir });
    try {
      await waitUntilReady(first);
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      // The version it runs, as /api/v1/health answers it.
      expect(first.output()).toContain(`iPos ${APP_VERSION} is ready at http://localhost:${first.port}`);
      expect(first.output()).toContain('manager@demo.ipos.test');
      expect(first.output()).toContain('DemoManager#2026');

      const second = startServer({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/already in use by process \d+/);
      // The first one is unharmed.
      expect((await fetch(`${first.url}/api/v1/ready`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('keeps committed data through a hard kill (kill -9) and starts again on the stale lock', async () => {
    const dataDir = tempDataDir();
    const smtp = await startSmtpPeer();
    // The demo is not what this test is about; seeding it would only add tens of seconds.
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    try {
      const first = startServer(env);
      await waitUntilReady(first);
      const token = await signUpToken(first.url, smtp, 'durable@example.com');
      expect((await verifyEmail(first.url, token)).status).toBe(201);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(fs.existsSync(path.join(dataDir, 'ipos.lock'))).toBe(true);

      const again = startServer(env);
      try {
        await waitUntilReady(again);
        await expectAccountExists(again.url, smtp, 'durable@example.com');
      } finally {
        again.child.kill('SIGTERM');
        await again.exited;
      }
    } finally {
      await smtp.close();
    }
  });

  it('shuts down on SIGTERM within 5 s, finishing the request in flight and closing the database', async () => {
    const dataDir = tempDataDir();
    const smtp = await startSmtpPeer();
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    try {
      const server = startServer({ ...env, LOG_LEVEL: 'info' });
      await waitUntilReady(server);
      const token = await signUpToken(server.url, smtp, 'inflight@example.com');
      // Finishing the sign-up writes the account, the business and its store: the request in flight.
      const inFlight = verifyEmail(server.url, token);
      // Signal only once the server has the request (its log says so), however busy the machine is.
      while (!server.output().includes('"url":"/api/v1/onboarding/verify-email"'))
        await new Promise((r) => setTimeout(r, 5));
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(201);
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(5000);
      expect(fs.existsSync(path.join(dataDir, 'ipos.lock'))).toBe(false);

      // What the in-flight request wrote was committed.
      const again = startServer(env);
      try {
        await waitUntilReady(again);
        await expectAccountExists(again.url, smtp, 'inflight@example.com');
      } finally {
        again.child.kill('SIGINT');
        expect(await again.exited).toBe(0);
      }
    } finally {
      await smtp.close();
    }
  });

  it('takes a backup of the embedded database at a clean shutdown, which restores into a new folder', async () => {
    const dataDir = tempDataDir();
    const backupDir = path.join(tempDataDir(), 'usb');
    const server = startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', BACKUPS: 'true', BACKUP_DIR: backupDir });
    await waitUntilReady(server);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const manifests = fs.readdirSync(backupDir).filter((f) => f.endsWith('.json'));
    expect(manifests).toHaveLength(1);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, manifests[0]!), 'utf8')) as BackupManifest;
    expect(manifest).toMatchObject({ reason: 'shutdown', format: 1 });
    expect(manifest.tables.accounts).toBe(0);
    // The documented command (`npm run restore -- <backup> <new DATA_DIR>` runs `main.js restore …`).
    const backup = path.join(backupDir, manifest.file);
    const refused = startServer({ SEED_DEMO: 'false' }, ['restore', backup, dataDir]);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/is not empty: restore into a new, empty folder/);
    const restored = path.join(tempDataDir(), 'restored');
    const again = startServer({ SEED_DEMO: 'false' }, ['restore', backup, restored]);
    try {
      await waitUntilReady(again);
      expect(again.output()).toContain(`restored the backup of ${manifest.takenAt} (shutdown) into ${restored}`);
      expect(fs.existsSync(path.join(restored, 'ipos.lock'))).toBe(true);
    } finally {
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    }
  });

  it('refuses bad configuration with one line per bad value and exit code 1', async () => {
    const server = startServer({
      PORT: 'abc',
      DATABASE_URL: 'mysql://nope',
      INACTIVITY_TIMEOUT_MS: '5',
      DATA_DIR: tempDataDir(),
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^config: PORT: /),
      expect.stringMatching(/^config: DATABASE_URL: must be a postgres/),
      expect.stringMatching(/^config: INACTIVITY_TIMEOUT_MS: must be at least 1000/),
    ]);
  });
});
