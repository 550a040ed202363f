import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';

type SigningKey = Parameters<SignJWT['sign']>[0];
import {
  buildPath,
  createSale,
  deactivateStaffMember,
  getActiveStore,
  getMe,
  getStaffMember,
  IDEMPOTENCY_HEADER,
  listBusinesses,
  listProducts,
  signOutEverywhere,
  STORE_HEADER,
  type Endpoint,
} from '@ipos/contracts';
import { accounts } from '../../src/db/schema.js';
import { loadOrCreateProviderSecrets } from '../../src/identity/keys.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { Browser, redeemCode, refresh, signIn } from '../identity/browser.js';

const ISSUER = 'http://ipos.test/oidc';
const AUDIENCE = 'urn:ipos:api';
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Routes of every kind a token opens: the caller's own account, a store-mode read, a store-mode write
 * that carries money (idempotent), and an admin-mode read. A bad token is refused alike on each.
 */
const REPRESENTATIVE_ROUTES: { endpoint: Endpoint; store?: boolean; body?: object }[] = [
  { endpoint: getMe },
  { endpoint: getActiveStore, store: true },
  { endpoint: listProducts, store: true },
  { endpoint: createSale, store: true, body: {} },
  { endpoint: listBusinesses },
];

/**
 * Every way an access token can be wrong ends the same: 401 problem+json, code UNAUTHENTICATED, on
 * every kind of route. Tokens are built here by hand (with the provider's real key where only one
 * thing must be wrong).
 */
