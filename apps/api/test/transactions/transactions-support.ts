import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  buildPath,
  createRefund,
  IDEMPOTENCY_HEADER,
  STORE_HEADER,
  voidSale,
  type CreateRefundBody,
  type Sale,
} from '@ipos/contracts';
import { contacts, registerSessions, sales } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { sessionSummary } from '../../src/features/checkout/registers.repository.js';
import type { TestServer } from '../support/server.js';
import { newKey, type saleBody, seller } from '../checkout/checkout-support.js';
import { rebuildSalesSummaries } from '../../src/features/reports/sales-summaries.js';

type Scope = { businessId: string; storeId: string };

/** POST /sales/:saleId/refunds or /void with a ready token and a fresh Idempotency-Key unless given. */
export function poster(server: TestServer, endpoint: typeof createRefund | typeof voidSale) {
  return async (options: {
    token: string;
    storeId: string;
    saleId: string;
    body: unknown;
    key?: string;
  }): Promise<LightMyRequestResponse> =>
    server.app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, { saleId: options.saleId }),
      headers: {
        authorization: `Bearer ${options.token}`,
        [STORE_HEADER]: options.storeId,
        [IDEMPOTENCY_HEADER]: options.key ?? newKey(),
      },
      payload: options.body as object,
    });
}

export const refunder = (server: TestServer) => poster(server, createRefund);
export const voider = (server: TestServer) => poster(server, voidSale);

/** A refund body: every listed line restocked, paid back in cash from the session unless told. */
export function refundBody(
  sessionId: string | undefined,
  lines: { lineNo: number; quantity: number; restock?: boolean }[],
  extra: Partial<CreateRefundBody> = {},
): CreateRefundBody {
  return {
    id: newId(),
    lines: lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity, restock: l.restock ?? true })),
    method: 'cash',
    ...(sessionId ? { sessionId } : {}),
    reason: 'Customer changed their mind',
    ...extra,
  };
}

/** Sells through the API (201 expected) and answers the sale. */
export async function sellOk(
  server: TestServer,
  token: string,
  storeId: string,
  body: ReturnType<typeof saleBody>,
): Promise<Sale> {
  const res = await seller(server)({ token, storeId, body });
  if (res.statusCode !== 201) throw new Error(`The sale failed: ${res.statusCode} ${res.body}`);
  return res.json() as Sale;
}

/** A customer (or vendor) contact written straight into the table. */
export async function createTestContact(
  server: TestServer,
  businessId: string,
  options: { kind?: 'customer' | 'vendor'; archived?: boolean; name?: string } = {},
) {
  const id = newId();
  const name = options.name ?? `Customer ${randomBytes(3).toString('hex')}`;
  await server.deps.database.db.insert(contacts).values({
    businessId,
    id,
    kind: options.kind ?? 'customer',
    name,
    phone: '+234 803 000 0000',
    phoneDigits: '803000000',
    email: 'ada@example.test',
    searchText: name.toLowerCase(),
    ...(options.archived ? { archivedAt: new Date() } : {}),
  });
  return { id, name };
}

/**
 * Moves a sale in time (microseconds kept: `2025-03-10T22:30:00.123456Z`), and its day in the report
 * summaries with it.
 */
export async function setCompletedAt(server: TestServer, businessId: string, saleId: string, at: string) {
  await server.deps.database.db.transaction(async (tx) => {
    await tx
      .update(sales)
      .set({ completedAt: sql`${at}::timestamptz` })
      .where(and(eq(sales.businessId, businessId), eq(sales.id, saleId)));
    await rebuildSalesSummaries(tx, businessId);
  });
}

export async function closeSessionDirectly(server: TestServer, businessId: string, sessionId: string) {
  await server.deps.database.db
    .update(registerSessions)
    .set({ status: 'closed', closedAt: new Date() })
    .where(and(eq(registerSessions.businessId, businessId), eq(registerSessions.id, sessionId)));
}

export async function summaryOf(server: TestServer, scope: Scope, sessionId: string) {
  const figures = await sessionSummary(server.deps.database.db, scope.businessId, sessionId);
  if (!figures) throw new Error('No such session');
  return figures;
}
