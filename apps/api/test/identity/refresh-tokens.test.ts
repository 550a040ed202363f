import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { accounts } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { Browser, redeemCode, refresh, signIn } from './browser.js';

const MANAGER = { email: DEMO.manager, password: 'DemoManager#2026' };

describe('refresh tokens of the embedded provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  async function tokensFor(credentials: { email: string; password: string } = MANAGER) {
    const { code, verifier } = await signIn(new Browser(server.app), credentials);
    const res = await redeemCode(server.app, code, verifier);
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeTruthy();
    return res.json() as { access_token: string; refresh_token: string; id_token: string; scope: string };
  }

  it('are issued with offline_access, without any consent page, and rotate on every use', async () => {
    const first = await tokensFor();
    expect(first.scope).toContain('offline_access');

    const res = await refresh(server.app, first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const access = decodeJwt(second.access_token);
    expect(access.aud).toBe('urn:ipos:api');
    expect(access.roles).toContain('IPOS_MANAGER_USER');
    expect(access.exp! - access.iat!).toBeLessThanOrEqual(600);
    const me = await server.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(me.statusCode).toBe(200);

    const third = await refresh(server.app, second.refresh_token);
    expect(third.statusCode).toBe(200);
  });

  it('revoke the whole grant when a rotated token comes back', async () => {
    const first = await tokensFor();
    const rotated = await refresh(server.app, first.refresh_token);
    const newest = rotated.json().refresh_token as string;

    const replay = await refresh(server.app, first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');

    // Whoever held the newest token (the thief or the owner) is out too.
    const afterReplay = await refresh(server.app, newest);
    expect(afterReplay.statusCode).toBe(400);
    expect(afterReplay.json().error).toBe('invalid_grant');
  });

  it('stop working for a disabled account', async () => {
    const tokens = await tokensFor({ email: DEMO.cashier, password: 'DemoCashier#2026' });
    const db = server.deps.database.db;
    await db.update(accounts).set({ isDisabled: true }).where(eq(accounts.email, DEMO.cashier));
    try {
      const res = await refresh(server.app, tokens.refresh_token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_grant');
    } finally {
      await db.update(accounts).set({ isDisabled: false }).where(eq(accounts.email, DEMO.cashier));
    }
  });

  it('can be revoked by the app', async () => {
    const tokens = await tokensFor();
    const revoke = await server.app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: 'ipos_webapp',
      }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    const res = await refresh(server.app, tokens.refresh_token);
    expect(res.statusCode).toBe(400);
  });
});
