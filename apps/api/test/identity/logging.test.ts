import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createEmbeddedProvider } from '../../src/identity/embedded-provider.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import {
  authorizeUrl,
  Browser,
  formAction,
  hiddenUid,
  ORIGIN,
  pkcePair,
  redeemCode,
  refresh,
  signIn,
} from './browser.js';

const PASSWORD = 'DemoManager#2026';
const WRONG = 'Wrong-Password-123';

describe('what the provider writes to the app log', () => {
  let server: TestServer;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    const provider = await createEmbeddedProvider({ ...server.deps, onSignIn: async () => undefined });
    app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    await provider.mount(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('records refusals and errors, never passwords, codes or tokens', async () => {
    const browser = new Browser(app);
    const { challenge } = pkcePair();
    const page = await browser.follow(
      await browser.request({
        url: authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', state: 's', prompt: 'login' }),
      }),
    );
    await browser.request({
      url: formAction(page.body),
      form: { uid: hiddenUid(page.body), email: DEMO.manager, password: WRONG },
      headers: { origin: ORIGIN },
    });
    const { code, verifier } = await signIn(new Browser(app), { email: DEMO.manager, password: PASSWORD });
    const tokens = (await redeemCode(app, code, verifier)).json();
    const rotated = (await refresh(app, tokens.refresh_token)).json();
    expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(400);
    await app.inject({
      url: authorizeUrl({ client_id: 'nobody', code_challenge: challenge, code_challenge_method: 'S256' }),
      headers: { accept: 'text/html' },
    });
    // URLs carry secrets too: the ID token as a logout hint, Google's code at the callback.
    await app.inject({ url: `/oidc/session/end?id_token_hint=${tokens.id_token}` });
    await app.inject({ url: '/oidc/interaction/callback/google?code=google-secret-code&state=x' });

    const log = lines.join('\n');
    expect(log).toContain('token request refused');
    expect(log).toContain('identity error page');
    expect(log).toContain('"path":"/oidc/session/end"');
    for (const secret of [
      PASSWORD,
      WRONG,
      code,
      verifier,
      tokens.access_token,
      tokens.refresh_token,
      tokens.id_token,
      rotated.refresh_token,
      'google-secret-code',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('the provider when its storage fails', () => {
  let server: TestServer;
  let log = '';

  beforeAll(async () => {
    server = await createTestServer(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void (log += line) } as never },
    );
  });
  afterAll(() => server?.close());

  it('logs the statement and the database error code, never the token it looked up', async () => {
    const { app } = server;
    const db = server.deps.database.db;
    const { code, verifier } = await signIn(new Browser(app), { email: DEMO.manager, password: PASSWORD });
    const tokens = (await redeemCode(app, code, verifier)).json();
    // The adapter's lookup of the refresh token fails in the database (as it would with PostgreSQL down).
    await db.execute(sql`alter table oidc_payloads rename to oidc_payloads_away`);
    try {
      expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(500);
    } finally {
      await db.execute(sql`alter table oidc_payloads_away rename to oidc_payloads`);
    }
    expect(log).toContain('identity provider error');
    expect(log).toContain('from \\"oidc_payloads\\"');
    expect(log).toContain('"code":"42P01"');
    expect(log).not.toContain(tokens.refresh_token);
    expect(log).not.toContain('params:');
  });
});
