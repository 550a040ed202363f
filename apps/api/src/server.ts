import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { openDatabase, type Database, type OpenOptions } from './db/client.js';
import { buildApp } from './app.js';
import { createTokenVerifier, localKeys, remoteKeys, type TokenVerifier } from './auth/token-verifier.js';
import { createMailer } from './mail/mailer.js';
import { createEmbeddedProvider } from './identity/embedded-provider.js';
import type { AppDeps } from './http/context.js';
import { seedDemo } from './seed/demo.js';
import { clearPinLockAfterSignIn } from './features/accounts/accounts.service.js';

export interface Server {
  app: FastifyInstance;
  deps: AppDeps;
  seeded: boolean;
  close(): Promise<void>;
}

/**
 * Wires the process: database (migrated), identity (embedded or external), mail, the HTTP app and the
 * demo seed. main.ts and the integration tests both build the server through here, so tests exercise
 * exactly what runs.
 */
export async function createServer(
  config: Config,
  options: { logger?: boolean; database?: Database; databaseOptions?: Partial<OpenOptions>; now?: () => Date } = {},
): Promise<Server> {
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...options.databaseOptions }));
  try {
    const now = options.now ?? (() => new Date());
    // Mail logs through the app's logger, which exists only once the app is built.
    let app: FastifyInstance | undefined;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: { info: (...args: [object, string]) => app?.log.info(...args), warn: (...args: [object, string]) => app?.log.warn(...args) } as never,
    });
    const base = { config, database, mailer, now };
    let tokens: TokenVerifier;
    let identity: ((app: FastifyInstance) => Promise<void>) | undefined;
    if (config.oidc.externalIssuer) {
      tokens = createTokenVerifier({ issuer: config.oidc.issuer, audience: config.oidc.audience, keys: remoteKeys(config.oidc.issuer) });
    } else {
      const provider = await createEmbeddedProvider({
        ...base,
        onSignIn: (accountId) => clearPinLockAfterSignIn({ ...base, tokens: undefined as never }, accountId),
      });
      tokens = createTokenVerifier({ issuer: config.oidc.issuer, audience: config.oidc.audience, keys: localKeys(provider.jwks) });
      identity = provider.mount;
    }
    const deps: AppDeps = { ...base, tokens };
    app = await buildApp(deps, { identity, logger: options.logger });
    const seeded = config.seedDemo ? await seedDemo(deps) : false;
    await app.ready();
    return {
      app: app!,
      deps,
      seeded,
      close: async () => {
        try {
          await app!.close();
        } finally {
          await database.close();
        }
      },
    };
  } catch (error) {
    if (!options.database) await database.close().catch(() => undefined);
    throw error;
  }
}
