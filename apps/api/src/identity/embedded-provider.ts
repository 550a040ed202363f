// Being written: the embedded OpenID provider (oidc-provider). Interface fixed; see server.ts.
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { AppDeps } from '../http/context.js';
import { loadOrCreateProviderSecrets } from './keys.js';

export interface EmbeddedProviderDeps extends Omit<AppDeps, 'tokens'> {
  /** Called after a successful password sign-in (clears a PIN lock). */
  onSignIn: (accountId: string) => Promise<void>;
}

export async function createEmbeddedProvider(
  deps: EmbeddedProviderDeps,
): Promise<{ jwks: JSONWebKeySet; mount: (app: FastifyInstance) => Promise<void> }> {
  const secrets = await loadOrCreateProviderSecrets(deps.database.db);
  return { jwks: secrets.jwks, mount: async () => undefined };
}
