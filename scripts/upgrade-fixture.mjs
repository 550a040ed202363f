// Writes apps/api/test/fixtures/previous-release.json.gz: the demo's books under the current schema,
// which the upgrade test migrates to whatever the schema is later. Run it when a release is made.
//   npm run upgrade-fixture
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPackage = JSON.parse(fs.readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
const external = [...Object.keys(apiPackage.dependencies), ...Object.keys(apiPackage.devDependencies ?? {})].filter(
  (name) => !name.startsWith('@ipos/'),
);
// Bundled inside the API's folder (.tmp/, ignored), where its packages and its migrations are found.
const apiDir = path.join(root, 'apps/api');
fs.mkdirSync(path.join(apiDir, '.tmp'), { recursive: true });
const scratch = fs.mkdtempSync(path.join(apiDir, '.tmp', 'upgrade-fixture-'));
try {
  const entry = path.join(scratch, 'write.mjs');
  await build({
    entryPoints: [path.join(root, 'apps/api/test/support/write-upgrade-fixture.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    // As the API's own build: our workspace packages bundled in, npm dependencies loaded at run time.
    external: [...external, ...external.map((name) => `${name}/*`)],
    outfile: entry,
    logLevel: 'warning',
  });
  const target = path.join(apiDir, 'test/fixtures/previous-release.json.gz');
  execFileSync(process.execPath, [entry, target], { stdio: 'inherit', cwd: apiDir });
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
