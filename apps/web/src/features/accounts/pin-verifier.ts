import { PIN_MAX_ATTEMPTS } from '@ipos/contracts';
import { deviceDb, type PinVerifierRow } from '../../lib/device-db';
import { logger } from '../../lib/logger';

/**
 * The PIN checked on the device when the server cannot be reached (decision 0036): after the server
 * verified or set a person's PIN, the device keeps a PBKDF2-SHA-256 hash of it with a random salt of
 * its own. Offline, the PIN lock opens against it; the fifth wrong PIN locks it, as the server's rule
 * does, and only a full sign-in (which needs the network) helps then. The PIN itself is never kept.
 */

/** OWASP's figure for PBKDF2-HMAC-SHA-256: a stolen verifier costs a guesser this much per try. */
export const PIN_VERIFIER_ITERATIONS = 310_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export type OfflinePinCheck =
  | { kind: 'verified' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'locked' }
  /** Nothing to check against: this PIN was never verified online on this device. */
  | { kind: 'unknown' };

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

/** Compares every byte whatever the first difference, so the time taken says nothing. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/**
 * Keeps a verifier of the PIN the server has just verified or set (a new salt each time), replacing
 * any earlier one and its count of wrong tries. A device store that cannot be written only costs the
 * offline unlock.
 */
export async function rememberPin(accountId: string, pin: string, iterations = PIN_VERIFIER_ITERATIONS): Promise<void> {
  try {
    const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
    const hash = await derive(pin, salt, iterations);
    const row: PinVerifierRow = {
      accountId,
      salt: toBase64(salt),
      hash: toBase64(hash),
      iterations,
      failures: 0,
      locked: false,
      savedAt: new Date().toISOString(),
    };
    await deviceDb().pinVerifiers.put(row);
  } catch (error) {
    logger.warn('the PIN could not be kept for checking offline', error);
  }
}

/** Checks a PIN on the device; a wrong one is counted, and the fifth in a row locks the verifier. */
export async function checkPinOffline(accountId: string, pin: string): Promise<OfflinePinCheck> {
  const table = deviceDb().pinVerifiers;
  const row = await table.get(accountId);
  if (!row) return { kind: 'unknown' };
  if (row.locked) return { kind: 'locked' };
  const hash = await derive(pin, fromBase64(row.salt), row.iterations);
  if (sameBytes(hash, fromBase64(row.hash))) {
    if (row.failures > 0) await table.update(accountId, { failures: 0 });
    return { kind: 'verified' };
  }
  const failures = row.failures + 1;
  const locked = failures >= PIN_MAX_ATTEMPTS;
  await table.update(accountId, { failures, locked });
  return locked ? { kind: 'locked' } : { kind: 'wrong', attemptsLeft: PIN_MAX_ATTEMPTS - failures };
}

/** The person's PIN changed, was reset, or the server says it is locked or not set. */
export async function forgetPin(accountId: string): Promise<void> {
  await deviceDb()
    .pinVerifiers.delete(accountId)
    .catch((error: unknown) => logger.warn('the offline PIN verifier could not be deleted', error));
}

/** Sign-out: no PIN of anyone stays checkable on this device. */
export async function forgetAllPins(): Promise<void> {
  await deviceDb()
    .pinVerifiers.clear()
    .catch((error: unknown) => logger.warn('the offline PIN verifiers could not be deleted', error));
}

/** The server's words for a wrong PIN, so an offline try reads the same. */
export function wrongPinMessage(attemptsLeft: number): string {
  return `That PIN is not right; ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left`;
}
