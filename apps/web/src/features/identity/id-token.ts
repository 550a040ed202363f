import { decodeJwtPart } from './jwt';

/**
 * Spec section 5: the identity token's issuer, audience, authorized party, issued-at, not-before,
 * expiry and signature must be valid. oidc-client-ts (3.x) checks none of these itself, and the
 * token comes straight from the token endpoint over TLS, so this is a second line of defence kept
 * cheap: WebCrypto only, the provider's published keys, no extra package.
 */

export class IdTokenValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdTokenValidationError';
  }
}

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  /** The provider's JSON Web Key Set (`jwks_uri`). */
  keys: readonly JsonWebKey[];
  nowSeconds?: number;
  /** Tolerance for clocks that disagree, in seconds (oidc-client's default: 5 minutes). */
  clockSkewSeconds?: number;
}

export const DEFAULT_CLOCK_SKEW_SECONDS = 300;

interface JwsAlgorithm {
  import: Parameters<SubtleCrypto['importKey']>[2];
  verify: Parameters<SubtleCrypto['verify']>[0];
}

/** JWS `alg` → WebCrypto parameters. */
function algorithmFor(alg: string): JwsAlgorithm | null {
  const rsa = /^RS(256|384|512)$/.exec(alg);
  if (rsa)
    return { verify: { name: 'RSASSA-PKCS1-v1_5' }, import: { name: 'RSASSA-PKCS1-v1_5', hash: `SHA-${rsa[1]}` } };
  const pss = /^PS(256|384|512)$/.exec(alg);
  if (pss) {
    const bits = Number(pss[1]);
    return { verify: { name: 'RSA-PSS', saltLength: bits / 8 }, import: { name: 'RSA-PSS', hash: `SHA-${bits}` } };
  }
  const ec = /^ES(256|384|512)$/.exec(alg);
  if (ec) {
    const curve = ec[1] === '512' ? 'P-521' : `P-${ec[1]}`;
    return { verify: { name: 'ECDSA', hash: `SHA-${ec[1]}` }, import: { name: 'ECDSA', namedCurve: curve } };
  }
  if (alg === 'EdDSA' || alg === 'Ed25519') return { verify: { name: 'Ed25519' }, import: { name: 'Ed25519' } };
  return null;
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

async function verifySignature(token: string, header: Record<string, unknown>, keys: readonly JsonWebKey[]) {
  const alg = typeof header.alg === 'string' ? header.alg : '';
  const algorithm = algorithmFor(alg);
  if (!algorithm) throw new IdTokenValidationError(`Unsupported signature algorithm in token: ${alg || 'none'}`);
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const candidates = keys.filter(
    (key) =>
      (kid === undefined || (key as { kid?: string }).kid === kid) &&
      ((key as { use?: string }).use === undefined || (key as { use?: string }).use === 'sig') &&
      (key.alg === undefined || key.alg === alg),
  );
  if (candidates.length === 0) throw new IdTokenValidationError('No key found matching the token signature');
  const [head, body, signature] = token.split('.') as [string, string, string];
  const signed = new TextEncoder().encode(`${head}.${body}`);
  for (const jwk of candidates) {
    try {
      const key = await crypto.subtle.importKey('jwk', jwk, algorithm.import, false, ['verify']);
      if (await crypto.subtle.verify(algorithm.verify, key, base64UrlBytes(signature), signed)) return;
    } catch {
      // A key of another type or curve: try the next one.
    }
  }
  throw new IdTokenValidationError('Invalid signature in token');
}

/** Throws an IdTokenValidationError naming the first check that failed. */
export async function validateIdToken(token: string, expected: IdTokenExpectations): Promise<Record<string, unknown>> {
  const parts = token.split('.');
  const header = parts.length === 3 ? decodeJwtPart(parts[0]!) : null;
  const payload = parts.length === 3 ? decodeJwtPart(parts[1]!) : null;
  if (!header || !payload) throw new IdTokenValidationError('Invalid token: not a JWT');

  const now = expected.nowSeconds ?? Math.floor(Date.now() / 1000);
  const skew = expected.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS;

  if (payload.iss !== expected.issuer)
    throw new IdTokenValidationError(`Invalid issuer in token: ${String(payload.iss)}`);

  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(expected.clientId)) {
    throw new IdTokenValidationError(`Invalid audience in token: ${String(payload.aud)}`);
  }
  if (audiences.length > 1 && payload.azp === undefined) {
    throw new IdTokenValidationError('azp must be present when there are several audiences');
  }
  if (payload.azp !== undefined && payload.azp !== expected.clientId) {
    throw new IdTokenValidationError(`Invalid azp in token: ${String(payload.azp)}`);
  }

  if (typeof payload.iat !== 'number') throw new IdTokenValidationError('iat was not provided');
  if (payload.iat > now + skew) throw new IdTokenValidationError(`iat is in the future: ${payload.iat}`);
  if (payload.nbf !== undefined) {
    if (typeof payload.nbf !== 'number') throw new IdTokenValidationError('nbf is not a number');
    if (payload.nbf > now + skew) throw new IdTokenValidationError(`nbf is in the future: ${payload.nbf}`);
  }
  if (typeof payload.exp !== 'number') throw new IdTokenValidationError('exp was not provided');
  if (payload.exp < now - skew) throw new IdTokenValidationError(`exp is in the past: ${payload.exp}`);

  await verifySignature(token, header, expected.keys);
  return payload;
}
