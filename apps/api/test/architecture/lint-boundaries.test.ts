import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Who may import whom (decision 0035) is enforced by the project's ESLint config. Each deliberate
 * violation under fixtures/ (ignored by the normal lint) is linted here through the ESLint Node API with
 * that config, as if it were a file of the guarded folder, and must fail with the rule's message; the
 * guarded folders of the real tree must pass. `npm run lint` checks the whole tree, and runs the feature
 * graph script (proved by feature-graph.test.ts).
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The project's config, running only the import rules (the others are `npm run lint`'s). */
const importRulesOnly = { cwd: root, ruleFilter: ({ ruleId }: { ruleId: string }) => ruleId.startsWith('import-x/') };
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint(importRulesOnly);
});

async function lintFixtureAs(fixture: string, lintAs: string): Promise<Linter.LintMessage[]> {
  const code = fs.readFileSync(path.join(fixtures, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, lintAs) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('import-x/'));
}

const featureRule = 'A feature never imports another feature';
const sharedRule = 'Shared UI and lib never import features or app';
const infrastructureRule = 'Infrastructure never imports a feature';
const engineRule = 'An engine imports no feature';

describe('import boundaries fire on a deliberate violation', () => {
  it.each([
    // Both the sibling path and the path through features/ are caught.
    ['web-feature-imports-feature.tsx', 'apps/web/src/features/invoices/boundary-fixture.tsx', featureRule, 2],
    ['web-lib-imports-feature.ts', 'apps/web/src/lib/boundary-fixture.ts', sharedRule, 1],
    ['web-component-imports-app.tsx', 'apps/web/src/components/boundary-fixture.tsx', sharedRule, 1],
    ['web-feature-imports-app.ts', 'apps/web/src/features/waste/boundary-fixture.ts', 'Features never import app/', 1],
    ['api-infrastructure-imports-feature.ts', 'apps/api/src/lib/boundary-fixture.ts', infrastructureRule, 1],
    ['api-infrastructure-imports-feature.ts', 'apps/api/src/http/boundary-fixture.ts', infrastructureRule, 1],
    ['api-infrastructure-imports-feature.ts', 'apps/api/src/identity/boundary-fixture.ts', infrastructureRule, 1],
    [
      'contracts-import-app.ts',
      'packages/contracts/src/catalog/boundary-fixture.ts',
      'Contracts never import an app',
      1,
    ],
    ['api-engine-imports-feature.ts', 'apps/api/src/features/inventory/stock-ledger.ts', engineRule, 1],
    ['api-engine-imports-feature.ts', 'apps/api/src/features/reports/sales-summaries.ts', engineRule, 1],
    ['api-engine-imports-feature.ts', 'apps/api/src/features/plans/boundary-fixture.ts', engineRule, 1],
    ['api-engine-imports-feature.ts', 'apps/api/src/features/restock/boundary-fixture.ts', engineRule, 1],
  ])('%s linted as %s', async (fixture, lintAs, message, count) => {
    const messages = await lintFixtureAs(fixture, lintAs);
    expect(messages.map((m) => m.ruleId)).toEqual(Array(count).fill('import-x/no-restricted-paths'));
    for (const m of messages) expect(m.message).toContain(message);
  });

  it('the same imports are allowed where the staircase allows them (app/ over features, a feature within itself)', async () => {
    expect(await lintFixtureAs('web-feature-imports-feature.tsx', 'apps/web/src/app/boundary-fixture.tsx')).toEqual([]);
    expect(
      await lintFixtureAs('api-engine-imports-feature.ts', 'apps/api/src/features/catalog/boundary-fixture.ts'),
    ).toEqual([]);
  });

  it('an import cycle between two files', async () => {
    const noIgnores = new ESLint({ ...importRulesOnly, ignore: false });
    const results = await noIgnores.lintFiles([
      path.join(fixtures, 'cycle/first.ts'),
      path.join(fixtures, 'cycle/second.ts'),
    ]);
    for (const result of results) {
      expect(result.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toHaveLength(1);
    }
  });
});

describe('the real tree keeps the boundaries', () => {
  it('every zone names folders and files that exist (a move does not leave a rule guarding nothing)', async () => {
    const config = (await eslint.calculateConfigForFile(path.join(root, 'apps/api/src/lib/ids.ts'))) as Linter.Config;
    const [, options] = config.rules!['import-x/no-restricted-paths'] as [
      unknown,
      { zones: { target: string | string[]; from: string | string[]; except?: string[] }[] },
    ];
    expect(options.zones.length).toBeGreaterThan(5);
    for (const zone of options.zones) {
      for (const p of [zone.target, zone.from].flat()) expect(fs.existsSync(path.join(root, p)), p).toBe(true);
      for (const from of [zone.from].flat())
        for (const p of zone.except ?? []) expect(fs.existsSync(path.join(root, from, p)), p).toBe(true);
    }
  });

  it('the API infrastructure and engines, and the web files that once crossed features, pass', async () => {
    const apiInfrastructure = fs
      .readdirSync(path.join(root, 'apps/api/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'features' && entry.name !== 'seed')
      .map((entry) => `apps/api/src/${entry.name}/**/*.ts`);
    const results = await eslint.lintFiles([
      ...apiInfrastructure,
      'apps/api/src/features/{inventory,plans,restock}/*.ts',
      'apps/api/src/features/reports/sales-summaries.ts',
      'apps/web/src/features/staff/components/*.tsx',
      'apps/web/src/features/checkout/components/checkout-screen.tsx',
      'apps/web/src/features/checkout/components/receipt/receipt-view.tsx',
      'apps/web/src/features/invoices/components/invoice-sheet.tsx',
      'apps/web/src/features/businesses/components/business-logo-field.tsx',
      'apps/web/src/components/business-logo/*',
      'packages/contracts/src/*.ts',
    ]);
    expect(results.length).toBeGreaterThan(50);
    const broken = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId?.startsWith('import-x/'))
        .map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(broken).toEqual([]);
  }, 120_000);
});
