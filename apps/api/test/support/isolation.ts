import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildPath, STORE_HEADER, type Endpoint } from '@ipos/contracts';
import { businesses, stores } from '../../src/db/schema.js';
import { latestMailTo, signUpLinkIn } from './mail.js';
import type { TestServer } from './server.js';

// ---------------------------------------------------------------- tenants

export interface Tenant {
  email: string;
  password: string;
  accountId: string;
  businessId: string;
  storeId: string;
  businessName: string;
  /** A real access token of the tenant's owner. */
  token(): Promise<string>;
}

/** A distinct client address per call, so tests do not share the sign-up rate limit of one IP. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/**
 * A second tenant, made the way a real one is: POST /api/v1/onboarding/register, the link mailed to
 * the address (read from the outbox), then POST /api/v1/onboarding/verify-email with its token.
 * Its owner, business and first store are new; nothing is shared with the demo business.
 */
export async function registerTenant(
  server: TestServer,
  overrides: Partial<{ email: string; businessName: string; currency: string; country: string; password: string }> = {},
): Promise<Tenant> {
  const suffix = randomBytes(4).toString('hex');
  const body = {
    ownerName: 'Other Owner',
    email: overrides.email ?? `owner-${suffix}@other.ipos.test`,
    phone: '+254 700 000 000',
    password: overrides.password ?? 'OtherOwner#2026',
    businessName: overrides.businessName ?? `Other Shop ${suffix}`,
    country: overrides.country ?? 'KE',
    currency: overrides.currency ?? 'KSD',
  };
  const ip = randomIp();
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/onboarding/register',
    headers: { 'x-forwarded-for': ip },
    payload: body,
  });
  if (res.statusCode !== 202) throw new Error(`Registering a second tenant failed: ${res.statusCode} ${res.body}`);
  const { token } = signUpLinkIn(await latestMailTo(server, body.email));
  const verified = await server.app.inject({
    method: 'POST',
    url: '/api/v1/onboarding/verify-email',
    headers: { 'x-forwarded-for': ip },
    payload: { token },
  });
  if (verified.statusCode !== 201)
    throw new Error(`Verifying a second tenant's email failed: ${verified.statusCode} ${verified.body}`);
  const { accountId, businessId, storeId } = verified.json() as {
    accountId: string;
    businessId: string;
    storeId: string;
  };
  return {
    accountId,
    businessId,
    storeId,
    email: body.email,
    password: body.password,
    businessName: body.businessName,
    token: () => server.tokenFor(body.email),
  };
}

/** The demo business and its stores' ids, looked up by name and alias. */
export async function demoIds(server: TestServer) {
  const db = server.deps.database.db;
  const [business] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, 'Demo Mart'));
  if (!business) throw new Error('The demo business is missing');
  const storeId = async (alias: string) => {
    const [row] = await db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.businessId, business.id), eq(stores.alias, alias)));
    if (!row) throw new Error(`The demo store ${alias} is missing`);
    return row.id;
  };
  return { businessId: business.id, lekkiId: await storeId('LEK'), ikejaId: await storeId('IKJ') };
}

// ---------------------------------------------------------------- database snapshot

export interface TableState {
  rows: number;
  /** max(updated_at), for tables that have the column. */
  maxUpdatedAt?: string | null;
  /** md5 over every row's text: any insert, update or delete changes it. */
  digest: string;
}
export type DatabaseSnapshot = Record<string, TableState>;

function rowsOf<T>(result: unknown): T[] {
  // node-postgres and PGlite both answer db.execute() with an object carrying `rows`.
  return (result as { rows: T[] }).rows;
}

/**
 * Columns any request may write without changing anything the probe is about: an account's first use
 * after a sign-in is noted by the first request its token makes, whichever route that is.
 */
const bookkeepingColumns: Record<string, string[]> = { accounts: ['first_signed_in_at'] };

/**
 * Every base table of the application schema with its row count, max(updated_at) and a digest of
 * its contents. Driver-neutral (plain PostgreSQL 15 SQL), so it works on PGlite and on a server.
 */
