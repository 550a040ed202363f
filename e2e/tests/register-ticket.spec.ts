import { expect, test, type Page } from '@playwright/test';
import {
  closeRegister,
  createTillProducts,
  lockAndUnlockWithPin,
  openCartLine,
  openRegister,
  scan,
} from '../support/checkout.js';
import { demo, expectSignedOutLanding, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The sale in progress is kept on the device (decision 0036): Lekki's manager rings up a sale with
 * a line discount, a cart discount and a customer, and finds the same sale after a reload, after the
 * till locks (PIN) and after a look at Inventory. Signing out asks first and keeps it; the admin,
 * signing in on the same browser and till, sees an empty register; the manager, back, finds it again.
 */

const runId = () => Date.now().toString(36).toUpperCase();
const lines = (page: Page) => page.getByTestId('cart-line');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const CUSTOMER = 'Grace Events & Decor';

async function signInToLekki(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  // An assertion rather than a wait: should the sign-in land elsewhere, the failure names the page.
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectSignedOutLanding(page);
}

test('the sale in progress survives a reload, a PIN lock and a trip to Inventory, and is only its cashier’s', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems = watchForBreakage(page);
  const run = runId();
  await signInToLekki(page, demo.manager);
  const [milk, rice] = await createTillProducts(page, run, 2, 5);
  const till = `Ticket ${run}`;
  await openRegister(page, till, '0');

  // Two of the first at 10% off, one of the second, ₦50 off the cart, for a customer.
  await scan(page, milk!.barcode, 1);
  await scan(page, milk!.barcode, 1);
  await expect(page.getByRole('textbox', { name: `Quantity of ${milk!.name}` })).toHaveValue('2');
  await scan(page, rice!.barcode, 2);
  await (await openCartLine(page, milk!.name)).getByRole('button', { name: 'Discount' }).click();
  await page.getByLabel('Discount (%)').fill('10');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Discount (%)')).toBeHidden();
  await page.getByRole('button', { name: 'Cart discount' }).click();
  await page.getByText('Amount', { exact: true }).click();
  await page.getByLabel('Cart discount (NGN)').fill('50');
  await page.keyboard.press('Enter');
  await page.keyboard.press('F4');
  const picker = page.getByRole('dialog', { name: 'Customer' });
  await picker.getByLabel('Search customers').fill('Grace Events');
  await picker.getByRole('option').filter({ hasText: CUSTOMER }).click();
  await expect(page.getByTestId('cart-customer')).toContainText(CUSTOMER);
  // ₦1,200 × 2 less 10% + ₦1,200, less ₦50.
  await expect(page.getByTestId('cart-total')).toHaveText('₦3,310.00');

  const expectTheSale = async () => {
    await expect(page.getByTestId('register-name')).toHaveText(till);
    await expect(lines(page)).toHaveCount(2);
    await expect(page.getByRole('textbox', { name: `Quantity of ${milk!.name}` })).toHaveValue('2');
    await expect(page.getByRole('textbox', { name: `Quantity of ${rice!.name}` })).toHaveValue('1');
    await expect(page.getByTestId('cart-customer')).toContainText(CUSTOMER);
    await expect(page.getByTestId('cart-total')).toHaveText('₦3,310.00');
  };

  // A reload (a crash, a power cut): the same sale.
  await page.reload();
  await expectTheSale();

  // The till locks (another tab of the app timed out) and the PIN brings the cashier back.
  await lockAndUnlockWithPin(page, demo.manager.pin);
  await expectTheSale();

  // A look at Inventory and back.
  await nav(page).getByRole('link', { name: 'Inventory' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/inventory');
  await nav(page).getByRole('link', { name: 'Checkout' }).click();
  await expectTheSale();

  // Signing out asks first, and keeps the sale.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const question = page.getByRole('dialog', { name: 'A sale is in progress' });
  await expect(question).toContainText('It will be here when you sign in again.');
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(question).toBeHidden();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await question.getByRole('button', { name: 'Sign out' }).click();
  await expectSignedOutLanding(page);

  // Another person on the same browser and till: an empty register, and no question on leaving.
  await signInToLekki(page, demo.admin);
  await page.goto('/dashboard/checkout');
  await expect(page.getByTestId('register-name')).toHaveText(till);
  await expect(page.getByRole('combobox', { name: 'Find a product' })).toBeVisible();
  await expect(lines(page)).toHaveCount(0);
  await expect(page.getByTestId('cart-customer')).toHaveCount(0);
  await signOut(page);

  // The manager, back: the sale is where they left it. Cleared, and the till closed.
  await signInToLekki(page, demo.manager);
  await page.goto('/dashboard/checkout');
  await expectTheSale();
  await page.getByRole('button', { name: 'Clear the sale' }).click();
  await expect(lines(page)).toHaveCount(0);
  await closeRegister(page, '0');
  await signOut(page);
  expect(problems).toEqual([]);
});
