import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant, type Tenant } from '../support/isolation.js';

describe('admin mode: GET /api/v1/admin/businesses[/:businessId]', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  const get = async (url: string, email?: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: email ? { authorization: `Bearer ${await server.tokenFor(email)}` } : {},
    });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    other = await registerTenant(server, { businessName: 'Nairobi Duka', currency: 'KSD', country: 'KE' });
  });
  afterAll(() => server.close());

  it('lists the owner’s businesses with their stores, as a page', async () => {
    const res = await get('/api/v1/admin/businesses', DEMO.owner);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: demo.businessId,
      name: 'Demo Mart',
      currency: 'NGN',
      country: 'NG',
      storeCount: 2,
      stores: [
        { id: demo.ikejaId, name: 'Ikeja', alias: 'IKJ', timeZone: 'Africa/Lagos' },
        { id: demo.lekkiId, name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos' },
      ],
    });
  });

  it('never lists another owner’s business', async () => {
    const mine = (await get('/api/v1/admin/businesses', DEMO.owner)).json();
    expect(mine.items.map((b: { id: string }) => b.id)).not.toContain(other.businessId);
    const theirs = (await get('/api/v1/admin/businesses', other.email)).json();
    expect(theirs.items.map((b: { name: string }) => b.name)).toEqual(['Nairobi Duka']);
    expect(theirs.items[0]).toMatchObject({
      currency: 'KSD',
      country: 'KE',
      stores: [{ id: other.storeId, name: 'Main store', alias: 'NAI' }],
    });
  });

  it('pages with ?page=&pageSize= and refuses a page size over 100', async () => {
    const res = await get('/api/v1/admin/businesses?page=2&pageSize=1', DEMO.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 1, page: 2, pageSize: 1 });
    const tooBig = await get('/api/v1/admin/businesses?pageSize=101', DEMO.owner);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors[0].field).toBe('querystring.pageSize');
  });

  it('shows one business with its stores, currency and country', async () => {
    const res = await get(`/api/v1/admin/businesses/${demo.businessId}`, DEMO.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: demo.businessId, name: 'Demo Mart', currency: 'NGN', country: 'NG' });
    expect(res.json().stores.map((s: { alias: string }) => s.alias)).toEqual(['IKJ', 'LEK']);
  });

  it('answers another owner’s business, an unknown id and a non-id alike: 404 NOT_FOUND', async () => {
    for (const id of [other.businessId, '0190a0a0-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const res = await get(`/api/v1/admin/businesses/${id}`, DEMO.owner);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.body).not.toContain('Nairobi Duka');
    }
  });

  it('is for owners only: staff get 403 on the list and 404 on a business', async () => {
    for (const email of [DEMO.admin, DEMO.manager, DEMO.cashier]) {
      const list = await get('/api/v1/admin/businesses', email);
      expect(list.statusCode, email).toBe(403);
      expect(list.json().code).toBe('FORBIDDEN');
      const one = await get(`/api/v1/admin/businesses/${demo.businessId}`, email);
      expect(one.statusCode, email).toBe(404);
      expect(one.json().code).toBe('NOT_FOUND');
    }
  });

  it('needs a token', async () => {
    const res = await get('/api/v1/admin/businesses');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
