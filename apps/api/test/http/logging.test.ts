import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';

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
