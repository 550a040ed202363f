import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/**
 * Refreshes the planner's statistics of the named tables now, on either database. Called after a bulk
 * load commits: until a table is analyzed again the planner keeps its last picture of it, and a
 * business that was not in that picture (new, or grown by thousands of rows at once) is estimated at
 * one row. Joins over it then become nested loops that compare every row with every other (a
 * catalogue page of 2,000 rows took 2.5 s on PostgreSQL after a 5,000-product load, and grows with
 * the square). Autovacuum (PostgreSQL) and `keepPgliteStatistics` catch up only later, and not at all
 * for a tenant's rows in a large shared table; PostgreSQL's own advice after populating a database is
 * to ANALYZE it. ANALYZE reads a fixed sample, so this costs tens of milliseconds.
 */
export async function analyzeTables(db: Executor, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await db.execute(
    sql`analyze ${sql.join(
      tables.map((t) => sql.identifier(t)),
      sql`, `,
    )}`,
  );
}
