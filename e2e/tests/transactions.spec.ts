import { expect, test } from '@playwright/test';
import { closeRegister, makeSaleThroughApi } from '../support/sales.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The sale history, as the admin of Demo Mart in Lekki uses it with a customer at the counter: a sale
 * made at a register of this run (through the API) is found in today's transactions by its number,
 * opened from the keyboard, and one of its lines is refunded in cash out of that register; the page
 * then shows the refund and the state "Partly refunded". The register is closed at the end.
 */
test('the admin finds a sale by its number and refunds one line in cash', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();

  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
  const sale = await makeSaleThroughApi(page, run);

  try {
    // Today's transactions, narrowed to the number on the receipt.
    await page.goto('/dashboard/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    await expect(page.getByTestId('list-scope')).toHaveText('Today');
    await page.getByRole('textbox', { name: 'Sale number' }).fill(sale.number);
    await page.getByRole('textbox', { name: 'Sale number' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`number=${sale.number}`));
    const row = page.getByRole('row', { name: `Sale ${sale.number}` });
    await expect(page.getByTestId('sale-row')).toHaveCount(1);
    await expect(row.getByTestId('sale-state')).toHaveText('Completed');
    await expect(page.getByTestId('totals-count')).toHaveText('1');

    // Keyboard: the row takes focus and Enter opens the sale.
    await row.focus();
    await row.press('Enter');
    await page.waitForURL((url) => url.pathname === `/dashboard/transactions/${sale.saleId}`);
    await expect(page.getByTestId('sale-number')).toHaveText(sale.number);
    await expect(page.getByTestId('sale-state')).toHaveText('Completed');
    await expect(page.getByTestId('sale-line')).toHaveCount(2);
    await expect(page.getByTestId('sale-history')).toContainText('Sale completed');

    // Refund the second line (1 × Chin Chin), cash out of this run's register.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refund ${sale.number}` });
    await dialog.getByLabel(`Refund quantity of ${sale.productNames[1]}`).fill('1');
    await expect(dialog.getByTestId('refund-preview')).toContainText(/Refund ₦[\d,]+\.\d\d/);
    await expect(dialog.getByLabel('Refund by')).toHaveValue('cash');
    const paidOutOf = dialog.getByLabel('Paid out of');
    // Other registers may be open in Lekki: then the person picks this run's.
    if ((await paidOutOf.evaluate((el) => el.tagName)) === 'SELECT') await paidOutOf.selectOption(sale.sessionId);
    else await expect(paidOutOf).toHaveValue(sale.registerName);
    await dialog.getByLabel('Reason').fill('Packet was open');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByText(/Refunded LEK-RF\d{6}\./)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The page refreshed: the refund, its line, the state and the trail.
    await expect(page.getByTestId('sale-state')).toHaveText('Partly refunded');
    const refund = page.getByTestId('refund');
    await expect(refund).toHaveCount(1);
    await expect(refund).toContainText(/LEK-RF\d{6}/);
    await expect(refund).toContainText('Packet was open');
    await expect(refund).toContainText(`1 × ${sale.productNames[1]}`);
    await expect(refund).toContainText('Cash');
    await expect(page.getByTestId('sale-line').nth(1).getByRole('cell').nth(2)).toHaveText('1');
    await expect(page.getByTestId('sale-totals')).toContainText('Refunded');

    // Back in the list, the sale shows as partly refunded.
    await page.goto(`/dashboard/transactions?number=${sale.number}`);
    await expect(page.getByRole('row', { name: `Sale ${sale.number}` }).getByTestId('sale-state')).toHaveText(
      'Partly refunded',
    );
  } finally {
    await closeRegister(page, sale.sessionId);
  }
  expect(problems).toEqual([]);
});
