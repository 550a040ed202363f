import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_HEADER, UNSAFE_TEXT_MESSAGE } from '@ipos/contracts';
import { createTestServer, type TestServer } from '../support/server.js';
import { registerTenant, type Tenant } from '../support/isolation.js';

/**
 * A NUL character or half a UTF-16 pair in any text of a request is a 400 naming the field, the same
 * problem schema validation gives, and nothing is written. Before the shared rule each of these was
 * a 500 from the database.
 */
describe('text the database cannot store', () => {
  let server: TestServer;
  let tenant: Tenant;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer();
    tenant = await registerTenant(server);
    token = await tenant.token();
  });
  afterAll(() => server.close());

  const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        [STORE_HEADER]: tenant.storeId,
        'idempotency-key': crypto.randomUUID(),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const expectRefused = async (res: Awaited<ReturnType<typeof send>>, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field, message: UNSAFE_TEXT_MESSAGE }] });
  };

  const supportBody = {
    subject: 'The printer',
    category: 'other',
    message: 'It stopped printing receipts.',
    systemInfo: { appVersion: '1.0.0' },
  };
  const cases: { what: string; method: 'POST'; url: string; good: object; bad: object; field: string }[] = [
    {
      what: 'a category name',
      method: 'POST',
      url: '/api/v1/categories',
      good: { name: 'Grains' },
      bad: { name: 'Gra\u0000ins' },
      field: 'name',
    },
    {
      what: 'a tax-rate name (a lone high surrogate)',
      method: 'POST',
      url: '/api/v1/tax-rates',
      good: { name: 'VAT', rateBasisPoints: 750, isInclusive: true },
      bad: { name: 'VAT \ud83d', rateBasisPoints: 750, isInclusive: true },
      field: 'name',
    },
    {
      what: 'a role name',
      method: 'POST',
      url: '/api/v1/roles',
      good: { name: 'Supervisor', permissions: ['dashboard.view'] },
      bad: { name: 'Boss\u0000', permissions: ['dashboard.view'] },
      field: 'name',
    },
    {
      what: 'a contact name',
      method: 'POST',
      url: '/api/v1/contacts',
      good: { kind: 'customer', name: 'Mama Titi' },
      bad: { kind: 'customer', name: 'Mama \udc00Titi' },
      field: 'name',
    },
    {
      what: 'a support subject',
      method: 'POST',
      url: '/api/v1/support/requests',
      good: supportBody,
      bad: { ...supportBody, subject: 'Print\u0000er' },
      field: 'subject',
    },
    {
      what: 'a support message',
      method: 'POST',
      url: '/api/v1/support/requests',
      good: supportBody,
      bad: { ...supportBody, message: 'It stopped\u0000 printing.' },
      field: 'message',
    },
    {
      what: 'a nested field (system info)',
      method: 'POST',
      url: '/api/v1/support/requests',
      good: supportBody,
      bad: { ...supportBody, systemInfo: { appVersion: '1.0\u0000' } },
      field: 'systemInfo.appVersion',
    },
    {
      what: 'a held-sale label',
      method: 'POST',
      url: '/api/v1/held-sales',
      good: { label: 'Blue bag', cart: { lines: [] } },
      bad: { label: 'Blue\u0000bag', cart: { lines: [] } },
      field: 'label',
    },
  ];

  for (const c of cases) {
    it(`refuses ${c.what} with a 400 naming the field, and takes the same text without it`, async () => {
      await expectRefused(await send(c.method, c.url, c.bad), c.field);
      const good = await send(c.method, c.url, c.good);
      // The same request without the character reaches its service (a cart's own rules may refuse it).
      expect(good.statusCode, good.body).toBeLessThan(500);
      expect(good.json().errors ?? []).not.toContainEqual(expect.objectContaining({ message: UNSAFE_TEXT_MESSAGE }));
    });
  }

  it('refuses a business name in admin mode', async () => {
    const res = await send('POST', '/api/v1/admin/businesses', {
      name: 'Shop\u0000',
      country: 'KE',
      currency: 'KSD',
      store: { name: 'Main', alias: 'MN' },
    });
    await expectRefused(res, 'name');
  });

  it('refuses a NUL in a path or a query with the part named', async () => {
    await expectRefused(await send('GET', '/api/v1/products/barcodes/%00'), 'params.code');
    await expectRefused(await send('GET', '/api/v1/contacts?search=ab%00c'), 'querystring.search');
  });

  it('a NUL inside an imported CSV is an error of its row, not a 500', async () => {
    for (const url of ['/api/v1/products/import/preview', '/api/v1/contacts/import/preview']) {
      const csv = url.includes('products')
        ? 'sku,name,selling_price\nRICE-1,Rice\u00005kg,1000\n'
        : 'kind,name\ncustomer,Mama\u0000 Titi\n';
      const res = await server.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, [STORE_HEADER]: tenant.storeId, 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ field: 'file', message: `Line 2: ${UNSAFE_TEXT_MESSAGE}` }] });
    }
  });

  it('names an object key that holds the character (with it replaced)', async () => {
    await expectRefused(await send('POST', '/api/v1/categories', { name: 'Grains', ['x\u0000']: 1 }), 'x\ufffd');
  });
});
