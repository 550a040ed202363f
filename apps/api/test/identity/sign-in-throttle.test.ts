import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { rateLimits } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { alertText, authorizeUrl, Browser, formAction, hiddenUid, ORIGIN, pkcePair } from './browser.js';

const PASSWORDS: Record<string, string> = {
  [DEMO.manager]: 'DemoManager#2026',
  [DEMO.cashier]: 'DemoCashier#2026',
  [DEMO.newhire]: 'Welcome#2026',
};
const INVALID = 'Invalid email or password';
/** The longest wait a right password may be asked for (decision 0007, amended). */
const LONGEST_WAIT_SECONDS = 60;

/** Seconds the page asks to wait, or undefined when it does not say "Too many … in N seconds". */
function waitAsked(body: string): number | undefined {
  const match = alertText(body)?.match(/^Too many sign-in attempts\. Try again in (\d+) seconds?\.$/);
  return match ? Number(match[1]) : undefined;
}

describe('sign-in throttling', () => {
  let server: TestServer;
  // The app's clock (deps.now): stopped, and moved forward instead of sleeping.
  let clockMs = Date.now();
  const advance = (seconds: number) => {
    clockMs += seconds * 1000;
  };
  beforeAll(async () => {
    server = await createTestServer({}, { now: () => new Date(clockMs) });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.deps.database.db.delete(rateLimits).where(like(rateLimits.key, 'sign-in:%'));
  });

  /** Opens the sign-in page in `browser` (a new one by default) as seen from client address `ip`. */
  async function openLoginPage(ip: string, browser = new Browser(server.app)) {
    const { challenge } = pkcePair();
    const page = await browser.follow(
      await browser.request({
        url: authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', state: 's', prompt: 'login' }),
      }),
    );
    expect(page.statusCode).toBe(200);
    const action = formAction(page.body);
    const uid = hiddenUid(page.body);
    return (email: string, password: string) =>
      browser.request({
        url: action,
        form: { uid, email, password },
        headers: { origin: ORIGIN, 'x-forwarded-for': ip },
      });
  }

  /** Submits wrong passwords until `count` of them were checked and refused, waiting when asked. */
  async function failuresOn(email: string, ip: string, count: number) {
    const submit = await openLoginPage(ip);
    for (let failed = 0; failed < count;) {
      const res = await submit(email, `wrong-${failed}`);
      const wait = waitAsked(res.body);
      if (wait === undefined) {
        expect(alertText(res.body)).toBe(INVALID);
        failed++;
      } else advance(wait);
    }
  }

  /** The right password, retried after each wait asked: signs in having waited at most the longest wait. */
  async function signsInAfterShortWait(
    submit: (email: string, password: string) => ReturnType<Browser['request']>,
    email: string,
  ) {
    let waited = 0;
    for (let tries = 0; tries < 3; tries++) {
      const res = await submit(email, PASSWORDS[email]!);
      if (res.statusCode === 303) return waited;
      const wait = waitAsked(res.body);
      expect(wait, `asked: ${alertText(res.body)}`).toBeDefined();
      waited += wait!;
      advance(wait!);
    }
    expect(waited).toBeLessThanOrEqual(LONGEST_WAIT_SECONDS);
    throw new Error('the right password did not sign in');
  }

  const counter = async (key: string) =>
    (await server.deps.database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count;

  describe('the right password is never kept out for long', () => {
    it('after 10 wrong passwords on an address from one client, from another client and from that one', async () => {
      await failuresOn(DEMO.newhire, '203.0.113.40', 10);

      const elsewhere = await signsInAfterShortWait(await openLoginPage('198.51.100.40'), DEMO.newhire);
      expect(elsewhere).toBeLessThanOrEqual(LONGEST_WAIT_SECONDS);
      const sameClient = await signsInAfterShortWait(await openLoginPage('203.0.113.40'), DEMO.newhire);
      expect(sameClient).toBeLessThanOrEqual(LONGEST_WAIT_SECONDS);
    });

    it("after 30 failures from one client address, another person's right password from it", async () => {
      const ip = '203.0.113.41';
      const submit = await openLoginPage(ip);
      for (let i = 0; i < 30; i++) {
        const res = await submit(`guess-${i}@demo.ipos.test`, 'guess');
        expect(alertText(res.body)).toBe(INVALID);
      }
      const waited = await signsInAfterShortWait(await openLoginPage(ip), DEMO.cashier);
      expect(waited).toBeLessThanOrEqual(LONGEST_WAIT_SECONDS);

      // The guesser on that connection is still slowed, with growing waits.
      expect(waitAsked((await submit('guess-30@demo.ipos.test', 'guess')).body)).toBe(1);
      advance(1);
      expect(alertText((await submit('guess-31@demo.ipos.test', 'guess')).body)).toBe(INVALID);
      expect(waitAsked((await submit('guess-32@demo.ipos.test', 'guess')).body)).toBe(2);
      expect(await counter(`sign-in:ip:${ip}`)).toBe(31);
      // Thirty-odd real password checks through the provider, on a shared 2-core machine.
    }, 90_000);
  });

  describe('guessing is still slowed', () => {
    it('answers a burst of wrong guesses with growing waits, capped, without checking passwords meanwhile', async () => {
      const ip = '203.0.113.42';
      const key = `sign-in:pair:${DEMO.manager}|${ip}`;
      const submit = await openLoginPage(ip);
      for (let i = 0; i < 5; i++) expect(alertText((await submit(DEMO.manager, `wrong-${i}`)).body)).toBe(INVALID);
      expect(await counter(key)).toBe(5);

      const waits: number[] = [];
      for (let i = 0; i < 8; i++) {
        const refused = await submit(DEMO.manager, `guess-${i}`);
        const wait = waitAsked(refused.body)!;
        waits.push(wait);
        // Neither the next guess nor the right password is looked at before the wait is over.
        const rightTooSoon = await submit(DEMO.manager, PASSWORDS[DEMO.manager]!);
        expect(rightTooSoon.statusCode).toBe(200);
        expect(waitAsked(rightTooSoon.body)).toBe(wait);
        expect(await counter(key)).toBe(5 + i);
        advance(wait - 1);
        expect(waitAsked((await submit(DEMO.manager, `early-${i}`)).body)).toBe(1);
        advance(1);
        expect(alertText((await submit(DEMO.manager, `late-${i}`)).body)).toBe(INVALID);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
      // The page keeps the single generic message and the address, never the password.
      const last = await submit(DEMO.manager, 'not-shown');
      expect(last.body.match(/role="alert"/g)).toHaveLength(1);
      expect(last.body).toContain(`value="${DEMO.manager}"`);
      expect(last.body).not.toContain('not-shown');
    });

    it('lets no more guesses through a parallel burst than one at a time', async () => {
      const ip = '203.0.113.47';
      const submit = await openLoginPage(ip);
      const answers = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => alertText((await submit(DEMO.newhire, `burst-${i}`)).body)),
      );
      expect(answers.filter((a) => a === INVALID)).toHaveLength(5);
      expect(answers.filter((a) => a === 'Too many sign-in attempts. Try again in 1 second.')).toHaveLength(7);
      expect(await counter(`sign-in:pair:${DEMO.newhire}|${ip}`)).toBe(5);
    });

    it('answers an unknown address exactly as a known one', async () => {
      const ip = '203.0.113.43';
      const submit = await openLoginPage(ip);
      const answers: string[] = [];
      for (const email of ['nobody@demo.ipos.test', DEMO.newhire]) {
        for (let i = 0; i < 6; i++) answers.push(`${alertText((await submit(email, `wrong-${i}`)).body)}`);
      }
      const oneAddress = [...Array<string>(5).fill(INVALID), 'Too many sign-in attempts. Try again in 1 second.'];
      expect(answers).toEqual([...oneAddress, ...oneAddress]);
    });

    it('slows guessing one address from many client addresses', async () => {
      for (let i = 0; i < 10; i++) await failuresOn(DEMO.cashier, `192.0.2.${i + 1}`, 1);
      const fresh = await openLoginPage('192.0.2.99');
      expect(waitAsked((await fresh(DEMO.cashier, 'wrong-10')).body)).toBe(1);
      advance(1);
      expect(alertText((await fresh(DEMO.cashier, 'wrong-11')).body)).toBe(INVALID);
      expect(waitAsked((await fresh(DEMO.cashier, 'wrong-12')).body)).toBe(2);
      expect(await counter(`sign-in:account:${DEMO.cashier}`)).toBe(11);
    });

    it("forgives the person's own failures on success, and keeps counting them against the address and client", async () => {
      const ip = '203.0.113.45';
      const submit = await openLoginPage(ip);
      await submit(DEMO.cashier, 'wrong-1');
      await submit(DEMO.cashier, 'wrong-2');
      expect((await submit(DEMO.cashier, PASSWORDS[DEMO.cashier]!)).statusCode).toBe(303);
      expect(await counter(`sign-in:pair:${DEMO.cashier}|${ip}`)).toBeUndefined();
      expect(await counter(`sign-in:account:${DEMO.cashier}`)).toBe(2);
      expect(await counter(`sign-in:ip:${ip}`)).toBe(2);
    });
  });

  describe('a known device', () => {
    const SHOP = '203.0.113.50';
    const ATTACKER = '198.51.100.50';

    /** A browser that signed in as `email` from the shop: it carries the device cookie. */
    async function knownDevice(email: string) {
      const browser = new Browser(server.app);
      const res = await (await openLoginPage(SHOP, browser))(email, PASSWORDS[email]!);
      expect(res.statusCode).toBe(303);
      return { browser, setCookie: [res.headers['set-cookie']].flat().find((c) => c?.startsWith('ipos_device=')) };
    }

    /** A browser the account has not signed in from is asked to wait. */
    async function newDeviceMustWait(email: string) {
      const res = await (await openLoginPage(SHOP))(email, PASSWORDS[email]!);
      expect(waitAsked(res.body)).toBeGreaterThan(0);
    }

    /**
     * Wrong passwords at `email` from an attacker, and the shop's connection past its free failures
     * (its counter set as 40 guesses there leave it; the tests above build it from real guesses).
     */
    async function attack(email: string) {
      await failuresOn(email, ATTACKER, 10);
      const windowStartedAt = new Date(clockMs);
      await server.deps.database.db
        .insert(rateLimits)
        .values({ key: `sign-in:ip:${SHOP}`, count: 40, windowStartedAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: 40, windowStartedAt } });
      await newDeviceMustWait(email);
    }

    it('gets a long-lived httpOnly SameSite=Lax cookie bound to the account', async () => {
      const { setCookie } = await knownDevice(DEMO.cashier);
      expect(setCookie).toBeDefined();
      const attributes = setCookie!.toLowerCase().split('; ');
      expect(attributes).toEqual(expect.arrayContaining(['path=/', 'samesite=lax', 'httponly']));
      const expires = Date.parse(attributes.find((a) => a.startsWith('expires='))!.slice('expires='.length));
      expect(expires - Date.now()).toBeGreaterThan(90 * 24 * 60 * 60 * 1000);
      // The cookie names the account, not the address.
      expect(setCookie).toContain(await server.accountId(DEMO.cashier));
      expect(setCookie).not.toContain(DEMO.cashier);
    });

    it('signs in at once while its address and its client address are under attack', async () => {
      const { browser } = await knownDevice(DEMO.cashier);
      await attack(DEMO.cashier);
      const res = await (await openLoginPage(SHOP, browser))(DEMO.cashier, PASSWORDS[DEMO.cashier]!);
      expect(res.statusCode).toBe(303);
    });

    it('remembers every account that signed in on it (a shared till)', async () => {
      const { browser } = await knownDevice(DEMO.cashier);
      expect((await (await openLoginPage(SHOP, browser))(DEMO.manager, PASSWORDS[DEMO.manager]!)).statusCode).toBe(303);
      await attack(DEMO.manager);
      for (const email of [DEMO.manager, DEMO.cashier]) {
        const res = await (await openLoginPage(SHOP, browser))(email, PASSWORDS[email]!);
        expect(res.statusCode).toBe(303);
      }
    });

    it('still slows its own wrong passwords (a stolen cookie is no guessing licence)', async () => {
      const { browser } = await knownDevice(DEMO.cashier);
      const submit = await openLoginPage(SHOP, browser);
      for (let i = 0; i < 5; i++) expect(alertText((await submit(DEMO.cashier, `wrong-${i}`)).body)).toBe(INVALID);
      expect(waitAsked((await submit(DEMO.cashier, 'wrong-5')).body)).toBe(1);
      expect(waitAsked((await submit(DEMO.cashier, PASSWORDS[DEMO.cashier]!)).body)).toBe(1);
    });

    it('gives no way past the throttle for another account, nor when forged', async () => {
      const { browser } = await knownDevice(DEMO.cashier);
      const genuine = [...browser.cookies.values()].find((c) => c.name === 'ipos_device')!;
      const cashierId = await server.accountId(DEMO.cashier);
      const managerId = await server.accountId(DEMO.manager);
      await attack(DEMO.manager);

      const [deviceId, entries, signature] = genuine.value.split('.').slice(1);
      const forgeries = {
        'the genuine cookie of another account': genuine.value,
        'the account swapped': genuine.value.replace(cashierId, managerId),
        'the account added': `v1.${deviceId}.${managerId}:${entries!.split(':')[1]}|${entries}.${signature}`,
        'a made-up signature': `v1.${deviceId}.${entries!.replace(cashierId, managerId)}.${'A'.repeat(43)}`,
        'no signature': `v1.${deviceId}.${entries!.replace(cashierId, managerId)}`,
        garbage: 'not-a-device-cookie',
      };
      for (const [what, value] of Object.entries(forgeries)) {
        browser.cookies.set(`ipos_device|/`, { name: 'ipos_device', value, path: '/' });
        const res = await (await openLoginPage(SHOP, browser))(DEMO.manager, PASSWORDS[DEMO.manager]!);
        expect(res.statusCode, what).toBe(200);
        expect(waitAsked(res.body), what).toBeGreaterThan(0);
      }
    });
  });

  it('marks the device cookie Secure with the __Host- prefix when the public URL is https', async () => {
    const https = await createTestServer({ PUBLIC_URL: 'https://ipos.test' });
    try {
      const browser = new Browser(https.app);
      const { challenge } = pkcePair();
      const page = await browser.follow(
        await browser.request({
          url: authorizeUrl({
            code_challenge: challenge,
            code_challenge_method: 'S256',
            state: 's',
            prompt: 'login',
            redirect_uri: 'https://ipos.test/auth/signinwin/main',
          }),
        }),
      );
      const res = await browser.request({
        url: formAction(page.body),
        form: { uid: hiddenUid(page.body), email: DEMO.cashier, password: PASSWORDS[DEMO.cashier]! },
        headers: { origin: 'https://ipos.test' },
      });
      expect(res.statusCode).toBe(303);
      const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('__Host-ipos_device='));
      expect(cookie?.toLowerCase().split('; ')).toEqual(
        expect.arrayContaining(['path=/', 'samesite=lax', 'httponly', 'secure']),
      );
      expect(cookie).not.toMatch(/domain=/i);
    } finally {
      await https.close();
    }
    // A second server of its own starts here.
  }, 60_000);

  it('keeps its counters in rate_limits, where every replica sees them', async () => {
    await failuresOn(DEMO.newhire, '203.0.113.46', 2);
    const rows = await server.deps.database.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'sign-in:%'`);
    expect(rows.map((r) => [r.key, r.count]).sort()).toEqual([
      [`sign-in:account:${DEMO.newhire}`, 2],
      ['sign-in:ip:203.0.113.46', 2],
      [`sign-in:pair:${DEMO.newhire}|203.0.113.46`, 2],
    ]);
  });
});
