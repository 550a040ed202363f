// `npm run test:setup`: makes sure a headless Chromium exists for the end-to-end tests.
// Debian's package where apt exists (never a browser download: it is not possible on every machine).
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromiumPath } from '../e2e/chromium.mjs';

const found = chromiumPath();
if (found) {
  console.log(`test:setup: Chromium found at ${found}`);
  process.exit(0);
}
if (fs.existsSync('/usr/bin/apt-get')) {
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) =>
    execFileSync(asRoot[0] ?? 'apt-get', asRoot.length ? ['apt-get', ...args] : args, { stdio: 'inherit' });
  console.log('test:setup: installing Debian chromium…');
  try {
    apt('install', '-y', '--no-install-recommends', 'chromium');
  } catch {
    apt('update');
    apt('install', '-y', '--no-install-recommends', 'chromium');
  }
  if (chromiumPath()) process.exit(0);
}
console.error('test:setup: no Chromium found. Install Chromium and set CHROMIUM_PATH to its executable.');
process.exit(1);
