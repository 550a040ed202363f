import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { preparingClient } from '../../src/db/pg-statements.js';
import { CUSTOM_PLAN } from '../../src/db/pglite-statements.js';
import { scratchDatabase } from '../support/scratch-database.js';
import { driver } from '../support/test-env.js';

type Counted = pg.Client & { prepared: number };

/** The statements the server holds prepared for this connection. */
async function serverStatements(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return rows.map((r) => r.name);
}

describe.skipIf(driver !== 'postgres')('statements prepared once on a PostgreSQL connection', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function connect(capacity?: number): Promise<Counted> {
    const database = await scratchDatabase('ipos_prepared');
    cleanups.push(database.drop);
    const Client = preparingClient(capacity);
    const client = new Client({ connectionString: database.url }) as Counted;
    await client.connect();
    cleanups.push(() => client.end());
    return client;
  }

  it('prepares a parameterised text once and runs it again by name, with the same answers', async () => {
    const client = await connect();
    const text = 'select $1::int + 1 as n';
    expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
    expect(client.prepared).toBe(1);
    expect(await serverStatements(client)).toEqual(['ipos_1']);
    // The callback form, as pg's pool calls it, is named too.
    const viaCallback = await new Promise<unknown>((resolve, reject) =>
      client.query(text, [9], (error, result) => (error ? reject(error) : resolve(result.rows))),
    );
    expect(viaCallback).toEqual([{ n: 10 }]);
    expect(await serverStatements(client)).toEqual(['ipos_1']);
  });

  it('leaves unnamed what has no parameters, what is planned per call, and new texts past its capacity', async () => {
    const client = await connect(2);
    await client.query('select 1; select 2');
    await client.query(`${CUSTOM_PLAN}select $1::int as n`, [1]);
    expect(client.prepared).toBe(0);
    await client.query('select $1::int as a', [1]);
    await client.query('select $1::int as b', [1]);
    expect((await client.query('select $1::int as c', [3])).rows).toEqual([{ c: 3 }]);
    expect(client.prepared).toBe(2);
    expect(await serverStatements(client)).toEqual(['ipos_1', 'ipos_2']);
  });

  it('sends a text unnamed after its table changed shape under the prepared statement', async () => {
    const client = await connect();
    await client.query('create table t (id int primary key, a int)');
    await client.query('insert into t values (1, 2)');
    const text = 'select * from t where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 2 }]);
    await client.query('alter table t add column b int');
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 2, b: null }]);
    expect(client.prepared).toBe(0);
  });
});
