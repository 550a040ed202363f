// Where a server's CPU went: reads a V8 CPU profile (a bench run with PROFILE_DIR=…, or any
// `node --cpu-prof` output) and prints the self time by package or source folder, then the functions
// with the most self time. Reports only.
//
//   PROFILE_DIR=/tmp/prof node bench/checkout.mjs && node bench/profile-summary.mjs /tmp/prof/CPU.…cpuprofile
//   TOP=30 node bench/profile-summary.mjs <file>
import fs from 'node:fs';
import path from 'node:path';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile>');
  process.exit(2);
}
const TOP = Number(process.env.TOP ?? 20);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

/** Each node's self time in µs, from the sample intervals. */
const selfMicros = new Map();
profile.samples.forEach((id, i) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

/** A source location as the place it belongs to: a package, a folder of ours, or V8 itself. */
function placeOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node (built-ins)';
  const src = url.indexOf('/src/');
  if (src >= 0)
    return path
      .dirname(url.slice(src + 1))
      .split('/')
      .slice(0, 3)
      .join('/');
  return path.basename(url);
}

const byPlace = new Map();
const byFunction = new Map();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (micros === 0) continue;
  const { url, functionName, lineNumber } = node.callFrame;
  const place = placeOf(url, functionName);
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  const fn = `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
}

const share = (micros) =>
  `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms`;
const top = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
console.log(`${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled\n\nself time by place`);
for (const [place, micros] of top(byPlace)) console.log(`  ${share(micros)}  ${place}`);
console.log('\nfunctions with the most self time');
for (const [fn, micros] of top(byFunction)) console.log(`  ${share(micros)}  ${fn}`);
