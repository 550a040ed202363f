import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApi, startServer, tempDataDir, waitUntilReady } from './run-server.js';

const owner = (email: string) => ({
  ownerName: 'Grace Obi',
  email,
  phone: '+234 803 000 0000',
  password: 'Durable#2026',
  businessName: 'Obi Stores',
  country: 'NG',
  currency: 'NGN',
});

const register = (url: string, email: string) =>
  fetch(`${url}/api/v1/onboarding/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner(email)),
  });

// A server on a new DATA_DIR migrates and seeds the demo's 90 days first: tens of seconds while the
// other vitest worker keeps the second core busy.
describe('the server process on the embedded database', { timeout: 120_000 }, () => {
  beforeAll(() => buildApi());

  it('creates DATA_DIR, seeds the demo, prints the URL and the demo sign-in; a second process on it refuses to start', async () => {
    const dataDir = tempDataDir();
    const first = startServer({ DATA_DIR: dataDir });
    try {
      await waitUntilReady(first);
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      expect(first.output()).toContain(`iPos is ready at http://localhost:${first.port}`);
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
    // The demo is not what this test is about; seeding it would only add tens of seconds.
    const first = startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    await waitUntilReady(first);
    expect((await register(first.url, 'durable@example.com')).status).toBe(201);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'ipos.lock'))).toBe(true);

    const again = startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      await waitUntilReady(again);
      const res = await register(again.url, 'durable@example.com');
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('EMAIL_TAKEN');
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  });

  it('shuts down on SIGTERM within 5 s, finishing the request in flight and closing the database', async () => {
    const dataDir = tempDataDir();
    const server = startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' });
    await waitUntilReady(server);
    const inFlight = register(server.url, 'inflight@example.com');
    // Signal only once the server has the request (its log says so), however busy the machine is.
    while (!server.output().includes('"url":"/api/v1/onboarding/register"')) await new Promise((r) => setTimeout(r, 5));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    expect(fs.existsSync(path.join(dataDir, 'ipos.lock'))).toBe(false);

    // What the in-flight request wrote was committed.
    const again = startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      await waitUntilReady(again);
      expect((await register(again.url, 'inflight@example.com')).status).toBe(409);
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
