import { beforeAll, describe, expect, it } from 'vitest';
import { validateIdToken } from './id-token';

const issuer = 'http://localhost:3100/oidc';
const clientId = 'ipos_webapp';
const now = 1_800_000_000;

function b64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
const jsonPart = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)));

let privateKey: CryptoKey;
let publicJwk: JsonWebKey & { kid: string };
let otherJwk: JsonWebKey & { kid: string };

async function rsaPair() {
  return crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
}

beforeAll(async () => {
  const pair = await rsaPair();
  privateKey = pair.privateKey;
  publicJwk = { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const other = await rsaPair();
  otherJwk = { ...(await crypto.subtle.exportKey('jwk', other.publicKey)), kid: 'k1', alg: 'RS256' };
});

async function sign(payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', kid: 'k1' }) {
  const input = `${jsonPart(header)}.${jsonPart(payload)}`;
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, new TextEncoder().encode(input));
  return `${input}.${b64url(new Uint8Array(signature))}`;
}

const claims = (overrides: Record<string, unknown> = {}) => ({
  iss: issuer,
  aud: clientId,
  sub: 'account-1',
  iat: now - 10,
  exp: now + 3600,
  ...overrides,
});

const expect_ = (keys: JsonWebKey[] = [publicJwk]) => ({ issuer, clientId, keys, nowSeconds: now });

describe('identity token checks (spec section 5)', () => {
  it('accepts a token signed by the provider for this client', async () => {
    const token = await sign(claims({ azp: clientId, nbf: now - 10 }));
    await expect(validateIdToken(token, expect_())).resolves.toMatchObject({ sub: 'account-1' });
  });

  it('accepts several audiences when the authorized party is this client', async () => {
    const token = await sign(claims({ aud: [clientId, 'urn:ipos:api'], azp: clientId }));
    await expect(validateIdToken(token, expect_())).resolves.toBeTruthy();
  });

  it.each([
    ['issuer', claims({ iss: 'https://evil.example' }), /Invalid issuer in token/],
    ['audience', claims({ aud: 'other_client' }), /Invalid audience in token/],
    ['authorized party', claims({ azp: 'other_client' }), /Invalid azp in token/],
    ['authorized party missing', claims({ aud: [clientId, 'x'] }), /azp must be present/],
    ['issued-at missing', claims({ iat: undefined }), /iat was not provided/],
    ['issued-at', claims({ iat: now + 3600 }), /iat is in the future/],
    ['not-before', claims({ nbf: now + 3600 }), /nbf is in the future/],
    ['expiry missing', claims({ exp: undefined }), /exp was not provided/],
    ['expiry', claims({ exp: now - 3600 }), /exp is in the past/],
  ])('refuses a bad %s', async (_, payload, message) => {
    await expect(validateIdToken(await sign(payload), expect_())).rejects.toThrow(message);
  });

  it('tolerates five minutes of clock skew', async () => {
    const token = await sign(claims({ iat: now + 200, nbf: now + 200, exp: now - 200 }));
    await expect(validateIdToken(token, expect_())).resolves.toBeTruthy();
  });

  it('refuses a signature by another key', async () => {
    await expect(validateIdToken(await sign(claims()), expect_([otherJwk]))).rejects.toThrow(
      'Invalid signature in token',
    );
  });

  it('refuses a tampered payload', async () => {
    const [head, , signature] = (await sign(claims())).split('.');
    const forged = `${head}.${jsonPart(claims({ sub: 'someone-else' }))}.${signature}`;
    await expect(validateIdToken(forged, expect_())).rejects.toThrow('Invalid signature in token');
  });

  it('refuses an unsigned token and an unknown key', async () => {
    const unsigned = `${jsonPart({ alg: 'none' })}.${jsonPart(claims())}.`;
    await expect(validateIdToken(unsigned, expect_())).rejects.toThrow(/Unsupported signature algorithm/);
    const unknownKid = await sign(claims(), { alg: 'RS256', kid: 'k2' });
    await expect(validateIdToken(unknownKid, expect_())).rejects.toThrow(/No key found/);
  });

  it('refuses something that is not a JWT', async () => {
    await expect(validateIdToken('not-a-jwt', expect_())).rejects.toThrow(/not a JWT/);
  });
});
