import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../src/db/client.js';

/**
 * A digest of every row of every table (the migrations' own table included), to compare two databases:
 * a source and what a restore of its backup made.
 */
export async function digestOf(db: Executor): Promise<Record<string, string>> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`select schemaname as schema, tablename as name from pg_tables
        where schemaname in ('public', 'drizzle') order by schemaname, tablename`,
  );
  const digest: Record<string, string> = {};
  for (const t of tables) {
    const [row] = await queryRows<{ d: string | null }>(
      db,
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d from ${sql.identifier(t.schema)}.${sql.identifier(t.name)} r`,
    );
    digest[`${t.schema}.${t.name}`] = row!.d ?? '';
  }
  return digest;
}
