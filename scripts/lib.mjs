// Small helpers shared by the start, test and setup scripts.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of any file under the given paths (folders are walked). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
        visit(path.join(p, entry));
      }
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

export function mtimeOf(file) {
  const p = path.join(root, file);
  return fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export const builds = [
  {
    name: 'web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/pwa.config.ts',
      'apps/web/scripts',
      'packages/contracts/src',
    ],
    // The package's own build: Vite, then the brotli and gzip copies the server sends to browsers that
    // accept them (without them every file goes over the wire uncompressed).
    commands: [
      [
        'node',
        [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
        { cwd: path.join(root, 'apps/web') },
      ],
      ['node', ['scripts/precompress.mjs', 'dist'], { cwd: path.join(root, 'apps/web') }],
    ],
  },
  {
    name: 'api',
    output: 'apps/api/dist/main.js',
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'packages/contracts/src'],
    commands: [['node', ['build.mjs'], { cwd: path.join(root, 'apps/api') }]],
  },
];

/** Builds whatever is missing or older than its sources. */
export async function buildIfStale({ force = false } = {}) {
  for (const b of builds) {
    const built = mtimeOf(b.output);
    if (!force && built > 0 && built >= newestMtime(b.inputs)) continue;
    console.log(`building ${b.name}…`);
    for (const [cmd, args, opts] of b.commands) {
      const code = await run(cmd, args, opts);
      if (code !== 0) throw new Error(`the ${b.name} build failed (exit ${code})`);
    }
  }
}

/**
 * Imports one of the project's TypeScript modules from a script: bundled by esbuild with its npm
 * packages left external, into the repository's .tmp/ (ignored) so that they resolve from its
 * node_modules; the bundle is removed once loaded. `entry` is relative to the root.
 */
export async function importTypeScript(entry) {
  const { build } = await import('esbuild');
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, '.tmp', 'import-'));
  try {
    const outfile = path.join(dir, 'module.mjs');
    await build({
      entryPoints: [path.join(root, entry)],
      bundle: true,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      outfile,
      logLevel: 'warning',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
