// Bundles the API into dist/main.js. Our own workspace packages (TypeScript sources) are bundled in;
// every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@ipos/'));

await build({
  entryPoints: ['src/main.ts'],
  // Engineers running journeys side by side build into folders of their own (apps/api/dist-<name>).
  outfile: process.env.IPOS_API_OUTFILE ?? 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
  absWorkingDir: new URL('.', import.meta.url).pathname,
});
