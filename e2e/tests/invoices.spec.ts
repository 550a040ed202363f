import { expect, test, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, storedValue, watchForBreakage } from '../support/journeys.js';

/**
 * Selling on credit, as the manager of Demo Mart in Lekki does it: invoice a customer for two
 * products and a delivery, issue it (numbered, stock leaves the shelf), take a part payment (Partly
 * paid, the balance shown), then the rest (Paid). The products and the customer are created through
 * the API with names unique to the run.
 */

/** "₦3,762.50" → 376250: money on screen as integer minor units (NGN has two decimals). */
const minorOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function createCustomerThroughApi(page: Page, name: string, email: string): Promise<string> {
  const token = await storedValue(page, 'token');
  const storeId = await storedValue(page, 'store-id');
  const response = await page.request.post('/api/v1/checkout/customers', {
    headers: { authorization: `Bearer ${token}`, 'x-store-id': storeId! },
    data: { id: crypto.randomUUID(), name, email },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function addProduct(page: Page, name: string) {
  await page.getByLabel('Add a product').fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByLabel(`Quantity of ${name}`)).toBeVisible();
}

const onHandInLekki = (page: Page) =>
  page.getByTestId('store-stock-row').and(page.locator('[data-current]')).getByTestId('on-hand');
const stateBadge = (page: Page) => page.getByTestId('invoice-state').first();

test('the manager invoices a customer, issues it, takes a part payment and then the rest', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();
  const rice = `Ofada Rice ${run}`;
  const oil = `Palm Oil ${run}`;
  const customer = `Kemi Caterers ${run}`;

  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
  const riceId = await createProductThroughApi(page, {
    name: rice,
    sku: `RICE-${run}`,
    barcode: uniqueEan13(1),
    openingStock: 10,
  });
  await createProductThroughApi(page, { name: oil, sku: `OIL-${run}`, barcode: uniqueEan13(2), openingStock: 10 });
  const customerId = await createCustomerThroughApi(page, customer, `kemi-${run.toLowerCase()}@example.com`);

  // From the customer's page "New invoice" comes with the customer chosen.
  await page.goto(`/dashboard/invoice/create?customerId=${customerId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();
  await expect(page.getByLabel('Customer')).toHaveValue(customer);

  await addProduct(page, rice);
  await page.getByLabel(`Quantity of ${rice}`).fill('2');
  await addProduct(page, oil);
  await page.getByRole('button', { name: 'Add a service line' }).click();
  await page.getByLabel('Description of service line 3').fill('Delivery to Ikoyi');
  await page.getByLabel('Price of Delivery to Ikoyi').fill('1500');
  await expect(page.getByTestId('invoice-line')).toHaveCount(3);
  await page.getByRole('button', { name: '7 days' }).click();
  await page.getByLabel('Terms').fill('Pay by bank transfer within 7 days.');
  const total = (await page.getByTestId('draft-total').textContent())!;
  // 2 × 1,200 + 1,200 + 1,500 before any tax.
  expect(minorOf(total)).toBeGreaterThanOrEqual(510_000);

  // Save & issue: numbered, unpaid, the same total as on the form.
  await page.getByRole('button', { name: 'Save & issue' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/invoice/view/'));
  const invoiceUrl = page.url();
  const heading = page.getByRole('heading', { level: 1, name: /^LEK-INV\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!;
  await expect(page.getByTestId('invoice-number')).toHaveText(`Invoice ${number}`);
  await expect(stateBadge(page)).toHaveText('Unpaid');
  await expect(page.getByTestId('invoice-total')).toHaveText(total);
  await expect(page.getByTestId('invoice-balance')).toHaveText(total);
  await expect(page.getByTestId('invoice-sheet')).toContainText('Pay by bank transfer within 7 days.');
  await expect(page.getByTestId('document-timeline')).toContainText(`Issued as ${number}`);

  // Stock left the shelf: 10 − 2 of the rice.
  await page.goto(`/dashboard/inventory/view/${riceId}`);
  await expect(onHandInLekki(page)).toHaveText('8');
  await page.goto(invoiceUrl);

  // A part payment by bank transfer: Partly paid, the balance is what is left.
  await page.getByRole('button', { name: 'Record payment' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(dialog.getByLabel('Amount')).toHaveValue((minorOf(total) / 100).toFixed(2));
  await dialog.getByLabel('Amount').fill('2000');
  await dialog.getByLabel('Method').selectOption({ label: 'Bank transfer' });
  await dialog.getByLabel('Reference').fill(`TRF-${run}`);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(stateBadge(page)).toHaveText('Partly paid');
  const left = minorOf(total) - 200_000;
  await expect(page.getByTestId('invoice-paid')).toContainText('2,000.00');
  await expect(page.getByTestId('invoice-balance')).toHaveText(
    `₦${(left / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`,
  );
  await expect(page.getByTestId('invoice-payment')).toHaveCount(1);
  // A part-paid invoice can no longer be voided.
  await expect(page.getByRole('button', { name: 'Void' })).toHaveCount(0);

  // The rest, in cash: the amount starts at the balance. Paid.
  await page.getByRole('button', { name: 'Record payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(dialog.getByLabel('Amount')).toHaveValue((left / 100).toFixed(2));
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(stateBadge(page)).toHaveText('Paid');
  await expect(page.getByTestId('invoice-balance')).toHaveText('₦0.00');
  await expect(page.getByTestId('invoice-payment')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  // The list: the invoice is there, paid, nothing owed on it.
  await page.goto(`/dashboard/invoice?number=${encodeURIComponent(number)}`);
  const row = page.getByTestId('invoice-row').filter({ hasText: number });
  await expect(row).toContainText(customer);
  await expect(row.getByTestId('invoice-state')).toHaveText('Paid');
  expect(problems).toEqual([]);
});
