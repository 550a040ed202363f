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

/**
 * A counter whose waits grow with its failures instead of shutting a window: `freeFailures` cost
 * nothing, then each further attempt must come `firstDelayMs` after the last one counted, doubling
 * with each failure up to `maxDelayMs`. A counter idle for `forgetAfterMs` starts again from zero.
 * In `rate_limits` such a row's `window_started_at` is the time of its last counted attempt.
 */
export interface Backoff {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** How long an attempt at `nowMs` still has to wait, given the counter's failures and its last attempt. */
export function backoffWaitMs(rule: Backoff, failures: number, lastAttemptMs: number, nowMs: number): number {
  const idleMs = nowMs - lastAttemptMs;
  if (idleMs >= rule.forgetAfterMs || failures < rule.freeFailures) return 0;
  const delayMs = Math.min(rule.firstDelayMs * 2 ** (failures - rule.freeFailures), rule.maxDelayMs);
  return Math.max(0, delayMs - idleMs);
}

export type BackoffAttempt = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Thrown inside the transaction to undo it when an attempt must wait. */
class MustWait {
  constructor(readonly waitMs: number) {}
}

/**
 * Lets an attempt through only when none of its counters asks it to wait, and then counts it on all
 * of them. One transaction creates the missing rows and locks them all in key order, so parallel
 * attempts queue behind each other instead of slipping through together. An attempt told to wait
 * changes nothing, so the wait it is told holds (unless another attempt on a shared counter goes
 * first). Callers give back or reset the counts of an attempt that succeeds, so the counters
 * measure failures.
 */
export async function attemptWithBackoff(
  db: Executor,
  counters: { key: string; rule: Backoff }[],
  now: Date,
): Promise<BackoffAttempt> {
  const ordered = [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const nowIso = now.toISOString();
  const newRows = sql.join(
    ordered.map((c) => sql`(${c.key}, 0, ${nowIso}::timestamptz)`),
    sql`, `,
  );
  const keys = sql.join(
    ordered.map((c) => sql`${c.key}`),
    sql`, `,
  );
  try {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into rate_limits (key, count, window_started_at) values ${newRows} on conflict (key) do nothing`,
      );
      const rows = await queryRows<{ key: string; count: number | string; window_started_at: Date | string }>(
        tx,
        sql`select key, count, window_started_at from rate_limits where key in (${keys}) order by key for update`,
      );
      const byKey = new Map(rows.map((row) => [row.key, row]));
      let waitMs = 0;
      for (const { key, rule } of ordered) {
        const row = byKey.get(key)!;
        const lastMs = new Date(row.window_started_at).getTime();
        waitMs = Math.max(waitMs, backoffWaitMs(rule, Number(row.count), lastMs, now.getTime()));
      }
      if (waitMs > 0) throw new MustWait(waitMs);
      for (const { key, rule } of ordered) {
        const forgetBefore = new Date(now.getTime() - rule.forgetAfterMs).toISOString();
        await tx.execute(sql`
          update rate_limits set
            count = case when window_started_at <= ${forgetBefore} then 1 else count + 1 end,
            window_started_at = ${nowIso}
          where key = ${key}`);
      }
    });
  } catch (error) {
    if (error instanceof MustWait) return { allowed: false, retryAfterMs: error.waitMs };
    throw error;
  }
  return { allowed: true };
}

/** Takes one attempt back off a counter (a success is not a failure). */
export async function giveBackAttempt(db: Executor, key: string) {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}
