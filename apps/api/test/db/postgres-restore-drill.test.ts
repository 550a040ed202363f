import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { scratchDatabase } from '../support/scratch-database.js';
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

// README's PostgreSQL backup: `pg_dump -Fc`, then `pg_restore` into a new database.
describe.skipIf(driver !== 'postgres')('the restore drill on PostgreSQL (pg_dump, pg_restore)', () => {
  it('restores a custom-format dump of the seeded database into a new one with every table equal', async () => {
    const source = await scratchDatabase('ipos_drill', inject('postgresTemplate'));
    const target = await scratchDatabase('ipos_drill');
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
