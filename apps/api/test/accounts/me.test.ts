import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';

describe('GET /api/v1/me', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('describes the manager: account, store, role and permissions', async () => {
    const token = await server.tokenFor(DEMO.manager);
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.account.email).toBe(DEMO.manager);
    expect(me.account.name).toBe('Chidi Manager');
    expect(me.isOwner).toBe(false);
    expect(me.hasPin).toBe(true);
    expect(me.mustChangePassword).toBe(false);
    expect(me.memberships).toHaveLength(1);
    expect(me.memberships[0]).toMatchObject({
      storeName: 'Lekki',
      storeAlias: 'LEK',
      businessName: 'Demo Mart',
      roleName: 'IPOS_MANAGER_USER',
      currency: 'NGN',
    });
    expect(me.memberships[0].permissions).toContain('checkout.sell');
    expect(me.memberships[0].permissions).not.toContain('settings.roles');
  });

  it('shows the owner as owner with both stores', async () => {
    const token = await server.tokenFor(DEMO.owner);
    const me = (
      await server.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(me.isOwner).toBe(true);
    expect(me.businesses.map((b: { name: string }) => b.name)).toEqual(['Demo Mart']);
    expect(me.memberships.map((m: { storeAlias: string }) => m.storeAlias).sort()).toEqual(['IKJ', 'LEK']);
  });

  it('tells the new hire to replace the default password and create a PIN', async () => {
    const token = await server.tokenFor(DEMO.newhire);
    const me = (
      await server.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(me.mustChangePassword).toBe(true);
    expect(me.hasPin).toBe(false);
  });

  it('refuses a request with no token as problem+json', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
