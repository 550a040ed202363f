import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { quickCreateCustomer } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { newId } from '../../src/lib/ids.js';
import { demoIds } from '../support/isolation.js';
import { caller } from '../inventory/helpers.js';

/** A log sink for a test server: everything written so far, as text. */
function captureLog() {
  const sink = { text: '', stream: undefined as unknown as Writable };
  sink.stream = new Writable({
    write(chunk, _encoding, done) {
      sink.text += chunk.toString();
      done();
    },
  });
  return sink;
}

/** Shaped like a refresh token (43 base64url characters), so a leak is unmistakable. */
const tokenLike = () => randomBytes(32).toString('base64url');

describe('logs', () => {
  let server: TestServer;
  let lines = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines += chunk.toString();
        done();
      },
    });
    server = await createTestServer({ LOG_LEVEL: 'trace' }, { logStream: stream as never });
  });
  afterAll(() => server.close());

  it('carry request ids and never a password, PIN or token', async () => {
    const token = await server.tokenFor(DEMO.manager);
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/register',
      payload: {
        ownerName: 'Log Test',
        email: 'logs@example.com',
        phone: '+254 700 000000',
        password: 'VerySecret#991',
        businessName: 'Log Shop',
        country: 'KE',
        currency: 'KSD',
      },
    });
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/me/pin/verify',
      headers: { authorization: `Bearer ${token}` },
      payload: { pin: '97531' },
    });
    await server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}`, cookie: 'session=abc-cookie-value' },
    });
    expect(lines).toContain('"reqId"');
    expect(lines).toContain('/api/v1/me');
    expect(lines).not.toContain('VerySecret#991');
    expect(lines).not.toContain('97531');
    expect(lines).not.toContain(token);
    expect(lines).not.toContain(token.split('.')[2]!);
    expect(lines).not.toContain('abc-cookie-value');
  });
});

describe('a failing database statement in the log', () => {
  let server: TestServer;
  const log = captureLog();
  beforeAll(async () => {
    server = await createTestServer({ LOG_LEVEL: 'info' }, { logStream: log.stream as never });
  });
  afterAll(() => server.close());

  it('an API request: the statement and the database error code, never the values it carried', async () => {
    const db = server.deps.database.db;
    const secret = tokenLike();
    const name = 'Wanjiru Log-Customer';
    // The insert of this customer fails in the database, with the name and e-mail among its parameters
    // and (PostgreSQL's detail) in the failing row.
    await db.execute(
      sql.raw(`alter table contacts add constraint log_test_refuses check (name <> '${name}') not valid`),
    );
    try {
      const { ikejaId } = await demoIds(server);
      const res = await caller(server, DEMO.cashier)(quickCreateCustomer, {
        storeId: ikejaId,
        body: { id: newId(), name, phone: '+254 711 000 321', email: `${secret}@example.com` },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table contacts drop constraint log_test_refuses`);
    }
    expect(log.text).toContain('unhandled error');
    expect(log.text).toContain('insert into \\"contacts\\"');
    expect(log.text).toContain('"code":"23514"');
    expect(log.text).toContain('log_test_refuses');
    expect(log.text).not.toContain(secret.toLowerCase());
    expect(log.text).not.toContain(name);
    expect(log.text).not.toContain('711 000 321');
    expect(log.text).not.toContain('params:');
  });

  it('a value PostgreSQL quotes in its own message is left out too', async () => {
    const secret = tokenLike();
    const error = await server.deps.database.db.execute(sql`select ${secret}::uuid as id`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    server.app.log.error({ err: error }, 'lookup failed');
    server.app.log.error(error as Error);
    expect(log.text).toContain('invalid input syntax for type uuid');
    expect(log.text).toContain('"code":"22P02"');
    expect(log.text).not.toContain(secret);
  });
});

describe('a background job whose statement fails', () => {
  let server: TestServer;
  const log = captureLog();
  beforeAll(async () => {
    // The mail retry runs on an interval; a fake one lets the test fire it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    server = await createTestServer({ LOG_LEVEL: 'info' }, { logStream: log.stream as never });
  });
  afterAll(async () => {
    await server.close();
    vi.useRealTimers();
  });

  it('the mail retry logs the statement and the error code, never the queued mail', async () => {
    const db = server.deps.database.db;
    const secret = tokenLike();
    await server.deps.mailer.enqueue(db, {
      to: 'wanjiru.outbox@example.com',
      subject: 'Reset your password',
      text: `Open http://ipos.test/reset?token=${secret}`,
    });
    // Claiming the mail fails; PostgreSQL's detail would quote the whole row (address, text, token).
    await db.execute(sql`alter table mail_outbox add constraint log_test_unclaimable check (attempts < 1) not valid`);
    try {
      vi.advanceTimersByTime(60_000);
      await vi.waitFor(() => expect(log.text).toContain('mail retry failed'), { timeout: 10_000 });
    } finally {
      await db.execute(sql`alter table mail_outbox drop constraint log_test_unclaimable`);
    }
    expect(log.text).toContain('update mail_outbox set claimed_until');
    expect(log.text).toContain('"code":"23514"');
    expect(log.text).not.toContain(secret);
    expect(log.text).not.toContain('wanjiru.outbox@example.com');
    expect(log.text).not.toContain('params:');
  });
});
