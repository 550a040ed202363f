import { expect, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from './catalog.js';

/**
 * Products of this run (₦1,200.00 each, sold each, with stock in the active store), by SKU and barcode;
 * in `categoryId` when given (its tiles on the register).
 */
export async function createTillProducts(page: Page, run: string, count: number, salt = 0, categoryId?: string) {
  const products: { name: string; sku: string; barcode: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const product = {
      name: `Chin Chin ${run} ${String.fromCharCode(65 + i)}`,
      sku: `CC${run}${i}${salt}`,
      barcode: uniqueEan13(salt * 10 + i),
    };
    await createProductThroughApi(page, { ...product, openingStock: 10, categoryId });
    products.push(product);
  }
  return products;
}

/** Opens a register of this run's own name with a float (another journey's or the seed's tills are left alone). */
export async function openRegister(page: Page, name: string, float: string) {
  await page.goto('/dashboard/checkout');
  const form = page.getByRole('form', { name: 'Open a register' });
  await form.getByLabel('Register name').fill(name);
  await form.getByLabel('Counted float').fill(float);
  await form.getByRole('button', { name: 'Open register' }).click();
  await expect(page.getByTestId('register-name')).toHaveText(name);
}

/** Finds a product by typing in the search and adds the first (best) match with Enter. */
export async function addBySearch(page: Page, text: string, name: string) {
  await page.keyboard.press('F2');
  const search = page.getByRole('combobox', { name: 'Find a product' });
  await expect(search).toBeFocused();
  await page.keyboard.type(text, { delay: 60 });
  await expect(page.getByRole('option').first()).toContainText(name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-line').filter({ hasText: name })).toBeVisible();
}

/** Taps a cart line (on its name) so that its details show (price and tax, Discount, Remove); returns the line. */
export async function openCartLine(page: Page, name: string) {
  const line = page.getByTestId('cart-line').filter({ hasText: name });
  await line.getByText(name).click();
  await expect(line.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
  return line;
}

/**
 * Enter on the receipt, as a cashier at a keyboard till starts the next customer: waits until the
 * receipt has gone and the search box has the focus, so that what comes next (a scan, a search) lands
 * in the new sale and a failure says which of the two did not happen.
 */
export async function nextSaleByKey(page: Page) {
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^New sale/ })).toBeHidden();
  await expect(page.getByTestId('cart-line')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Find a product' })).toBeFocused();
}

/**
 * A keyboard-wedge scanner: the code's keys within milliseconds, then Enter, to whatever has the
 * focus; waits until the cart has `lines` lines. The keys are dispatched inside the page, as the
 * browser delivers a scanner's: Playwright's round trip per key can take over 100 ms on a loaded
 * machine, and keys that far apart are a person typing, not a scan.
 */
export async function scan(page: Page, code: string, lines: number) {
  await page.evaluate(
    (keys) => {
      const target = document.activeElement ?? document.body;
      for (const key of keys) {
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      }
    },
    [...code, 'Enter'],
  );
  await expect(page.getByTestId('cart-line')).toHaveCount(lines);
}

/** Closes the register counting one amount (from the header, or its ⋯ menu on a phone); returns to the close report. */
export async function closeRegister(page: Page, counted: string) {
  const inHeader = page.getByRole('button', { name: 'Close register' });
  if (await inHeader.isVisible()) await inHeader.click();
  else {
    // A phone's header has no room for it: it is in the ⋯ menu.
    await page.getByRole('button', { name: 'More register actions' }).click();
    await page.getByRole('menuitem', { name: 'Close register' }).click();
  }
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Counted cash').fill(counted);
  await dialog.getByRole('button', { name: 'Close register' }).click();
  await expect(page.getByTestId('close-report')).toBeVisible();
}

/**
 * The till locks (another tab of the app timed out, so this one follows) and the PIN brings the
 * cashier back to the register.
 */
export async function lockAndUnlockWithPin(page: Page, pin: string) {
  const otherTab = await page.context().newPage();
  await otherTab.goto('/config.json');
  await otherTab.evaluate(() => localStorage.setItem('hasTimedOut', 'true'));
  await otherTab.close();
  await page.waitForURL((url) => url.pathname === '/timeout/enter-pin');
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard/checkout');
}
