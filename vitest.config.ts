import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Test files share their worker's module cache (`isolate: false`): importing the API server or React
 * and Mantine once per worker rather than once per file roughly halves the suite. A web test that
 * replaces a module with `vi.mock` needs a fresh module graph, so such files run in an isolated project
 * of their own; they are found here, so a new one needs no list kept by hand.
 */
const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps', 'web');
function webTestFiles(dir = path.join(webRoot, 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return webTestFiles(p);
    return /\.test\.tsx?$/.test(entry.name) ? [p] : [];
  });
}
const mockingWebTests = webTestFiles()
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, 'utf8')))
  .map((file) => path.relative(webRoot, file).split(path.sep).join('/'));

const web = {
  root: 'apps/web',
  environment: 'jsdom',
  setupFiles: ['src/test/setup.ts'],
  // Screens driven by user-event (typing, modals) on 2 shared cores: 5 s is not enough under load.
  testTimeout: 20_000,
};

/**
 * One run covers every package. The API integration suite runs on PGlite always, and a second time
 * on PostgreSQL when TEST_DATABASE_URL names a server (CI sets it).
 */
export default defineConfig({
  test: {
    // Vitest's default leaves one core to itself; its main process is idle while files run, and on a
    // 2-core machine one worker would leave a core unused.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    isolate: false,
    projects: [
      { extends: true, test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          env: { IPOS_TEST_DRIVER: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                root: 'apps/api',
                include: ['test/**/*.test.ts'],
                // The process tests drive the embedded database (DATA_DIR), and the PGlite tests PGlite itself;
                // they run in the api project.
                exclude: ['test/process/**', 'test/db/pglite-*'],
                globalSetup: ['test/support/global-setup.ts'],
                env: { IPOS_TEST_DRIVER: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          ...web,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...mockingWebTests],
        },
      },
      ...(mockingWebTests.length
        ? [{ extends: true as const, test: { ...web, name: 'web-mocks', include: mockingWebTests, isolate: true } }]
        : []),
    ],
  },
});
