import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';

/**
 * The device cookie (decision 0007, amended): a browser that has signed in to an account carries
 * the account's id in a cookie signed by the server. Its sign-ins to that account are throttled on
 * their own counter, so guesses at the address or from the same connection do not slow it down.
 * It grants nothing by itself: the password is still required.
 *
 * Value: `v1.<deviceId>.<accountId>:<signedInAt>|….<signature>`, signedInAt in seconds (base 36),
 * most recent account first; the signature is HMAC-SHA256 over everything before it.
 */
export interface DeviceCookie {
  deviceId: string;
  accounts: { accountId: string; signedInAtSeconds: number }[];
}

const VERSION = 'v1';
/** How long a device stays known after an account last signed in on it. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** A shared till sees several staff; the oldest beyond this many are forgotten. */
const MAX_ACCOUNTS = 10;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const ENTRY = /^([A-Za-z0-9-]{1,64}):([0-9a-z]{1,10})$/;

/**
 * The HMAC keys of device cookies, derived from the provider's cookie keys (kept in the database,
 * keys.ts) so no other secret is stored; the first signs, any verifies.
 */
export function deviceCookieKeys(cookieKeys: string[]): Buffer[] {
  return cookieKeys.map((key) => createHmac('sha256', key).update('ipos device cookie').digest());
}

function sign(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function encodeDeviceCookie(keys: Buffer[], cookie: DeviceCookie): string {
  const entries = cookie.accounts.map((a) => `${a.accountId}:${a.signedInAtSeconds.toString(36)}`).join('|');
  const payload = `${VERSION}.${cookie.deviceId}.${entries}`;
  return `${payload}.${sign(keys[0]!, payload).toString('base64url')}`;
}

/** The cookie if its signature holds, without the accounts that have not signed in on it for too long. */
export function decodeDeviceCookie(keys: Buffer[], value: string | undefined, now: Date): DeviceCookie | undefined {
  const parts = (value ?? '').split('.');
  if (parts.length !== 4 || parts[0] !== VERSION || !DEVICE_ID.test(parts[1]!)) return undefined;
  const payload = parts.slice(0, 3).join('.');
  const signature = Buffer.from(parts[3]!, 'base64url');
  // Only the one spelling of the signature: base64 would also accept other final characters.
  if (signature.toString('base64url') !== parts[3]) return undefined;
  const genuine = keys.some((key) => {
    const expected = sign(key, payload);
    return signature.length === expected.length && timingSafeEqual(signature, expected);
  });
  if (!genuine) return undefined;
  const oldestSeconds = (now.getTime() - DEVICE_TTL_MS) / 1000;
  const accounts = [];
  for (const entry of parts[2]!.split('|')) {
    const match = ENTRY.exec(entry);
    if (!match) return undefined;
    const signedInAtSeconds = parseInt(match[2]!, 36);
    if (signedInAtSeconds > oldestSeconds) accounts.push({ accountId: match[1]!, signedInAtSeconds });
  }
  return { deviceId: parts[1]!, accounts };
}

/** The cookie after `accountId` signed in on the device (a new device when there was none). */
export function rememberAccount(cookie: DeviceCookie | undefined, accountId: string, now: Date): DeviceCookie {
  const others = (cookie?.accounts ?? []).filter((a) => a.accountId !== accountId);
  return {
    deviceId: cookie?.deviceId ?? randomBytes(16).toString('base64url'),
    accounts: [{ accountId, signedInAtSeconds: Math.floor(now.getTime() / 1000) }, ...others].slice(0, MAX_ACCOUNTS),
  };
}

/**
 * Where the cookie lives: host-only on every path of the public origin. Over https it is Secure with
 * the __Host- prefix, so no subdomain or plain-http page can plant or overwrite one.
 */
export function deviceCookieSettings(publicUrl: string) {
  const secure = new URL(publicUrl).protocol === 'https:';
  return {
    name: secure ? '__Host-ipos_device' : 'ipos_device',
    options: {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: DEVICE_TTL_MS,
      overwrite: true,
      signed: false,
    } as const,
  };
}

/** Reads and writes the device cookie on the provider's requests. */
export function deviceCookies(options: { publicUrl: string; keys: Buffer[]; now: () => Date }) {
  const { name, options: attributes } = deviceCookieSettings(options.publicUrl);
  return {
    read: (ctx: Koa.Context) => decodeDeviceCookie(options.keys, ctx.cookies.get(name), options.now()),
    /** Adds the account to this browser's device cookie (or gives it one) and renews it. */
    remember(ctx: Koa.Context, accountId: string) {
      const now = options.now();
      const cookie = rememberAccount(decodeDeviceCookie(options.keys, ctx.cookies.get(name), now), accountId, now);
      ctx.cookies.set(name, encodeDeviceCookie(options.keys, cookie), attributes);
    },
  };
}
