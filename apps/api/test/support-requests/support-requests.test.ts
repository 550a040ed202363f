import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STORE_HEADER } from '@ipos/contracts';
import { auditEvents, supportRequests } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { latestMailTo } from '../support/mail.js';
import { demoIds, registerTenant } from '../support/isolation.js';

const SUPPORT = 'help@ipos-support.test';

describe('POST /api/v1/support/requests', () => {
  let server: TestServer;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const body = (overrides: object = {}) => ({
    subject: 'Receipt printer prints blank pages',
    category: 'problem',
    message: 'Since this morning the receipt printer at till 2 feeds blank paper after every sale.',
    systemInfo: {
      appVersion: '1.0.0',
      environment: 'production',
      page: '/dashboard/support',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
      language: 'en-NG',
      timeZone: 'Africa/Lagos',
      screen: '1280×800',
    },
    ...overrides,
  });
  const send = async (email: string, payload: object, storeId?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/support/requests',
      headers: {
        authorization: `Bearer ${await server.tokenFor(email)}`,
        'x-request-id': `support-${Date.now()}-${Math.random()}`,
        ...(storeId ? { [STORE_HEADER]: storeId } : {}),
      },
      payload,
    });
  const stored = (id: string) =>
    server.deps.database.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, id))
      .then((rows) => rows[0]);

  beforeAll(async () => {
    server = await createTestServer({ SUPPORT_EMAIL: SUPPORT });
    ids = await demoIds(server);
  });
  afterAll(() => server.close());

  it('needs a signed-in account', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/support/requests', payload: body() });
    expect(res.statusCode).toBe(401);
  });

  it('stores the request with the active store, mails it to SUPPORT_EMAIL and a receipt to the person, audited', async () => {
    const res = await send(DEMO.cashier, body(), ids.ikejaId);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.reference).toMatch(/^SUP-[0-9A-F]{8}$/);
    const row = await stored(created.id);
    const accountId = await server.accountId(DEMO.cashier);
    expect(row).toMatchObject({
      accountId,
      businessId: ids.businessId,
      storeId: ids.ikejaId,
      subject: 'Receipt printer prints blank pages',
      category: 'problem',
    });
    expect(row!.systemInfo).toMatchObject({
      appVersion: '1.0.0',
      screen: '1280×800',
      business: { id: ids.businessId, name: 'Demo Mart' },
      store: { id: ids.ikejaId, name: 'Ikeja', alias: 'IKJ', role: 'IPOS_BASIC' },
    });

    const mail = await latestMailTo(server, SUPPORT);
    expect(mail?.subject).toBe(`[${created.reference}] Something is not working: Receipt printer prints blank pages`);
    expect(mail?.textBody).toContain(`Dayo Cashier <${DEMO.cashier}>`);
    expect(mail?.textBody).toContain('feeds blank paper after every sale');
    expect(mail?.textBody).toContain('App version: 1.0.0 (production)');
    expect(mail?.textBody).toContain(`Store: Ikeja [IKJ] (${ids.ikejaId}), role IPOS_BASIC`);
    const receipt = await latestMailTo(server, DEMO.cashier);
    expect(receipt?.subject).toBe(`We received your message (${created.reference})`);

    const [audit] = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, created.id));
    expect(audit).toMatchObject({
      action: 'support.request_sent',
      actorAccountId: accountId,
      businessId: ids.businessId,
      storeId: ids.ikejaId,
    });
  });

  it('takes a request without a store (no business named)', async () => {
    const res = await send(DEMO.owner, body({ category: 'billing', subject: 'Which plan fits two shops?' }));
    expect(res.statusCode, res.body).toBe(201);
    const row = await stored(res.json().id);
    expect(row).toMatchObject({ businessId: null, storeId: null, category: 'billing' });
    expect(row!.systemInfo).toMatchObject({ business: null, store: null });
  });

  it('answers 404 for a store the person does not work in, storing nothing', async () => {
    const other = await registerTenant(server);
    const before = await server.deps.database.db.select({ id: supportRequests.id }).from(supportRequests);
    const res = await send(DEMO.cashier, body(), other.storeId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(await server.deps.database.db.select({ id: supportRequests.id }).from(supportRequests)).toHaveLength(
      before.length,
    );
  });

  it('names each bad field: a short subject, an unknown category, an empty message, no app version, extra fields', async () => {
    const res = await send(
      DEMO.cashier,
      body({ subject: 'Hi', category: 'complaint', message: '   ', systemInfo: { appVersion: '' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    const fields = new Set(res.json().errors.map((e: { field: string }) => e.field));
    expect(fields).toEqual(new Set(['subject', 'category', 'message', 'systemInfo.appVersion']));
    const extra = await send(DEMO.cashier, { ...body(), priority: 'urgent' });
    expect(extra.statusCode).toBe(400);
    const badStore = await send(DEMO.cashier, body(), 'not-a-store');
    expect(badStore.statusCode).toBe(400);
  });

  it('limits one account to 10 requests an hour (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await send(DEMO.manager, body({ subject: `Question ${i}` }))).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
