import { describe, expect, it } from 'vitest';
import {
  decodeDeviceCookie,
  DEVICE_TTL_MS,
  deviceCookieKeys,
  deviceCookieSettings,
  encodeDeviceCookie,
  rememberAccount,
} from '../../src/identity/device-cookie.js';

const NOW = new Date('2026-12-01T10:00:00Z');
const [current, previous] = deviceCookieKeys(['current-cookie-key', 'previous-cookie-key']);
const ACCOUNT = '019300aa-0000-7000-8000-000000000001';

describe('the device cookie', () => {
  it('round-trips, and is still read after the keys rotate', () => {
    const cookie = rememberAccount(undefined, ACCOUNT, NOW);
    expect(decodeDeviceCookie([current!], encodeDeviceCookie([current!], cookie), NOW)).toEqual(cookie);
    const signedBefore = encodeDeviceCookie([previous!], cookie);
    expect(decodeDeviceCookie([current!, previous!], signedBefore, NOW)).toEqual(cookie);
    expect(decodeDeviceCookie([current!], signedBefore, NOW)).toBeUndefined();
  });

  it('is refused when any character of it changes', () => {
    const value = encodeDeviceCookie([current!], rememberAccount(undefined, ACCOUNT, NOW));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:|';
    for (let i = 0; i < value.length; i++) {
      for (const other of alphabet.replace(value[i]!, '')) {
        const changed = value.slice(0, i) + other + value.slice(i + 1);
        expect(decodeDeviceCookie([current!], changed, NOW), `${other} at ${i}`).toBeUndefined();
      }
    }
  });

  it('forgets an account that has not signed in on the device for its lifetime', () => {
    const cookie = rememberAccount(undefined, ACCOUNT, NOW);
    const value = encodeDeviceCookie([current!], cookie);
    const justBefore = new Date(NOW.getTime() + DEVICE_TTL_MS - 1000);
    const after = new Date(NOW.getTime() + DEVICE_TTL_MS);
    expect(decodeDeviceCookie([current!], value, justBefore)?.accounts).toHaveLength(1);
    expect(decodeDeviceCookie([current!], value, after)?.accounts).toEqual([]);
  });

  it('keeps one device id and the ten most recent accounts of a shared till', () => {
    let cookie = rememberAccount(undefined, 'account-0', NOW);
    for (let i = 1; i < 12; i++) cookie = rememberAccount(cookie, `account-${i}`, new Date(NOW.getTime() + i * 1000));
    cookie = rememberAccount(cookie, 'account-5', new Date(NOW.getTime() + 60_000));
    expect(cookie.accounts.map((a) => a.accountId)).toEqual(
      ['5', '11', '10', '9', '8', '7', '6', '4', '3', '2'].map((n) => `account-${n}`),
    );
    expect(rememberAccount(cookie, 'account-0', NOW).deviceId).toBe(cookie.deviceId);
    expect(encodeDeviceCookie([current!], cookie).length).toBeLessThan(1024);
  });

  it('is host-only on every path, Secure with the __Host- prefix over https', () => {
    expect(deviceCookieSettings('https://pos.example.com')).toMatchObject({
      name: '__Host-ipos_device',
      options: { secure: true, httpOnly: true, sameSite: 'lax', path: '/' },
    });
    const plain = deviceCookieSettings('http://localhost:3000');
    expect(plain.name).toBe('ipos_device');
    expect(plain.options.secure).toBe(false);
    expect(plain.options).not.toHaveProperty('domain');
  });
});
