import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder, queryRows, type Database, type Executor } from '../../src/db/client.js';

/**
 * The books of the last release, kept in the repository (`test/fixtures/previous-release.json.gz`) so
 * that every later version proves it migrates them: the demo business with its ninety days of trading,
 * as rows per table, with the migrations that made its schema. `npm run upgrade-fixture` writes it from
 * the current schema; run it when a release is made (CHANGELOG.md), so the next release migrates from it.
 */
export interface UpgradeFixture {
  format: 1;
  appVersion: string;
  /** The migrations the data was written under (their tags, in order). */
  migrations: string[];
  takenAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}

export const UPGRADE_FIXTURE_FILE = fileURLToPath(new URL('../fixtures/previous-release.json.gz', import.meta.url));

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}
const journalOf = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };

/** The current migrations' tags, oldest first. */
export function migrationTags(): string[] {
  return journalOf(migrationsFolder()).entries.map((e) => e.tag);
}

async function publicTables(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.name);
}

/** The embedded identity provider's keys and sessions: an installation's own, never a file in the repository. */
const LEFT_OUT = new Set(['oidc_secrets', 'oidc_payloads']);

/** Every row of every table but those, as JSON (numbers and times as the database writes them). */
export async function readUpgradeFixture(db: Executor, appVersion: string): Promise<UpgradeFixture> {
  const tables: UpgradeFixture['tables'] = {};
  for (const name of await publicTables(db)) {
    if (LEFT_OUT.has(name)) continue;
    const [row] = await queryRows<{ rows: Record<string, unknown>[] | null }>(
      db,
      sql`select json_agg(t) as rows from ${sql.identifier(name)} t`,
    );
    tables[name] = row?.rows ?? [];
  }
  return { format: 1, appVersion, migrations: migrationTags(), takenAt: new Date().toISOString(), tables };
}

export function writeUpgradeFixtureFile(fixture: UpgradeFixture, file = UPGRADE_FIXTURE_FILE) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, gzipSync(JSON.stringify(fixture), { level: 9 }));
}

export function readUpgradeFixtureFile(file = UPGRADE_FIXTURE_FILE): UpgradeFixture {
  return JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as UpgradeFixture;
}

/** Applies the current migrations, or only the first `count` of them (a copy of the folder cut there). */
export async function migrateTo(database: Database, count?: number) {
  let folder = migrationsFolder();
  let scratch: string | undefined;
  if (count !== undefined) {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-migrations-'));
    const journal = journalOf(folder);
    const kept = journal.entries.slice(0, count);
    fs.mkdirSync(path.join(scratch, 'meta'));
    fs.writeFileSync(path.join(scratch, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
    for (const entry of kept)
      fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(scratch, `${entry.tag}.sql`));
    folder = scratch;
  }
  try {
    if (database.driver === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Loads a fixture into an empty database: its own migrations first (the schema it was written under),
 * then its rows, foreign keys unchecked while they go in (session_replication_role), all in one
 * transaction.
 */
export async function loadUpgradeFixture(database: Database, fixture: UpgradeFixture) {
  const known = migrationTags();
  fixture.migrations.forEach((tag, i) => {
    if (known[i] !== tag) throw new Error(`The fixture's migration ${i} is ${tag}; this iPos has ${known[i]}`);
  });
  await migrateTo(database, fixture.migrations.length);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const [name, rows] of Object.entries(fixture.tables)) {
      for (let at = 0; at < rows.length; at += 2000) {
        const chunk = JSON.stringify(rows.slice(at, at + 2000));
        await tx.execute(
          sql`insert into ${sql.identifier(name)} select * from json_populate_recordset(null::${sql.identifier(name)}, ${chunk}::json)`,
        );
      }
    }
  });
}
