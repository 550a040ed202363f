import { expect, type Page } from '@playwright/test';
import { gtinCheckDigit } from '../../packages/contracts/src/catalog/barcodes.js';
import { storedValue } from './journeys.js';

/** A valid EAN-13 unique to this run (20–29: the in-store range, never a real product's). */
export function uniqueEan13(salt = 0): string {
  const body = `2${String(Date.now() + salt).slice(-11)}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/**
 * Creates a product (one variant, sold each) through the API as the signed-in person, in the active
 * store, with its opening stock there; returns its id. For journeys about what happens to a product
 * afterwards.
 */
export async function createProductThroughApi(
  page: Page,
  product: { name: string; sku: string; barcode: string; openingStock: number; categoryId?: string },
): Promise<string> {
  const token = await storedValue(page, 'token');
  const storeId = await storedValue(page, 'store-id');
  expect(token && storeId).toBeTruthy();
  const response = await page.request.post('/api/v1/products', {
    headers: { authorization: `Bearer ${token}`, 'x-store-id': storeId! },
    data: {
      name: product.name,
      categoryId: product.categoryId ?? null,
      unit: 'each',
      variants: [
        {
          sku: product.sku,
          barcodes: [product.barcode],
          costPriceMinor: 80000,
          sellingPriceMinor: 120000,
          openingStock: product.openingStock,
        },
      ],
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Creates a top-level category through the API as the signed-in person; returns its id. */
export async function createCategoryThroughApi(page: Page, name: string): Promise<string> {
  const token = await storedValue(page, 'token');
  const storeId = await storedValue(page, 'store-id');
  const response = await page.request.post('/api/v1/categories', {
    headers: { authorization: `Bearer ${token}`, 'x-store-id': storeId! },
    data: { name },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
