import { sql, type SQL } from 'drizzle-orm';
import { invalidFields } from '../http/app-error.js';

/**
 * The position of a keyset page, newest first on (instant, id): the instant in UTC to the microsecond
 * (a JS Date keeps only milliseconds; read it with `to_char(t at time zone 'UTC',
 * 'YYYY-MM-DD"T"HH24:MI:SS.US')`) and the row's id, as opaque base64url.
 */
export const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`, 'utf8').toString('base64url');

/** The position a cursor names; a 400 on `querystring.cursor` for anything else. */
export function decodeCursor(cursor: string): { at: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)\|([0-9a-f-]{36})$/i.exec(text);
  if (!match)
    // Named like the schema's own query errors (`querystring.<name>`).
    throw invalidFields([
      { field: 'querystring.cursor', message: 'Not a cursor of this list; start from the first page' },
    ]);
  return { at: match[1]!, id: match[2]!.toLowerCase() };
}

/**
 * The rows after a keyset position in a newest-first list: `and (time, id) < (position)`, or nothing
 * on the first page. `time` and `id` are the list's own columns (`s.completed_at`, `s.id`).
 */
export function olderThan(time: SQL, id: SQL, after: { at: string; id: string } | undefined): SQL {
  return after ? sql` and (${time}, ${id}) < ((${after.at}::timestamp at time zone 'UTC'), ${after.id}::uuid)` : sql``;
}

/** A timestamp column as the keyset position reads it: UTC to the microsecond. */
export const cursorInstant = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
