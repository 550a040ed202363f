import { APP_VERSION } from '../../src/config/app-version.js';
import { loadConfig } from '../../src/config/config.js';
import { openDatabase } from '../../src/db/client.js';
import { createServer } from '../../src/server.js';
import { testEnv } from './test-env.js';
import { readUpgradeFixture, writeUpgradeFixtureFile } from './upgrade-fixture.js';

/**
 * Writes the upgrade fixture (upgrade-fixture.ts) from the current schema: a new embedded database,
 * migrated and seeded with the demo and its ninety days, read table by table. `npm run upgrade-fixture`
 * runs it; the file to write is its one argument.
 */
const file = process.argv[2];
if (!file) throw new Error('Name the fixture file to write');
const database = await openDatabase({});
const server = await createServer(loadConfig({ ...testEnv, SEED_DEMO_HISTORY: 'true', BACKUPS: 'false' }), {
  logger: false,
  database,
});
const fixture = await readUpgradeFixture(database.db, APP_VERSION);
writeUpgradeFixtureFile(fixture, file);
await server.close();
const rows = Object.values(fixture.tables).reduce((n, t) => n + t.length, 0);
console.log(
  `upgrade fixture: ${rows} rows in ${Object.keys(fixture.tables).length} tables, schema ${fixture.migrations.at(-1)} → ${file}`,
);
