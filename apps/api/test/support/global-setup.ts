import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config/config.js';
import { migrationsFolder, openDatabase } from '../../src/db/client.js';
import { createServer } from '../../src/server.js';
import { testEnv } from './test-env.js';

/** Changes whenever a migration or any server source changes, so a stale template is never reused. */
function fingerprint(): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(p);
      else if (/\.(sql|ts)$/.test(entry.name)) hash.update(p).update(fs.readFileSync(p));
    }
  };
  visit(migrationsFolder());
  visit(fileURLToPath(new URL('../../src', import.meta.url)));
  hash.update(JSON.stringify(testEnv));
  return hash.digest('hex').slice(0, 12);
}

/**
 * Prepares one migrated and seeded database that every test file copies: a PGlite dump file, or a
 * PostgreSQL template database. Opening and migrating a new database costs seconds; copying it does not.
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.IPOS_TEST_DRIVER ?? 'pglite';
  const id = fingerprint();
  const config = loadConfig({ ...testEnv });
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const template = `ipos_template_${id}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Templates of older sources are dead weight: drop them (databases in use are left alone), but
      // keep the two newest others — a run of another checkout (CI's clean clone beside a working
      // tree) may be copying from its template right now.
      const stale = await admin.query(
        `select datname from pg_database
          where datname like 'ipos_template_%' and datname not like '%\\_building\\_%' and datname <> $1
          order by oid desc offset 2`,
        [template],
      );
      for (const row of stale.rows as { datname: string }[]) {
        await admin.query(`drop database if exists "${row.datname}"`).catch(() => undefined);
      }
      const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount === 0) {
        const building = `${template}_building_${process.pid}`;
        await admin.query(`drop database if exists "${building}"`);
        await admin.query(`create database "${building}"`);
        const dbUrl = new URL(url);
        dbUrl.pathname = `/${building}`;
        const server = await createServer({ ...config, databaseUrl: dbUrl.toString() }, { logger: false });
        await server.close();
        await admin.query(`alter database "${building}" rename to "${template}"`).catch(async () => {
          await admin.query(`drop database if exists "${building}"`);
        });
      }
    } finally {
      await admin.end();
    }
    project.provide('postgresTemplate', template);
    return;
  }
  const dumpPath = path.join(os.tmpdir(), `ipos-test-${id}.tar.gz`);
  // A dump in use is touched first, so a run of other sources never takes it as stale from under us.
  if (fs.existsSync(dumpPath)) fs.utimesSync(dumpPath, new Date(), new Date());
  for (const file of fs.readdirSync(os.tmpdir())) {
    // Dumps of other sources: removed once unused for an hour (a parallel run may still read a newer one).
    const p = path.join(os.tmpdir(), file);
    if (
      /^ipos-test-[0-9a-f]{12}\.tar\.gz$/.test(file) &&
      p !== dumpPath &&
      Date.now() - fs.statSync(p).mtimeMs > 3_600_000
    ) {
      fs.rmSync(p, { force: true });
    }
  }
  if (!fs.existsSync(dumpPath)) {
    const database = await openDatabase({});
    const server = await createServer(config, { logger: false, database });
    await server.app.close();
    const dump = await (database as unknown as { dump(): Promise<Blob> }).dump();
    const tmp = `${dumpPath}.${process.pid}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, dumpPath);
    await database.close();
  }
  project.provide('pgliteDump', dumpPath);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}