describe('access token checks', () => {
  let server: TestServer;
  let providerKey: { jwk: JWK; key: SigningKey };
  let subject: string;
  let lekkiId: string;

  /** A token signed with the embedded provider's key, correct except for what the test overrides. */
  const sign = async (
    options: { header?: Record<string, unknown>; claims?: JWTPayload; key?: SigningKey; kid?: string } = {},
  ) => {
    const now = nowSeconds();
    return new SignJWT({
      scope: 'openid email roles profile offline_access',
      client_id: 'ipos_webapp',
      ...options.claims,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: options.kid ?? providerKey.jwk.kid!, ...options.header })
      .setIssuer((options.claims?.iss as string | undefined) ?? ISSUER)
      .setAudience((options.claims?.aud as string | undefined) ?? AUDIENCE)
      .setSubject((options.claims?.sub as string | undefined) ?? subject)
      .setIssuedAt(now)
      .setJti(randomBytes(8).toString('hex'))
      .setExpirationTime((options.claims?.exp as number | undefined) ?? now + 600)
      .sign(options.key ?? providerKey.key);
  };
  const getMe = (authorization?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: authorization === undefined ? {} : { authorization },
    });
  /** Each representative route with this Authorization header (none when undefined). */
  const callEveryKind = (authorization: string | undefined) =>
    Promise.all(
      REPRESENTATIVE_ROUTES.map(async ({ endpoint, store, body }) => {
        const res = await server.app.inject({
          method: endpoint.method,
          url: buildPath(endpoint.path),
          headers: {
            ...(authorization === undefined ? {} : { authorization }),
            ...(store ? { [STORE_HEADER]: lekkiId } : {}),
            [IDEMPOTENCY_HEADER]: randomBytes(8).toString('hex'),
          },
          ...(body ? { payload: body } : {}),
        });
        return { route: `${endpoint.method} ${endpoint.path}`, res };
      }),
    );
  const expectUnauthenticated = async (authorization: string | undefined) => {
    const answers = await callEveryKind(authorization);
    for (const { route, res } of answers) {
      expect(res.statusCode, `${route}: ${res.body}`).toBe(401);
      expect(res.headers['content-type'], route).toMatch(/^application\/problem\+json/);
      expect(res.json(), route).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
    return answers[0]!.res;
  };

  beforeAll(async () => {
    server = await createTestServer();
    const secrets = await loadOrCreateProviderSecrets(server.deps.database.db);
    const jwk = secrets.signingKeys[0] as JWK;
    providerKey = { jwk, key: await importJWK(jwk, 'RS256') };
    subject = await server.accountId(DEMO.manager);
    lekkiId = (await demoIds(server)).lekkiId;
  });
  afterAll(() => server.close());

  it('accepts a correct token (the control case): every representative route gets past the token', async () => {
    expect((await getMe(`Bearer ${await sign()}`)).statusCode).toBe(200);
    expect((await getMe(`Bearer ${await server.tokenFor(DEMO.manager)}`)).statusCode).toBe(200);
    const answers = await callEveryKind(`Bearer ${await sign()}`);
    // The manager reads their store and its products; the empty sale is a 400; admin mode is an owner's.
    expect(answers.map(({ route, res }) => [route, res.statusCode])).toEqual([
      ['GET /api/v1/me', 200],
      ['GET /api/v1/stores/current', 200],
      ['GET /api/v1/products', 200],
      ['POST /api/v1/sales', 400],
      ['GET /api/v1/admin/businesses', 403],
    ]);
  });

  it('missing: no Authorization header, and says Bearer in WWW-Authenticate', async () => {
    const res = await expectUnauthenticated(undefined);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it.each([
    ['empty', ''],
    ['scheme only', 'Bearer'],
    ['another scheme', `Basic ${Buffer.from('manager:pw').toString('base64')}`],
    ['not a JWT', 'Bearer abc.def'],
    ['garbage segments', 'Bearer aaaa.bbbb.cccc'],
    ['illegal characters', 'Bearer <script>.x.y'],
    ['two tokens', 'Bearer a.b.c d.e.f'],
  ])('malformed: %s', async (_, header) => {
    await expectUnauthenticated(header);
  });

  it('expired (exp a minute ago, beyond the 5 s tolerance)', async () => {
    await expectUnauthenticated(`Bearer ${await server.tokenFor(DEMO.manager, { expiresInSeconds: -60 })}`);
  });

  it('wrong audience', async () => {
    await expectUnauthenticated(`Bearer ${await server.tokenFor(DEMO.manager, { audience: 'urn:someone:else' })}`);
  });

  it('wrong issuer', async () => {
    await expectUnauthenticated(`Bearer ${await sign({ claims: { iss: 'https://evil.example/oidc' } })}`);
  });

  it('alg: none (an unsigned token with otherwise valid claims)', async () => {
    const now = nowSeconds();
    const claims = { iss: ISSUER, aud: AUDIENCE, sub: subject, iat: now, exp: now + 600, jti: 'x' };
    await expectUnauthenticated(`Bearer ${b64url({ alg: 'none', typ: 'at+jwt' })}.${b64url(claims)}.`);
    await expectUnauthenticated(
      `Bearer ${b64url({ alg: 'none', typ: 'at+jwt', kid: providerKey.jwk.kid })}.${b64url(claims)}.`,
    );
  });

  it('signed by a foreign key (with the provider’s kid, and with its own)', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    await expectUnauthenticated(`Bearer ${await sign({ key: privateKey })}`);
    await expectUnauthenticated(`Bearer ${await sign({ key: privateKey, kid: 'attacker-key' })}`);
    // An attacker's key embedded in the header (jwk) is not trusted either.
    const jwk = await exportJWK(privateKey);
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
    await expectUnauthenticated(`Bearer ${await sign({ key: privateKey, header: { jwk: publicJwk } })}`);
  });

  it('HS256 signed with the provider’s public key as the secret (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode(
      JSON.stringify({ kty: providerKey.jwk.kty, n: providerKey.jwk.n, e: providerKey.jwk.e }),
    );
    await expectUnauthenticated(`Bearer ${await sign({ key: secret, header: { alg: 'HS256' } })}`);
  });

  it('wrong typ: an ID-token-style JWT (typ JWT) is not an access token', async () => {
    await expectUnauthenticated(`Bearer ${await sign({ header: { typ: 'JWT' } })}`);
  });

  it('not yet valid: nbf in the future', async () => {
    await expectUnauthenticated(`Bearer ${await sign({ claims: { nbf: nowSeconds() + 3600 } })}`);
  });

  it('a tampered payload (sub swapped for the owner’s) fails the signature', async () => {
    const [header, , signature] = (await sign()).split('.');
    const now = nowSeconds();
    const forged = b64url({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: await server.accountId(DEMO.owner),
      iat: now,
      exp: now + 600,
    });
    await expectUnauthenticated(`Bearer ${header}.${forged}.${signature}`);
  });

  it('a valid token for no account, or for a disabled account', async () => {
    await expectUnauthenticated(`Bearer ${await sign({ claims: { sub: '0190a0a0-0000-7000-8000-000000000000' } })}`);
    const token = await server.tokenFor(DEMO.cashier);
    await server.deps.database.db.update(accounts).set({ isDisabled: true }).where(eq(accounts.email, DEMO.cashier));
    await expectUnauthenticated(`Bearer ${token}`);
  });

  it('a refresh token or an ID token is not an access token (a reused refresh token: identity/refresh-tokens.test.ts)', async () => {
    const { code, verifier } = await signIn(new Browser(server.app), {
      email: DEMO.manager,
      password: 'DemoManager#2026',
    });
    const tokens = (await redeemCode(server.app, code, verifier)).json() as {
      access_token: string;
      refresh_token: string;
      id_token: string;
    };
    expect((await getMe(`Bearer ${tokens.access_token}`)).statusCode).toBe(200);
    await expectUnauthenticated(`Bearer ${tokens.refresh_token}`);
    await expectUnauthenticated(`Bearer ${tokens.id_token}`);
    // Used at /oidc/token (so rotated), it is still no bearer token.
    expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(200);
    await expectUnauthenticated(`Bearer ${tokens.refresh_token}`);
  });

  it('a deactivated person: their still-valid token opens none of the business’s stores (403 STAFF_DEACTIVATED)', async () => {
    const owner = `Bearer ${await server.tokenFor(DEMO.owner)}`;
    const accountId = await server.accountId(DEMO.admin);
    const asOwner = (endpoint: Endpoint, body?: object) =>
      server.app.inject({
        method: endpoint.method,
        url: buildPath(endpoint.path, { accountId }),
        headers: { authorization: owner, [STORE_HEADER]: lekkiId },
        ...(body ? { payload: body } : {}),
      });
    const token = `Bearer ${await server.tokenFor(DEMO.admin)}`;
    expect((await callEveryKind(token)).map(({ res }) => res.statusCode)).toEqual([200, 200, 200, 400, 403]);
    const { version } = (await asOwner(getStaffMember)).json() as { version: number };
    expect((await asOwner(deactivateStaffMember, { version })).statusCode).toBe(200);

    const answers = await callEveryKind(token);
    // Their own account still answers; every store of the business says why it is shut; admin mode was never theirs.
    expect(answers.map(({ route, res }) => [route, res.statusCode, res.json().code])).toEqual([
      ['GET /api/v1/me', 200, undefined],
      ['GET /api/v1/stores/current', 403, 'STAFF_DEACTIVATED'],
      ['GET /api/v1/products', 403, 'STAFF_DEACTIVATED'],
      ['POST /api/v1/sales', 403, 'STAFF_DEACTIVATED'],
      ['GET /api/v1/admin/businesses', 403, 'FORBIDDEN'],
    ]);
  });

  it('signed out of every device: a token issued before it is refused on every route, a later one works', async () => {
    const before = await server.tokenFor(DEMO.owner, { issuedAtSeconds: nowSeconds() - 5 });
    const res = await server.app.inject({
      method: signOutEverywhere.method,
      url: signOutEverywhere.path,
      headers: { authorization: `Bearer ${before}` },
    });
    expect(res.statusCode, res.body).toBe(204);
    await expectUnauthenticated(`Bearer ${before}`);
    const revokedAt = (await server.accountRow(DEMO.owner)).sessionsRevokedAt!;
    const later = await server.tokenFor(DEMO.owner, { issuedAtSeconds: Math.floor(revokedAt.getTime() / 1000) + 1 });
    const answers = await callEveryKind(`Bearer ${later}`);
    expect(answers.map(({ res }) => res.statusCode)).toEqual([200, 200, 200, 400, 200]);
  });

  it('checks the token before anything else: a store-mode route with a bad token is 401, not 400', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/stores/current',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
