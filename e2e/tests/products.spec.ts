import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { productCsvColumns } from '../../packages/contracts/src/catalog/products.js';
import { uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The catalogue screens as the demo admin in store mode (Lekki): add a product with a barcode and
 * find it again by scanning; import a CSV with one bad row, fix it, import; export the catalogue.
 * Names, SKUs and barcodes are unique per run, so the journeys can run against any seeded server.
 */

const run = Date.now().toString(36).toUpperCase();

async function openInventory(page: Page) {
  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inventory' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
}

test('add a product with a barcode, then scan the barcode into the search to open it', async ({ page }) => {
  const problems = watchForBreakage(page);
  await openInventory(page);
  const name = `Journey Malt ${run}`;
  const barcode = uniqueEan13(1);

  await page.getByRole('link', { name: 'Add product' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(`MALT-${run}`);
  // A wrong check digit is caught while typing.
  const wrong = `${barcode.slice(0, 12)}${(Number(barcode.at(-1)) + 1) % 10}`;
  await page.getByRole('textbox', { name: 'Barcodes', exact: true }).fill(wrong);
  await expect(page.getByText(/check digit is wrong/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Barcodes', exact: true }).fill(barcode);
  await expect(page.getByText(/check digit is wrong/)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Cost price', exact: true }).fill('350');
  await page.getByRole('textbox', { name: 'Selling price', exact: true }).fill('450.50');
  await page.getByRole('textbox', { name: 'Opening stock', exact: true }).fill('24');
  // Ctrl+Enter saves.
  await page.keyboard.press('Control+Enter');
  await page.waitForURL((url) => /^\/dashboard\/inventory\/view\/[0-9a-f-]{36}$/.test(url.pathname));
  const productPath = new URL(page.url()).pathname;
  await expect(page.getByText(`Created ${name}.`)).toBeVisible();

  // The list finds it by name, with its price and stock in this store.
  await page.goto('/dashboard/inventory');
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  await page.keyboard.type(name);
  const row = page.getByTestId('product-row').filter({ hasText: name });
  await expect(row).toContainText('₦450.50');
  await expect(row).toContainText('24');
  await expect(page).toHaveURL(/[?&]q=/);

  // A scanner is a keyboard: a burst of digits, then Enter, lands on the product.
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await page.keyboard.type(barcode, { delay: 5 });
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === productPath);
  expect(problems).toEqual([]);
});

test('import a CSV with a bad row: see the error, fix the file, import, find the products', async ({ page }) => {
  const problems = watchForBreakage(page);
  await openInventory(page);
  const good = uniqueEan13(2);
  const fixed = uniqueEan13(3);
  const broken = `${fixed.slice(0, 12)}${(Number(fixed.at(-1)) + 1) % 10}`;
  const csv = (second: string) =>
    [
      'name,sku,unit,barcodes,cost_price,selling_price,on_hand',
      `Imported Rice ${run},RICE-${run},kg,${good},900.00,1200.50,10.5`,
      `Imported Beans ${run},BEANS-${run},each,${second},500,650,12`,
      '',
    ].join('\n');

  const choose = async (content: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Choose (a CSV|another) file/ })
      .click();
    await (await chooser).setFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
  };

  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = page.getByRole('dialog');
  await choose(csv(broken));
  const badRow = dialog.getByTestId('import-row').filter({ hasText: `BEANS-${run}` });
  await expect(badRow).toContainText('Error');
  await expect(badRow).toContainText('barcodes');
  await expect(badRow).toContainText(/check digit/i);
  await expect(dialog.getByRole('button', { name: /^Import \d+ rows?$/ })).toBeDisabled();

  await choose(csv(fixed));
  await expect(dialog.getByTestId('import-row').filter({ hasText: `BEANS-${run}` })).toContainText('New');
  await expect(dialog.getByTestId('import-summary')).toContainText('2 new');
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('2 new, 0 updated, 0 unchanged.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search' }).fill(run);
  await expect(page.getByTestId('product-row').filter({ hasText: `Imported Rice ${run}` })).toContainText('10.5 kg');
  await expect(page.getByTestId('product-row').filter({ hasText: `Imported Beans ${run}` })).toContainText('₦650.00');
  expect(problems).toEqual([]);
});

test('export downloads the catalogue as CSV with the import columns', async ({ page }) => {
  const problems = watchForBreakage(page);
  await openInventory(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = text.split(/\r?\n/).filter(Boolean);
  expect(header!.split(',')).toEqual([...productCsvColumns]);
  // The demo catalogue: about 150 products.
  expect(rows.length).toBeGreaterThan(100);
  expect(problems).toEqual([]);
});
