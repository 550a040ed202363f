import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { accounts, auditEvents, emailChangeTokens, oidcPayloads } from '../../src/db/schema.js';
import { sha256 } from '../../src/lib/secrets.js';
import { demoAccounts } from '../../src/seed/demo.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { latestMailTo } from '../support/mail.js';
import { Browser, redeemCode, refresh, signIn } from '../identity/browser.js';

const passwordOf = (email: string) => demoAccounts.find((a) => a.email === email)!.password;

/** The token of an email-change mail's link; fails the test when the mail holds no such link. */
function confirmTokenIn(mail: { textBody: string } | undefined) {
  if (!mail) throw new Error('No mail was queued');
  const match = mail.textBody.match(
    /http:\/\/ipos\.test\/dashboard\/profile\?isAdmin=false&confirm-email=([A-Za-z0-9_%-]+)/,
  );
  if (!match) throw new Error(`No confirmation link in the mail:\n${mail.textBody}`);
  return decodeURIComponent(match[1]!);
}

describe('my profile', () => {
  let server: TestServer;
  let clock: Date;
  let n = 0;

  const call = async (
    email: string,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    token?: string,
  ) => {
    const requestId = `profile-test-${++n}-${Date.now()}`;
    const res = await server.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token ?? (await server.tokenFor(email))}`,
        'x-request-id': requestId,
      },
      ...(payload ? { payload } : {}),
    });
    return Object.assign(res, { requestId });
  };
  const auditOf = (accountId: string, action: string) =>
    server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, accountId), eq(auditEvents.action, action)));
  const startChange = (email: string, newEmail: string, currentPassword: string = passwordOf(email)) =>
    call(email, 'POST', '/api/v1/me/email-change', { newEmail, currentPassword });
  const confirm = (email: string, token: string) => call(email, 'POST', '/api/v1/me/email-change/confirm', { token });

  beforeAll(async () => {
    // A movable clock for link expiry: the services read time only through deps.now.
    server = await createTestServer({}, { now: () => clock });
  });
  beforeEach(() => {
    clock = new Date();
  });
  afterAll(() => server.close());

  describe('GET and PUT /api/v1/me/profile', () => {
    it('needs a signed-in account', async () => {
      const res = await server.app.inject({ method: 'GET', url: '/api/v1/me/profile' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    });

    it('reads the caller’s own account', async () => {
      const res = await call(DEMO.cashier, 'GET', '/api/v1/me/profile');
      expect(res.statusCode, res.body).toBe(200);
      const row = await server.accountRow(DEMO.cashier);
      expect(res.json()).toEqual({
        id: row.id,
        email: DEMO.cashier,
        name: 'Dayo Cashier',
        phone: row.phone,
        pendingEmail: null,
        hasPassword: true,
        hasPin: row.pinHash !== null,
        sessionsRevokedAt: null,
        version: row.version,
      });
    });

    it('changes name and phone at the version read, audited with what changed', async () => {
      const before = await server.accountRow(DEMO.cashier);
      const res = await call(DEMO.cashier, 'PUT', '/api/v1/me/profile', {
        version: before.version,
        name: '  Dayo Adeyemi ',
        phone: '+234 803 555 0101',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Dayo Adeyemi',
        phone: '+234 803 555 0101',
        version: before.version + 1,
      });
      const after = await server.accountRow(DEMO.cashier);
      expect(after).toMatchObject({ name: 'Dayo Adeyemi', phone: '+234 803 555 0101', email: before.email });
      expect(await auditOf(before.id, 'account.profile_updated')).toEqual([
        expect.objectContaining({
          actorAccountId: before.id,
          businessId: null,
          requestId: res.requestId,
          before: { name: 'Dayo Cashier', phone: before.phone },
          after: { name: 'Dayo Adeyemi', phone: '+234 803 555 0101' },
        }),
      ]);
      // The new name is what /me (the frame's account menu) shows.
      expect((await server.me(DEMO.cashier)).body.account.name).toBe('Dayo Adeyemi');
    });

    it('clears the phone with an empty value, and records nothing when nothing changed', async () => {
      const { version } = await server.accountRow(DEMO.cashier);
      const cleared = await call(DEMO.cashier, 'PUT', '/api/v1/me/profile', {
        version,
        name: 'Dayo Adeyemi',
        phone: '',
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject({ phone: null, version: version + 1 });
      const same = await call(DEMO.cashier, 'PUT', '/api/v1/me/profile', {
        version: version + 1,
        name: 'Dayo Adeyemi',
        phone: null,
      });
      expect(same.statusCode).toBe(200);
      expect(same.json().version).toBe(version + 1);
      expect(await auditOf(cleared.json().id, 'account.profile_updated')).toHaveLength(2);
    });

    it('refuses a stale version with 409 VERSION_CONFLICT and changes nothing', async () => {
      const before = await server.accountRow(DEMO.cashier);
      const res = await call(DEMO.cashier, 'PUT', '/api/v1/me/profile', {
        version: before.version - 1,
        name: 'Someone Else',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: before.version });
      expect((await server.accountRow(DEMO.cashier)).name).toBe(before.name);
    });

    it('names each bad field: an empty name, letters in the phone, an unknown field', async () => {
      const { version } = await server.accountRow(DEMO.cashier);
      const bad = await call(DEMO.cashier, 'PUT', '/api/v1/me/profile', { version, name: ' ', phone: 'call me' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
      expect(new Set(bad.json().errors.map((e: { field: string }) => e.field))).toEqual(new Set(['name', 'phone']));
      const extra = await call(DEMO.cashier, 'PUT', '/api/v1/me/profile', { version, name: 'Dayo', email: 'x@y.z' });
      expect(extra.statusCode).toBe(400);
      expect((await server.accountRow(DEMO.cashier)).version).toBe(version);
    });
  });

  describe('email change', () => {
    it('refuses a wrong password (401 on currentPassword), the same email, a malformed one: nothing stored or mailed', async () => {
      const id = await server.accountId(DEMO.admin);
      const wrong = await startChange(DEMO.admin, 'bola.new@demo.ipos.test', 'not-my-password1');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', errors: [{ field: 'currentPassword' }] });
      const same = await startChange(DEMO.admin, DEMO.admin.toUpperCase());
      expect(same.statusCode).toBe(400);
      expect(same.json().errors).toEqual([{ field: 'newEmail', message: 'This is already your email' }]);
      const malformed = await startChange(DEMO.admin, 'not-an-email');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors[0].field).toBe('newEmail');
      const rows = await server.deps.database.db
        .select()
        .from(emailChangeTokens)
        .where(eq(emailChangeTokens.accountId, id));
      expect(rows).toEqual([]);
      expect(await latestMailTo(server, 'bola.new@demo.ipos.test')).toBeUndefined();
    });

    it('refuses an address another account uses, whatever its case: 409 EMAIL_TAKEN', async () => {
      const res = await startChange(DEMO.admin, DEMO.manager.toUpperCase());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: [{ field: 'newEmail' }] });
      expect((await server.accountRow(DEMO.admin)).email).toBe(DEMO.admin);
    });

    it('mails a link to the new address (only its hash stored), tells the old one, then changes the email on confirmation', async () => {
      const id = await server.accountId(DEMO.admin);
      const started = await startChange(DEMO.admin, ' Bola.Admin@Example.NG ');
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json()).toMatchObject({
        email: DEMO.admin,
        pendingEmail: { email: 'bola.admin@example.ng' },
      });
      const expiresAt = new Date(started.json().pendingEmail.expiresAt).getTime();
      expect(expiresAt - clock.getTime()).toBe(24 * 60 * 60 * 1000);
      // Nothing changes before the new address proves itself.
      expect((await server.accountRow(DEMO.admin)).email).toBe(DEMO.admin);
      expect((await call(DEMO.admin, 'GET', '/api/v1/me/profile')).json().pendingEmail.email).toBe(
        'bola.admin@example.ng',
      );

      const mail = await latestMailTo(server, 'bola.admin@example.ng');
      expect(mail?.subject).toBe('Confirm your new iPos email');
      const token = confirmTokenIn(mail);
      const [row] = await server.deps.database.db
        .select()
        .from(emailChangeTokens)
        .where(eq(emailChangeTokens.accountId, id));
      expect(row!.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(row)).not.toContain(token);
      const warning = await latestMailTo(server, DEMO.admin);
      expect(warning?.subject).toBe('A change of your iPos email was asked');
      expect(warning?.textBody).toContain('bola.admin@example.ng');
      expect(warning?.textBody).not.toContain(token);
      expect(await auditOf(id, 'account.email_change_requested')).toEqual([
        expect.objectContaining({ after: { newEmail: 'bola.admin@example.ng' }, requestId: started.requestId }),
      ]);

      const confirmed = await confirm(DEMO.admin, token);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ email: 'bola.admin@example.ng', pendingEmail: null });
      expect((await server.accountRow('bola.admin@example.ng')).id).toBe(id);
      expect((await server.me('bola.admin@example.ng')).body.account.email).toBe('bola.admin@example.ng');
      expect(await auditOf(id, 'account.email_changed')).toEqual([
        expect.objectContaining({
          before: { email: DEMO.admin },
          after: { email: 'bola.admin@example.ng' },
          requestId: confirmed.requestId,
        }),
      ]);
      expect((await latestMailTo(server, DEMO.admin))?.subject).toBe('Your iPos email was changed');

      // The embedded identity provider signs the person in with the new address, no longer the old.
      const { code, verifier } = await signIn(new Browser(server.app), {
        email: 'bola.admin@example.ng',
        password: passwordOf(DEMO.admin),
      });
      expect((await redeemCode(server.app, code, verifier)).statusCode).toBe(200);
      await expect(
        signIn(new Browser(server.app), { email: DEMO.admin, password: passwordOf(DEMO.admin) }),
      ).rejects.toThrow();

      // A link works once.
      const again = await confirm('bola.admin@example.ng', token);
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe('EMAIL_CHANGE_INVALID');
    });

    it('answers 410 EMAIL_CHANGE_INVALID for an unknown token and for another account’s token, changing nothing', async () => {
      const unknown = await confirm(DEMO.owner, 'x'.repeat(43));
      expect(unknown.statusCode).toBe(410);
      expect(unknown.json().code).toBe('EMAIL_CHANGE_INVALID');

      expect((await startChange(DEMO.manager, 'ngozi.manager@example.ng')).statusCode).toBe(202);
      const token = confirmTokenIn(await latestMailTo(server, 'ngozi.manager@example.ng'));
      const stolen = await confirm(DEMO.owner, token);
      expect(stolen.statusCode).toBe(410);
      expect((await server.accountRow(DEMO.owner)).email).toBe(DEMO.owner);
      expect((await server.accountRow(DEMO.manager)).email).toBe(DEMO.manager);
      // The token is still good for its own account.
      expect((await confirm(DEMO.manager, token)).statusCode).toBe(200);
      expect((await server.accountRow('ngozi.manager@example.ng')).email).toBe('ngozi.manager@example.ng');
    });

    it('expires the link after 24 hours', async () => {
      expect((await startChange(DEMO.owner, 'owner.later@example.ng')).statusCode).toBe(202);
      const token = confirmTokenIn(await latestMailTo(server, 'owner.later@example.ng'));
      clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1000);
      const late = await confirm(DEMO.owner, token);
      expect(late.statusCode).toBe(410);
      expect(late.json().code).toBe('EMAIL_CHANGE_INVALID');
      expect((await server.accountRow(DEMO.owner)).email).toBe(DEMO.owner);
      // An expired change is no longer pending.
      expect((await call(DEMO.owner, 'GET', '/api/v1/me/profile')).json().pendingEmail).toBeNull();
    });

    it('cancels a pending change (its link stops working), and a newer change replaces an older one', async () => {
      const id = await server.accountId(DEMO.owner);
      expect((await startChange(DEMO.owner, 'first.choice@example.ng')).statusCode).toBe(202);
      const first = confirmTokenIn(await latestMailTo(server, 'first.choice@example.ng'));
      expect((await startChange(DEMO.owner, 'second.choice@example.ng')).statusCode).toBe(202);
      const second = confirmTokenIn(await latestMailTo(server, 'second.choice@example.ng'));
      expect((await confirm(DEMO.owner, first)).statusCode).toBe(410);

      const cancelled = await call(DEMO.owner, 'DELETE', '/api/v1/me/email-change');
      expect(cancelled.statusCode).toBe(204);
      expect((await call(DEMO.owner, 'GET', '/api/v1/me/profile')).json().pendingEmail).toBeNull();
      expect(await auditOf(id, 'account.email_change_cancelled')).toEqual([
        expect.objectContaining({ before: { newEmail: 'second.choice@example.ng' } }),
      ]);
      const late = await confirm(DEMO.owner, second);
      expect(late.statusCode).toBe(410);
      expect((await server.accountRow(DEMO.owner)).email).toBe(DEMO.owner);
      // Cancelling with nothing pending is harmless and records nothing more.
      expect((await call(DEMO.owner, 'DELETE', '/api/v1/me/email-change')).statusCode).toBe(204);
      expect(await auditOf(id, 'account.email_change_cancelled')).toHaveLength(1);
    });

    it('refuses the confirmation with 409 EMAIL_TAKEN when another account took the address meanwhile', async () => {
      expect((await startChange(DEMO.newhire, 'contested@example.ng')).statusCode).toBe(202);
      const token = confirmTokenIn(await latestMailTo(server, 'contested@example.ng'));
      await server.deps.database.db
        .update(accounts)
        .set({ email: 'contested@example.ng' })
        .where(sql`lower(${accounts.email}) = ${DEMO.cashier}`);
      const res = await confirm(DEMO.newhire, token);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('EMAIL_TAKEN');
      expect((await server.accountRow(DEMO.newhire)).email).toBe(DEMO.newhire);
    });

    it('validates the confirmation body', async () => {
      const res = await call(DEMO.owner, 'POST', '/api/v1/me/email-change/confirm', { token: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('token');
    });
  });

  describe('POST /api/v1/me/sign-out-everywhere', () => {
    const OWNER = () => ({ email: DEMO.owner, password: passwordOf(DEMO.owner) });

    async function deviceTokens(credentials: { email: string; password: string }) {
      const { code, verifier } = await signIn(new Browser(server.app), credentials);
      const res = await redeemCode(server.app, code, verifier);
      expect(res.statusCode).toBe(200);
      return res.json() as { access_token: string; refresh_token: string };
    }
    const meWith = (token: string) =>
      server.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    const providerRowsOf = async (accountId: string) =>
      server.deps.database.db
        .select({ model: oidcPayloads.model })
        .from(oidcPayloads)
        .where(sql`${oidcPayloads.payload} ->> 'accountId' = ${accountId}`);

    it('ends every session: old access tokens refused, refresh tokens and provider sessions gone; others untouched', async () => {
      // The owner signs in on two devices, a colleague on one.
      const laptop = await deviceTokens(OWNER());
      const tablet = await deviceTokens(OWNER());
      const colleague = await deviceTokens({ email: DEMO.newhire, password: passwordOf(DEMO.newhire) });
      const signedOutId = await server.accountId(DEMO.owner);
      const colleagueId = await server.accountId(DEMO.newhire);
      expect((await meWith(laptop.access_token)).statusCode).toBe(200);
      expect((await meWith(tablet.access_token)).statusCode).toBe(200);
      const models = new Set((await providerRowsOf(signedOutId)).map((r) => r.model));
      expect([...models]).toEqual(expect.arrayContaining(['Session', 'Grant', 'RefreshToken']));

      clock = new Date(); // the service's clock (deps.now) stands still in these tests: now is now
      const res = await call(DEMO.owner, 'POST', '/api/v1/me/sign-out-everywhere', undefined, laptop.access_token);
      expect(res.statusCode, res.body).toBe(204);

      for (const device of [laptop, tablet]) {
        const refused = await meWith(device.access_token);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().code).toBe('UNAUTHENTICATED');
        const renewed = await refresh(server.app, device.refresh_token);
        expect(renewed.statusCode).toBe(400);
        expect(renewed.json().error).toBe('invalid_grant');
      }
      expect(await providerRowsOf(signedOutId)).toEqual([]);
      // Someone else's sessions are not touched.
      expect((await meWith(colleague.access_token)).statusCode).toBe(200);
      expect((await refresh(server.app, colleague.refresh_token)).statusCode).toBe(200);
      expect((await providerRowsOf(colleagueId)).length).toBeGreaterThan(0);

      const row = await server.accountRow(DEMO.owner);
      expect(row.sessionsRevokedAt).toBeInstanceOf(Date);
      expect(await auditOf(signedOutId, 'account.signed_out_everywhere')).toEqual([
        expect.objectContaining({ actorAccountId: signedOutId, requestId: res.requestId }),
      ]);

      // A token made before the revocation is refused; one from a later sign-in works.
      const revokedSecond = Math.floor(row.sessionsRevokedAt!.getTime() / 1000);
      const older = await server.tokenFor(DEMO.owner, { issuedAtSeconds: revokedSecond - 60 });
      expect((await meWith(older)).statusCode).toBe(401);
      const later = await server.tokenFor(DEMO.owner, { issuedAtSeconds: revokedSecond + 1 });
      expect((await meWith(later)).statusCode).toBe(200);
      // And a real new sign-in, once the second of the revocation has passed.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, (revokedSecond + 1) * 1000 - Date.now() + 20)));
      const fresh = await deviceTokens(OWNER());
      expect((await meWith(fresh.access_token)).statusCode).toBe(200);
      const profile = await call(DEMO.owner, 'GET', '/api/v1/me/profile', undefined, fresh.access_token);
      expect(profile.json().sessionsRevokedAt).toBe(row.sessionsRevokedAt!.toISOString());
    });

    it('needs a signed-in account', async () => {
      const res = await server.app.inject({ method: 'POST', url: '/api/v1/me/sign-out-everywhere' });
      expect(res.statusCode).toBe(401);
    });
  });
});
