// Prints the API's feature graph at folder level: every link from one folder under
// apps/api/src/features to another (with the number of import statements behind it), the
// total number of links, and every loop (a strongly connected component of two or more
// features, or a feature importing itself through another). Exits 1 when a loop exists.
//
//   node scripts/api-feature-graph.mjs          # print the graph, fail on a loop
//   node scripts/api-feature-graph.mjs --json   # the same figures as JSON
//   node scripts/api-feature-graph.mjs --features <dir>   # another features folder (a test's fixture)
//
// Type-only imports count: a loop through types is still a loop between folders.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const featuresArg = process.argv.indexOf('--features');
const featuresDir =
  featuresArg > 0 ? path.resolve(process.argv[featuresArg + 1]) : path.join(root, 'apps/api/src/features');

/** Every .ts file under a folder. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

/** The module specifiers a file imports or re-exports (static and dynamic). */
export function importSpecifiers(source) {
  const specifiers = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) specifiers.push(match[1]);
  }
  return specifiers;
}

/** The feature folder a path lies in, or null when it lies outside the features. */
function featureOf(file) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

export function featureGraph() {
  const features = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  /** @type {Map<string, Map<string, number>>} */
  const links = new Map(features.map((feature) => [feature, new Map()]));
  for (const feature of features) {
    for (const file of sourceFiles(path.join(featuresDir, feature))) {
      const source = fs.readFileSync(file, 'utf8');
      for (const specifier of importSpecifiers(source)) {
        if (!specifier.startsWith('.')) continue;
        const target = featureOf(path.resolve(path.dirname(file), specifier));
        if (!target || target === feature) continue;
        const out = links.get(feature);
        out.set(target, (out.get(target) ?? 0) + 1);
      }
    }
  }
  return { features, links, loops: stronglyConnected(features, links) };
}

/** Tarjan's algorithm: the components of more than one feature are the loops. */
function stronglyConnected(nodes, links) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of links.get(node).keys()) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of nodes) if (!indices.has(node)) visit(node);
  return components;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { features, links, loops } = featureGraph();
  const rows = [];
  for (const [from, out] of links) {
    for (const [to, count] of [...out].sort(([a], [b]) => a.localeCompare(b))) {
      rows.push({ from, to, count });
    }
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ features: features.length, links: rows, loops }, null, 2));
  } else {
    for (const { from, to, count } of rows) console.log(`${from} -> ${to} (${count})`);
    console.log(`\n${features.length} features, ${rows.length} links`);
    if (loops.length === 0) console.log('no loop');
    for (const loop of loops) console.log(`loop of ${loop.length} features: ${loop.join(', ')}`);
  }
  process.exitCode = loops.length > 0 ? 1 : 0;
}
