import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  buildPath,
  cancelPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  createRestockOrders,
  IDEMPOTENCY_HEADER,
  recallPurchaseOrder,
  receivePurchaseOrder,
  type Endpoint,
  type PurchaseOrder,
} from '@ipos/contracts';
import { contacts, stockMovements } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import type { TestServer } from '../support/server.js';

export interface Ctx {
  server: TestServer;
  businessId: string;
  storeId: string;
}

/** A vendor contact written straight into the table (contacts have their own tests). */
export async function createVendor(
  server: TestServer,
  businessId: string,
  extra: { email?: string | null; kind?: 'vendor' | 'customer'; archived?: boolean } = {},
) {
  const id = newId();
  const name = `Vendor ${randomBytes(3).toString('hex')}`;
  const email = extra.email === undefined ? `${name.replace(' ', '.').toLowerCase()}@vendor.ipos.test` : extra.email;
  await server.deps.database.db.insert(contacts).values({
    businessId,
    id,
    kind: extra.kind ?? 'vendor',
    name,
    email,
    searchText: name.toLowerCase(),
    archivedAt: extra.archived ? new Date() : null,
  });
  return { id, name, email };
}

/** One request as an account (email) in a store, with an Idempotency-Key for idempotent endpoints. */
export async function po(
  server: TestServer,
  as: string,
  storeId: string,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  options: { params?: Record<string, string>; body?: unknown; key?: string; query?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    'x-store-id': storeId,
    authorization: `Bearer ${await server.tokenFor(as)}`,
  };
  if (endpoint === receivePurchaseOrder || endpoint === recallPurchaseOrder || endpoint === createRestockOrders)
    headers[IDEMPOTENCY_HEADER] = options.key ?? randomUUID();
  return server.app.inject({
    method: endpoint.method,
    url: buildPath(endpoint.path, options.params),
    headers,
    ...(options.query ? { query: options.query } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** Calls that must succeed, answering the order. */
export function orderActions(server: TestServer, as: string, storeId: string) {
  const ok = async (res: Awaited<ReturnType<typeof po>>, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as PurchaseOrder;
  };
  return {
    create: async (vendorId: string, lines: { variantId: string; quantity: number; unitCostMinor: number }[]) =>
      ok(await po(server, as, storeId, createPurchaseOrder, { body: { vendorId, lines } }), 201),
    receive: async (orderId: string, lines: { lineNo: number; quantity: number; unitCostMinor?: number }[]) =>
      ok(
        await po(server, as, storeId, receivePurchaseOrder, {
          params: { orderId },
          body: { id: randomUUID(), lines },
        }),
        201,
      ),
    recall: async (orderId: string, lines: { lineNo: number; quantity: number }[]) =>
      ok(
        await po(server, as, storeId, recallPurchaseOrder, {
          params: { orderId },
          body: { id: randomUUID(), lines, reason: 'Damaged in transit' },
        }),
        201,
      ),
    close: async (order: PurchaseOrder) =>
      ok(
        await po(server, as, storeId, closePurchaseOrder, {
          params: { orderId: order.id },
          body: { version: order.version, reason: 'The rest is not coming' },
        }),
        200,
      ),
    cancel: async (order: PurchaseOrder) =>
      ok(
        await po(server, as, storeId, cancelPurchaseOrder, {
          params: { orderId: order.id },
          body: { version: order.version, reason: 'Not needed' },
        }),
        200,
      ),
  };
}

/** The order's stock movements (ref purchase_order), oldest first. */
export async function movementsOf(server: TestServer, businessId: string, orderId: string) {
  return server.deps.database.db
    .select()
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.businessId, businessId),
        eq(stockMovements.refType, 'purchase_order'),
        eq(stockMovements.refId, orderId),
      ),
    )
    .orderBy(stockMovements.occurredAt, stockMovements.id);
}

export async function costOf(server: TestServer, businessId: string, variantId: string): Promise<number> {
  const [row] = (
    (await server.deps.database.db.execute(
      sql`select cost_price_minor as cost from product_variants where business_id = ${businessId} and id = ${variantId}`,
    )) as unknown as { rows: { cost: number | string }[] }
  ).rows;
  return Number(row!.cost);
}
