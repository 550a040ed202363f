import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, auditEvents } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';

describe('POST /api/v1/staff/:accountId/pin/reset', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let n = 0;
  const resetAs = async (email: string, storeId: string, accountId: string) => {
    const requestId = `staff-pin-${++n}-${Date.now()}`;
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/staff/${accountId}/pin/reset`,
      headers: {
        authorization: `Bearer ${await server.tokenFor(email)}`,
        'x-store-id': storeId,
        'x-request-id': requestId,
      },
    });
    return Object.assign(res, { requestId });
  };
  const accountRow = (email: string) => server.accountRow(email);
  const me = async (email: string) => (await server.me(email)).body;

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
  });
  afterAll(() => server.close());

  it('the Lekki manager clears a Lekki staff member’s locked PIN: 204, hasPin false, audited', async () => {
    const admin = await accountRow(DEMO.admin);
    await server.deps.database.db
      .update(accounts)
      .set({ pinFailedAttempts: 5, pinLockedAt: new Date() })
      .where(eq(accounts.id, admin.id));
    expect((await me(DEMO.admin)).isPinLocked).toBe(true);

    const res = await resetAs(DEMO.manager, demo.lekkiId, admin.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await accountRow(DEMO.admin)).toMatchObject({ pinHash: null, pinFailedAttempts: 0, pinLockedAt: null });
    const after = await me(DEMO.admin);
    expect(after.hasPin).toBe(false);
    expect(after.isPinLocked).toBe(false);

    const audit = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, res.requestId));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'staff.pin_reset',
        actorAccountId: await server.accountId(DEMO.manager),
        businessId: demo.businessId,
        storeId: demo.lekkiId,
        entity: 'account',
        entityId: admin.id,
        requestId: res.requestId,
        before: { isSet: true, isLocked: true, failedAttempts: 5 },
        after: { isSet: false, isLocked: false, failedAttempts: 0 },
      }),
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/scrypt\$/);
  });

  it('the owner, through ownership, resets an Ikeja cashier’s PIN', async () => {
    const cashier = await server.accountId(DEMO.cashier);
    const res = await resetAs(DEMO.owner, demo.ikejaId, cashier);
    expect(res.statusCode, res.body).toBe(204);
    expect((await me(DEMO.cashier)).hasPin).toBe(false);
  });

  it('a cashier (IPOS_BASIC) may not: 403 FORBIDDEN, nothing changed', async () => {
    const newhire = await accountRow(DEMO.newhire);
    const res = await resetAs(DEMO.cashier, demo.ikejaId, await server.accountId(DEMO.owner));
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().code).toBe('FORBIDDEN');
    // The same cashier naming the Lekki store, where they do not work, learns nothing either.
    const elsewhere = await resetAs(DEMO.cashier, demo.lekkiId, newhire.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(
      await server.deps.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, res.requestId)),
    ).toEqual([]);
  });

  it('a basic member of the same store (the new hire, at Lekki) may not reset the manager’s PIN: 403 FORBIDDEN', async () => {
    // The new hire first replaces the default password, so the refusal below is about the role alone.
    const replaced = await server.app.inject({
      method: 'POST',
      url: '/api/v1/me/default-password',
      headers: { authorization: `Bearer ${await server.tokenFor(DEMO.newhire)}` },
      payload: { newPassword: 'EfeOwnPass#1' },
    });
    expect(replaced.statusCode).toBe(204);
    const res = await resetAs(DEMO.newhire, demo.lekkiId, await server.accountId(DEMO.manager));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await accountRow(DEMO.manager)).pinHash).not.toBeNull();
  });

  it('not your own PIN through this door (it takes your password): 403', async () => {
    const res = await resetAs(DEMO.manager, demo.lekkiId, await server.accountId(DEMO.manager));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await accountRow(DEMO.manager)).pinHash).not.toBeNull();
  });

  it('not the business owner’s PIN: 403', async () => {
    const res = await resetAs(DEMO.manager, demo.lekkiId, await server.accountId(DEMO.owner));
    expect(res.statusCode).toBe(403);
    expect((await accountRow(DEMO.owner)).pinHash).not.toBeNull();
  });

  it('an unknown account is 404 and a malformed id is 400 on accountId', async () => {
    const unknown = await resetAs(DEMO.manager, demo.lekkiId, '0190a0a0-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const malformed = await resetAs(DEMO.manager, demo.lekkiId, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe('params.accountId');
  });
});
