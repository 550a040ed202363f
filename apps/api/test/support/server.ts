import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { DestinationStream } from 'pino';
import { loadConfig } from '../../src/config/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createServer, type Server } from '../../src/server.js';
import { loadOrCreateProviderSecrets } from '../../src/identity/keys.js';
import { findAccountByEmail } from '../../src/tenancy/accounts.js';
import { accounts } from '../../src/db/schema.js';
import { sql } from 'drizzle-orm';
import type { Me } from '@ipos/contracts';
import { driver, testEnv } from './test-env.js';

export interface TestServer extends Server {
  /** A real access token for a demo (or any) account, signed with the embedded provider's key. */
  tokenFor(
    email: string,
    overrides?: { expiresInSeconds?: number; audience?: string; issuedAtSeconds?: number },
  ): Promise<string>;
  accountId(email: string): Promise<string>;
  /** The account's row as stored (credentials, counters), for assertions on what the API wrote. */
  accountRow(email: string): Promise<typeof accounts.$inferSelect>;
  /** GET /api/v1/me as that account: status and body. */
  me(email: string): Promise<{ statusCode: number; body: Me }>;
}

/**
 * A fresh copy of the migrated, seeded test database, on the driver this project runs on; or, with
 * `empty`, a new empty database that the server migrates and seeds itself (for a test that needs a
 * seed the shared template leaves out, such as the 90-day demo history).
 */
async function freshDatabase(
  empty = false,
  connectThrough?: (databaseUrl: URL) => Promise<URL>,
  onQuery?: (query: string) => void,
): Promise<{ database: Database; databaseUrl?: string; drop: () => Promise<void> }> {
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `ipos_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      empty ? `create database "${name}"` : `create database "${name}" template "${inject('postgresTemplate')}"`,
    );
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const appUrl = connectThrough ? await connectThrough(new URL(dbUrl)) : dbUrl;
    const database = await openDatabase({ databaseUrl: appUrl.toString(), skipMigrations: !empty, onQuery });
    return {
      database,
      databaseUrl: dbUrl.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      },
    };
  }
  if (empty) return { database: await openDatabase({ onQuery }), drop: async () => undefined };
  const blob = new Blob([fs.readFileSync(inject('pgliteDump'))]);
  const database = await openDatabase({ loadDataDir: blob, skipMigrations: true, onQuery });
  return { database, drop: async () => undefined };
}

export async function createTestServer(
  env: Record<string, string> = {},
  options: {
    now?: () => Date;
    logStream?: DestinationStream;
    emptyDatabase?: boolean;
    /** PostgreSQL only: the address the app connects to instead of the database's (a proxy to it). */
    connectThrough?: (databaseUrl: URL) => Promise<URL>;
    /** Told each statement the app runs (to count a request's round trips). */
    onQuery?: (query: string) => void;
  } = {},
): Promise<TestServer> {
  const { database, drop } = await freshDatabase(options.emptyDatabase, options.connectThrough, options.onQuery);
  const config = loadConfig({ ...testEnv, ...env });
  const server = await createServer(config, {
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    database,
    now: options.now,
  });
  const db = server.deps.database.db;
  const secrets = config.oidc.externalIssuer ? undefined : await loadOrCreateProviderSecrets(db);
  const accountId = async (email: string) => {
    const account = await findAccountByEmail(db, email);
    if (!account) throw new Error(`No account ${email}`);
    return account.id;
  };
  const tokenFor: TestServer['tokenFor'] = async (email, overrides = {}) => {
    if (!secrets) throw new Error('tokenFor needs the embedded provider');
    const jwk = secrets.signingKeys[0] as JWK;
    const key = await importJWK(jwk, 'RS256');
    return new SignJWT({ scope: 'openid email roles profile offline_access', client_id: config.oidc.clientId })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid! })
      .setIssuer(config.oidc.issuer)
      .setAudience(overrides.audience ?? config.oidc.audience)
      .setSubject(await accountId(email))
      .setIssuedAt(overrides.issuedAtSeconds)
      .setJti(randomBytes(8).toString('hex'))
      .setExpirationTime(Math.floor(Date.now() / 1000) + (overrides.expiresInSeconds ?? 600))
      .sign(key);
  };

  return {
    ...server,
    accountId,
    async accountRow(email) {
      const [row] = await db
        .select()
        .from(accounts)
        .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`);
      if (!row) throw new Error(`No account ${email}`);
      return row;
    },
    async me(email) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${await tokenFor(email)}` },
      });
      return { statusCode: res.statusCode, body: res.json() as Me };
    },
    tokenFor,
    close: async () => {
      try {
        await server.close();
      } finally {
        await drop();
      }
    },
  };
}

export const DEMO = {
  owner: 'owner@demo.ipos.test',
  admin: 'admin@demo.ipos.test',
  manager: 'manager@demo.ipos.test',
  cashier: 'cashier@demo.ipos.test',
  newhire: 'newhire@demo.ipos.test',
} as const;
