import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { digestOf } from '../support/table-digest.js';
import { driver } from '../support/test-env.js';

const run = promisify(execFile);

/** PostgreSQL's client tools: `pg_config --bindir`, else the Debian package's folder. */
async function postgresBin(tool: string): Promise<string> {
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    const candidate = path.join(stdout.trim(), tool);
    if (fs.existsSync(candidate)) return candidate;
  } catch {
    // no pg_config on the PATH
  }
  return path.join('/usr/lib/postgresql/15/bin', tool);
}

/** A new database on the test server (a copy of `template` when given): its URL, and `drop()`. */
async function scratchDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `ipos_drill_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

// README's PostgreSQL backup: `pg_dump -Fc`, then `pg_restore` into a new database.
describe.skipIf(driver !== 'postgres')('the restore drill on PostgreSQL (pg_dump, pg_restore)', () => {
  it('restores a custom-format dump of the seeded database into a new one with every table equal', async () => {
    const source = await scratchDatabase(inject('postgresTemplate'));
    const target = await scratchDatabase();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ipos-pg-drill-'));
    try {
      const dumpFile = path.join(folder, 'ipos.dump');
      await run(await postgresBin('pg_dump'), ['-Fc', '--file', dumpFile, '--dbname', source.url]);
      expect(fs.statSync(dumpFile).size).toBeGreaterThan(0);
      await run(await postgresBin('pg_restore'), ['--no-owner', '--exit-on-error', '--dbname', target.url, dumpFile]);

      const [from, to] = await Promise.all([
        openDatabase({ databaseUrl: source.url, skipMigrations: true }),
        openDatabase({ databaseUrl: target.url, skipMigrations: true }),
      ]);
      try {
        const expected = await digestOf(from.db);
        expect(Object.keys(expected)).toContain('public.sales');
        expect(Object.keys(expected)).toContain('drizzle.__drizzle_migrations');
        expect(await digestOf(to.db)).toEqual(expected);
      } finally {
        await Promise.all([from.close(), to.close()]);
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await Promise.all([source.drop(), target.drop()]);
    }
  });
});
