import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRegisterSession, listRegisterSessions, reportRegisterDevice, type RegisterSession } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, expectCrossTenantNotFound, registerTenant, type Tenant } from '../support/isolation.js';
import { caller, fieldsOf } from '../inventory/helpers.js';
import { openTestSession } from './checkout-support.js';

/**
 * A till's device reports the sales of its register session it still holds (waiting for the server
 * or needing attention); the open registers show the newest report (decision 0036).
 */
describe('register device reports', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let call: ReturnType<typeof caller>;
  let sessionId: string;

  const report = (body: unknown, options: { session?: string; as?: string; storeId?: string } = {}) =>
    call(reportRegisterDevice, {
      storeId: options.storeId ?? demo.lekkiId,
      params: { sessionId: options.session ?? sessionId },
      body,
      ...(options.as ? { as: options.as } : {}),
    });

  const sessionOf = async (id: string) => {
    const res = await call(getRegisterSession, { storeId: demo.lekkiId, params: { sessionId: id } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RegisterSession;
  };

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    other = await registerTenant(server);
    sessionId = await openTestSession(server, { businessId: demo.businessId, storeId: demo.lekkiId });
  });
  afterAll(() => server.close());

  it('shows no report on a session no device has reported', async () => {
    expect((await sessionOf(sessionId)).deviceReport).toBeNull();
  });

  it("keeps a device's newest report and shows the newest of any device on the session, in the open list too", async () => {
    const syncedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const first = await report({
      deviceId: 'device-aaaa-1',
      pendingSales: 4,
      needsAttention: 1,
      lastSyncedAt: syncedAt,
    });
    expect(first.statusCode, first.body).toBe(204);
    expect((await sessionOf(sessionId)).deviceReport).toMatchObject({
      pendingSales: 4,
      needsAttention: 1,
      lastSyncedAt: syncedAt,
      reportedAt: expect.any(String),
    });

    // The same device again replaces its report; the list of open registers carries it.
    expect(
      (await report({ deviceId: 'device-aaaa-1', pendingSales: 2, needsAttention: 0, lastSyncedAt: null })).statusCode,
    ).toBe(204);
    const open = await call(listRegisterSessions, {
      storeId: demo.lekkiId,
      query: { status: 'open', pageSize: '100' },
    });
    const listed = (open.json() as { items: RegisterSession[] }).items.find((s) => s.id === sessionId);
    expect(listed?.deviceReport).toMatchObject({ pendingSales: 2, needsAttention: 0, lastSyncedAt: null });

    // Another device on the same session: the newest report is the one shown.
    expect(
      (await report({ deviceId: 'device-cccc-3', pendingSales: 0, needsAttention: 0, lastSyncedAt: null })).statusCode,
    ).toBe(204);
    expect((await sessionOf(sessionId)).deviceReport).toMatchObject({ pendingSales: 0 });
  });

  it("takes a cashier's report (checkout.sell) on a session of their store", async () => {
    const ikeja = await openTestSession(server, { businessId: demo.businessId, storeId: demo.ikejaId });
    const res = await report(
      { deviceId: 'device-bbbb-2', pendingSales: 7, needsAttention: 0, lastSyncedAt: null },
      { as: DEMO.cashier, storeId: demo.ikejaId, session: ikeja },
    );
    expect(res.statusCode, res.body).toBe(204);
    const read = await call(getRegisterSession, {
      storeId: demo.ikejaId,
      params: { sessionId: ikeja },
      as: DEMO.owner,
    });
    expect((read.json() as RegisterSession).deviceReport).toMatchObject({ pendingSales: 7 });
  });

  it('refuses a malformed report, naming the field', async () => {
    const bad = await report({ deviceId: 'x', pendingSales: -1, needsAttention: 0, lastSyncedAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['deviceId', 'lastSyncedAt', 'pendingSales']);
  });

  it("answers 404 for another store's or another business's session, and writes nothing", async () => {
    const body = { deviceId: 'device-eeee-5', pendingSales: 3, needsAttention: 0, lastSyncedAt: null };
    await expectCrossTenantNotFound(server, {
      endpoint: reportRegisterDevice,
      params: { sessionId },
      body,
      as: { token: await other.token() },
      storeId: other.storeId,
    });
    await expectCrossTenantNotFound(server, {
      endpoint: reportRegisterDevice,
      params: { sessionId },
      body,
      as: { email: DEMO.owner },
      storeId: demo.ikejaId,
    });
    expect((await sessionOf(sessionId)).deviceReport).toMatchObject({ pendingSales: 0 });
  });
});
