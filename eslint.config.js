import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';

/**
 * Who may import whom (decision 0035). Each zone forbids the files under `target` to import the files
 * under `from` (paths from the repository root; `except` from `from`), judged on the file an import
 * resolves to, so `../other-feature/x` and `../../features/x` are caught alike.
 */
const web = 'apps/web/src';
const api = 'apps/api/src';
const foldersIn = (dir) =>
  fs
    .readdirSync(`${import.meta.dirname}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = foldersIn(`${web}/features`);

const boundaryZones = [
  // Web: app → features → components and lib (→ contracts).
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move the shared piece to components/ or lib/, or compose in app/.',
  })),
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared UI and lib never import features or app: they sit below both.',
  },
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features never import app/: app composes the features.',
  },
  // API: the infrastructure (every folder beside features/ but the demo seed) sits below the features.
  {
    target: foldersIn(api)
      .filter((folder) => folder !== 'features' && folder !== 'seed')
      .map((folder) => `${api}/${folder}`),
    from: `${api}/features`,
    message: 'Infrastructure never imports a feature: move the shared piece down, next to its kind.',
  },
  // Contracts: the spine both apps stand on.
  {
    target: 'packages/contracts',
    from: 'apps',
    message: 'Contracts never import an app: the web and the API import them.',
  },
  // API engines (decision 0034): inventory with its stock ledger, the sales summaries, plans and restock
  // stand on the infrastructure alone; features build on them.
  ...[
    ['features/inventory', './inventory'],
    ['features/reports/sales-summaries.ts', './reports/sales-summaries.ts'],
    ['features/plans', './plans'],
    ['features/restock', './restock'],
  ].map(([engine, itself]) => ({
    target: `${api}/${engine}`,
    from: `${api}/features`,
    except: [itself],
    message: 'An engine imports no feature: features build on engines, never the other way.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'apps/api/dist-*/**',
      '**/node_modules/**',
      '**/drizzle/**',
      '.tmp/**',
      'e2e/test-results/**',
      'playwright-report/**',
      'data/**',
      // Deliberate violations, linted one by one by the boundaries test.
      'apps/api/test/architecture/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Who may import whom (decision 0035, ARCHITECTURE.md): the zones above, and no import cycle between
    // files anywhere (type-only imports make none). Imports resolve as TypeScript does (`.js` → `.ts`).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api', 'apps/web', 'packages/contracts', 'e2e', 'bench'].map(
            (p) => `${import.meta.dirname}/${p}/tsconfig.json`,
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Dates and counts are written by the formatting modules only (decision 0027): in the store's zone
    // and the app's one format, never the browser's or the server's locale and clock.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts', 'packages/contracts/src/**/*.ts'],
    ignores: ['apps/web/src/lib/format.ts', 'packages/contracts/src/stores/store-time.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^to(Locale(Date|Time)?|UTC|Date|Time)String$/]',
          message:
            "Write dates and counts with the formatting modules (web lib/format.ts; contracts store-time and formatCount): the store's zone, the app's format.",
        },
        {
          selector:
            ':matches(NewExpression, CallExpression)[callee.object.name="Intl"][callee.property.name="DateTimeFormat"]',
          message:
            'Only the formatting modules (web lib/format.ts, contracts store-time) build date formatters: use formatDateTime, formatDate, formatTime or formatDay.',
        },
      ],
    },
  },
);
