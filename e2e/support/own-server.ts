import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { smtpPort } from '../servers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The built app as `npm start` runs it (the environment of the config's `appServer`), in a process of
 * the journey's own, on its own port and a fresh data folder (embedded database, demo seed without its
 * ninety days of trading), so that a journey can stop the server and start it again — the shared
 * servers of the run are never stopped. The embedded provider keeps its keys in the database, so a
 * token issued before a restart is still good after it.
 */
export interface OwnServer {
  readonly url: string;
  readonly dataDir: string;
  /** Starts the process (again, on the same port and data) and waits until /api/v1/ready answers. */
  start(): Promise<void>;
  /** SIGTERM, and waits for the process to exit (SIGKILL after a grace period). */
  stop(): Promise<void>;
  /** Stops the process if it runs and removes the data folder. */
  dispose(): Promise<void>;
  /** The process's last lines of output, to explain a failure. */
  output(): string;
}

export function ownServer(port: number, env: Record<string, string> = {}): OwnServer {
  const url = `http://localhost:${port}`;
  const parent = process.env.IPOS_E2E_DATA_DIR ?? os.tmpdir();
  fs.mkdirSync(parent, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(parent, 'own-server-'));
  const lines: string[] = [];
  let child: ChildProcess | undefined;
  let running = false;
  let exited: Promise<void> = Promise.resolve();

  const processEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: process.env.IPOS_E2E_WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    BACKUPS: 'false',
    SEED_DEMO_HISTORY: 'false',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    DATABASE_URL: '',
    OIDC_ISSUER: '',
    ...env,
  };

  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 60));
  };

  async function waitUntilReady(timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!running) throw new Error(`The server exited while starting:\n${lines.join('\n')}`);
      const ready = await fetch(`${url}/api/v1/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The server was not ready within ${timeoutMs} ms:\n${lines.join('\n')}`);
  }

  async function start() {
    if (running) throw new Error('The server is already running');
    const started = spawn(process.execPath, [process.env.IPOS_E2E_API_ENTRY ?? 'apps/api/dist/main.js'], {
      cwd: repoRoot,
      env: processEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout.on('data', keep);
    started.stderr.on('data', keep);
    running = true;
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        running = false;
        resolve();
      }),
    );
    child = started;
    await waitUntilReady();
  }

  async function stop() {
    const serverProcess = child;
    if (!serverProcess || !running) return;
    serverProcess.kill('SIGTERM');
    const killed = setTimeout(() => serverProcess.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killed);
  }

  return {
    url,
    dataDir,
    start,
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => lines.join('\n'),
  };
}

/**
 * Reads the stopped server's embedded database (its data folder) and runs `read` on it. The server
 * must be stopped: the embedded database has one writer.
 */
export async function readStoppedDatabase<T>(
  server: OwnServer,
  read: (query: <R>(sql: string, params?: unknown[]) => Promise<R[]>) => Promise<T>,
): Promise<T> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: path.join(server.dataDir, 'pglite'), extensions: { pg_trgm } });
  try {
    return await read(async <R>(sql: string, params?: unknown[]) => (await db.query<R>(sql, params)).rows);
  } finally {
    await db.close();
  }
}
