import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';

describe('access rules shared by every endpoint', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('keeps an account with a default password to its own endpoints until it replaces it', async () => {
    const token = await server.tokenFor(DEMO.newhire);
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const lekki = me.json().memberships[0].storeId as string;
    const store = () =>
      server.app.inject({
        method: 'GET',
        url: '/api/v1/stores/current',
        headers: { authorization: `Bearer ${token}`, 'x-store-id': lekki },
      });
    const refused = await store();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PASSWORD_CHANGE_REQUIRED');

    const replaced = await server.app.inject({
      method: 'POST',
      url: '/api/v1/me/default-password',
      headers: { authorization: `Bearer ${token}` },
      payload: { newPassword: 'MyOwnPassword#1' },
    });
    expect(replaced.statusCode).toBe(204);
    expect((await store()).statusCode).toBe(200);
  });

  it('refuses a disabled account even with a valid token', async () => {
    const token = await server.tokenFor(DEMO.cashier);
    const { accounts } = await import('../../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    await server.deps.database.db.update(accounts).set({ isDisabled: true }).where(eq(accounts.email, DEMO.cashier));
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
