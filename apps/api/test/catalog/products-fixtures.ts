import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { buildPath, gtinCheckDigit, type Endpoint } from '@ipos/contracts';
import { categories, taxRates } from '../../src/db/schema.js';
import { DEMO, type TestServer } from '../support/server.js';
import type { demoIds } from '../support/isolation.js';

/** Shared helpers of the products tests: a caller with a store, unique SKUs and barcodes, demo references. */

export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

export interface CallOptions {
  /** An email (a token is minted), a ready token, or null for no token. Default: the Lekki manager. */
  as?: string | null;
  storeId?: string;
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
  headers?: Record<string, string>;
  requestId?: string;
}

export function caller(server: TestServer, demo: () => DemoIds) {
  return async (endpoint: Pick<Endpoint, 'method' | 'path'>, options: CallOptions = {}) => {
    const as = options.as === undefined ? DEMO.manager : options.as;
    const headers: Record<string, string> = { ...options.headers };
    if (as) headers.authorization = `Bearer ${as.includes('@') ? await server.tokenFor(as) : as}`;
    headers['x-store-id'] = options.storeId ?? (as === DEMO.cashier ? demo().ikejaId : demo().lekkiId);
    if (options.requestId) headers['x-request-id'] = options.requestId;
    return server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, options.params),
      query: options.query,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  };
}

let counter = 0;
/** A SKU no other test uses. */
export const uniqueSku = (prefix = 'T') => `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}-${++counter}`;

/** A valid EAN-13 no other test uses (prefix 200: in-store codes, never a demo product). */
export function uniqueEan13(): string {
  const body = `200${String(Date.now() % 1e6).padStart(6, '0')}${String(++counter % 1000).padStart(3, '0')}`;
  return body + gtinCheckDigit(body);
}

export async function categoryId(server: TestServer, businessId: string, name: string): Promise<string> {
  const [row] = await server.deps.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.businessId, businessId), eq(categories.name, name)));
  if (!row) throw new Error(`No category ${name}`);
  return row.id;
}

export async function vatId(server: TestServer, businessId: string): Promise<string> {
  const [row] = await server.deps.database.db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.businessId, businessId), eq(taxRates.name, 'VAT')));
  if (!row) throw new Error('No VAT');
  return row.id;
}

export const fieldsOf = (res: { json(): unknown }) =>
  ((res.json() as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
