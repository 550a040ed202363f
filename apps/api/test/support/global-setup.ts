import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config/config.js';
import { migrationsFolder, openDatabase } from '../../src/db/client.js';
import { createServer } from '../../src/server.js';
import { testEnv } from './test-env.js';

/** Changes whenever a migration or the seed changes, so a stale template is never reused. */
function fingerprint(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  for (const file of fs.readdirSync(folder).sort()) {
    if (file.endsWith('.sql')) hash.update(fs.readFileSync(path.join(folder, file)));
  }
  hash.update(fs.readFileSync(new URL('../../src/seed/demo.ts', import.meta.url)));
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
