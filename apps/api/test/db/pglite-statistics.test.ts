import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { analyzeChangedTables, keepPgliteStatistics } from '../../src/db/pglite-statistics.js';

/** The planner's idea of a table's size: -1 until it is first analyzed. */
const reltuples = async (db: PGlite, table: string) =>
  Number((await db.query<{ n: number }>(`select reltuples as n from pg_class where relname = $1`, [table])).rows[0]!.n);

describe('planner statistics on the embedded database (db/pglite-statistics.ts)', () => {
  let db: PGlite | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('analyzes a table once more than 50 rows + 10% of it changed, as autovacuum would, and leaves the others', async () => {
    db = await PGlite.create();
    await db.exec(`create table big (n int); create table small (n int);
                   insert into big select generate_series(1, 5000); insert into small values (1), (2);`);
    expect(await reltuples(db, 'big')).toBe(-1);
    expect(await analyzeChangedTables(db)).toEqual(['public.big']);
    expect(await reltuples(db, 'big')).toBe(5000);
    expect(await reltuples(db, 'small')).toBe(-1); // 2 changed rows: below the threshold

    // 10% of 5,000 + 50 = 550: 500 more rows are not enough, 600 are.
    await db.exec('insert into big select generate_series(1, 500)');
    expect(await analyzeChangedTables(db)).toEqual([]);
    await db.exec('insert into big select generate_series(1, 100)');
    expect(await analyzeChangedTables(db)).toEqual(['public.big']);
    expect(await reltuples(db, 'big')).toBe(5600);
  });

  it('runs by itself after start, and stops', async () => {
    db = await PGlite.create();
    await db.exec('create table sales (n int); insert into sales select generate_series(1, 1000);');
    const stop = keepPgliteStatistics(db, { firstAfterMs: 10, everyMs: 60_000 });
    await expect.poll(() => reltuples(db!, 'sales'), { timeout: 5_000 }).toBe(1000);
    await stop();
  });
});
