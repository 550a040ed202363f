import { expect, test, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * Buying from a vendor, as the manager of Demo Mart in Lekki: order two products from a vendor,
 * receive part of the delivery, then the rest (the order closes by itself and on hand goes up by
 * what arrived), send some back (partially recalled), and read the order's history. The products
 * are created through the API with unique SKUs per run, so the stock figures are this run's own.
 */

const VENDOR = 'Dangote Flour Mills Depot';

const onHandIn = (page: Page) =>
  page.getByTestId('store-stock-row').and(page.locator('[data-current]')).getByTestId('on-hand');
const line = (page: Page, name: string) => page.getByTestId('po-line').filter({ hasText: name });

async function onHandOf(page: Page, productId: string) {
  await page.goto(`/dashboard/inventory/view/${productId}`);
  return onHandIn(page);
}

test('the manager orders from a vendor, receives in two parts, returns some and reads the history', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();
  const oil = { name: `Palm Oil 1L ${run}`, sku: `POIL-${run}` };
  const beans = { name: `Honey Beans 1kg ${run}`, sku: `BEAN-${run}` };

  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
  const oilId = await createProductThroughApi(page, { ...oil, barcode: uniqueEan13(), openingStock: 2 });
  const beansId = await createProductThroughApi(page, { ...beans, barcode: uniqueEan13(7), openingStock: 2 });

  // The list, then a new order: the vendor, two products found by SKU, quantities and a cost.
  await page.goto('/dashboard/purchase-order');
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase orders' })).toBeVisible();
  await page.getByRole('link', { name: 'New purchase order' }).first().click();
  await page.waitForURL((url) => url.pathname === '/dashboard/purchase-order/create');
  // The list (with its own vendor filter) stays on screen until the new screen has loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'New purchase order' })).toBeVisible();
  const vendor = page.getByRole('textbox', { name: 'Vendor' });
  await vendor.fill('Dangote Flour');
  await page.getByRole('option', { name: new RegExp(VENDOR) }).click();
  await expect(vendor).toHaveValue(VENDOR);

  const search = page.getByRole('textbox', { name: 'Add a product' });
  for (const product of [oil, beans]) {
    await search.fill(product.sku);
    await expect(page.getByRole('option', { name: new RegExp(product.sku) })).toBeVisible();
    await search.press('Enter');
    await expect(page.getByRole('textbox', { name: `Quantity of ${product.name}` })).toBeVisible();
  }
  await page.getByRole('textbox', { name: `Quantity of ${oil.name}` }).fill('10');
  await page.getByRole('textbox', { name: `Quantity of ${beans.name}` }).fill('6');
  await page.getByRole('textbox', { name: `Unit cost of ${beans.name}` }).fill('750');
  // 10 × 800.00 + 6 × 750.00
  await expect(page.getByTestId('po-total')).toContainText('12,500.00');
  await page.getByRole('button', { name: 'Create order' }).click();

  await page.waitForURL(/\/dashboard\/purchase-order\/view\//);
  await expect(page.getByRole('heading', { level: 1, name: /^LEK-PO\d{6}$/ })).toBeVisible();
  await expect(page.getByTestId('po-status')).toHaveText('Open');
  await expect(page.getByTestId('po-vendor')).toContainText(VENDOR);
  const orderUrl = page.url();

  // First delivery: 4 of the oil and all 6 of the beans.
  await page.getByRole('button', { name: 'Receive' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: `Received quantity of ${oil.name}` })).toHaveValue('10');
  await dialog.getByRole('textbox', { name: `Received quantity of ${oil.name}` }).fill('4');
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(`DN-${run}-1`);
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('po-status')).toHaveText('Open');
  await expect(line(page, oil.name).locator('[data-col="received"]')).toHaveText('4');
  await expect(line(page, oil.name).locator('[data-col="outstanding"]')).toHaveText('6');
  await expect(line(page, beans.name).locator('[data-col="outstanding"]')).toHaveText('0');

  // Second delivery: the rest, prefilled. Everything has arrived, so the order closes by itself.
  await page.getByRole('button', { name: 'Receive' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('receive-line')).toHaveCount(1);
  await expect(dialog.getByRole('textbox', { name: `Received quantity of ${oil.name}` })).toHaveValue('6');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('po-status')).toHaveText('Closed');
  await expect(page.getByRole('button', { name: 'Receive' })).toHaveCount(0);
  await expect(page.getByTestId('po-receipt')).toHaveCount(2);

  // On hand went up by what arrived: 2 + 10 and 2 + 6.
  await expect(await onHandOf(page, oilId)).toHaveText('12');
  await expect(await onHandOf(page, beansId)).toHaveText('8');

  // Three bottles of oil go back to the vendor: partially recalled, and they leave the shelf.
  await page.goto(orderUrl);
  await page.getByRole('button', { name: 'Return to vendor' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: `Return quantity of ${oil.name}` }).fill('3');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Leaking bottles');
  await dialog.getByRole('button', { name: 'Return to vendor' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('po-status')).toHaveText('Partially recalled');
  await expect(line(page, oil.name).locator('[data-col="returned"]')).toHaveText('3');
  await expect(page.getByTestId('po-return')).toContainText('Leaking bottles');

  // The history tells the whole story, with who did it.
  const history = page.getByTestId('document-timeline');
  await expect(history.getByText('Order created')).toBeVisible();
  await expect(history.getByText('Goods received', { exact: true })).toBeVisible();
  await expect(history.getByText('Goods received: everything has arrived')).toBeVisible();
  await expect(history.getByText('Goods returned to the vendor')).toBeVisible();
  await expect(history.getByText(`DN-${run}-1`)).toBeVisible();
  await expect(history.getByText(/Chidi Manager/).first()).toBeVisible();

  await expect(await onHandOf(page, oilId)).toHaveText('9');

  // On a tablet the order still fits: the actions are at hand and only the lines table scrolls.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(orderUrl);
  await expect(page.getByRole('button', { name: 'Return to vendor' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The list finds it by its status.
  await page.goto('/dashboard/purchase-order?status=4');
  await expect(page.getByTestId('po-row').first()).toContainText('Partially recalled');
  expect(problems).toEqual([]);
});
