import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import type { Executor } from '../db/client.js';
import { oidcSecrets } from '../db/schema.js';
import { newId } from '../lib/ids.js';

export interface ProviderSecrets {
  /** Private signing keys (JWK with `d`), newest first. */
  signingKeys: JWK[];
  /** The public half, as served at the JWKS endpoint and used by the API to verify tokens. */
  jwks: JSONWebKeySet;
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
}

const NAME = 'embedded-provider';

function publicPart(jwk: JWK): JWK {
  const { kty, n, e, crv, x, y, kid, alg, use } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
  ) as JWK;
}

/**
 * The embedded provider's keys live in the database, created once, so every replica and every restart
 * signs and verifies with the same keys. Concurrent first starts race on the primary key; the loser
 * reads the winner's keys.
 */
export async function loadOrCreateProviderSecrets(db: Executor): Promise<ProviderSecrets> {
  const read = async () => {
    const [row] = await db.select().from(oidcSecrets).where(eq(oidcSecrets.name, NAME));
    return row?.value as { signingKeys: JWK[]; cookieKeys: string[] } | undefined;
  };
  let value = await read();
  if (!value) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = { ...(await exportJWK(privateKey)), kid: newId(), alg: 'RS256', use: 'sig' };
    const created = { signingKeys: [jwk], cookieKeys: [randomBytes(32).toString('base64url')] };
    await db.insert(oidcSecrets).values({ name: NAME, value: created }).onConflictDoNothing();
    value = (await read())!;
  }
  return {
    signingKeys: value.signingKeys,
    jwks: { keys: value.signingKeys.map(publicPart) },
    cookieKeys: value.cookieKeys,
  };
}
