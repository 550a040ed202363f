import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** Where Google's OpenID endpoints are; tests point these at a local fake. */
export interface GoogleEndpoints {
  authorization: string;
  token: string;
  jwks: string;
  /** Accepted `iss` values of Google's ID tokens. */
  issuers: string[];
}

export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  jwks: 'https://www.googleapis.com/oauth2/v3/certs',
  // Google documents both spellings.
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
};

export interface GoogleClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  endpoints: GoogleEndpoints;
}

export interface GoogleIdentity {
  subject: string;
  email: string;
}

/** A Google sign-in that cannot be trusted or did not complete; the message is for the log only. */
export class GoogleSignInError extends Error {
  constructor(
    message: string,
    readonly reason: 'failed' | 'unverified' = 'failed',
  ) {
    super(message);
    this.name = 'GoogleSignInError';
  }
}

const TIMEOUT_MS = 10_000;

export function googleAuthorizationUrl(client: GoogleClient, request: { state: string; nonce: string }): string {
  const url = new URL(client.endpoints.authorization);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state: request.state,
    nonce: request.nonce,
    prompt: 'select_account',
  }).toString();
  return url.href;
}

// jose caches keys per set and refetches on an unknown kid; one set per JWKS URL for the process.
const keySets = new Map<string, JWTVerifyGetKey>();
function keysAt(jwksUrl: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: TIMEOUT_MS });
    keySets.set(jwksUrl, keys);
  }
  return keys;
}

/**
 * Redeems the code Google sent back and returns the verified identity: the ID token's signature
 * (Google's JWKS), issuer, audience (our client id), expiry and nonce are checked, and the address
 * must be one Google has verified.
 */
export async function redeemGoogleCode(
  client: GoogleClient,
  code: string,
  expectedNonce: string,
): Promise<GoogleIdentity> {
  let response: Response;
  try {
    response = await fetch(client.endpoints.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uri: client.redirectUri,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GoogleSignInError(`Google's token endpoint could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw new GoogleSignInError(`Google's token endpoint answered ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as { id_token?: unknown } | undefined;
  if (typeof body?.id_token !== 'string') throw new GoogleSignInError('Google answered without an ID token');

  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(body.id_token, keysAt(client.endpoints.jwks), {
      issuer: client.endpoints.issuers,
      audience: client.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    }));
  } catch (error) {
    throw new GoogleSignInError(`Google's ID token was rejected: ${(error as Error).message}`);
  }
  if (claims.nonce !== expectedNonce) throw new GoogleSignInError("Google's ID token carries another nonce");
  if (typeof claims.email !== 'string' || !claims.email) throw new GoogleSignInError("Google's ID token has no email");
  // Google sends a boolean; older tokens carried the string "true".
  if (claims.email_verified !== true && claims.email_verified !== 'true') {
    throw new GoogleSignInError('Google has not verified this address', 'unverified');
  }
  return { subject: String(claims.sub), email: claims.email };
}
