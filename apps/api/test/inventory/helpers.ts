import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildPath, type Endpoint, type Permission } from '@ipos/contracts';
import { memberships, roles } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { ledgerMismatches } from '../../src/features/inventory/stock-ledger.js';
import { salesSummaryMismatches } from '../../src/features/reports/sales-summaries.js';
import type { TestServer } from '../support/server.js';

export interface CallOptions {
  /** An email to mint a token for; null sends no token. */
  as?: string | null;
  /** The store the request names (X-Store-Id); left out for the caller's own-account routes. */
  storeId?: string;
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

/** One request through the app, as a demo account, in a store. */
export function caller(server: TestServer, defaultAs: string) {
  return async (endpoint: Pick<Endpoint, 'method' | 'path'>, options: CallOptions = {}) => {
    const as = options.as === undefined ? defaultAs : options.as;
    const headers: Record<string, string> = options.storeId === undefined ? {} : { 'x-store-id': options.storeId };
    if (as) headers.authorization = `Bearer ${await server.tokenFor(as)}`;
    return server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, options.params),
      query: options.query,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  };
}

export const fieldsOf = (res: { json(): unknown }) =>
  ((res.json() as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);

/**
 * The invariants: on hand equals the sum of the movements for every (store, variant) of the business,
 * and the report summaries equal the sales and refunds they summarise.
 */
export async function expectLedgerHolds(server: TestServer, businessId: string) {
  expect(await ledgerMismatches(server.deps.database.db, businessId)).toEqual([]);
  expect(await salesSummaryMismatches(server.deps.database.db, businessId)).toEqual([]);
}

/**
 * Gives an account a custom role with just these permissions in its stores of the business (for
 * 403 tests: a role that may look but not act). Returns the role id.
 */
export async function giveCustomRole(
  server: TestServer,
  businessId: string,
  email: string,
  role: { name: string; permissions: Permission[] },
): Promise<string> {
  const db = server.deps.database.db;
  const roleId = newId();
  await db.insert(roles).values({ businessId, id: roleId, name: role.name, permissions: role.permissions });
  const accountId = await server.accountId(email);
  await db
    .update(memberships)
    .set({ roleId })
    .where(and(eq(memberships.businessId, businessId), eq(memberships.accountId, accountId)));
  return roleId;
}
