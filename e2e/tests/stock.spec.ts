import { expect, test, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * Stock on the ledger, as the admin of Demo Mart in Lekki does it: adjust a product's stock and see
 * the movement, then count it by scanning its barcode, post the count, and see on hand equal what
 * was counted. The product is created through the API with a unique SKU and barcode per run.
 */

const thisStoreRow = (page: Page) => page.getByTestId('store-stock-row').and(page.locator('[data-current]'));
const movementRows = (page: Page) => page.getByRole('table', { name: 'Movement history' }).getByTestId('movement-row');

test('the admin adjusts a product’s stock, then counts it by scanning and posts the count', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();
  const name = `Zobo Drink ${run}`;
  const barcode = uniqueEan13();

  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
  const productId = await createProductThroughApi(page, { name, sku: `ZOBO-${run}`, barcode, openingStock: 2 });

  // The product page: opening stock 2 in Lekki, recorded in the history.
  await page.goto(`/dashboard/inventory/view/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(thisStoreRow(page).getByTestId('on-hand')).toHaveText('2');
  await expect(movementRows(page)).toHaveCount(1);

  // Adjust: +5, received without a purchase order.
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  const adjust = page.getByRole('dialog');
  await expect(adjust.getByTestId('adjust-preview')).toContainText('On hand now: 2');
  await adjust.getByLabel('Quantity').fill('5');
  await expect(adjust.getByTestId('adjust-preview')).toContainText('after this adjustment: 7');
  await adjust.getByLabel('Reason').selectOption({ label: 'Received (no purchase order)' });
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText(/Saved LEK-ADJ\d{6}: on hand is now 7\./)).toBeVisible();
  await expect(adjust).toBeHidden();
  await expect(thisStoreRow(page).getByTestId('on-hand')).toHaveText('7');
  const adjusted = movementRows(page).first();
  await expect(adjusted).toContainText('Adjustment');
  await expect(adjusted).toContainText('+5');
  await expect(adjusted).toContainText('Bola Admin');
  await expect(adjusted.getByRole('link', { name: /^LEK-ADJ\d{6}$/ })).toBeVisible();

  // Count it: "Count" first says what will be counted; the count then opens in the inventory's counts
  // tab, where a wedge scanner types the code + Enter.
  await page.getByRole('button', { name: 'Count', exact: true }).click();
  const starting = page.getByRole('dialog', { name: `Count ${name}?` });
  await expect(starting.getByText(`This count covers 1 variant of ${name} in`)).toBeVisible();
  await starting.getByRole('button', { name: 'Start count' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/inventory' && url.searchParams.has('count'));
  await expect(page.getByRole('heading', { level: 2, name: /^Stock count LEK-CNT\d{6}$/ })).toBeVisible();
  const scan = page.getByLabel('Scan or type a barcode');
  await expect(scan).toBeFocused();
  const counted = page.getByLabel(`Counted ${name}`);
  for (const expected of ['1', '2', '3']) {
    await scan.fill(barcode);
    await scan.press('Enter');
    await expect(counted).toHaveValue(expected);
    await expect(scan).toHaveValue('');
  }
  await expect(page.getByTestId('count-line').filter({ hasText: name }).getByTestId('variance')).toHaveText('-4');

  // An unknown code says so and counts nothing.
  await scan.fill('4006381333931');
  await scan.press('Enter');
  await expect(page.getByText('No product has the barcode 4006381333931')).toBeVisible();
  await expect(scan).toBeFocused();
  await expect(counted).toHaveValue('3');

  await page.getByRole('button', { name: 'Post count' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('1 line will change stock to the counted quantity.');
  await confirm.getByRole('button', { name: 'Post count' }).click();
  await expect(page.getByText(/Posted LEK-CNT\d{6}/)).toBeVisible();
  await expect(page.getByText('Posted', { exact: true })).toBeVisible();

  // Back on the product: on hand is what was counted, and the count is in the history with its link.
  await page.goto(`/dashboard/inventory/view/${productId}`);
  await expect(thisStoreRow(page).getByTestId('on-hand')).toHaveText('3');
  const countMovement = movementRows(page).first();
  await expect(countMovement).toContainText('Stock count');
  await expect(countMovement).toContainText('−4');
  await countMovement.getByRole('link', { name: /^LEK-CNT\d{6}$/ }).click();
  await page.waitForURL((url) => url.searchParams.get('tab') === 'counts' && url.searchParams.has('count'));
  await expect(page.getByText('Posted', { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});
