// Cold start of `npm start` to ready on an existing database (budget: ≤ 5 s, ARCHITECTURE.md §8).
// Prepares a data directory once (first start migrates and seeds), then times RUNS restarts of the
// same command `npm start` runs, from spawn to the first 200 on /api/v1/ready. Reports; never fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.RUNS ?? 5);
const port = Number(process.env.PORT ?? 3901);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-bench-start-'));

async function startOnce() {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/ready`);
      if (res.ok) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error('the server exited before it was ready');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
  return ms;
}

const first = await startOnce();
console.log(`first start (creates, migrates and seeds the database): ${(first / 1000).toFixed(2)} s`);
const times = [];
for (let i = 0; i < runs; i++) times.push(await startOnce());
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `restart on the existing database, ${runs} runs: median ${(median / 1000).toFixed(2)} s, worst ${(times.at(-1) / 1000).toFixed(2)} s (budget 5 s)`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
