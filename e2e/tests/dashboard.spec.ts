import { expect, test } from '@playwright/test';
import { closeRegister, makeSaleThroughApi } from '../support/sales.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The store's DashboardLanding shows today's trading: after a sale at a register of this run, the
 * admin in Lekki sees at least one sale today, and the sale among the recent sales, linked to it.
 */
test('the store dashboard shows today’s figures and the newest sale', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();

  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const sale = await makeSaleThroughApi(page, run);
  try {
    await page.reload();
    await expect(page.getByTestId('store-name')).toHaveText('Lekki');
    const count = page.getByTestId('today-count');
    await expect(count).toHaveText(/^\d+$/);
    expect(Number(await count.textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('today-sales')).toHaveText(/^₦[\d,]+\.\d\d$/);
    await expect(page.getByTestId('no-sales-today')).toHaveCount(0);
    await expect(page.getByTestId('payment-mix')).toContainText('Cash');
    // The charts load lazily and draw.
    await expect(page.locator('[data-chart]').first()).toBeVisible();

    const recent = page.getByTestId('recent-sales');
    await expect(recent).toContainText(sale.number);
    await recent.getByRole('link', { name: sale.number }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/transactions/${sale.saleId}`);
    await expect(page.getByTestId('sale-number')).toHaveText(sale.number);
  } finally {
    await closeRegister(page, sale.sessionId);
  }
  expect(problems).toEqual([]);
});
