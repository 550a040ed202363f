import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PIN_MAX_ATTEMPTS } from '@ipos/contracts';
import { auditEvents } from '../../src/db/schema.js';
import { verifySecret } from '../../src/lib/secrets.js';
import { DEMO_PIN, demoAccounts } from '../../src/seed/demo.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';

const passwordOf = (email: string) => demoAccounts.find((a) => a.email === email)!.password;

describe('my PIN', () => {
  let server: TestServer;
  let n = 0;
  const call = async (email: string, method: 'POST' | 'PUT', url: string, payload: object) => {
    const requestId = `pin-test-${++n}-${Date.now()}`;
    const res = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await server.tokenFor(email)}`, 'x-request-id': requestId },
      payload,
    });
    return Object.assign(res, { requestId });
  };
  const verify = (email: string, pin: string) => call(email, 'POST', '/api/v1/me/pin/verify', { pin });
  const accountRow = (email: string) => server.accountRow(email);
  const me = async (email: string) => (await server.me(email)).body;
  /** The audit rows of one request. */
  const auditOfRequest = (requestId: string) =>
    server.deps.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));
  /** Every audited mutation here must name its actor and its request. */
  const expectAudited = async (res: { requestId: string }, email: string, action: string) => {
    const id = (await accountRow(email)).id;
    expect(await auditOfRequest(res.requestId)).toEqual([
      expect.objectContaining({
        action,
        actorAccountId: id,
        entity: 'account',
        entityId: id,
        requestId: res.requestId,
      }),
    ]);
  };

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  describe('create (POST /api/v1/me/pin)', () => {
    it.each(['123', '1234567', '12a4', ' 1234', '١٢٣٤'])('refuses the PIN %j with 400 naming pin', async (pin) => {
      const res = await call(DEMO.newhire, 'POST', '/api/v1/me/pin', { pin });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'pin' }] });
      expect((await accountRow(DEMO.newhire)).pinHash).toBeNull();
    });

    it('creates the new hire’s first PIN: 204, hashed, audited', async () => {
      const res = await call(DEMO.newhire, 'POST', '/api/v1/me/pin', { pin: '135790' });
      expect(res.statusCode, res.body).toBe(204);
      const row = await accountRow(DEMO.newhire);
      expect(row.pinHash).toMatch(/^scrypt\$/);
      expect(await verifySecret('135790', row.pinHash)).toBe(true);
      expect((await me(DEMO.newhire)).hasPin).toBe(true);
      await expectAudited(res, DEMO.newhire, 'account.pin_created');
    });

    it('refuses a second create: 409 PIN_ALREADY_SET, the PIN unchanged', async () => {
      const res = await call(DEMO.newhire, 'POST', '/api/v1/me/pin', { pin: '9999' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PIN_ALREADY_SET');
      expect(await verifySecret('135790', (await accountRow(DEMO.newhire)).pinHash)).toBe(true);
    });
  });

  describe('verify, lock and unlock', () => {
    it('verifies the right PIN: 200 {verified: true}', async () => {
      const res = await verify(DEMO.manager, DEMO_PIN);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ verified: true });
    });

    it('counts wrong PINs in the database: 401 INVALID_PIN with attemptsLeft 4, 3, 2, 1, each audited', async () => {
      for (let attempt = 1; attempt < PIN_MAX_ATTEMPTS; attempt++) {
        const res = await verify(DEMO.manager, '0000');
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({
          code: 'INVALID_PIN',
          attemptsLeft: PIN_MAX_ATTEMPTS - attempt,
          errors: [{ field: 'pin' }],
        });
        const row = await accountRow(DEMO.manager);
        expect(row.pinFailedAttempts).toBe(attempt);
        expect(row.pinLockedAt).toBeNull();
        await expectAudited(res, DEMO.manager, 'account.pin_failed');
      }
    });

    it('locks on the fifth: 423 PIN_LOCKED, and then even the right PIN is 423', async () => {
      const fifth = await verify(DEMO.manager, '0000');
      expect(fifth.statusCode).toBe(423);
      expect(fifth.json().code).toBe('PIN_LOCKED');
      await expectAudited(fifth, DEMO.manager, 'account.pin_locked');
      const row = await accountRow(DEMO.manager);
      expect(row.pinFailedAttempts).toBe(PIN_MAX_ATTEMPTS);
      expect(row.pinLockedAt).toBeInstanceOf(Date);

      const right = await verify(DEMO.manager, DEMO_PIN);
      expect(right.statusCode).toBe(423);
      expect(right.json().code).toBe('PIN_LOCKED');
      // A locked PIN is not even compared: nothing more is counted.
      expect((await accountRow(DEMO.manager)).pinFailedAttempts).toBe(PIN_MAX_ATTEMPTS);
      expect((await me(DEMO.manager)).isPinLocked).toBe(true);
    });

    it('a wrong password does not reset it: 401 INVALID_CREDENTIALS on password', async () => {
      const res = await call(DEMO.manager, 'POST', '/api/v1/me/pin/reset', {
        password: 'wrong-password-1',
        newPin: '8642',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', errors: [{ field: 'password' }] });
      expect((await accountRow(DEMO.manager)).pinLockedAt).toBeInstanceOf(Date);
    });

    it('reset with my password unlocks and sets the new PIN', async () => {
      const res = await call(DEMO.manager, 'POST', '/api/v1/me/pin/reset', {
        password: passwordOf(DEMO.manager),
        newPin: '8642',
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(await accountRow(DEMO.manager)).toMatchObject({ pinFailedAttempts: 0, pinLockedAt: null });
      await expectAudited(res, DEMO.manager, 'account.pin_reset');
      expect((await verify(DEMO.manager, '8642')).statusCode).toBe(200);
      expect((await verify(DEMO.manager, DEMO_PIN)).statusCode).toBe(401);
    });

    it('a right PIN after wrong ones clears the counter (audited)', async () => {
      const ok = await verify(DEMO.manager, '8642');
      expect(ok.statusCode).toBe(200);
      expect((await accountRow(DEMO.manager)).pinFailedAttempts).toBe(0);
      await expectAudited(ok, DEMO.manager, 'account.pin_verified');
    });

    it('verifying without a PIN is 409 PIN_NOT_SET', async () => {
      const fresh = await createTestServer();
      try {
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/v1/me/pin/verify',
          headers: { authorization: `Bearer ${await fresh.tokenFor(DEMO.newhire)}` },
          payload: { pin: '1234' },
        });
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('PIN_NOT_SET');
      } finally {
        await fresh.close();
      }
    });
  });

  describe('change (PUT /api/v1/me/pin)', () => {
    it('refuses a wrong current PIN: 401 INVALID_PIN on currentPin, and counts it', async () => {
      const res = await call(DEMO.admin, 'PUT', '/api/v1/me/pin', { currentPin: '0000', newPin: '97531' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'INVALID_PIN',
        attemptsLeft: PIN_MAX_ATTEMPTS - 1,
        errors: [{ field: 'currentPin' }],
      });
      expect((await accountRow(DEMO.admin)).pinFailedAttempts).toBe(1);
    });

    it('changes the PIN with the current one: the old one stops working', async () => {
      const res = await call(DEMO.admin, 'PUT', '/api/v1/me/pin', { currentPin: DEMO_PIN, newPin: '97531' });
      expect(res.statusCode, res.body).toBe(204);
      expect(await auditOfRequest(res.requestId)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'account.pin_changed',
            requestId: res.requestId,
            actorAccountId: (await accountRow(DEMO.admin)).id,
          }),
        ]),
      );
      expect((await verify(DEMO.admin, '97531')).statusCode).toBe(200);
      expect((await verify(DEMO.admin, DEMO_PIN)).statusCode).toBe(401);
    });

    it('holds the new PIN to the format, naming newPin', async () => {
      const res = await call(DEMO.admin, 'PUT', '/api/v1/me/pin', { currentPin: '97531', newPin: 'abcd' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'newPin' })]);
    });
  });

  it('no audit row holds a PIN, a password or a hash', async () => {
    const rows = await server.deps.database.db.select().from(auditEvents);
    expect(rows.length).toBeGreaterThan(0);
    const secrets = ['135790', '8642', '97531', '0000', DEMO_PIN, ...demoAccounts.map((a) => a.password)];
    for (const row of rows) {
      const text = JSON.stringify({ before: row.before, after: row.after });
      expect(text).not.toMatch(/scrypt\$/);
      for (const secret of secrets) expect(text, `${row.action} holds ${secret}`).not.toContain(`"${secret}"`);
    }
  });
});
