/**
 * Shared helpers of the report tests (other report tests import them read-only): a shop of its own in
 * a known time zone, sales of given lines at a given instant priced by the server, and a report call.
 */
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { STORE_HEADER, type CreateSaleBody, type Endpoint, type Sale } from '@ipos/contracts';
import { stores } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import type { TestServer } from '../support/server.js';
import { registerTenant, type Tenant } from '../support/isolation.js';
import { openTestSession, seller } from '../checkout/checkout-support.js';
import { setCompletedAt } from '../transactions/transactions-support.js';

/** A fresh business (its owner's token ready, an open register session) whose store keeps `timeZone`. */
export interface ReportShop {
  tenant: Tenant;
  businessId: string;
  storeId: string;
  accountId: string;
  token: string;
  sessionId: string;
}

/** A fresh business whose one store keeps `timeZone` (Lagos by default). */
export async function registerTenantIn(server: TestServer, timeZone = 'Africa/Lagos'): Promise<Tenant> {
  const tenant = await registerTenant(server);
  await server.deps.database.db
    .update(stores)
    .set({ timeZone })
    .where(and(eq(stores.businessId, tenant.businessId), eq(stores.id, tenant.storeId)));
  return tenant;
}

export async function openReportShop(server: TestServer, options: { timeZone?: string } = {}): Promise<ReportShop> {
  const tenant = await registerTenantIn(server, options.timeZone);
  return {
    tenant,
    businessId: tenant.businessId,
    storeId: tenant.storeId,
    accountId: tenant.accountId,
    token: await tenant.token(),
    sessionId: await openTestSession(server, { businessId: tenant.businessId, storeId: tenant.storeId }),
  };
}

/**
 * Sells `lines` in the shop (or any store: give `as`) at the server's prices: the first attempt answers
 * 409 PRICE_CHANGED with the total, the second pays it (cash unless `pay` splits it). With `at`
 * (an ISO instant) the sale is then moved to that instant, its summaries with it.
 */
export async function sellAt(
  server: TestServer,
  shop: Pick<ReportShop, 'businessId' | 'storeId' | 'token' | 'sessionId'>,
  lines: CreateSaleBody['lines'],
  options: {
    at?: string;
    cartDiscount?: CreateSaleBody['cartDiscount'];
    customerId?: string;
    pay?: (totalMinor: number) => CreateSaleBody['payments'];
  } = {},
): Promise<Sale> {
  const sell = seller(server);
  const draft: CreateSaleBody = {
    id: newId(),
    sessionId: shop.sessionId,
    lines,
    ...(options.cartDiscount ? { cartDiscount: options.cartDiscount } : {}),
    ...(options.customerId ? { customerId: options.customerId } : {}),
    payments: [{ method: 'cash', amountMinor: 1 }],
    expectedTotalMinor: 0,
  };
  const priced = await sell({ token: shop.token, storeId: shop.storeId, body: draft });
  if (priced.statusCode !== 409) throw new Error(`Pricing the sale failed: ${priced.statusCode} ${priced.body}`);
  const total = (priced.json() as { priceChanged: { totalMinor: number } }).priceChanged.totalMinor;
  const res = await sell({
    token: shop.token,
    storeId: shop.storeId,
    body: {
      ...draft,
      payments: options.pay ? options.pay(total) : [{ method: 'cash', amountMinor: total }],
      expectedTotalMinor: total,
    },
  });
  if (res.statusCode !== 201) throw new Error(`The sale failed: ${res.statusCode} ${res.body}`);
  const sale = res.json() as Sale;
  if (options.at) await setCompletedAt(server, shop.businessId, sale.id, options.at);
  return sale;
}

/** GET a report endpoint as a token in a store (the active store header), with a query. */
export function getReport(
  server: TestServer,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  as: { token: string; storeId: string },
  query: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: endpoint.method,
    url: endpoint.path,
    query,
    headers: { authorization: `Bearer ${as.token}`, [STORE_HEADER]: as.storeId },
  });
}

/** The same, expecting 200: the report's body. */
export async function getReportOk<T>(
  server: TestServer,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  as: { token: string; storeId: string },
  query: Record<string, string>,
): Promise<T> {
  const res = await getReport(server, endpoint, as, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
