import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { currencies, currencyCodes } from '@ipos/contracts';
import { accounts, auditEvents, businesses, memberships, roles, stores } from '../../src/db/schema.js';
import { verifySecret } from '../../src/lib/secrets.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
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

describe('POST /api/v1/onboarding/register', () => {
  let server: TestServer;
  const register = (payload: unknown, ip = randomIp()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/register',
      headers: { 'x-forwarded-for': ip, 'x-request-id': `reg-${ip}` },
      payload: payload as object,
    });

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('creates the owner account, the business, its first store, the IPOS_ADMIN membership and the audit trail', async () => {
    const body = validBody({ email: '  Grace.Owner@Shop.IPOS.test ', country: 'ng' });
    const ip = '10.1.2.3';
    const res = await register(body, ip);
    expect(res.statusCode, res.body).toBe(201);
    const { accountId, businessId, storeId } = res.json();
    const db = server.deps.database.db;

    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account).toMatchObject({
      email: 'grace.owner@shop.ipos.test',
      name: 'Grace Owner',
      phone: '+234 803 000 0000',
      mustChangePassword: false,
      pinHash: null,
    });
    expect(account!.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifySecret('GraceShop#2026', account!.passwordHash)).toBe(true);

    const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId));
    expect(business).toMatchObject({
      name: 'Grace Provisions',
      country: 'NG',
      currency: 'NGN',
      ownerAccountId: accountId,
    });

    const storeRows = await db.select().from(stores).where(eq(stores.businessId, businessId));
    expect(storeRows).toHaveLength(1);
    expect(storeRows[0]).toMatchObject({ id: storeId, name: 'Main store', alias: 'GRA', timeZone: 'Africa/Lagos' });

    const roleRows = await db.select().from(roles).where(eq(roles.businessId, businessId));
    expect(roleRows.map((r) => r.name).sort()).toEqual(['IPOS_ADMIN', 'IPOS_BASIC', 'IPOS_MANAGER_USER']);
    const membershipRows = await db.select().from(memberships).where(eq(memberships.businessId, businessId));
    expect(membershipRows).toEqual([
      expect.objectContaining({ storeId, accountId, roleId: roleRows.find((r) => r.name === 'IPOS_ADMIN')!.id }),
    ]);

    const audit = await db.select().from(auditEvents).where(eq(auditEvents.actorAccountId, accountId));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'account.registered',
      'business.created',
      'membership.created',
      'store.created',
    ]);
    for (const event of audit) {
      expect(event).toMatchObject({ requestId: `reg-${ip}`, ip });
      expect(JSON.stringify([event.before, event.after])).not.toMatch(/scrypt\$|GraceShop#2026/);
    }
    expect(audit.find((a) => a.action === 'business.created')).toMatchObject({ businessId, entityId: businessId });
  });

  it('opens admin mode for the new owner: /me shows isOwner, the business and the store', async () => {
    const body = validBody({ businessName: 'Kisumu Fresh', currency: 'KSD', country: 'KE' });
    const { businessId, storeId } = (await register(body)).json();
    const token = await server.tokenFor(body.email);
    const me = (
      await server.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(me.isOwner).toBe(true);
    expect(me.businesses).toEqual([{ id: businessId, name: 'Kisumu Fresh' }]);
    expect(me.memberships).toEqual([
      expect.objectContaining({
        storeId,
        storeName: 'Main store',
        storeAlias: 'KIS',
        businessId,
        currency: 'KSD',
        roleName: 'IPOS_ADMIN',
      }),
    ]);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/admin/businesses',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().items.map((b: { id: string }) => b.id)).toEqual([businessId]);
  });

  it('refuses a taken email, whatever its case: 409 EMAIL_TAKEN on the email field, and creates nothing', async () => {
    const count = async () =>
      Number(
        (
          (await server.deps.database.db.execute(sql`select count(*) as n from businesses`)) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0]!.n,
      );
    const before = await count();
    for (const email of [DEMO.owner, DEMO.owner.toUpperCase(), ` ${DEMO.manager.replace('manager', 'MANAGER')}`]) {
      const res = await register(validBody({ email }));
      expect(res.statusCode, email).toBe(409);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: [{ field: 'email' }] });
    }
    expect(await count()).toBe(before);
  });

  it('two sign-ups with one email at once: one wins, the other gets EMAIL_TAKEN', async () => {
    const email = `race-${Date.now()}@shop.ipos.test`;
    const results = await Promise.all([
      register(validBody({ email })),
      register(validBody({ email: email.toUpperCase() })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('EMAIL_TAKEN');
    const rows = await server.deps.database.db
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it.each(currencyCodes)('accepts the spec’s currency %s', async (currency) => {
    const res = await register(validBody({ currency, businessName: `Shop ${currency}` }));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await server.deps.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, res.json().businessId));
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
      // Invalid bodies are refused before the limit counts; these are valid but taken, so each counts.
      const res = await register(validBody({ email: DEMO.owner }), ip);
      expect(res.statusCode).toBe(409);
    }
    const res = await register(validBody(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    expect(res.headers['retry-after']).toBeDefined();
  });
});
