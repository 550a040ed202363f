import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../src/db/schema.js';
import { verifySecret } from '../../src/lib/secrets.js';
import { demoAccounts } from '../../src/seed/demo.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';

const passwordOf = (email: string) => demoAccounts.find((a) => a.email === email)!.password;

describe('my password', () => {
  let server: TestServer;
  let n = 0;
  const post = async (email: string, url: string, payload: object) => {
    const requestId = `pw-test-${++n}-${Date.now()}`;
    const res = await server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${await server.tokenFor(email)}`, 'x-request-id': requestId },
      payload,
    });
    return Object.assign(res, { requestId });
  };
  const accountRow = (email: string) => server.accountRow(email);
  const auditOf = async (accountId: string, action: string) =>
    server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, accountId), eq(auditEvents.action, action)));

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  describe('POST /api/v1/me/password', () => {
    it('refuses a wrong current password: 401 INVALID_CREDENTIALS on currentPassword, nothing changed', async () => {
      const before = await accountRow(DEMO.admin);
      const res = await post(DEMO.admin, '/api/v1/me/password', {
        currentPassword: 'not-my-password1',
        newPassword: 'BrandNew#2026',
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', errors: [{ field: 'currentPassword' }] });
      expect((await accountRow(DEMO.admin)).passwordHash).toBe(before.passwordHash);
    });

    it('changes the stored hash and audits it with the actor and the request id', async () => {
      const before = await accountRow(DEMO.admin);
      const res = await post(DEMO.admin, '/api/v1/me/password', {
        currentPassword: passwordOf(DEMO.admin),
        newPassword: 'BrandNew#2026',
      });
      expect(res.statusCode, res.body).toBe(204);
      const after = await accountRow(DEMO.admin);
      expect(after.passwordHash).not.toBe(before.passwordHash);
      expect(await verifySecret('BrandNew#2026', after.passwordHash)).toBe(true);
      expect(await verifySecret(passwordOf(DEMO.admin), after.passwordHash)).toBe(false);
      expect(after.version).toBe(before.version + 1);
      const audit = await auditOf(after.id, 'account.password_changed');
      expect(audit).toEqual([expect.objectContaining({ actorAccountId: after.id, requestId: res.requestId })]);
    });

    it('holds the new password to the password rules, naming newPassword', async () => {
      const res = await post(DEMO.admin, '/api/v1/me/password', {
        currentPassword: 'BrandNew#2026',
        newPassword: 'abc',
      });
      expect(res.statusCode).toBe(400);
      // 'abc' breaks two rules (length, digit): each is reported, both on newPassword.
      expect(new Set(res.json().errors.map((e: { field: string }) => e.field))).toEqual(new Set(['newPassword']));
    });

    it('limits password guesses through this door (10 per 15 minutes per account)', async () => {
      const results: number[] = [];
      for (let i = 0; i < 11; i++) {
        results.push(
          (
            await post(DEMO.cashier, '/api/v1/me/password', {
              currentPassword: `guess-${i}-x`,
              newPassword: 'Whatever#2026',
            })
          ).statusCode,
        );
      }
      expect(results.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(results[10]).toBe(429);
    });
  });

  describe('POST /api/v1/me/default-password', () => {
    it('refuses the default password itself as the new one, naming newPassword', async () => {
      const res = await post(DEMO.newhire, '/api/v1/me/default-password', { newPassword: passwordOf(DEMO.newhire) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'newPassword' }] });
      expect((await accountRow(DEMO.newhire)).mustChangePassword).toBe(true);
    });

    it('replaces the new hire’s default password; /me then says it need not change', async () => {
      const res = await post(DEMO.newhire, '/api/v1/me/default-password', { newPassword: 'EfeOwnPass#1' });
      expect(res.statusCode, res.body).toBe(204);
      const row = await accountRow(DEMO.newhire);
      expect(row.mustChangePassword).toBe(false);
      expect(await verifySecret('EfeOwnPass#1', row.passwordHash)).toBe(true);
      expect(await verifySecret(passwordOf(DEMO.newhire), row.passwordHash)).toBe(false);
      const me = await server.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${await server.tokenFor(DEMO.newhire)}` },
      });
      expect(me.json().mustChangePassword).toBe(false);
      expect(await auditOf(row.id, 'account.default_password_replaced')).toEqual([
        expect.objectContaining({ actorAccountId: row.id, requestId: res.requestId }),
      ]);
    });

    it('works only while the default must be replaced: a second time, or for the manager, is 409 NO_DEFAULT_PASSWORD', async () => {
      for (const email of [DEMO.newhire, DEMO.manager]) {
        const res = await post(email, '/api/v1/me/default-password', { newPassword: 'SomethingNew#9' });
        expect(res.statusCode, email).toBe(409);
        expect(res.json().code).toBe('NO_DEFAULT_PASSWORD');
      }
      expect(await verifySecret(passwordOf(DEMO.manager), (await accountRow(DEMO.manager)).passwordHash)).toBe(true);
    });
  });
});
