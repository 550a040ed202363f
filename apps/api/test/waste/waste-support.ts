import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { buildPath, type Endpoint, type RecordWasteBody, type WasteDetail } from '@ipos/contracts';
import { stockMovements } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import type { TestServer } from '../support/server.js';

export const newKey = () => `waste-${randomBytes(8).toString('hex')}`;

export interface WasteCall {
  as: string;
  storeId: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON, or raw bytes with `contentType`. */
  body?: unknown;
  contentType?: string;
  /** Sent as Idempotency-Key; `null` sends none. Idempotent endpoints get a fresh one by default. */
  key?: string | null;
}

/** One request to the waste endpoints as a demo (or any) account in a store. */
export function wasteCaller(server: TestServer) {
  return async (endpoint: Pick<Endpoint, 'method' | 'path' | 'idempotent'>, call: WasteCall) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await server.tokenFor(call.as)}`,
      'x-store-id': call.storeId,
    };
    const key = call.key === undefined ? (endpoint.idempotent ? newKey() : null) : call.key;
    if (key) headers['idempotency-key'] = key;
    if (call.contentType) headers['content-type'] = call.contentType;
    return server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, call.params),
      query: call.query,
      headers,
      ...(call.body === undefined ? {} : { payload: call.body as object }),
    });
  };
}

export const wasteBody = (
  variantId: string,
  quantity: number,
  extra: Partial<RecordWasteBody> = {},
): RecordWasteBody => ({
  id: newId(),
  variantId,
  quantity,
  reason: 'damaged',
  ...extra,
});

/** The ledger movements a waste record made. */
export async function movementsOf(server: TestServer, businessId: string, wasteId: string) {
  return server.deps.database.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.refId, wasteId)));
}

export type { WasteDetail };

export { TINY_JPEG as JPEG, TINY_PNG as PNG } from '../support/images.js';
