import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../../src/db/client.js';
import { ledgerMismatches } from '../../src/features/inventory/stock-ledger.js';
import { salesSummaryMismatches } from '../../src/features/reports/sales-summaries.js';
import { driver } from '../support/test-env.js';
import { loadUpgradeFixture, migrateTo, migrationTags, readUpgradeFixtureFile } from '../support/upgrade-fixture.js';

/**
 * Upgrades keep the books: the last release's demo books (test/fixtures/previous-release.json.gz,
 * written by `npm run upgrade-fixture` under that release's schema) are loaded under their own
 * migrations, migrated to this version's schema, and must still balance — every row still there, on
 * hand equal to the ledger, payments equal to totals, the report summaries equal to the raw rows.
 */
describe('an upgrade from the last release', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  /** A new empty database on this run's driver, nothing migrated. */
  async function emptyDatabase(): Promise<Database> {
    if (driver === 'pglite') {
      const database = await openDatabase({ skipMigrations: true });
      cleanups.push(() => database.close());
      return database;
    }
    const url = process.env.TEST_DATABASE_URL!;
    const name = `ipos_upgrade_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), skipMigrations: true });
    cleanups.push(async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    });
    return database;
  }

  it('migrates the last release’s books to this schema, and they still balance', async () => {
    const fixture = readUpgradeFixtureFile();
    const current = migrationTags();
    // Made under a schema this version knows (the same or an older one).
    expect(fixture.migrations.length).toBeLessThanOrEqual(current.length);
    expect(current.slice(0, fixture.migrations.length)).toEqual(fixture.migrations);

    const database = await emptyDatabase();
    await loadUpgradeFixture(database, fixture);
    await migrateTo(database);
    const db = database.db;

    const [applied] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied!.n)).toBe(current.length);
    // Every row is still there.
    for (const [table, rows] of Object.entries(fixture.tables)) {
      const [count] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from ${sql.identifier(table)}`,
      );
      expect(Number(count!.n), table).toBe(rows.length);
    }
    expect(fixture.tables.sales!.length).toBeGreaterThan(1000);

    const businesses = await queryRows<{ id: string }>(db, sql`select id from businesses`);
    expect(businesses.length).toBeGreaterThan(0);
    for (const { id } of businesses) {
      expect(await ledgerMismatches(db, id)).toEqual([]);
      expect(await salesSummaryMismatches(db, id)).toEqual([]);
    }
    const unbalanced = await queryRows<{ id: string }>(
      db,
      sql`select s.id from sales s
           where s.status = 'completed'
             and (s.paid_minor - s.change_minor <> s.total_minor
                  or s.total_minor <> (select coalesce(sum(p.amount_minor), 0) from sale_payments p
                                        where p.business_id = s.business_id and p.sale_id = s.id))`,
    );
    expect(unbalanced).toEqual([]);
  }, 240_000);
});
