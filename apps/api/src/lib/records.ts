import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts } from '../db/schema.js';

/**
 * What every document's read shares: timestamps as ISO strings, and "who" (an account's id with its
 * name). The optimistic version check is `checkVersion` in http/app-error.
 */

export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export const who = (id: string | null, names: Map<string, string>) =>
  id === null ? null : { id, name: names.get(id) ?? 'Unknown' };

/** Account names by id, for "who" on documents (accounts are global; names only). */
export async function accountNames(db: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(inArray(accounts.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
