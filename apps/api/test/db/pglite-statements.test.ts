import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { CUSTOM_PLAN, preparedPglite, type PreparedPglite } from '../../src/db/pglite-statements.js';

/** The texts of the statements the database keeps prepared in its one session. */
const preparedInDatabase = async (db: PGlite) =>
  (await db.query<{ statement: string }>(`select statement from pg_prepared_statements order by statement`)).rows.map(
    (r) => r.statement,
  );

describe('the embedded database with its statements prepared once (db/pglite-statements.ts)', () => {
  let db: PGlite;
  let prepared: PreparedPglite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.exec(`deallocate all; drop table if exists items;
                   create table items (id int primary key, name text, price numeric(12, 3), at timestamptz,
                                       tags text[], doc jsonb, ok boolean)`);
    prepared = preparedPglite(db);
  });

  it('answers as PGlite does: every type, nulls, objects and arrays of values, and the rows a write touched', async () => {
    const insert = `insert into items values ($1, $2, $3, $4, $5, $6, $7), (2, null, null, null, null, null, null)
                    returning *`;
    const params = [1, 'Rice 5 kg', '12.500', new Date('2026-12-07T10:00:00Z'), ['a', 'b'], { n: 1 }, true];
    const written = await prepared.query(insert, params);
    expect(written.affectedRows).toBe(2);
    expect(written.fields.map((f) => f.name)).toEqual(['id', 'name', 'price', 'at', 'tags', 'doc', 'ok']);
    const read = `select * from items where id = any($1::int[]) order by id`;
    // Drizzle's own parsers: timestamps as the database's text.
    const options: QueryOptions = { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    const ours = await prepared.query(read, [[1, 2]], options);
    const theirs = await db.query(read, [[1, 2]], options);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows[0]).toEqual([1, 'Rice 5 kg', '12.500', '2026-12-07 10:00:00+00', ['a', 'b'], { n: 1 }, true]);
    expect((await prepared.query(read, [[1, 2]])).rows).toEqual((await db.query(read, [[1, 2]])).rows);
  });

  it('prepares a statement text once and then only binds it; a new text is a new statement', async () => {
    const read = `select name from items where id = $1`;
    await prepared.query(`insert into items (id, name) values (1, 'Rice'), (2, 'Beans')`);
    expect((await prepared.query<{ name: string }>(read, [1])).rows).toEqual([{ name: 'Rice' }]);
    expect((await prepared.query<{ name: string }>(read, [2])).rows).toEqual([{ name: 'Beans' }]);
    expect(prepared.prepared).toBe(2);
    expect(await preparedInDatabase(db)).toEqual([
      `insert into items (id, name) values (1, 'Rice'), (2, 'Beans')`,
      read,
    ]);
  });

  it('keeps at most its capacity prepared, closing the one used least recently', async () => {
    const small = preparedPglite(db, 2);
    await small.query(`select 1 as one`);
    await small.query(`select 2 as two`);
    await small.query(`select 1 as one`); // now the most recent
    await small.query(`select 3 as three`); // closes "select 2"
    expect(await preparedInDatabase(db)).toEqual(['select 1 as one', 'select 3 as three']);
    expect((await small.query<{ two: number }>(`select 2 as two`)).rows).toEqual([{ two: 2 }]);
    expect(small.prepared).toBe(2);
  });

  it('runs in a transaction: rolled back on a throw, committed otherwise, and one statement at a time', async () => {
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query(`insert into items (id) values ($1)`, [1]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query(`select count(*)::int as n from items`)).rows).toEqual([{ n: 0 }]);

    // A query outside waits for the transaction, as PGlite's own does.
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const tx = prepared.transaction(async (t) => {
      await t.query(`insert into items (id) values ($1)`, [1]);
      inside();
      await new Promise((r) => setTimeout(r, 50));
      await t.query(`insert into items (id) values ($1)`, [2]);
      order.push('transaction');
    });
    await entered;
    const count = prepared.query<{ n: number }>(`select count(*)::int as n from items`).then((r) => {
      order.push('outside');
      return r.rows[0]!.n;
    });
    await tx;
    expect(await count).toBe(2);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('fails as PGlite does: the database error with its code, the statement and its parameters; nothing left half done', async () => {
    await prepared.query(`insert into items (id) values ($1)`, [1]);
    const error = await prepared.query(`insert into items (id) values ($1)`, [1]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey', params: [1] });
    expect((error as { query: string }).query).toContain('insert into items');
    // A text that does not parse is not kept.
    await expect(prepared.query(`selec 1`)).rejects.toMatchObject({ code: '42601' });
    expect(prepared.prepared).toBe(1);
    // And the session is ready for the next statement, in and out of a transaction.
    await prepared
      .transaction(async (tx) => {
        await expect(tx.query(`insert into items (id) values ($1)`, [1])).rejects.toMatchObject({ code: '23505' });
      })
      .catch(() => undefined);
    expect((await prepared.query(`select count(*)::int as n from items`)).rows).toEqual([{ n: 1 }]);
  });

  it('prepares a statement again when its table changed shape under it', async () => {
    await prepared.query(`insert into items (id, name) values (1, 'Rice')`);
    const read = `select * from items where id = $1`;
    expect((await prepared.query(read, [1])).fields).toHaveLength(7);
    await db.exec(`alter table items add column note text`);
    // PostgreSQL refuses a cached plan whose result changed; the next call prepares it anew.
    await expect(prepared.query(read, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await prepared.query(read, [1])).fields).toHaveLength(8);
  });

  it('plans a statement marked CUSTOM_PLAN for each call: it is sent unnamed and never kept prepared', async () => {
    await prepared.query(`insert into items (id, name) select g, 'item ' || g from generate_series(1, 50) g`);
    const search = `select count(*)::int as n from items where name like $1`;
    const runs = async (text: string) => {
      const counts: number[] = [];
      for (const pattern of ['%1%', '%2%', '%3%', '%4%', '%5%', '%6%', '%7%', '%50%'])
        counts.push((await prepared.query<{ n: number }>(text, [pattern])).rows[0]!.n);
      return counts;
    };
    // A prepared statement goes generic after five calls: planned once without its values.
    expect(await runs(search)).toEqual([14, 14, 14, 14, 6, 5, 5, 1]);
    const plans = await db.query<{ generic_plans: number }>(
      `select generic_plans::int from pg_prepared_statements where statement = $1`,
      [search],
    );
    expect(plans.rows[0]!.generic_plans).toBeGreaterThan(0);
    // The same search marked for a custom plan answers the same and leaves nothing prepared.
    expect(await runs(CUSTOM_PLAN + search)).toEqual([14, 14, 14, 14, 6, 5, 5, 1]);
    expect(await preparedInDatabase(db)).toEqual([
      `insert into items (id, name) select g, 'item ' || g from generate_series(1, 50) g`,
      search,
    ]);
    expect(prepared.prepared).toBe(2);
    // Unnamed, it still binds its parameters by their types, inside a transaction as outside.
    await prepared.transaction(async (tx) => {
      const rows = (
        await tx.query<{ id: number }>(`${CUSTOM_PLAN}select id from items where id = any($1::int[])`, [[2, 3]])
      ).rows;
      expect(rows.map((r) => r.id)).toEqual([2, 3]);
    });
  });
});
