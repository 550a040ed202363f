import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A row of `table` with every column given (null where none), so no column falls to NULL unasked. */
export type FullRow<T extends PgTable> = Required<T['$inferInsert']>;

/**
 * The INSERT of any number of rows of `table` as one statement of fixed text: the rows travel as one
 * JSON parameter, spread by `json_populate_recordset` into the table's own column types. One line or
 * forty, the text is the same, so it is prepared once (a VALUES list is a new statement for each
 * count), and no query builder walks the rows on the hot path. The text is built once, here.
 *
 * Every column is named and given: a column added to the table later must be added to the rows (the
 * type says so), rather than silently taking NULL in place of its default. Values go as JSON: money
 * and counts as numbers, quantities as their numeric text, uuids and text as strings.
 */
export function jsonRowsInsert<T extends PgTable>(table: T): (rows: FullRow<T>[]) => SQL {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
  const names = columns.map(([, name]) => `"${name}"`).join(', ');
  const tableName = `"${getTableName(table)}"`;
  const head = sql.raw(
    `INSERT INTO ${tableName} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${tableName}, `,
  );
  const tail = sql.raw('::text::json)');
  return (rows) => {
    const records = rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, name] of columns) record[name] = (row as Record<string, unknown>)[key] ?? null;
      return record;
    });
    return sql`${head}${JSON.stringify(records)}${tail}`;
  };
}

/**
 * Several writes as one statement, in the order given, then `then`, whose answer is the statement's:
 * each write is a data-modifying CTE (`written_1`, …). Foreign keys between them (lines to their
 * header) are checked when the statement ends, so a header and its lines go in one trip. `with` holds
 * CTEs given whole (`name AS (…)`), put first, so the writes and `then` may read what they return (a
 * document's number). The text is fixed for a fixed set of writes whatever their row counts.
 *
 * No part sees another's changes (PostgreSQL runs them on one snapshot): a write that reads what
 * another writes (the report summaries reading a sale's lines) goes in a later statement.
 */
export function writesInOneStatement(statement: { with?: SQL; writes: [SQL, ...SQL[]]; then: SQL }): SQL {
  const written = statement.writes.map((write, i) => sql`${sql.raw(`written_${i + 1}`)} AS (${write})`);
  const ctes = statement.with ? [statement.with, ...written] : written;
  return sql`WITH ${sql.join(ctes, sql.raw(', '))} ${statement.then}`;
}
