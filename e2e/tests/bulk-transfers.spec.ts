import { expect, test, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * Many products moving in one transfer document, as the owner does it: select them in the inventory
 * list, send them from Lekki to Ikeja on one transfer sheet, open the document with every line, and
 * receive it in Ikeja. The products are created through the API, unique per run.
 */

const storeRow = (page: Page, alias: string) => page.getByTestId('store-stock-row').filter({ hasText: `(${alias})` });

async function switchToStore(page: Page, name: RegExp) {
  await page.getByTestId('current-context').click();
  await page.getByRole('menuitem', { name }).click();
}

test('the owner selects three products in the inventory list and sends them to Ikeja in one transfer', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();
  const names = [`Zobo ${run}`, `Chin Chin ${run}`, `Plantain Chips ${run}`];

  await signIn(page, demo.owner);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await switchToStore(page, /Lekki \(LEK\)/);
  await expect(page.getByTestId('store-name')).toHaveText('Lekki');
  const ids: string[] = [];
  for (const [i, name] of names.entries())
    ids.push(
      await createProductThroughApi(page, {
        name,
        sku: `BULK-${run}-${i}`,
        barcode: uniqueEan13(i),
        openingStock: 10,
      }),
    );

  // Find them in the list and select all three.
  await page.goto(`/dashboard/inventory?q=${encodeURIComponent(run)}`);
  await expect(page.getByTestId('product-row')).toHaveCount(3);
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Transfer selected (3)' }).click();

  // One sheet, a line per product: 2, 3 and 4 go to Ikeja.
  const sheet = page.getByRole('dialog', { name: 'Transfer 3 products' });
  await expect(sheet.getByTestId('transfer-line')).toHaveCount(3);
  await sheet.getByLabel('Send to').selectOption({ label: 'Ikeja (IKJ)' });
  for (const [i, name] of names.entries()) await sheet.getByLabel(`Quantity of ${name} to send`).fill(String(i + 2));
  await sheet.getByLabel('Note').fill(`Weekend restock ${run}`);
  await sheet.getByRole('button', { name: 'Send transfer' }).click();
  const sent = page.getByText(/^Sent LEK-TRF\d{6} to Ikeja \(3 lines\)/);
  await expect(sent).toBeVisible();
  const number = /LEK-TRF\d{6}/.exec((await sent.textContent()) ?? '')![0];
  await expect(sheet).toBeHidden();
  // The selection is done with: the action goes away.
  await expect(page.getByRole('button', { name: /Transfer selected/ })).toBeHidden();

  // The outgoing document holds every line.
  await page.goto('/dashboard/inventory?tab=transfers');
  await page.getByText('Outgoing', { exact: true }).click();
  await page.getByTestId('transfer-row').filter({ hasText: number }).getByRole('link', { name: number }).click();
  const document = page.getByRole('dialog', { name: `Transfer ${number}` });
  const lines = document.getByRole('table', { name: `Lines of ${number}` }).getByRole('row');
  await expect(lines).toHaveCount(4);
  for (const [i, name] of names.entries()) await expect(lines.filter({ hasText: name })).toContainText(String(i + 2));
  await page.keyboard.press('Escape');

  // In Ikeja: receive it; every product arrives.
  await switchToStore(page, /Ikeja \(IKJ\)/);
  await expect(page.getByTestId('store-name')).toHaveText('Ikeja');
  await page.goto('/dashboard/inventory?tab=transfers');
  const row = page.getByTestId('transfer-row').filter({ hasText: number });
  await expect(row).toContainText('In transit');
  await row.getByRole('button', { name: 'Receive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Receive transfer' }).click();
  await expect(page.getByText(`Received ${number}: the stock is now in Ikeja.`)).toBeVisible();
  await expect(row).toContainText('Received');

  for (const [i, id] of ids.entries()) {
    await page.goto(`/dashboard/inventory/view/${id}`);
    await expect(storeRow(page, 'IKJ').getByTestId('on-hand')).toHaveText(String(i + 2));
    await expect(storeRow(page, 'LEK').getByTestId('on-hand')).toHaveText(String(10 - (i + 2)));
  }
  expect(problems).toEqual([]);
});
