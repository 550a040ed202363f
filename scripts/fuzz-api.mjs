// The API fuzz pass with many more cases than CI runs, then the answers counted per status and per
// operation. It runs the same test (apps/api/test/http/fuzz.test.ts) through vitest:
//
//   FUZZ_RUNS=500 node scripts/fuzz-api.mjs                  cases per operation (default 300)
//   FUZZ_SEED=123 node scripts/fuzz-api.mjs                  another seed (CI's is printed with its counts)
//   FUZZ_ONLY='POST /api/v1/sales' node scripts/fuzz-api.mjs  only operations matching a regular expression
//   TEST_DATABASE_URL=postgresql://… node scripts/fuzz-api.mjs   on PostgreSQL instead of the embedded database
//
// Exits 1 when any request was answered with a 5xx (each is listed with its request).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-fuzz-')), 'report.txt');
const project = process.env.TEST_DATABASE_URL ? 'api-postgres' : 'api';
const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '300', FUZZ_REPORT_FILE: reportFile };
console.log(`Fuzzing every API operation with ${env.FUZZ_RUNS} cases each on ${project} (this takes a while)…`);
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', project, 'apps/api/test/http/fuzz.test.ts', '--reporter', 'dot'],
  { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (fs.existsSync(reportFile)) console.log(fs.readFileSync(reportFile, 'utf8'));
if (run.status !== 0) {
  console.error(`${run.stdout ?? ''}${run.stderr ?? ''}`.split('\n').slice(-80).join('\n'));
  process.exit(1);
}
