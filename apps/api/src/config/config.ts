import path from 'node:path';
import { z } from 'zod';
import { OIDC_AUDIENCE, OIDC_CLIENT_ID } from '@ipos/contracts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'use true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const urlString = z.string().url({ message: 'must be an absolute URL' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: urlString.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /**
   * PostgreSQL: each connection keeps its statements prepared. Turn off behind a pooler in transaction
   * mode that cannot carry prepared statements (PgBouncer before 1.21, or max_prepared_statements = 0).
   */
  DATABASE_PREPARED_STATEMENTS: booleanString.default(true),
  OIDC_ISSUER: urlString.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default(OIDC_CLIENT_ID),
  OIDC_AUDIENCE: z.string().min(1).default(OIDC_AUDIENCE),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SEED_DEMO: booleanString.default(true),
  /** The demo's 90 days of trading; tests turn it off (only the history's own test needs it). */
  SEED_DEMO_HISTORY: booleanString.default(true),
  INACTIVITY_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(1000, { message: 'must be at least 1000' })
    .default(900_000),
  POST_LOGOUT_URL: z.string().min(1).optional(),
  ANALYTICS_TOKEN: z.string().min(1).optional(),
  ANALYTICS_API_HOST: urlString.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('iPos <no-reply@ipos.local>'),
  SUPPORT_EMAIL: z.string().trim().email({ message: 'must be an email address' }).default('support@ipos.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built SPA lives; the server serves it when the folder exists. */
  WEB_DIST_DIR: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (client IPs for rate limits and audit). */
  TRUST_PROXY: booleanString.default(false),
  /** Backups of the embedded database: daily, on a clean shutdown and on demand. */
  BACKUPS: booleanString.default(true),
  /** Where backups go (default DATA_DIR/backups): point it at a USB drive or a synced folder. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number({ message: 'must be a number of backups' }).int().min(1).max(1000).default(14),
  /** The hour of the day (server time, 0–23) the daily backup is taken: a quiet hour. */
  BACKUP_HOUR: z.coerce.number({ message: 'must be an hour, 0 to 23' }).int().min(0).max(23).default(3),
});

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: statements prepared once per connection (DATABASE_PREPARED_STATEMENTS). */
  databasePreparedStatements: boolean;
  oidc: {
    /** Unset: the embedded provider is mounted at `${publicUrl}/oidc`. */
    externalIssuer: string | undefined;
    issuer: string;
    clientId: string;
    audience: string;
    google: { clientId: string; clientSecret: string } | undefined;
  };
  seedDemo: boolean;
  seedDemoHistory: boolean;
  inactivityTimeoutMs: number;
  postLogoutUrl: string;
  analytics: { token: string; apiHost: string | undefined } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where support requests are mailed (SUPPORT_EMAIL). */
  supportEmail: string;
  logLevel: string;
  webDistDir: string | undefined;
  shutdownTimeoutMs: number;
  trustProxy: boolean;
  backups: { enabled: boolean; dir: string; keep: number; hour: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once. Every bad value gives one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if (e.ANALYTICS_API_HOST && !e.ANALYTICS_TOKEN) {
    problems.push('ANALYTICS_API_HOST: set ANALYTICS_TOKEN as well');
  }
  if (problems.length) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    oidc: {
      externalIssuer: e.OIDC_ISSUER,
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE,
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
          : undefined,
    },
    seedDemo: e.SEED_DEMO,
    seedDemoHistory: e.SEED_DEMO_HISTORY,
    inactivityTimeoutMs: e.INACTIVITY_TIMEOUT_MS,
    postLogoutUrl: e.POST_LOGOUT_URL ?? `${publicUrl}/?signedOut=1`,
    analytics: e.ANALYTICS_TOKEN ? { token: e.ANALYTICS_TOKEN, apiHost: e.ANALYTICS_API_HOST } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    backups: {
      enabled: e.BACKUPS,
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      keep: e.BACKUP_KEEP,
      hour: e.BACKUP_HOUR,
    },
  };
}
