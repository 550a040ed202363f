import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createSale, IDEMPOTENCY_HEADER, STORE_HEADER, type CreateSaleBody } from '@ipos/contracts';
import { products, registerSessions, stockLevels, taxRates } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import type { TestServer } from '../support/server.js';

/** A register session written straight into the table (open unless told), for sale tests. */
export async function openTestSession(
  server: TestServer,
  scope: { businessId: string; storeId: string },
  options: { status?: 'open' | 'closed'; openedBy?: string } = {},
): Promise<string> {
  const id = newId();
  const openedBy = options.openedBy ?? newId();
  await server.deps.database.db.insert(registerSessions).values({
    businessId: scope.businessId,
    id,
    storeId: scope.storeId,
    registerName: `Till ${randomBytes(3).toString('hex')}`,
    status: options.status ?? 'open',
    openedBy,
    openingFloatMinor: 1_000_000,
    ...(options.status === 'closed' ? { closedAt: new Date(), closedBy: openedBy } : {}),
  });
  return id;
}

/** A tax rate of the business (a unique name), inclusive or exclusive. */
export async function createTestTaxRate(
  server: TestServer,
  businessId: string,
  rateBasisPoints: number,
  isInclusive: boolean,
): Promise<string> {
  const id = newId();
  await server.deps.database.db.insert(taxRates).values({
    businessId,
    id,
    name: `Tax ${rateBasisPoints} ${isInclusive ? 'incl' : 'excl'} ${randomBytes(3).toString('hex')}`,
    rateBasisPoints,
    isInclusive,
  });
  return id;
}

export async function setProductTaxRate(server: TestServer, businessId: string, productId: string, taxRateId: string) {
  await server.deps.database.db
    .update(products)
    .set({ taxRateId })
    .where(and(eq(products.businessId, businessId), eq(products.id, productId)));
}

/** The store's own selling price of a variant (the row exists once the variant had stock there). */
export async function setStorePrice(
  server: TestServer,
  scope: { businessId: string; storeId: string },
  variantId: string,
  priceMinor: number | null,
) {
  await server.deps.database.db
    .update(stockLevels)
    .set({ sellingPriceMinor: priceMinor })
    .where(
      and(
        eq(stockLevels.businessId, scope.businessId),
        eq(stockLevels.storeId, scope.storeId),
        eq(stockLevels.variantId, variantId),
      ),
    );
}

export const newKey = () => `key-${randomBytes(8).toString('hex')}`;

/** A sale body: one cash payment of the expected total unless payments are given. */
export function saleBody(
  sessionId: string,
  lines: CreateSaleBody['lines'],
  expectedTotalMinor: number,
  extra: Partial<CreateSaleBody> = {},
): CreateSaleBody {
  return {
    id: newId(),
    sessionId,
    lines,
    // A free sale (zero total) is recorded with no payment.
    payments: expectedTotalMinor > 0 ? [{ method: 'cash', amountMinor: expectedTotalMinor }] : [],
    expectedTotalMinor,
    ...extra,
  };
}

/** POST /api/v1/sales with a ready token (minting one per request would dominate concurrent tests). */
export function seller(server: TestServer) {
  return async (options: {
    token: string | null;
    storeId: string;
    body: unknown;
    /** null sends no Idempotency-Key; a fresh one when absent. */
    key?: string | null;
  }): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = { [STORE_HEADER]: options.storeId };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const key = options.key === undefined ? newKey() : options.key;
    if (key !== null) headers[IDEMPOTENCY_HEADER] = key;
    return server.app.inject({
      method: createSale.method,
      url: createSale.path,
      headers,
      payload: options.body as object,
    });
  };
}
