import { expect, test, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * Waste above the store's threshold, recorded by IPOS_BASIC, waits for approval: the cashier of
 * Ikeja writes off 7 of a product that costs ₦800 (₦5,600, above the ₦5,000 threshold) and sees it
 * pending with the stock unchanged; the owner (IPOS_ADMIN of Ikeja) approves it from the list and
 * the stock goes down by 7. The product is created through the API with a unique SKU per run.
 */

const thisStoreRow = (page: Page) => page.getByTestId('store-stock-row').and(page.locator('[data-current]'));

async function signInAndWait(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toBeVisible();
}

test('a cashier records waste above the threshold; it waits, then the owner approves it and stock goes down', async ({
  browser,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const name = `Fura de Nono ${run}`;

  // The owner, in Ikeja: a product with 10 on hand.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerProblems = watchForBreakage(owner);
  await signInAndWait(owner, demo.owner);
  await owner.getByTestId('current-context').click();
  await owner.getByRole('menuitem', { name: /Ikeja \(IKJ\)/ }).click();
  await expect(owner.getByTestId('current-context')).toContainText('Ikeja (IKJ)');
  const productId = await createProductThroughApi(owner, {
    name,
    sku: `FURA-${run}`,
    barcode: uniqueEan13(),
    openingStock: 10,
  });

  // The cashier records 7 as expired: worth ₦5,600 at cost, so it needs approval. IPOS_BASIC does not
  // see costs (inventory.costs): the form states the rule, not the value.
  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  const cashierProblems = watchForBreakage(cashier);
  await signInAndWait(cashier, demo.cashier);
  await expect(cashier.getByTestId('current-context')).toContainText('Ikeja');
  await cashier.goto('/dashboard/waste');
  await expect(cashier.getByRole('heading', { level: 1, name: 'Waste' })).toBeVisible();
  // IPOS_BASIC neither approves nor changes the threshold.
  await expect(cashier.getByTestId('waste-threshold')).toContainText('₦5,000.00');
  await expect(cashier.getByTestId('waste-threshold').getByRole('button', { name: 'Change' })).toHaveCount(0);
  await cashier.getByRole('link', { name: 'Record waste' }).click();
  await expect(cashier.getByRole('heading', { level: 1, name: 'Record waste' })).toBeVisible();

  await cashier.getByLabel('Product').fill(name);
  await cashier.getByRole('option', { name: new RegExp(name) }).click();
  await expect(cashier.getByTestId('waste-product')).toContainText('10 on hand');
  await cashier.getByLabel(/^Quantity/).fill('7');
  await cashier.getByLabel('Reason').selectOption({ label: 'Expired' });
  await expect(cashier.getByTestId('waste-rule')).toContainText('Waste worth more than ₦5,000.00 at cost waits');
  await expect(cashier.getByTestId('waste-product')).not.toContainText('₦800.00');
  await cashier.getByRole('button', { name: 'Record waste' }).click();

  await cashier.waitForURL((url) => url.pathname.startsWith('/dashboard/waste/view/'));
  // The form's heading stays until the record's page has loaded: wait for the number.
  const heading = cashier.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^IKJ-WST\d{6}$/);
  const number = (await heading.innerText()).trim();
  await expect(cashier.getByTestId('waste-status').first()).toHaveText('Waiting for approval');
  await expect(cashier.getByText('The stock has not moved yet. 10 on hand now.')).toBeVisible();
  await expect(cashier.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The owner sees it waiting in the list and approves it there.
  await owner.goto('/dashboard/waste?status=pending');
  const row = owner.getByTestId('waste-row').filter({ hasText: number });
  await expect(row).toContainText(name);
  await expect(row.getByTestId('waste-status')).toHaveText('Waiting for approval');
  await owner.getByRole('button', { name: `Approve ${number}` }).click();
  await expect(owner.getByText(`${number} approved: ${name} written off`)).toBeVisible();
  await expect(owner.getByTestId('waste-row').filter({ hasText: number })).toHaveCount(0);

  // Stock: 10 − 7.
  await owner.goto(`/dashboard/inventory/view/${productId}`);
  await expect(thisStoreRow(owner).getByTestId('on-hand')).toHaveText('3');

  // The cashier's record now says who approved it.
  await cashier.reload();
  await expect(cashier.getByTestId('waste-status').first()).toHaveText('Recorded');
  await expect(cashier.getByText(`by ${demo.owner.name}`)).toBeVisible();
  await expect(cashier.getByTestId('document-timeline')).toContainText('Approved: stock written off');

  expect(ownerProblems).toEqual([]);
  expect(cashierProblems).toEqual([]);
  await ownerContext.close();
  await cashierContext.close();
});
