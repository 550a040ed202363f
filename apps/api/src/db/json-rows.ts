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
 * Inserts into several tables as one statement, in the order given: every insert but the last is a
 * data-modifying CTE. Foreign keys between them (lines to their header) are checked when the
 * statement ends, so a header and its lines go in one trip. The text is fixed for a fixed set of
 * inserts whatever their row counts.
 */
export function insertsInOneStatement(...inserts: [SQL, SQL, ...SQL[]]): SQL {
  const last = inserts[inserts.length - 1]!;
  const written = inserts.slice(0, -1).map((insert, i) => sql`${sql.raw(`written_${i + 1}`)} AS (${insert})`);
  return sql`WITH ${sql.join(written, sql.raw(', '))} ${last}`;
}
