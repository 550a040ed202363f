import { expect, test } from '@playwright/test';
import {
  addBySearch,
  closeRegister,
  createTillProducts,
  nextSaleByKey,
  openRegister,
  scan,
} from '../support/checkout.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The register, as the admin of Demo Mart runs it in Lekki: open a till with a float, sell by
 * keyboard and scanner, take cash with change and a split payment, hold and resume, and close the
 * till with a variance. Each journey opens its own uniquely named register (the seed's history and
 * other journeys may have tills open) and closes it at the end; products are created per run.
 */

const runId = () => Date.now().toString(36).toUpperCase();
const lines = (page: import('@playwright/test').Page) => page.getByTestId('cart-line');

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
});

test('sell three items by keyboard and scanner, pay cash with change, print the receipt, new sale', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  const run = runId();
  const [a, b, c] = await createTillProducts(page, run, 3);
  await openRegister(page, `E2E ${run}`, '5000');
  // `/` focuses the search from anywhere on the register.
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Find a product' })).toBeFocused();
  await page.keyboard.press('Escape');

  await addBySearch(page, a!.sku, a!.name);
  await addBySearch(page, b!.sku, b!.name);
  await scan(page, c!.barcode, 3);
  await expect(lines(page)).toHaveCount(3);
  await expect(lines(page).filter({ hasText: c!.name })).toBeVisible();
  const total = (await page.getByTestId('cart-total').textContent())!;

  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await expect(pay.getByTestId('amount-due')).toHaveText(total);
  // The first quick-cash note above the exact amount gives change.
  const quick = pay.getByRole('group', { name: 'Quick cash' }).getByRole('button');
  await quick.nth(1).click();
  await expect(pay.getByTestId('change-due')).not.toHaveText('₦0.00');
  await pay.getByRole('button', { name: 'Complete sale' }).click();

  await expect(page.getByText(/LEK-S\d{6}/).first()).toBeVisible();
  await expect(page.getByText('Change').first()).toBeVisible();
  // On paper: only the receipt, not the register or the app around it.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('receipt-print-copy')).toBeVisible();
  await expect(page.getByTestId('receipt-print-copy')).toContainText(c!.name);
  await expect(page.getByRole('button', { name: /^New sale/ })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await nextSaleByKey(page);

  await closeRegister(page, '20000');
  expect(problems).toEqual([]);
});

test('split a payment between card and cash, then a free sale with no payment', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = runId();
  const [a, b] = await createTillProducts(page, run, 2, 1);
  await openRegister(page, `E2E ${run}`, '0');
  await scan(page, a!.barcode, 1);
  await scan(page, b!.barcode, 2);
  await expect(lines(page)).toHaveCount(2);

  await page.getByRole('button', { name: /^Pay / }).click();
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByText('Card', { exact: true }).click();
  await pay.getByLabel('Amount').fill('1000');
  await pay.getByLabel('Reference').fill('POS-778812');
  await pay.getByRole('button', { name: 'Add payment' }).click();
  await expect(pay.getByRole('list', { name: 'Payments' })).toContainText('₦1,000.00');
  await pay.getByText('Cash', { exact: true }).click();
  await pay.getByRole('group', { name: 'Quick cash' }).getByRole('button').first().click();
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByText(/LEK-S\d{6}/).first()).toBeVisible();
  await expect(page.getByText('Card').first()).toBeVisible();
  await nextSaleByKey(page);

  // A free sale (the whole cart discounted) completes with no payment, from the keyboard.
  await scan(page, a!.barcode, 1);
  await expect(lines(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Cart discount' }).click();
  await page.getByLabel('Cart discount (%)').fill('100');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-total')).toHaveText('₦0.00');
  await page.keyboard.press('F9');
  await expect(pay.getByText('Nothing to pay')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/LEK-S\d{6}/).first()).toBeVisible();
  await expect(page.getByTestId('receipt-print-copy')).toContainText(a!.name);

  await page.keyboard.press('Enter');
  await closeRegister(page, '0');
  expect(problems).toEqual([]);
});

test('hold a cart and resume it', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = runId();
  const [a, b] = await createTillProducts(page, run, 2, 2);
  await openRegister(page, `E2E ${run}`, '0');
  await scan(page, a!.barcode, 1);
  await scan(page, a!.barcode, 1);
  await expect(page.getByRole('textbox', { name: `Quantity of ${a!.name}` })).toHaveValue('2');
  await scan(page, b!.barcode, 2);
  await expect(lines(page)).toHaveCount(2);
  const total = (await page.getByTestId('cart-total').textContent())!;

  await page.keyboard.press('F8');
  await page.getByLabel('Label (optional)').fill(`Bag ${run}`);
  await page.keyboard.press('Enter');
  await expect(lines(page)).toHaveCount(0);

  await page.getByRole('button', { name: /^Held \(\d+\)$/ }).click();
  const held = page.getByRole('listitem').filter({ hasText: `Bag ${run}` });
  await held.getByRole('button', { name: 'Resume' }).click();
  await expect(lines(page)).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: `Quantity of ${a!.name}` })).toHaveValue('2');
  await expect(page.getByTestId('cart-total')).toHaveText(total);

  await page.getByRole('button', { name: 'Clear the sale' }).click();
  await closeRegister(page, '0');
  expect(problems).toEqual([]);
});

test('close the register counting notes and see the variance on the close report', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = runId();
  await openRegister(page, `E2E ${run}`, '5000');
  // Cash out ₦500 for a delivery: expected ₦4,500.
  await page.getByRole('button', { name: 'Cash out' }).click();
  const out = page.getByRole('dialog', { name: 'Cash out' });
  await out.getByLabel('Amount').fill('500');
  await out.getByLabel('Reason').fill('Paid the delivery man');
  await out.getByRole('button', { name: 'Record' }).click();
  await expect(out).toBeHidden();

  await page.getByRole('button', { name: 'Close register' }).click();
  const dialog = page.getByRole('dialog', { name: /^Close / });
  await dialog.getByText('Notes and coins').click();
  // 4 × ₦1,000 + 0 × … : ₦500 short.
  await dialog.getByLabel('₦1,000', { exact: true }).fill('4');
  await expect(dialog.getByLabel('Expected')).toContainText('₦4,500.00');
  await expect(dialog.getByLabel('Variance')).toContainText('-₦500.00');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Short by one note');
  await dialog.getByRole('button', { name: 'Close register' }).click();

  const report = page.getByTestId('close-report');
  await expect(report).toBeVisible();
  await expect(report.getByTestId('close-variance')).toContainText('-₦500.00');
  await expect(report).toContainText('Paid the delivery man');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('close-report-print')).toBeVisible();
  await expect(page.getByTestId('close-report-print')).toContainText('-₦500.00');
  await expect(report).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  expect(problems).toEqual([]);
});
