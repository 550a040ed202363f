import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One run covers every package. The API integration suite runs on PGlite always, and a second time
 * on PostgreSQL when TEST_DATABASE_URL names a server (CI sets it).
 */
export default defineConfig({
  test: {
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
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // Screens driven by user-event (typing, modals) on 2 shared cores: 5 s is not enough under load.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
