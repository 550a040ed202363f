import type { PGlite } from '@electric-sql/pglite';
import { loggableErrorOf } from '../lib/loggable-error.js';

/**
 * Planner statistics on the embedded database. PostgreSQL's autovacuum analyzes a table once enough of
 * it has changed; PGlite runs no autovacuum, so without this a table that grew from the demo's
 * hundreds of sales to a million lines keeps the planner's guess of a few rows, and reports and
 * rebuilds pick nested loops that take minutes (bench/reports.mjs saw one summary rebuild go from
 * 0.1 s to 35 s). The same rule as autovacuum's: a table is analyzed when more than 50 rows + 10% of
 * its size changed since its last analyze. One table at a time, so a request waits at most one
 * table's sampling (ANALYZE reads a fixed sample of 30,000 rows, whatever the table's size).
 */

const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

/** Analyzes the tables changed enough since their last analyze; returns their names. */
export async function analyzeChangedTables(client: PGlite): Promise<string[]> {
  // The counters reach pg_stat_user_tables when a transaction ends; flush them with this one.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', s.schemaname, s.relname) as name
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.n_mod_since_analyze > $1 + $2 * greatest(c.reltuples, 0)
      order by s.n_mod_since_analyze desc`,
    [ANALYZE_THRESHOLD, ANALYZE_SCALE],
  );
  for (const { name } of rows) await client.exec(`analyze ${name}`);
  return rows.map((r) => r.name);
}

/**
 * Runs `analyzeChangedTables` `firstAfterMs` after start, then every `everyMs`, until stopped. Timers
 * are unref'd: they never keep the process alive. A failure is logged and tried again next time.
 */
export function keepPgliteStatistics(
  client: PGlite,
  { firstAfterMs = 30_000, everyMs = 10 * 60_000 }: { firstAfterMs?: number; everyMs?: number } = {},
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = analyzeChangedTables(client)
        .catch((error: unknown) => console.warn(`pglite: analyze failed (${loggableErrorOf(error).message})`))
        .finally(() => {
          if (!stopped) schedule(everyMs);
        });
    }, ms);
    timer.unref();
  };
  schedule(firstAfterMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
