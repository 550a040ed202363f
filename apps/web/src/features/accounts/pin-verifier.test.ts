import { describe, expect, it } from 'vitest';
import { deviceDb } from '../../lib/device-db';
import {
  PIN_VERIFIER_ITERATIONS,
  checkPinOffline,
  forgetAllPins,
  forgetPin,
  rememberPin,
  wrongPinMessage,
} from './pin-verifier';

const ADA = '0190a6a0-0000-7000-8000-000000000001';
const BAYO = '0190a6a0-0000-7000-8000-000000000002';

describe('the PIN verifier on the device', () => {
  it('keeps a salted PBKDF2 hash, never the PIN, and accepts the right PIN', async () => {
    await rememberPin(ADA, '246810');
    const row = await deviceDb().pinVerifiers.get(ADA);
    expect(row).toMatchObject({ accountId: ADA, iterations: PIN_VERIFIER_ITERATIONS, failures: 0, locked: false });
    expect(PIN_VERIFIER_ITERATIONS).toBeGreaterThanOrEqual(310_000);
    expect(JSON.stringify(row)).not.toContain('246810');
    expect(atob(row!.salt)).toHaveLength(16);
    expect(atob(row!.hash)).toHaveLength(32);
    expect(await checkPinOffline(ADA, '246810')).toEqual({ kind: 'verified' });
  });

  it('takes a new random salt each time a PIN is kept', async () => {
    await rememberPin(ADA, '2468');
    const first = await deviceDb().pinVerifiers.get(ADA);
    await rememberPin(ADA, '2468');
    const second = await deviceDb().pinVerifiers.get(ADA);
    expect(second!.salt).not.toBe(first!.salt);
    expect(second!.hash).not.toBe(first!.hash);
  });

  it('counts wrong PINs, forgets the count after a right one, and locks on the fifth wrong one in a row', async () => {
    await rememberPin(ADA, '2468');
    expect(await checkPinOffline(ADA, '1111')).toEqual({ kind: 'wrong', attemptsLeft: 4 });
    expect(await checkPinOffline(ADA, '2468')).toEqual({ kind: 'verified' });
    for (const left of [4, 3, 2, 1])
      expect(await checkPinOffline(ADA, '1111')).toEqual({ kind: 'wrong', attemptsLeft: left });
    expect(await checkPinOffline(ADA, '1111')).toEqual({ kind: 'locked' });
    // Locked: even the right PIN no longer opens it.
    expect(await checkPinOffline(ADA, '2468')).toEqual({ kind: 'locked' });
  });

  it('knows nothing of a person whose PIN was never verified here, and keeps people apart', async () => {
    await rememberPin(ADA, '2468');
    expect(await checkPinOffline(BAYO, '2468')).toEqual({ kind: 'unknown' });
  });

  it('a new PIN replaces the old one and the count of wrong tries', async () => {
    await rememberPin(ADA, '2468');
    await checkPinOffline(ADA, '1111');
    await rememberPin(ADA, '1357');
    expect(await checkPinOffline(ADA, '2468')).toEqual({ kind: 'wrong', attemptsLeft: 4 });
    expect(await checkPinOffline(ADA, '1357')).toEqual({ kind: 'verified' });
  });

  it('forgets one person (PIN changed, locked, not set) or everyone (sign-out)', async () => {
    await rememberPin(ADA, '2468');
    await rememberPin(BAYO, '1357');
    await forgetPin(ADA);
    expect(await checkPinOffline(ADA, '2468')).toEqual({ kind: 'unknown' });
    expect(await checkPinOffline(BAYO, '1357')).toEqual({ kind: 'verified' });
    await forgetAllPins();
    expect(await deviceDb().pinVerifiers.count()).toBe(0);
  });

  it('words a wrong PIN as the server does', () => {
    expect(wrongPinMessage(4)).toBe('That PIN is not right; 4 tries left');
    expect(wrongPinMessage(1)).toBe('That PIN is not right; 1 try left');
  });
});
