import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_HEADER } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { authorizeUrl, pkcePair, refresh } from '../identity/browser.js';
import { driver } from '../support/test-env.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';

/**
 * A database that cannot be reached is a 503 with Retry-After, not a 500: on PostgreSQL a proxy
 * between the app and the server is cut and restored (the shared server keeps running); on the
 * embedded database, which lives in the app's process, the database is closed under the running app.
 */
describe(`a database outage (${driver})`, () => {
  let server: TestServer;
  let proxy: TcpProxy | undefined;
  let token: string;
  let storeId: string;

  beforeAll(async () => {
    server = await createTestServer(
      {},
      {
        connectThrough: async (url) => {
          proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
          const through = new URL(url);
          through.hostname = '127.0.0.1';
          through.port = String(proxy.port);
          return through;
        },
      },
    );
    token = await server.tokenFor(DEMO.owner);
    storeId = (await demoIds(server)).lekkiId;
  });
  afterAll(async () => {
    await proxy?.close();
    // The embedded database was closed by the outage itself.
    await server.close().catch(() => undefined);
  });

  const headers = (key?: string) => ({
    authorization: `Bearer ${token}`,
    [STORE_HEADER]: storeId,
    ...(key ? { 'idempotency-key': key } : {}),
  });
  const readCategories = () => server.app.inject({ method: 'GET', url: '/api/v1/categories', headers: headers() });
  const createCategory = (key: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: headers(key),
      payload: { name: `Outage ${key.slice(0, 8)}` },
    });

  const expectUnavailable = (res: Awaited<ReturnType<typeof readCategories>>) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(res.body).not.toMatch(/ECONN|terminated|pglite|select /i);
  };

  it('answers reads and writes 503 DATABASE_UNAVAILABLE with Retry-After while it is down, and /ready 503', async () => {
    expect((await readCategories()).statusCode).toBe(200);
    if (proxy) await proxy.cut();
    else await server.deps.database.close();

    expectUnavailable(await readCategories());
    expectUnavailable(await createCategory(crypto.randomUUID()));
    const ready = await server.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'NOT_READY' });

    // The sign-in pages say so in words, and the token endpoint says "try again" rather than failing.
    const signInPage = await server.app.inject({
      method: 'GET',
      url: authorizeUrl({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256', state: 's' }),
      headers: { host: 'ipos.test', accept: 'text/html' },
    });
    expect(signInPage.statusCode).toBe(503);
    expect(signInPage.headers['retry-after']).toBe('5');
    expect(signInPage.body).toContain('iPos can’t reach its database');
    const renewal = await refresh(server.app, 'a-refresh-token');
    expect(renewal.statusCode, renewal.body).toBe(503);
    expect(renewal.headers['retry-after']).toBe('5');
  });

  // The embedded database cannot come back inside the same process; PostgreSQL comes back behind the proxy.
  if (driver === 'postgres')
    it('serves again once the database is back, and the write refused during it was not half-made', async () => {
      const key = crypto.randomUUID();
      const named = async () =>
        ((await readCategories()).json() as { items: { name: string }[] }).items.filter(
          (c) => c.name === `Outage ${key.slice(0, 8)}`,
        );
      expectUnavailable(await createCategory(key));
      await proxy!.restore();
      expect((await readCategories()).statusCode).toBe(200);
      expect(await named()).toHaveLength(0);
      const retried = await createCategory(key);
      expect(retried.statusCode, retried.body).toBe(201);
      expect(await named()).toHaveLength(1);
    });
});

describe('which errors mean the database is unavailable', () => {
  it('reads socket codes, SQLSTATEs and wrapped causes, and leaves statement errors alone', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: '08006' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('syntax error'), { code: '42601' })))).toBe(false);
    const loop: { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
