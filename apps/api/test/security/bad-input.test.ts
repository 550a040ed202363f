import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../support/server.js';
import { randomIp } from '../support/isolation.js';

const validBody = () => ({
  ownerName: 'Ngozi Owner',
  email: `ngozi-${Math.random().toString(36).slice(2, 10)}@shop.ipos.test`,
  phone: '+234 803 111 2222',
  password: 'NgoziShop#2026',
  businessName: 'Ngozi Stores',
  country: 'NG',
  currency: 'NGN',
});

/**
 * Hostile or broken bodies on a public endpoint: each is a 4xx problem+json (naming the field where
 * there is one), never a 5xx, and nothing is created.
 */
describe('bad input on POST /api/v1/onboarding/register', () => {
  let server: TestServer;
  let counts: { accounts: number; businesses: number };
  const countRows = async () => {
    const rows = (await server.deps.database.db.execute(
      sql`select (select count(*) from accounts) as accounts, (select count(*) from businesses) as businesses`,
    )) as unknown as { rows: { accounts: string | number; businesses: string | number }[] };
    return { accounts: Number(rows.rows[0]!.accounts), businesses: Number(rows.rows[0]!.businesses) };
  };
  const send = (payload: string | Buffer, contentType = 'application/json') =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/register',
      headers: { 'content-type': contentType, 'x-forwarded-for': randomIp() },
      payload,
    });
  const expectProblem = (res: Awaited<ReturnType<typeof send>>, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json();
    expect(problem).toMatchObject({ status, code });
    // A 4xx names what is wrong but never echoes internals.
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|node_modules|SELECT |insert into/i);
    return problem as { errors?: { field: string; message: string }[] };
  };
  const fields = (problem: { errors?: { field: string }[] }) => (problem.errors ?? []).map((e) => e.field);

  beforeAll(async () => {
    server = await createTestServer();
  });
  beforeEach(async () => {
    counts = await countRows();
    return async () => {
      // After every case: no account and no business was created.
      expect(await countRows()).toEqual(counts);
    };
  });
  afterAll(() => server.close());

  it('control: the valid body is accepted (and creates nothing until the mailed link is opened)', async () => {
    const res = await send(JSON.stringify(validBody()));
    expect(res.statusCode).toBe(202);
  });

  it.each([
    ['truncated', '{"ownerName": "Ngozi"'],
    ['trailing comma', '{"ownerName": "Ngozi",}'],
    ['single quotes', "{'ownerName': 'Ngozi'}"],
    ['not JSON at all', 'ownerName=Ngozi'],
    ['empty body', ''],
  ])('malformed JSON (%s): 400 MALFORMED_JSON on body', async (_, body) => {
    const problem = expectProblem(await send(body), 400, 'MALFORMED_JSON');
    expect(fields(problem)).toEqual(['body']);
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['a number', '42'],
  ])('JSON that is not an object (%s): 400', async (_, body) => {
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('unknown fields: 400 naming each one', async () => {
    const problem = expectProblem(
      await send(JSON.stringify({ ...validBody(), isAdmin: true, role: 'IPOS_ADMIN' })),
      400,
      'VALIDATION_FAILED',
    );
    expect(fields(problem)).toEqual(['isAdmin']);
    expect(problem.errors![0]!.message).toMatch(/isAdmin.*role/);
  });

  it.each([
    ['email', 12345],
    ['ownerName', ['Ngozi']],
    ['password', { value: 'NgoziShop#2026' }],
    ['currency', null],
    ['phone', true],
    ['country', 234],
  ])('wrong type for %s: 400 naming it', async (field, value) => {
    const problem = expectProblem(
      await send(JSON.stringify({ ...validBody(), [field]: value })),
      400,
      'VALIDATION_FAILED',
    );
    expect(fields(problem)).toEqual([field]);
  });

  it('a "__proto__" key: 400, and nothing is polluted', async () => {
    const body = `{"__proto__": {"isAdmin": true, "polluted": "yes"}, ${JSON.stringify(validBody()).slice(1)}`;
    // The JSON parser refuses prototype keys outright (secure-json-parse), before any schema sees them.
    const problem = expectProblem(await send(body), 400, 'MALFORMED_JSON');
    expect(fields(problem)).toEqual(['body']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('a nested "__proto__" key: 400', async () => {
    expectProblem(await send(`{"ownerName": {"__proto__": {"polluted": "yes"}}}`), 400, 'MALFORMED_JSON');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a "constructor": {"prototype": ...} key: 400, and nothing is polluted', async () => {
    const body = `{"constructor": {"prototype": {"polluted": "yes"}}, ${JSON.stringify(validBody()).slice(1)}`;
    const problem = expectProblem(await send(body), 400, 'MALFORMED_JSON');
    expect(fields(problem)).toEqual(['body']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a body over 1 MB: 413 PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({ ...validBody(), ownerName: 'x'.repeat(1024 * 1024) });
    expectProblem(await send(body), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under 1 MB is read and refused on its field, not on its size', async () => {
    const base = JSON.stringify({ ...validBody(), ownerName: '' });
    const body = base.replace('"ownerName":""', `"ownerName":"${'x'.repeat(1024 * 1024 - base.length - 10)}"`);
    expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
    const problem = expectProblem(await send(body), 400, 'VALIDATION_FAILED');
    expect(fields(problem)).toEqual(['ownerName']);
  });

  it.each(['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'a wrong content type (%s): 415 UNSUPPORTED_MEDIA_TYPE',
    async (contentType) => {
      expectProblem(await send(JSON.stringify(validBody()), contentType), 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('text/plain is refused as an unsupported media type, never a 5xx', async () => {
    expectProblem(await send(JSON.stringify(validBody()), 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('deeply nested JSON is a 400, not a crash', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await send(`{"ownerName": ${deep}}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('control characters and very long strings in fields are validation errors, not 500s', async () => {
    // A NUL is refused by the shared text rule before the contract looks at the rest.
    const nul = await send(JSON.stringify({ ...validBody(), businessName: 'x'.repeat(10_000), email: 'a\u0000@b.c' }));
    expect(fields(expectProblem(nul, 400, 'VALIDATION_FAILED'))).toEqual(['email']);
    const long = await send(JSON.stringify({ ...validBody(), businessName: 'x'.repeat(10_000), email: 'a\u0007@b.c' }));
    expect(fields(expectProblem(long, 400, 'VALIDATION_FAILED')).sort()).toEqual(['businessName', 'email']);
  });
});
