import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../src/config/app-version.js';
import { createTestServer, type TestServer } from '../support/server.js';

describe('GET /api/v1/health and /ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('answers health without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: '1.0.0' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the version the changelog describes', () => {
    const changelog = fs.readFileSync(path.resolve(__dirname, '../../../../CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`\n## ${APP_VERSION} `);
  });

  it('answers ready with the driver in use', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ready');
    expect(res.json().database).toBe(process.env.IPOS_TEST_DRIVER);
  });
});
