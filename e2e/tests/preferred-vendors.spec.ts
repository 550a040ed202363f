import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, storedValue, watchForBreakage } from '../support/journeys.js';

/**
 * Ordering by preferred vendor, as the manager of Demo Mart in Lekki (decision 0030): three products
 * low in Lekki this run — one bought from Dangote, one from the brewery, one from no vendor — then
 * "Add low-stock products" on a new order to Dangote adds only Dangote's, and the restock report
 * grouped by vendor creates one order per vendor in one step, the vendorless product left apart.
 */

const DANGOTE = 'Dangote Flour Mills Depot';
const BREWERY = 'Nigerian Breweries Distributor (Lekki)';

async function api(page: Page) {
  const token = await storedValue(page, 'token');
  const storeId = await storedValue(page, 'store-id');
  expect(token && storeId).toBeTruthy();
  return { headers: { authorization: `Bearer ${token}`, 'x-store-id': storeId! }, storeId: storeId! };
}

async function vendorId(page: Page, name: string) {
  const { headers } = await api(page);
  const response = await page.request.get('/api/v1/contacts', { headers, params: { kind: 'vendor', q: name } });
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as { items: { id: string; name: string }[] }).items.find(
    (c) => c.name === name,
  );
  expect(found).toBeTruthy();
  return found!.id;
}

/** A product with 2 on hand in the active store and a reorder level of 10 there: low. */
async function lowProduct(page: Page, name: string, sku: string, vendor: string | null, code: string | null) {
  const { headers, storeId } = await api(page);
  const response = await page.request.post('/api/v1/products', {
    headers,
    data: {
      name,
      unit: 'each',
      preferredVendorId: vendor,
      variants: [
        {
          sku,
          costPriceMinor: 50000,
          sellingPriceMinor: 90000,
          openingStock: 2,
          vendorItemCode: code,
          storeSettings: [{ storeId, sellingPriceMinor: null, reorderLevel: 10, reorderQuantity: null }],
        },
      ],
    },
  });
  expect(response.status()).toBe(201);
}

test('low-stock products are ordered from their preferred vendor: one vendor’s on an order, one order per vendor from the restock report', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();
  const semolina = `Semolina 10kg ${run}`;
  const lager = `Lager 60cl ${run}`;
  const salt = `Market salt ${run}`;

  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
  await lowProduct(page, semolina, `SEM-${run}`, await vendorId(page, DANGOTE), `DFM-${run}`);
  await lowProduct(page, lager, `LAG-${run}`, await vendorId(page, BREWERY), null);
  await lowProduct(page, salt, `SALT-${run}`, null, null);

  // A new order to Dangote: "Add low-stock products" brings Dangote's low products only.
  await page.goto('/dashboard/purchase-order/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New purchase order' })).toBeVisible();
  const vendor = page.getByRole('textbox', { name: 'Vendor' });
  await vendor.fill('Dangote Flour');
  await page.getByRole('option', { name: new RegExp(DANGOTE) }).click();
  await expect(vendor).toHaveValue(DANGOTE);
  await page.getByRole('button', { name: 'Add low-stock products' }).click();
  const semolinaLine = page.getByTestId('po-line').filter({ hasText: semolina });
  await expect(semolinaLine).toBeVisible();
  await expect(semolinaLine).toContainText(`Vendor code DFM-${run}`);
  // Level 10 + no sales − 2 on hand.
  await expect(page.getByRole('textbox', { name: `Quantity of ${semolina}` })).toHaveValue('8');
  await expect(page.getByTestId('po-line').filter({ hasText: lager })).toHaveCount(0);
  await expect(page.getByTestId('po-line').filter({ hasText: salt })).toHaveCount(0);

  // The restock report, grouped by vendor: one table per vendor, the vendorless product apart.
  await page.goto('/dashboard/report/restock');
  await expect(page.getByRole('heading', { level: 1, name: 'Restock report' })).toBeVisible();
  await page.getByRole('switch', { name: /Group by vendor/ }).check();
  const dangoteTable = page.getByRole('table', { name: DANGOTE });
  await expect(dangoteTable.getByText(semolina)).toBeVisible();
  await expect(dangoteTable.getByText(lager)).toHaveCount(0);
  await expect(page.getByRole('table', { name: BREWERY }).getByText(lager)).toBeVisible();
  await expect(page.getByRole('table', { name: 'No preferred vendor (not ordered)' }).getByText(salt)).toBeVisible();

  await page.getByRole('button', { name: 'Create orders' }).click();
  const created = page.getByRole('alert').filter({ hasText: 'Purchase orders created' });
  await expect(created).toBeVisible();
  await expect(created).toContainText('no preferred vendor and');
  await created.getByRole('link', { name: new RegExp(`\\(${DANGOTE}\\)`) }).click();

  // The Dangote order holds Dangote's products only.
  await page.waitForURL(/\/dashboard\/purchase-order\/view\//);
  await expect(page.getByTestId('po-vendor')).toContainText(DANGOTE);
  const lines = page.getByTestId('po-line');
  await expect(lines.filter({ hasText: semolina })).toContainText(`Vendor code DFM-${run}`);
  await expect(lines.filter({ hasText: lager })).toHaveCount(0);
  await expect(lines.filter({ hasText: salt })).toHaveCount(0);
  expect(problems).toEqual([]);
});
