import { expect, test, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * Stock moving between the two Demo Mart stores, as the owner does it: send from Lekki (it leaves at
 * once and is in transit), print shelf labels for the product, switch to Ikeja, receive the transfer
 * there, and see the stock arrive. The product is created through the API, unique per run.
 */

const storeRow = (page: Page, alias: string) => page.getByTestId('store-stock-row').filter({ hasText: `(${alias})` });

async function switchToStore(page: Page, name: RegExp) {
  await page.getByTestId('current-context').click();
  await page.getByRole('menuitem', { name }).click();
}

test('the owner sends stock from Lekki, prints its labels, and receives it in Ikeja', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();
  const name = `Kunu Drink ${run}`;

  await signIn(page, demo.owner);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await switchToStore(page, /Lekki \(LEK\)/);
  await expect(page.getByTestId('store-name')).toHaveText('Lekki');
  const productId = await createProductThroughApi(page, {
    name,
    sku: `KUNU-${run}`,
    barcode: uniqueEan13(),
    openingStock: 10,
  });

  // Send 4 to Ikeja: Lekki has 6 left at once.
  await page.goto(`/dashboard/inventory/view/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(storeRow(page, 'LEK').getByTestId('on-hand')).toHaveText('10');
  await page.getByRole('button', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Send to').selectOption({ label: 'Ikeja (IKJ)' });
  await dialog.getByLabel(`Quantity of ${name} to send`).fill('4');
  await dialog.getByRole('button', { name: 'Send transfer' }).click();
  const sent = page.getByText(/^Sent LEK-TRF\d{6} to Ikeja/);
  await expect(sent).toBeVisible();
  const number = /LEK-TRF\d{6}/.exec((await sent.textContent()) ?? '')![0];
  await expect(storeRow(page, 'LEK').getByTestId('on-hand')).toHaveText('6');
  await expect(storeRow(page, 'IKJ').getByTestId('on-hand')).toHaveText('0');

  // Shelf labels: 3 of this product as a PDF (a new tab, or a download where pop-ups are blocked).
  await page.getByRole('button', { name: 'Print labels' }).click();
  const labels = page.getByRole('dialog');
  await labels.getByLabel(`Labels for ${name}`).fill('3');
  const pdf = page.context().waitForEvent('page');
  await labels.getByRole('button', { name: 'Make the PDF' }).click();
  const tab = await pdf;
  expect(tab.url()).toMatch(/^blob:/);
  await tab.close();

  // In Ikeja: the transfer is incoming and in transit; receiving it puts the 4 on Ikeja's shelf.
  await switchToStore(page, /Ikeja \(IKJ\)/);
  await expect(page.getByTestId('store-name')).toHaveText('Ikeja');
  await page.goto('/dashboard/inventory?tab=transfers');
  const row = page.getByTestId('transfer-row').filter({ hasText: number });
  await expect(row).toContainText('In transit');
  await row.getByRole('button', { name: 'Receive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Receive transfer' }).click();
  await expect(page.getByText(`Received ${number}: the stock is now in Ikeja.`)).toBeVisible();
  await expect(row).toContainText('Received');

  await page.goto(`/dashboard/inventory/view/${productId}`);
  await expect(storeRow(page, 'IKJ').getByTestId('on-hand')).toHaveText('4');
  await expect(storeRow(page, 'LEK').getByTestId('on-hand')).toHaveText('6');
  expect(problems).toEqual([]);
});
