import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { AppError } from '../http/app-error.js';

export interface VerifiedToken {
  issuer: string;
  subject: string;
  claims: JWTPayload & { email?: string; roles?: string[] };
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

/**
 * Checks an access token as RFC 9068 asks: signature against the issuer's keys (never `alg: none`),
 * issuer, audience, `exp`, `nbf` and `typ: at+jwt`. Any failure is one 401 with a reason.
 */
export function createTokenVerifier(options: {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
}): TokenVerifier {
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, options.keys, {
          issuer: options.issuer,
          audience: options.audience,
          typ: 'at+jwt',
          algorithms: ALGORITHMS,
          clockTolerance: 5,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        return { issuer: options.issuer, subject: payload.sub!, claims: payload };
      } catch (error) {
        throw new AppError('UNAUTHENTICATED', describe(error));
      }
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The access token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `The access token's ${error.claim} claim is not valid`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey)
    return 'The access token is not signed by the issuer';
  return 'The access token is not valid';
}

/** Keys of the embedded provider, read from the database it keeps them in. */
export function localKeys(jwks: JSONWebKeySet): JWTVerifyGetKey {
  return createLocalJWKSet(jwks);
}

/** Keys of an external issuer, found through its discovery document and cached by jose. */
export function remoteKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const discover = async () => {
    const res = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`Discovery at ${issuer} answered ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: string };
    if (!doc.jwks_uri) throw new Error(`Discovery at ${issuer} names no jwks_uri`);
    return createRemoteJWKSet(new URL(doc.jwks_uri));
  };
  return async (header, token) => {
    keys ??= discover().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}
