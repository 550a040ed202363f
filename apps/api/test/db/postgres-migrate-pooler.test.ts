import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../src/db/client.js';
import { scratchDatabase } from '../support/scratch-database.js';
import { driver } from '../support/test-env.js';

type QueryArgs = Parameters<pg.Client['query']>;

/**
 * A pooler in transaction mode, as PgBouncer runs one, over `size` server connections: a statement
 * outside a transaction takes the free connection that has waited longest and gives it back when it
 * is answered; from BEGIN to COMMIT or ROLLBACK a client keeps one. With none free a client waits.
 */
async function transactionModePooler(url: string, size: number) {
  const servers = Array.from({ length: size }, () => new pg.Client({ connectionString: url }));
  await Promise.all(servers.map((s) => s.connect()));
  const free = [...servers];
  const waiting: ((server: pg.Client) => void)[] = [];
  const take = () =>
    free.length > 0 ? Promise.resolve(free.shift()!) : new Promise<pg.Client>((r) => waiting.push(r));
  const giveBack = (server: pg.Client) => {
    const next = waiting.shift();
    if (next) next(server);
    else free.push(server);
  };
  /** One client's connection to the pooler (what pool.connect() gives the app); its class name must not
   * hold "Pool", which drizzle takes for a pool of its own. */
  class BouncedConnection {
    private held: pg.Client | null = null;
    async query(...args: QueryArgs) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      const server = this.held ?? (await take());
      if (/^\s*begin\b/i.test(text)) this.held = server;
      try {
        return await (server.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
      } finally {
        if (/^\s*(commit|rollback)\b/i.test(text)) this.held = null;
        if (!this.held) giveBack(server);
      }
    }
    release() {}
  }
  return {
    connect: async () => new BouncedConnection() as unknown as pg.PoolClient,
    end: () => Promise.all(servers.map((s) => s.end())),
  };
}

describe.skipIf(driver !== 'postgres')('migrating PostgreSQL behind a pooler in transaction mode', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('two replicas starting at once migrate a new database once, and neither waits on a lock left held', async () => {
    const database = await scratchDatabase('ipos_pooler');
    cleanups.push(database.drop);
    const pooler = await transactionModePooler(database.url, 4);
    cleanups.push(pooler.end);

    // A session lock would be taken on one server connection and released on another: the second
    // replica would wait on it as long as that connection lives (here, until the test gives up).
    const started = await Promise.race([
      Promise.all([migratePostgres(pooler), migratePostgres(pooler)]).then(() => 'migrated'),
      new Promise((r) => setTimeout(() => r('still waiting after 20 s'), 20_000)),
    ]);
    expect(started).toBe('migrated');

    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    cleanups.push(() => check.end());
    const applied = await check.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
    expect(applied.rowCount).toBeGreaterThan(20);
    expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(applied.rowCount);
    const locks = await check.query(`select 1 from pg_locks where locktype = 'advisory'`);
    expect(locks.rowCount).toBe(0);
  });
});
