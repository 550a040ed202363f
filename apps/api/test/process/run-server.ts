import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const mainJs = path.join(apiDir, 'dist/main.js');

/** Bundles the API (as `npm start` runs it) so these tests drive the real process. */
export function buildApi() {
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: apiDir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`API build failed: ${result.stderr}`);
}

export function tempDataDir(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-proc-')), 'nested', 'data');
}

// Below Linux's ephemeral range (32768–60999): a port in it may be the local end of any outgoing
// connection — the other vitest worker opens hundreds to PostgreSQL — and then listen fails with
// EADDRINUSE.
let nextPort = 20000 + Math.floor(Math.random() * 10000);

export interface RunningServer {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>, args: string[] = []): RunningServer {
  const port = Number(env.PORT ?? nextPort++);
  let output = '';
  const child = spawn(process.execPath, [mainJs, ...args], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The shutdown backup has a test of its own; elsewhere it would only add seconds to each stop.
      BACKUPS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitUntilReady(server: RunningServer, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      const reason =
        server
          .output()
          .split('\n')
          .find((line) => line.startsWith('error:')) ?? '';
      throw new Error(`server exited early with ${server.child.exitCode} ${reason}\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/api/v1/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready in time:\n${server.output()}`);
}
