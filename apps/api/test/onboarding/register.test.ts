import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { currencies, currencyCodes } from '@ipos/contracts';
import { accounts, auditEvents, businesses, memberships, roles, signUpRequests, stores } from '../../src/db/schema.js';
import { insertAccount } from '../../src/tenancy/accounts.js';
import { newId } from '../../src/lib/ids.js';
import { sha256, verifySecret } from '../../src/lib/secrets.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { latestMailTo, mailsTo, signUpLinkIn } from '../support/mail.js';
import { randomIp } from '../support/isolation.js';

const validBody = (overrides: Record<string, unknown> = {}) => ({
  ownerName: 'Grace Owner',
  email: `grace-${Math.random().toString(36).slice(2, 10)}@shop.ipos.test`,
  phone: '+234 803 000 0000',
  password: 'GraceShop#2026',
  businessName: 'Grace Provisions',
  country: 'NG',
  currency: 'NGN',
  ...overrides,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** What differs between any two answers by design: the request's own id and the time. */
function comparableHeaders(res: LightMyRequestResponse) {
  const { 'x-request-id': _requestId, date: _date, ...rest } = res.headers;
  return rest;
}

describe('sign-up: POST /api/v1/onboarding/register and /verify-email', () => {
  let server: TestServer;
  let clock: Date;
  const db = () => server.deps.database.db;
  const register = (payload: unknown, ip = randomIp()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/register',
      headers: { 'x-forwarded-for': ip, 'x-request-id': `reg-${ip}` },
      payload: payload as object,
    });
  const verify = (token: unknown, ip = randomIp()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/verify-email',
      headers: { 'x-forwarded-for': ip, 'x-request-id': `verify-${ip}` },
      payload: { token } as object,
    });
  /** Signs up and reads the token of the link mailed to the address. */
  const tokenFor = async (body: { email: string }, ip?: string) => {
    const res = await register(body, ip);
    expect(res.statusCode, res.body).toBe(202);
    return signUpLinkIn(await latestMailTo(server, body.email)).token;
  };
  /** Signs up and finishes it with the mailed link: the answer of verify-email. */
  const signUp = async (body: { email: string }) => verify(await tokenFor(body));
  const count = async (table: 'accounts' | 'businesses' | 'sign_up_requests') =>
    Number(
      (
        (await db().execute(sql`select count(*) as n from ${sql.identifier(table)}`)) as unknown as {
          rows: { n: string }[];
        }
      ).rows[0]!.n,
    );
  const requestsFor = (email: string) => db().select().from(signUpRequests).where(eq(signUpRequests.email, email));

  beforeAll(async () => {
    // A movable clock: the service reads time only through deps.now.
    server = await createTestServer({}, { now: () => clock });
  });
  beforeEach(() => {
    clock = new Date();
  });
  afterAll(() => server.close());

  it('answers an address that has an account exactly as a new one: same status, headers and body', async () => {
    // The defect: a taken address used to answer 409 EMAIL_TAKEN and a new one 201 with the new ids,
    // which told anyone which addresses have iPos accounts.
    const fresh = await register(validBody());
    for (const email of [DEMO.owner, DEMO.owner.toUpperCase(), ` ${DEMO.manager.replace('manager', 'MANAGER')}`]) {
      const taken = await register(validBody({ email }));
      expect(taken.statusCode, email).toBe(202);
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(comparableHeaders(taken), email).toEqual(comparableHeaders(fresh));
      expect(taken.body, email).toBe(fresh.body);
    }
    // No ids, nothing about the address: the body is empty (JSON null, as forgot-password answers).
    expect(['', 'null']).toContain(fresh.body);
  });

  it('stores a new address’s form until the address is proved: password hashed, token hashed, 24 hours', async () => {
    const before = { accounts: await count('accounts'), businesses: await count('businesses') };
    const body = validBody({ email: '  Grace.Owner@Shop.IPOS.test ', country: 'ng' });
    expect((await register(body)).statusCode).toBe(202);
    // Nothing is created before the link is opened.
    expect({ accounts: await count('accounts'), businesses: await count('businesses') }).toEqual(before);

    const mail = await latestMailTo(server, 'grace.owner@shop.ipos.test');
    expect(mail).toMatchObject({
      toAddress: 'grace.owner@shop.ipos.test',
      subject: 'Finish creating your iPos account for Grace Provisions',
    });
    const { link, token } = signUpLinkIn(mail);
    expect(link).toBe(`http://ipos.test/onboarding/verify-email?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(mail!.textBody).toContain('within 24 hours');

    const rows = await requestsFor('grace.owner@shop.ipos.test');
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.usedAt).toBeNull();
    expect(row!.expiresAt.getTime() - clock.getTime()).toBe(DAY_MS);
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifySecret('GraceShop#2026', row!.passwordHash)).toBe(true);
    expect(row!.details).toEqual({
      ownerName: 'Grace Owner',
      phone: '+234 803 000 0000',
      businessName: 'Grace Provisions',
      country: 'NG',
      currency: 'NGN',
    });
    // Neither the token nor the password is kept as such.
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain('GraceShop#2026');
  });

  it('mails an address that has an account how to sign in or reset, and stores nothing', async () => {
    const before = { requests: await count('sign_up_requests'), businesses: await count('businesses') };
    const mailsBefore = (await mailsTo(server, DEMO.cashier)).length;
    expect((await register(validBody({ email: DEMO.cashier.toUpperCase() }))).statusCode).toBe(202);

    const mails = await mailsTo(server, DEMO.cashier);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('You already have an iPos account');
    expect(mail.textBody).toContain('Someone (maybe you) tried to sign up');
    expect(mail.textBody).toContain('http://ipos.test/\n');
    expect(mail.textBody).toContain('http://ipos.test/onboarding/forgot-password');
    expect(mail.textBody).not.toContain('verify-email');
    expect({ requests: await count('sign_up_requests'), businesses: await count('businesses') }).toEqual(before);
  });

  it('the mailed link creates the owner account, the business, its first store, the IPOS_ADMIN membership and the audit trail', async () => {
    const body = validBody({ email: 'verified.owner@shop.ipos.test' });
    const ip = '10.1.2.3';
    const token = await tokenFor(body);
    const res = await verify(token, ip);
    expect(res.statusCode, res.body).toBe(201);
    const { accountId, businessId, storeId, email, businessName } = res.json();
    expect({ email, businessName }).toEqual({
      email: 'verified.owner@shop.ipos.test',
      businessName: 'Grace Provisions',
    });

    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account).toMatchObject({
      email: 'verified.owner@shop.ipos.test',
      name: 'Grace Owner',
      phone: '+234 803 000 0000',
      mustChangePassword: false,
      pinHash: null,
    });
    expect(await verifySecret('GraceShop#2026', account!.passwordHash)).toBe(true);

    const [business] = await db().select().from(businesses).where(eq(businesses.id, businessId));
    expect(business).toMatchObject({
      name: 'Grace Provisions',
      country: 'NG',
      currency: 'NGN',
      ownerAccountId: accountId,
    });
    const storeRows = await db().select().from(stores).where(eq(stores.businessId, businessId));
    expect(storeRows).toHaveLength(1);
    expect(storeRows[0]).toMatchObject({ id: storeId, name: 'Main store', alias: 'GRA', timeZone: 'Africa/Lagos' });
    const roleRows = await db().select().from(roles).where(eq(roles.businessId, businessId));
    expect(roleRows.map((r) => r.name).sort()).toEqual(['IPOS_ADMIN', 'IPOS_BASIC', 'IPOS_MANAGER_USER']);
    const membershipRows = await db().select().from(memberships).where(eq(memberships.businessId, businessId));
    expect(membershipRows).toEqual([
      expect.objectContaining({ storeId, accountId, roleId: roleRows.find((r) => r.name === 'IPOS_ADMIN')!.id }),
    ]);

    const audit = await db().select().from(auditEvents).where(eq(auditEvents.actorAccountId, accountId));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'account.registered',
      'business.created',
      'membership.created',
      'store.created',
    ]);
    for (const event of audit) {
      expect(event).toMatchObject({ requestId: `verify-${ip}`, ip });
      expect(JSON.stringify([event.before, event.after])).not.toMatch(/scrypt\$|GraceShop#2026/);
    }
    const [request] = await requestsFor('verified.owner@shop.ipos.test');
    const requested = await db().select().from(auditEvents).where(eq(auditEvents.entityId, request!.id));
    expect(requested).toEqual([
      expect.objectContaining({ action: 'account.sign_up_requested', actorAccountId: null, businessId: null }),
    ]);
    expect(JSON.stringify(requested)).not.toMatch(/scrypt\$|GraceShop#2026/);
  });

  it('opens admin mode for the new owner: /me shows isOwner, the business and the store', async () => {
    const body = validBody({ businessName: 'Kisumu Fresh', currency: 'KSD', country: 'KE' });
    const { businessId, storeId } = (await signUp(body)).json();
    const token = await server.tokenFor(body.email);
    const me = (
      await server.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(me.isOwner).toBe(true);
    expect(me.businesses).toEqual([{ id: businessId, name: 'Kisumu Fresh' }]);
    expect(me.memberships).toEqual([
      expect.objectContaining({ storeId, storeName: 'Main store', storeAlias: 'KIS', businessId, currency: 'KSD' }),
    ]);
  });

  it('a link works once: the second use is 410 SIGN_UP_LINK_INVALID and creates nothing', async () => {
    const token = await tokenFor(validBody());
    expect((await verify(token)).statusCode).toBe(201);
    const before = { accounts: await count('accounts'), businesses: await count('businesses') };
    const again = await verify(token);
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toMatchObject({ status: 410, code: 'SIGN_UP_LINK_INVALID' });
    expect({ accounts: await count('accounts'), businesses: await count('businesses') }).toEqual(before);
  });

  it('the same link opened twice at once makes one account: one 201, one 410', async () => {
    const body = validBody();
    const token = await tokenFor(body);
    const results = await Promise.all([verify(token), verify(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 410]);
    const rows = await db().select().from(accounts).where(eq(accounts.email, body.email));
    expect(rows).toHaveLength(1);
  });

  it('expires the link after 24 hours', async () => {
    const late = await tokenFor(validBody());
    const inTime = await tokenFor(validBody());
    clock = new Date(clock.getTime() + DAY_MS - 1000);
    expect((await verify(inTime)).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 1001);
    const res = await verify(late);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('SIGN_UP_LINK_INVALID');
  });

  it('refuses a made-up token with the same 410, and a malformed one as a validation error', async () => {
    const before = { accounts: await count('accounts'), businesses: await count('businesses') };
    const madeUp = await verify('x'.repeat(43));
    expect(madeUp.statusCode).toBe(410);
    expect(madeUp.json().code).toBe('SIGN_UP_LINK_INVALID');
    for (const token of ['short', 'y'.repeat(201), 42, null]) {
      const res = await verify(token);
      expect(res.statusCode, String(token)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ field: 'token' })],
      });
    }
    expect({ accounts: await count('accounts'), businesses: await count('businesses') }).toEqual(before);
  });

  it('a newer sign-up with the address makes the older link worthless', async () => {
    const email = `again-${Date.now()}@shop.ipos.test`;
    const first = await tokenFor(validBody({ email, businessName: 'First Try' }));
    const second = await tokenFor(validBody({ email, businessName: 'Second Try' }));
    expect(second).not.toBe(first);
    expect((await verify(first)).json().code).toBe('SIGN_UP_LINK_INVALID');
    const res = await verify(second);
    expect(res.statusCode).toBe(201);
    expect(res.json().businessName).toBe('Second Try');
  });

  it('an account made with the address meanwhile: 409 EMAIL_TAKEN, and no second account', async () => {
    const body = validBody();
    const token = await tokenFor(body);
    await insertAccount(db(), { id: newId(), email: body.email, name: 'Someone Else', passwordHash: null });
    const res = await verify(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: [{ field: 'email' }] });
    expect(await db().select().from(accounts).where(eq(accounts.email, body.email))).toHaveLength(1);
  });

  it('two live links for one address finished at once: one account, the other EMAIL_TAKEN', async () => {
    const email = `race-${Date.now()}@shop.ipos.test`;
    const first = await tokenFor(validBody({ email }));
    const second = await tokenFor(validBody({ email }));
    // Two requests that raced each other can both be live: the account's unique email decides.
    await db()
      .update(signUpRequests)
      .set({ usedAt: null })
      .where(eq(signUpRequests.tokenHash, sha256(first)));
    const results = await Promise.all([verify(first), verify(second)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('EMAIL_TAKEN');
    expect(await db().select().from(accounts).where(eq(accounts.email, email))).toHaveLength(1);
  });

  it.each(currencyCodes)('accepts the spec’s currency %s', async (currency) => {
    const res = await signUp(validBody({ currency, businessName: `Shop ${currency}` }));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db().select().from(businesses).where(eq(businesses.id, res.json().businessId));
    expect(row!.currency).toBe(currency);
  });

  it('keeps to the spec’s list: six currencies, KSD (not KES) for the Kenyan shilling', () => {
    expect(currencies.map((c) => c.code).sort()).toEqual(['EUR', 'GBP', 'KSD', 'NGN', 'TZS', 'USD']);
  });

  it.each(['KES', 'ngn', 'XOF', '', 566])('rejects the currency %j, naming the field', async (currency) => {
    const res = await register(validBody({ currency }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ field: 'currency' })],
    });
  });

  it.each([
    ['ownerName', { ownerName: '  ' }],
    ['email', { email: 'not-an-email' }],
    ['phone', { phone: 'call me' }],
    ['password', { password: 'short1' }],
    ['password', { password: 'nodigitshere' }],
    ['businessName', { businessName: '' }],
    ['country', { country: 'Nigeria' }],
  ])('names the field in error: %s', async (field, overrides) => {
    const res = await register(validBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('names every missing field', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['businessName', 'country', 'currency', 'email', 'ownerName', 'password', 'phone']);
  });

  it('limits sign-ups per client address (kept in the database): the 11th in an hour is 429', async () => {
    const ip = '10.250.250.250';
    for (let i = 0; i < 10; i++) {
      // Invalid bodies are refused before the limit counts; these are valid, taken or new alike.
      const res = await register(validBody(i % 2 ? { email: DEMO.owner } : {}), ip);
      expect(res.statusCode).toBe(202);
    }
    const res = await register(validBody(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('mails one address at most 5 times an hour, still answering 202', async () => {
    const email = `flood-${Date.now()}@shop.ipos.test`;
    for (let i = 0; i < 7; i++) expect((await register(validBody({ email }))).statusCode).toBe(202);
    expect(await mailsTo(server, email)).toHaveLength(5);
    clock = new Date(clock.getTime() + 60 * 60 * 1000 + 1);
    expect((await register(validBody({ email }))).statusCode).toBe(202);
    expect(await mailsTo(server, email)).toHaveLength(6);
  });

  it('limits finishing sign-ups per client address: the 21st try in 15 minutes is 429', async () => {
    const ip = '10.250.250.251';
    for (let i = 0; i < 20; i++) expect((await verify(`made-up-token-${i}-xxxxxxxxxx`, ip)).statusCode).toBe(410);
    const res = await verify('made-up-token-last-xxxxxxxxxx', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });
});
