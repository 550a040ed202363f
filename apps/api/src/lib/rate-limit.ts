import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';
import { AppError } from '../http/app-error.js';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit on a fixed-window counter kept in the database (so every replica shares it) and
 * answers whether the caller is still within the limit.
 */
export async function hitRateLimit(db: Executor, key: string, rule: RateLimit, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  const nowIso = now.toISOString();
  const rows = await queryRows<{ count: number | string }>(
    db,
    sql`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, ${nowIso})
    on conflict (key) do update set
      count = case when rate_limits.window_started_at <= ${windowStart} then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at <= ${windowStart} then ${nowIso}::timestamptz else rate_limits.window_started_at end
    returning count`,
  );
  return Number(rows[0]!.count) <= rule.limit;
}

export async function enforceRateLimit(db: Executor, key: string, rule: RateLimit, now: Date) {
  if (!(await hitRateLimit(db, key, rule, now))) {
    throw new AppError('RATE_LIMITED', 'Too many attempts; wait a few minutes and try again', {
      headers: { 'retry-after': String(Math.ceil(rule.windowMs / 1000)) },
    });
  }
}

/** Clears a counter (a successful sign-in forgives earlier failures of that account). */
export async function resetRateLimit(db: Executor, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
