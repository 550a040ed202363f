import { expect, test, type Page } from '@playwright/test';
import { addBySearch, closeRegister, openRegister } from '../support/checkout.js';
import { createProductThroughApi, uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, storedValue, watchForBreakage } from '../support/journeys.js';

/**
 * Ikeja's only staff member is its cashier (IPOS_BASIC): they run their own till without the owner —
 * open it with the counted float, sell, and close it with the counted cash — and receive the stock
 * the owner sends them from Lekki. Cash in and out stays with managers.
 */

const runId = () => Date.now().toString(36).toUpperCase();
/** Naira text as the app writes it ("₦5,250.00") in whole naira, as the money inputs take it. */
const naira = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function signInToIkeja(page: Page) {
  await signIn(page, demo.cashier);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Ikeja');
}

test('the Ikeja cashier opens a till, sells, and closes it with the counted cash, without the owner', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  const run = runId();
  await signInToIkeja(page);

  await page.goto('/dashboard/checkout');
  await expect(page.getByText('Ask a manager to open a register.')).toBeHidden();
  await openRegister(page, `Dayo ${run}`, '5000');
  await expect(page.getByText(/Opened by Dayo Cashier/)).toBeVisible();
  // Cash in and out are a manager's; closing their own till is the cashier's.
  await expect(page.getByRole('button', { name: 'Cash in' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cash out' })).toBeHidden();

  await addBySearch(page, 'Indomie Chicken 70g', 'Indomie Chicken 70g');
  const total = naira((await page.getByTestId('cart-total').textContent())!);
  expect(total).toBeGreaterThan(0);
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('group', { name: 'Quick cash' }).getByRole('button').first().click();
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByText(/IKJ-S\d{6}/).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(0);

  // The drawer holds the float and the sale: counted exactly, no variance.
  await closeRegister(page, String(5000 + total));
  const report = page.getByTestId('close-report');
  await expect(report.getByTestId('close-variance')).toContainText('₦0.00');
  await expect(report).toContainText(`Dayo ${run}`);
  expect(problems).toEqual([]);
});

test('the Ikeja cashier receives the stock the owner sends from Lekki', async ({ browser }) => {
  const run = runId();
  const name = `Zobo Drink ${run}`;
  const page = await browser.newPage();
  const problems = watchForBreakage(page);
  await signInToIkeja(page);
  const ikejaId = (await storedValue(page, 'store-id'))!;

  // The owner, in Lekki: a product with 10 on hand, 4 sent to Ikeja (in transit).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, demo.owner);
  await owner.waitForURL((url) => url.pathname === '/dashboard');
  await owner.getByTestId('current-context').click();
  await owner.getByRole('menuitem', { name: /Lekki \(LEK\)/ }).click();
  await expect(owner.getByTestId('store-name')).toHaveText('Lekki');
  const productId = await createProductThroughApi(owner, {
    name,
    sku: `ZOBO-${run}`,
    barcode: uniqueEan13(),
    openingStock: 10,
  });
  const headers = {
    authorization: `Bearer ${await storedValue(owner, 'token')}`,
    'x-store-id': (await storedValue(owner, 'store-id'))!,
  };
  const product = (await (await owner.request.get(`/api/v1/products/${productId}`, { headers })).json()) as {
    variants: { id: string }[];
  };
  const sent = await owner.request.post('/api/v1/stock-transfers', {
    headers,
    data: { toStoreId: ikejaId, lines: [{ variantId: product.variants[0]!.id, quantity: 4 }] },
  });
  expect(sent.status()).toBe(201);
  const number = ((await sent.json()) as { number: string }).number;
  await ownerContext.close();

  await page.goto('/dashboard/inventory?tab=transfers');
  const row = page.getByTestId('transfer-row').filter({ hasText: number });
  await expect(row).toContainText('In transit');
  await row.getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog', { name: `Receive ${number}?` });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Receive transfer' }).click();
  await expect(page.getByText(`Received ${number}: the stock is now in Ikeja.`)).toBeVisible();
  await expect(row).toContainText('Received');
  await expect(row).toContainText('Dayo Cashier');
  expect(problems).toEqual([]);
  await page.close();
});
