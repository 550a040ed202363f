import { expect, test } from '@playwright/test';
import { closeRegister, createTillProducts, nextSaleByKey, openRegister, scan } from '../support/checkout.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * Stock is checked before the money is taken (decision 0029): in Demo Mart's Lekki, which does not
 * allow negative stock, a line beyond the on hand warns at once and Pay waits until it is fixed.
 */

const runId = () => Date.now().toString(36).toUpperCase();

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
});

test('a line beyond the on hand blocks Pay until it is lowered; the sale then completes and the stock is gone', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  const run = runId();
  // 10 on hand in Lekki.
  const [product] = await createTillProducts(page, run, 1);
  await openRegister(page, `E2E ${run}`, '0');
  await scan(page, product!.barcode, 1);
  const line = page.getByTestId('cart-line');
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(pay).toBeEnabled();

  const quantity = page.getByRole('textbox', { name: `Quantity of ${product!.name}` });
  await quantity.fill('11');
  await quantity.press('Enter');
  await expect(line.getByTestId('line-stock')).toHaveText('Only 10 in stock');
  await expect(pay).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Not enough stock' })).toHaveText(
    `Not enough stock for ${product!.name} (only 10 in stock). Lower the quantity or remove this line to pay.`,
  );
  // F9 opens no payment while the line is short.
  await page.keyboard.press('F9');
  await expect(page.getByRole('dialog', { name: 'Take payment' })).toBeHidden();

  await page.getByRole('button', { name: `One less ${product!.name}` }).click();
  await expect(quantity).toHaveValue('10');
  await expect(line.getByTestId('line-stock')).toBeHidden();
  await expect(pay).toBeEnabled();
  await pay.click();
  const payment = page.getByRole('dialog', { name: 'Take payment' });
  await payment.getByRole('group', { name: 'Quick cash' }).getByRole('button').first().click();
  await payment.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByText(/LEK-S\d{6}/).first()).toBeVisible();

  // The next sale: all 10 were sold, so a scan adds the line as out of stock rather than failing later.
  await nextSaleByKey(page);
  await scan(page, product!.barcode, 1);
  await expect(line.getByTestId('line-stock')).toHaveText('Out of stock');
  await expect(pay).toBeDisabled();
  await page.getByRole('button', { name: 'Clear the sale' }).click();
  await closeRegister(page, '12000');
  expect(problems).toEqual([]);
});
