import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { findAccountByEmail } from '../features/accounts/accounts.repository.js';
import { hitRateLimit, resetRateLimit, type RateLimit } from '../lib/rate-limit.js';
import { dummySecretHash, verifySecret } from '../lib/secrets.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Failed sign-ins allowed per address and per client IP in a fixed window. */
export const SIGN_IN_LIMITS: { account: RateLimit; ip: RateLimit } = {
  account: { limit: 10, windowMs: FIFTEEN_MINUTES },
  ip: { limit: 30, windowMs: FIFTEEN_MINUTES },
};

export const signInLimitKeys = {
  account: (email: string) => `sign-in:account:${normalizeEmail(email)}`,
  ip: (ip: string) => `sign-in:ip:${ip}`,
};

export type PasswordSignIn =
  { status: 'signed-in'; accountId: string } | { status: 'invalid' } | { status: 'rate-limited' };

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks an email and password. Every attempt is counted first (atomically, in the database, so
 * parallel guesses cannot slip past the limit); over the limit the password is not even looked at.
 * A wrong address, a wrong password and a disabled account answer alike and take the same scrypt
 * time. Success forgives the account's failures and gives back the attempt's IP hit, so the
 * counters measure failures.
 */
export async function signInWithPassword(
  deps: { db: Executor; now: () => Date },
  input: { email: string; password: string; ip: string },
): Promise<PasswordSignIn> {
  const { db } = deps;
  const now = deps.now();
  const accountKey = signInLimitKeys.account(input.email);
  const ipKey = signInLimitKeys.ip(input.ip);
  const withinAccount = await hitRateLimit(db, accountKey, SIGN_IN_LIMITS.account, now);
  const withinIp = await hitRateLimit(db, ipKey, SIGN_IN_LIMITS.ip, now);
  if (!withinAccount || !withinIp) return { status: 'rate-limited' };

  const email = normalizeEmail(input.email);
  const account = email ? await findAccountByEmail(db, email) : undefined;
  const matches = await verifySecret(input.password, account?.passwordHash ?? (await dummySecretHash()));
  if (!account || !matches || account.isDisabled) return { status: 'invalid' };

  await resetRateLimit(db, accountKey);
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${ipKey}`);
  return { status: 'signed-in', accountId: account.id };
}
