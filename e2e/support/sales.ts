import { expect, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from './catalog.js';
import { storedValue } from './journeys.js';

/**
 * A completed sale made through the API as the signed-in person in the active store, for journeys
 * about what happens to sales afterwards (transactions, refunds, the dashboard). It opens its own
 * uniquely named register, so nothing else a run does is touched; `closeRegister` ends it.
 */
export interface ApiSale {
  saleId: string;
  number: string;
  sessionId: string;
  registerName: string;
  productNames: [string, string];
}

async function api(page: Page) {
  const token = await storedValue(page, 'token');
  const storeId = await storedValue(page, 'store-id');
  expect(token && storeId).toBeTruthy();
  return { authorization: `Bearer ${token}`, 'x-store-id': storeId! };
}

export async function makeSaleThroughApi(page: Page, run: string): Promise<ApiSale> {
  const headers = await api(page);
  const productNames: [string, string] = [`Kilishi ${run}`, `Chin Chin ${run}`];
  const variantIds: string[] = [];
  for (const [i, name] of productNames.entries()) {
    const productId = await createProductThroughApi(page, {
      name,
      sku: `SALE-${run}-${i}`,
      barcode: uniqueEan13(i),
      openingStock: 5,
    });
    const product = await page.request.get(`/api/v1/products/${productId}`, { headers });
    expect(product.status()).toBe(200);
    variantIds.push(((await product.json()) as { variants: { id: string }[] }).variants[0]!.id);
  }

  const registerName = `E2E ${run}`;
  const opened = await page.request.post('/api/v1/register-sessions', {
    headers,
    data: { registerName, openingFloatMinor: 0 },
  });
  expect(opened.status()).toBe(201);
  const sessionId = ((await opened.json()) as { id: string }).id;

  // The server prices the sale; a first try with total 0 answers its figures (409 PRICE_CHANGED).
  const body = (expectedTotalMinor: number) => ({
    id: crypto.randomUUID(),
    sessionId,
    lines: [
      { variantId: variantIds[0], quantity: 2 },
      { variantId: variantIds[1], quantity: 1 },
    ],
    payments: [{ method: 'cash', amountMinor: Math.max(expectedTotalMinor, 1), tenderedMinor: 10_000_000 }],
    expectedTotalMinor,
  });
  const priced = await page.request.post('/api/v1/sales', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: body(0),
  });
  expect(priced.status()).toBe(409);
  const totalMinor = ((await priced.json()) as { priceChanged: { totalMinor: number } }).priceChanged.totalMinor;
  expect(totalMinor).toBeGreaterThan(0);

  const sold = await page.request.post('/api/v1/sales', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: body(totalMinor),
  });
  expect(sold.status()).toBe(201);
  const sale = (await sold.json()) as { id: string; number: string };
  return { saleId: sale.id, number: sale.number, sessionId, registerName, productNames };
}

/** Closes the journey's register, counting exactly the expected cash. */
export async function closeRegister(page: Page, sessionId: string) {
  const headers = await api(page);
  const session = await page.request.get(`/api/v1/register-sessions/${sessionId}`, { headers });
  expect(session.status()).toBe(200);
  const { version, summary } = (await session.json()) as { version: number; summary: { expectedCashMinor: number } };
  const closed = await page.request.post(`/api/v1/register-sessions/${sessionId}/close`, {
    headers,
    data: { countedCashMinor: summary.expectedCashMinor, version },
  });
  expect(closed.status()).toBe(200);
}