export async function snapshotDatabase(
  server: TestServer,
  options: { ignoreTables?: string[] } = {},
): Promise<DatabaseSnapshot> {
  const db = server.deps.database.db;
  const tables = rowsOf<{ table_name: string; has_updated_at: boolean }>(
    await db.execute(sql`
      select t.table_name,
             exists (select 1 from information_schema.columns c
                      where c.table_schema = t.table_schema and c.table_name = t.table_name
                        and c.column_name = 'updated_at') as has_updated_at
        from information_schema.tables t
       where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       order by t.table_name`),
  );
  const snapshot: DatabaseSnapshot = {};
  for (const { table_name: name, has_updated_at: hasUpdatedAt } of tables) {
    if (options.ignoreTables?.includes(name)) continue;
    const table = sql.identifier(name);
    const skipped = bookkeepingColumns[name];
    const rowText = skipped
      ? sql`(to_jsonb(t) - ${sql.raw(`array[${skipped.map((c) => `'${c}'`).join(', ')}]`)})::text`
      : sql`t::text`;
    const maxUpdated = hasUpdatedAt ? sql`, max(t.updated_at)::text as max_updated_at` : sql``;
    const [row] = rowsOf<{ rows: number | string; digest: string; max_updated_at?: string | null }>(
      await db.execute(sql`
        select count(*) as rows,
               md5(coalesce(string_agg(${rowText}, E'\\n' order by ${rowText}), '')) as digest
               ${maxUpdated}
          from ${table} t`),
    );
    snapshot[name] = {
      rows: Number(row!.rows),
      ...(hasUpdatedAt ? { maxUpdatedAt: row!.max_updated_at ?? null } : {}),
      digest: row!.digest,
    };
  }
  return snapshot;
}

// ---------------------------------------------------------------- the probe

export interface CrossTenantProbe {
  /** The route: a contract from @ipos/contracts, or just its method and path. */
  endpoint: Pick<Endpoint, 'method' | 'path'>;
  /** Path parameters, filled with the OTHER tenant's ids. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The caller, who belongs to the first tenant: an email to mint a token for, or a ready token. */
  as: { email: string } | { token: string };
  /** Store-mode routes: the caller's active store (or the other tenant's store, when that is the probe). */
  storeId?: string;
  headers?: Record<string, string>;
  /** Strings that must not appear in the answer (the other tenant's names, emails...). */
  mustNotReveal?: string[];
  /** Tables a 404 may legitimately touch (for example a rate-limit counter); none by default. */
  ignoreTables?: string[];
}

/**
 * Asserts that a request for another tenant's data answers exactly like a request for nothing:
 * 404 problem+json with code NOT_FOUND, and that the database is unchanged (every table's row count,
 * max(updated_at) and contents, so audit_events too). One call per route:
 *
 *   await expectCrossTenantNotFound(server, {
 *     endpoint: resetStaffPin, params: { accountId: other.accountId }, as: { email: DEMO.manager }, storeId: lekkiId,
 *   });
 */
export async function expectCrossTenantNotFound(
  server: TestServer,
  probe: CrossTenantProbe,
): Promise<LightMyRequestResponse> {
  const token = 'token' in probe.as ? probe.as.token : await server.tokenFor(probe.as.email);
  const url = buildPath(probe.endpoint.path, probe.params);
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...probe.headers };
  if (probe.storeId) headers[STORE_HEADER] = probe.storeId;

  const before = await snapshotDatabase(server, { ignoreTables: probe.ignoreTables });
  const res = await server.app.inject({
    method: probe.endpoint.method,
    url,
    query: probe.query,
    headers,
    ...(probe.body === undefined ? {} : { payload: probe.body as object }),
  });
  const after = await snapshotDatabase(server, { ignoreTables: probe.ignoreTables });

  const what = `${probe.endpoint.method} ${url}`;
  expect(res.statusCode, `${what} answered ${res.statusCode}: ${res.body}`).toBe(404);
  expect(res.headers['content-type'], what).toMatch(/^application\/problem\+json/);
  expect(res.json(), what).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  for (const secret of probe.mustNotReveal ?? []) expect(res.body, `${what} revealed ${secret}`).not.toContain(secret);
  expect(after, `${what} changed the database`).toEqual(before);
  return res;
}
