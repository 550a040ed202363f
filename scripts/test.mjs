// `npm test`: the whole suite — types, lint, unit and API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), the production build, and the end-to-end journeys in Chromium.
// It ends with one line for CI: `tests: N passed, N failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale, root, run } from './lib.mjs';

const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);

let passed = 0;
let failed = 0;
const notes = [];

async function check(name, command, args, { held = false } = {}) {
  let code;
  if (held) {
    const started = Date.now();
    const output = [];
    code = await new Promise((resolve) => {
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
      child.on('error', () => resolve(127));
    });
    console.log(`\n▶ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
    process.stdout.write(Buffer.concat(output));
  } else {
    console.log(`\n▶ ${name}`);
    code = await run(command, args);
  }
  if (code === 0) passed += 1;
  else {
    failed += 1;
    notes.push(`${name} failed (exit ${code})`);
  }
}

// The first line of a failure, so the last lines of a CI log say which test failed and why.
function firstLine(messages) {
  const message = (messages ?? []).find(Boolean);
  if (!message) return '';
  const line =
    String(message)
      .split('\n')
      .find((text) => text.trim()) ?? '';
  return ` — ${line.trim().slice(0, 300)}`;
}

// Every journey of a Playwright JSON report, with the outcome Playwright gave it.
function* journeys(suites = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? [])
        yield { title: spec.title, file: spec.file, line: spec.line, outcome: test.status };
    }
    yield* journeys(suite.suites);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// Type checking and linting are single-threaded: side by side they use both cores. Each one's output
// is held and printed whole when it ends, so the two do not interleave.
await Promise.all([
  check('typecheck', 'npm', ['run', '--silent', 'typecheck'], { held: true }),
  check('lint', 'npm', ['run', '--silent', 'lint'], { held: true }),
]);

console.log('\n▶ unit and API integration tests (vitest)');
const vitestJson = path.join(tmp, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestCode = await run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (vitest.numFailedTests) notes.push(`${vitest.numFailedTests} vitest test(s) failed`);
  for (const file of vitest.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        notes.push(`  ✗ ${path.relative(root, file.name)} › ${test.fullName}${firstLine(test.failureMessages)}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
      notes.push(`  ✗ ${path.relative(root, file.name)}${firstLine([file.message])}`);
    }
  }
}
if (vitestCode !== 0 && (!vitest || vitest.numFailedTests === 0)) {
  failed += 1;
  notes.push(`vitest exited with ${vitestCode} (a suite failed to load or run)`);
}
if (!process.env.TEST_DATABASE_URL) notes.push('TEST_DATABASE_URL not set: the API suite ran on PGlite only');

console.log('\n▶ production build');
try {
  await buildIfStale({ force: true });
  passed += 1;
} catch (error) {
  failed += 1;
  notes.push(error.message);
}

console.log('\n▶ end-to-end journeys (Playwright, Chromium)');
const e2eJson = path.join(tmp, 'playwright.json');
fs.rmSync(e2eJson, { force: true });
const e2eCode = await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
});
const e2e = readJson(e2eJson);
if (e2e?.stats) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  if (e2e.stats.unexpected) notes.push(`${e2e.stats.unexpected} end-to-end journey(s) failed`);
  for (const { title, file, line, outcome } of journeys(e2e.suites)) {
    if (outcome === 'unexpected' || outcome === 'flaky')
      notes.push(`  ${outcome === 'flaky' ? '~' : '✗'} ${file}:${line} › ${title}`);
  }
  if (e2e.stats.flaky) notes.push(`${e2e.stats.flaky} end-to-end journey(s) passed only on retry`);
}
if (e2eCode !== 0 && (!e2e?.stats || e2e.stats.unexpected === 0)) {
  failed += 1;
  notes.push(`playwright exited with ${e2eCode}`);
}

console.log('');
for (const note of notes) console.log(`note: ${note}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
