import type { Executor } from '../db/client.js';
import { findAccountByEmail } from '../tenancy/accounts.js';
import { attemptWithBackoff, giveBackAttempt, resetRateLimit, type Backoff } from '../lib/rate-limit.js';
import { dummySecretHash, verifySecret } from '../lib/secrets.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const backoff = (freeFailures: number, maxDelayMs: number): Backoff => ({
  freeFailures,
  firstDelayMs: 1000,
  maxDelayMs,
  forgetAfterMs: FIFTEEN_MINUTES,
});

/**
 * Waits asked of sign-in attempts (decision 0007, amended). Nothing is ever locked: the longest wait
 * is a minute. The address-wide and client-wide caps sit below the pair's, so one client guessing at
 * one address (held to a minute by its pair) cannot keep the address's or connection's turn to itself.
 */
export const SIGN_IN_THROTTLES = {
  /** One address from one client address: a person's own typos, or one guesser at one address. */
  pair: backoff(5, 60_000),
  /** One address from anywhere: guesses spread over many client addresses. */
  account: backoff(10, 30_000),
  /** One client address at any address: credential stuffing, or a bad actor on a shop's connection. */
  ip: backoff(30, 30_000),
  /** A known device at one of its accounts: its own failures only (a stolen cookie still guesses slowly). */
  device: backoff(5, 60_000),
} satisfies Record<string, Backoff>;

export const signInThrottleKeys = {
  // The client address comes last and holds no "|", so no address and client pair spell another's key.
  pair: (email: string, ip: string) => `sign-in:pair:${normalizeEmail(email)}|${ip}`,
  account: (email: string) => `sign-in:account:${normalizeEmail(email)}`,
  ip: (ip: string) => `sign-in:ip:${ip}`,
  device: (deviceId: string, accountId: string) => `sign-in:device:${deviceId}|${accountId}`,
};

export type PasswordSignIn =
  | { status: 'signed-in'; accountId: string }
  | { status: 'invalid' }
  | { status: 'throttled'; retryAfterSeconds: number };

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks an email and password. Every attempt is counted first (atomically, in the database, so
 * parallel guesses cannot slip past); an attempt asked to wait is not even looked at. From a known
 * device of the account only the device's own counter applies; otherwise the pair (address, client),
 * the address and the client address each may ask for a wait. A wrong address, a wrong password and
 * a disabled account answer alike and take the same scrypt time. Success forgives the pair's (or
 * device's) failures and gives back its own hit on the address and client counters.
 */
export async function signInWithPassword(
  deps: { db: Executor; now: () => Date },
  input: { email: string; password: string; ip: string; knownDevice?: { deviceId: string; accountIds: string[] } },
): Promise<PasswordSignIn> {
  const { db } = deps;
  const email = normalizeEmail(input.email);
  const account = email ? await findAccountByEmail(db, email) : undefined;
  const device = account && input.knownDevice?.accountIds.includes(account.id) ? input.knownDevice : undefined;
  const counters = device
    ? [{ key: signInThrottleKeys.device(device.deviceId, account!.id), rule: SIGN_IN_THROTTLES.device }]
    : [
        { key: signInThrottleKeys.pair(email, input.ip), rule: SIGN_IN_THROTTLES.pair },
        { key: signInThrottleKeys.account(email), rule: SIGN_IN_THROTTLES.account },
        { key: signInThrottleKeys.ip(input.ip), rule: SIGN_IN_THROTTLES.ip },
      ];
  const attempt = await attemptWithBackoff(db, counters, deps.now());
  if (!attempt.allowed) return { status: 'throttled', retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) };

  const matches = await verifySecret(input.password, account?.passwordHash ?? (await dummySecretHash()));
  if (!account || !matches || account.isDisabled) return { status: 'invalid' };

  const [own, ...shared] = counters;
  await resetRateLimit(db, own!.key);
  for (const counter of shared) await giveBackAttempt(db, counter.key);
  return { status: 'signed-in', accountId: account.id };
}
