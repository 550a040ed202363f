import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, auditEvents, passwordResetTokens } from '../../src/db/schema.js';
import { sha256, verifySecret } from '../../src/lib/secrets.js';
import { demoAccounts } from '../../src/seed/demo.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { latestMailTo, mailsTo, resetLinkIn } from '../support/mail.js';
import { randomIp } from '../support/isolation.js';

const passwordOf = (email: string) => demoAccounts.find((a) => a.email === email)!.password;

describe('forgot and reset password', () => {
  let server: TestServer;
  let clock: Date;
  const forgot = (email: string, ip = randomIp()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/forgot-password',
      headers: { 'x-forwarded-for': ip },
      payload: { email },
    });
  const reset = (token: string, newPassword: string, ip = randomIp()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/reset-password',
      headers: { 'x-forwarded-for': ip },
      payload: { token, newPassword },
    });
  const accountRow = (email: string) => server.accountRow(email);
  /** Asks for a link and reads it from the outbox. */
  const linkFor = async (email: string) => {
    expect((await forgot(email)).statusCode).toBe(202);
    return resetLinkIn(await latestMailTo(server, email));
  };

  beforeAll(async () => {
    // A movable clock: the service reads time only through deps.now.
    server = await createTestServer({}, { now: () => clock });
  });
  beforeEach(() => {
    clock = new Date();
  });
  afterAll(() => server.close());

  it('answers 202 with the same empty body for a known and an unknown email', async () => {
    const known = await forgot(DEMO.cashier);
    const unknown = await forgot('nobody-here@demo.ipos.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(await latestMailTo(server, 'nobody-here@demo.ipos.test')).toBeUndefined();
  });

  it('queues a mail with a reset link, and stores only the hash of its token', async () => {
    const mail = await (async () => {
      await forgot(DEMO.cashier.toUpperCase());
      return latestMailTo(server, DEMO.cashier);
    })();
    expect(mail).toMatchObject({ toAddress: DEMO.cashier, subject: 'Reset your iPos password' });
    const { link, token } = resetLinkIn(mail);
    expect(link).toBe(`http://ipos.test/onboarding/reset-password?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const tokens = await server.deps.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.accountId, (await accountRow(DEMO.cashier)).id));
    const live = tokens.filter((t) => t.usedAt === null);
    expect(live).toHaveLength(1);
    expect(live[0]!.tokenHash).toBe(sha256(token));
    // Nothing in the table holds the token itself.
    expect(JSON.stringify(tokens)).not.toContain(token);
    // 30 minutes from now.
    expect(live[0]!.expiresAt.getTime() - clock.getTime()).toBe(30 * 60 * 1000);
  });

  it('sets the new password with the link: 204, the old password stops working, the link works once', async () => {
    const { token } = await linkFor(DEMO.manager);
    const oldHash = (await accountRow(DEMO.manager)).passwordHash;
    const res = await reset(token, 'NewManager#2026');
    expect(res.statusCode, res.body).toBe(204);
    const after = await accountRow(DEMO.manager);
    expect(after.passwordHash).not.toBe(oldHash);
    expect(await verifySecret(passwordOf(DEMO.manager), after.passwordHash)).toBe(false);
    expect(await verifySecret('NewManager#2026', after.passwordHash)).toBe(true);

    const again = await reset(token, 'Another#2026x');
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
    expect(await verifySecret('NewManager#2026', (await accountRow(DEMO.manager)).passwordHash)).toBe(true);

    const audit = await server.deps.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, after.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['account.password_reset_requested', 'account.password_reset']),
    );
  });

  it('expires the link after 30 minutes', async () => {
    const { token } = await linkFor(DEMO.admin);
    clock = new Date(clock.getTime() + 30 * 60 * 1000 + 1);
    const res = await reset(token, 'LateAdmin#2026');
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('RESET_TOKEN_INVALID');
    expect(await verifySecret(passwordOf(DEMO.admin), (await accountRow(DEMO.admin)).passwordHash)).toBe(true);
  });

  it('still works a moment before the 30 minutes are up', async () => {
    const { token } = await linkFor(DEMO.admin);
    clock = new Date(clock.getTime() + 30 * 60 * 1000 - 1000);
    expect((await reset(token, 'InTimeAdmin#2026')).statusCode).toBe(204);
  });

  it('a new request makes the older links worthless', async () => {
    const first = await linkFor(DEMO.owner);
    const second = await linkFor(DEMO.owner);
    expect(second.token).not.toBe(first.token);
    expect((await mailsTo(server, DEMO.owner)).length).toBeGreaterThanOrEqual(2);
    const old = await reset(first.token, 'OwnerNew#2026');
    expect(old.statusCode).toBe(410);
    expect((await reset(second.token, 'OwnerNew#2026')).statusCode).toBe(204);
  });

  it('clears the default-password flag and a PIN lock: a new password is a full proof of identity', async () => {
    const { token } = await linkFor(DEMO.newhire);
    await server.deps.database.db
      .update(accounts)
      .set({ pinFailedAttempts: 5, pinLockedAt: clock })
      .where(eq(accounts.email, DEMO.newhire));
    expect((await reset(token, 'MyOwnPass#2026')).statusCode).toBe(204);
    expect(await accountRow(DEMO.newhire)).toMatchObject({
      mustChangePassword: false,
      pinFailedAttempts: 0,
      pinLockedAt: null,
    });
  });

  it('refuses a made-up token with 410 and a weak new password with 400 on newPassword', async () => {
    expect((await reset('x'.repeat(43), 'Whatever#2026')).json().code).toBe('RESET_TOKEN_INVALID');
    const { token } = await linkFor(DEMO.cashier);
    const weak = await reset(token, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.map((e: { field: string }) => e.field)).toContain('newPassword');
    // The refused attempt did not spend the link.
    expect((await reset(token, 'StrongEnough#2026')).statusCode).toBe(204);
  });

  it('limits requests per address and per email without changing the answer', async () => {
    const email = DEMO.cashier;
    const ip = '10.200.0.1';
    // Start past the windows of the earlier tests' requests for this email.
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    const before = (await mailsTo(server, email)).length;
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await forgot(email, ip)).statusCode);
    expect(answers.every((s) => s === 202)).toBe(true);
    // Five per 15 minutes per address: the sixth and seventh sent nothing.
    expect((await mailsTo(server, email)).length - before).toBe(5);
    clock = new Date(clock.getTime() + 15 * 60 * 1000 + 1);
    await forgot(email, ip);
    expect((await mailsTo(server, email)).length - before).toBe(6);
  });

  it('limits reset attempts per client address (20 per 15 minutes): guessing links is cut short', async () => {
    const ip = '10.200.0.2';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await reset(`made-up-token-${i}-${'x'.repeat(30)}`, 'Guess#2026aa', ip)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(410));
    expect(statuses[20]).toBe(429);
  });
});

describe('what the logs see of a password reset', () => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await createTestServer(
      { LOG_LEVEL: 'trace' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => server.close());

  it('never the reset token, the new password or a hash', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/forgot-password',
      payload: { email: DEMO.cashier },
    });
    const { token } = resetLinkIn(await latestMailTo(server, DEMO.cashier));
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/reset-password',
      payload: { token, newPassword: 'LoggedNot#2026' },
    });
    expect(res.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('/api/v1/onboarding/reset-password');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain('LoggedNot#2026');
    expect(log).not.toMatch(/scrypt\$/);
  });
});
