import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { CUSTOM_PLAN, preparedPglite } from './pglite-statements.js';
import { preparingClient } from './pg-statements.js';
import { keepPgliteStatistics } from './pglite-statistics.js';
import { removeSnapshotLeftovers, snapshotPglite } from './pglite-snapshot.js';
import { loggableErrorOf } from '../lib/loggable-error.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run SQL on: the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** A cheap round trip, for `/ready`. */
  ping(): Promise<void>;
  /**
   * PGlite only: the whole data directory as a gzip tarball (backups; tests copy a migrated database
   * from it). The database answers nothing else only while its files are copied, not while compressed.
   */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** The committed SQL migrations (apps/api/drizzle), found from wherever this code runs (src or dist). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The SQL migrations folder (apps/api/drizzle) was not found');
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Tests: start from a dump of an already-migrated database instead of files. */
  loadDataDir?: Blob | undefined;
  /** Skip migrations (tests that loaded a migrated dump). */
  skipMigrations?: boolean;
  /**
   * PostgreSQL: keep each connection's statements prepared (pg-statements.ts); off behind a pooler
   * that cannot carry prepared statements (DATABASE_PREPARED_STATEMENTS=false).
   */
  preparedStatements?: boolean | undefined;
  /** Tests and benches: told each statement the app runs (not transaction control), to count round trips. */
  onQuery?: (query: string) => void;
}

/** Drizzle's logger, when someone listens to the statements. */
const queryLogger = (onQuery: OpenOptions['onQuery']) =>
  onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options);
}

/** The lock under which one replica migrates while the others wait. */
const MIGRATION_LOCK = 7262837;

/**
 * Brings a PostgreSQL database to the current schema; several replicas may start at once, so one
 * migrates while the others wait for its lock, then find nothing left to do. The lock belongs to a
 * transaction that holds the migrations too (pg_advisory_xact_lock): behind a pooler in transaction
 * mode (PgBouncer) each statement outside a transaction may run on another server connection, so a
 * session lock could be taken on one, "released" on another and left held, and the next replica would
 * wait for it for as long as that connection lives. Drizzle's migrator begins its own transaction
 * inside this one: PostgreSQL only warns at the second BEGIN, and its COMMIT (or ROLLBACK) ends both
 * and frees the lock.
 */
export async function migratePostgres(pool: Pick<pg.Pool, 'connect'>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const { skipMigrations = false, onQuery, preparedStatements = true } = options;
  // A database that does not answer a new connection within 5 s is unavailable (a 503), rather than
  // every request waiting on it for as long as the socket takes to give up. Each connection keeps the
  // statements it has seen prepared (pg-statements.ts) unless a pooler in front cannot carry them.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    ...(preparedStatements ? { Client: preparingClient() } : {}),
  });
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on('error', (error) => console.warn(`postgres: idle connection lost (${loggableErrorOf(error).message})`));
  const db = drizzlePg({ client: pool, schema, ...queryLogger(onQuery) }) as unknown as Db;
  if (!skipMigrations) await migratePostgres(pool);
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Planner cost of a random page read on the embedded database (PostgreSQL's default is 4, for disks). */
export const PGLITE_RANDOM_PAGE_COST = 1.1;

/** Extensions the migrations create (PGlite loads their files at start). */
const extensions = { pg_trgm };

async function openPglite(options: OpenOptions): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  /** The database's own folder, when it lives on disk. */
  let onDisk: string | undefined;
  if (options.loadDataDir || !options.dataDir) {
    client = await PGlite.create({ loadDataDir: options.loadDataDir, extensions });
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
    removeSnapshotLeftovers(options.dataDir);
    onDisk = path.join(options.dataDir, 'pglite');
    try {
      client = await PGlite.create({ dataDir: onDisk, extensions });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  // The embedded database reads from memory and the OS cache: random reads cost about what sequential
  // ones do, so the planner should use indexes (the trigram search) where they read fewer rows.
  await client.exec(`SET random_page_cost = ${PGLITE_RANDOM_PAGE_COST}`);
  // Drizzle runs on the statements prepared once (pglite-statements.ts); migrations on PGlite itself.
  const db = drizzlePglite({
    client: preparedPglite(client) as unknown as PGlite,
    schema,
    ...queryLogger(options.onQuery),
  }) as unknown as Db;
  if (!options.skipMigrations) {
    await migratePglite(drizzlePglite({ client, schema }), {
      migrationsFolder: migrationsFolder(),
    });
  }
  // A database on disk lives for months: its planner statistics are kept as autovacuum would (the
  // in-memory databases of tests live for seconds).
  const stopStatistics = lock ? keepPgliteStatistics(client) : async () => undefined;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    dump: () => snapshotPglite(client, onDisk),
    close: async () => {
      try {
        await stopStatistics();
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Writes an embedded database's dump (`Database.dump`) as the database of an empty `dataDir`, where
 * the app then opens it as its own. The folder is locked meanwhile, as a running app locks it. Answers
 * how many migrations the restored database has had.
 */
export async function restorePgliteDataDir(dump: Blob, dataDir: string): Promise<number> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump, extensions });
    try {
      // How many migrations the restored database has had (none before its first start).
      const applied = await client
        .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
        .then((r) => r.rows[0]?.n ?? 0)
        .catch(() => 0);
      return applied;
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * The statement (when `when`) planned for each call's values, never with a generic plan: for a search,
 * whose best plan depends on how many rows its pattern matches, and for reports over a period. Both
 * drivers' clients send it unnamed (see CUSTOM_PLAN), so it is parsed and planned on every call.
 */
export function withCustomPlan(query: SQL, when = true): SQL {
  return when ? sql`${sql.raw(CUSTOM_PLAN)}${query}` : query;
}

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * queryRows with the statement planned for the call's values (`withCustomPlan`): what a report reads
 * over a period, whose best plan depends on how many days and rows the period holds.
 */
export function queryRowsWithCustomPlan<T>(db: Executor, query: SQL): Promise<T[]> {
  return queryRows<T>(db, withCustomPlan(query));
}

/**
 * The unique constraint a failed statement broke (PostgreSQL 23505, as pg and PGlite report it,
 * directly or wrapped by drizzle), or undefined for any other error.
 */
export function uniqueViolation(error: unknown): { constraint?: string } | undefined {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | undefined;
  if (e?.code === '23505') return { constraint: e.constraint };
  if (e?.cause?.code === '23505') return { constraint: e.cause.constraint };
  return undefined;
}
