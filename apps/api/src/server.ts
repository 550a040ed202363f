import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config/config.js';
import { openDatabase, type Database, type OpenOptions } from './db/client.js';
import { buildApp } from './app.js';
import { createTokenVerifier, localKeys, remoteKeys, type TokenVerifier } from './auth/token-verifier.js';
import { createMailer } from './mail/mailer.js';
import { purgeExpiredIdempotencyKeys } from './http/idempotency.js';
import { createLogger } from './http/logging.js';
import { createEmbeddedProvider } from './identity/embedded-provider.js';
import type { AppDeps } from './http/context.js';
import { seedDemo } from './seed/demo.js';
import { clearPinLockAfterSignIn } from './features/accounts/credentials.service.js';
import { startBackups } from './db/backups/backup-schedule.js';

const MAIL_RETRY_INTERVAL_MS = 60_000;
/** How often expired idempotency keys are removed. */
const KEY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

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
  options: {
    logger?: boolean;
    /** Tests: where log lines go (default stdout). */
    logStream?: DestinationStream;
    database?: Database;
    databaseOptions?: Partial<OpenOptions>;
    now?: () => Date;
  } = {},
): Promise<Server> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      preparedStatements: config.databasePreparedStatements,
      dataDir: config.dataDir,
      ...options.databaseOptions,
    }));
  try {
    const now = options.now ?? (() => new Date());
    const log = createLogger(options.logger === false ? 'silent' : config.logLevel, options.logStream);
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
    const base = { config, database, mailer, now };
    let tokens: TokenVerifier;
    let identity: ((app: FastifyInstance) => Promise<void>) | undefined;
    if (config.oidc.externalIssuer) {
      tokens = createTokenVerifier({
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        keys: remoteKeys(config.oidc.issuer),
      });
    } else {
      const provider = await createEmbeddedProvider({
        ...base,
        onSignIn: (accountId) => clearPinLockAfterSignIn({ ...base, tokens: undefined as never }, accountId),
      });
      tokens = createTokenVerifier({
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        keys: localKeys(provider.jwks),
      });
      identity = provider.mount;
    }
    // The app backs up the embedded database it opened itself (tests hand it theirs).
    const backups =
      config.backups.enabled && database.driver === 'pglite' && !options.database
        ? startBackups({ database, config: config.backups, now, log })
        : undefined;
    const deps: AppDeps = { ...base, tokens, ...(backups ? { backups } : {}) };
    const app = await buildApp(deps, { identity, log });
    const seeded = config.seedDemo ? await seedDemo(deps) : false;
    await app.ready();
    // Mail that could not be delivered at once (SMTP down, a crash after commit) is retried here.
    const mailRetry = setInterval(() => {
      deps.mailer.flush(database.db).catch((error: unknown) => log.warn({ err: error }, 'mail retry failed'));
    }, MAIL_RETRY_INTERVAL_MS);
    mailRetry.unref();
    // Idempotency keys are kept two days (a till retrying a sale is answered for at least 24 hours).
    const keyPurge = setInterval(() => {
      purgeExpiredIdempotencyKeys(database.db, deps.now()).catch((error: unknown) =>
        log.warn({ err: error }, 'idempotency key clean-up failed'),
      );
    }, KEY_PURGE_INTERVAL_MS);
    keyPurge.unref();
    return {
      app,
      deps,
      seeded,
      close: async () => {
        clearInterval(mailRetry);
        clearInterval(keyPurge);
        try {
          await app.close();
          // Every request has finished: the shutdown backup holds everything they wrote.
          await backups?.stop({ finalBackup: true });
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
