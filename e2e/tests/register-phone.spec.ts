import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCategoryThroughApi } from '../support/catalog.js';
import { closeRegister, createTillProducts, openCartLine, openRegister, scan } from '../support/checkout.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The register made for the size it runs at. On a phone (390×844, touch) the admin of Demo Mart sells
 * three items by tapping tiles, looks at the cart in its bottom sheet and takes cash: at every step the
 * page does not scroll sideways, and Pay, the categories, the customer, the discounts and − and + are
 * big targets (44 px). At a till (1280×800) ten lines leave at least eight in view, with the total and
 * Pay; at a touchscreen till the same controls are 44 px. On a tablet (768×1024, touch) the tiles and
 * the cart stand side by side and a sale is made by touch alone.
 */

const runId = () => Date.now().toString(36).toUpperCase();

async function expectNoSidewaysScroll(page: Page, step: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${step}: the page's width`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Taps the exact-cash button until the payment takes it (Complete sale enabled). On a loaded CI
 * machine one tap in many, made as the dialog had just opened, left the tendered field empty; a
 * cashier taps again, and so does the journey, since exact cash is the same amount however often.
 */
async function tapExactCash(payment: Locator) {
  const exact = payment.getByRole('group', { name: 'Quick cash' }).getByRole('button').first();
  await expect(async () => {
    await exact.tap();
    await expect(payment.getByRole('button', { name: 'Complete sale' })).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** A control a finger can hit: at least 44 px tall and wide, and (unless said otherwise) wholly on the screen. */
async function expectTouchTarget(target: Locator, what: string, { onScreen = true } = {}) {
  // Waits for a sheet sliding in to come to rest.
  if (onScreen) await expect(target, `${what} lies on the screen`).toBeInViewport({ ratio: 1 });
  // Measured until it settles (a sheet's last frame of scaling leaves 43.99998), to a hundredth of a pixel.
  const side = async (key: 'height' | 'width') => {
    const box = await target.boundingBox();
    return box ? Math.round(box[key] * 100) / 100 : 0;
  };
  await expect.poll(() => side('height'), { message: `${what}: height` }).toBeGreaterThanOrEqual(44);
  await expect.poll(() => side('width'), { message: `${what}: width` }).toBeGreaterThanOrEqual(44);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('sell three items by touch: tiles, the cart as a bottom sheet, cash, the receipt', async ({ page }) => {
    const problems = watchForBreakage(page);
    const run = runId();
    await signIn(page, demo.admin);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const category = `Phone ${run}`;
    const products = await createTillProducts(page, run, 3, 6, await createCategoryThroughApi(page, category));
    await openRegister(page, `Phone till ${run}`, '5000');

    await expectNoSidewaysScroll(page, 'the register');
    // The header fits the phone: its menu is on the screen.
    await expect(page.getByRole('button', { name: 'More register actions' })).toBeInViewport({ ratio: 1 });
    const bar = page.getByTestId('cart-bar');
    const pay = bar.getByRole('button', { name: /^Pay / });
    await expect(pay).toBeDisabled();
    await expectTouchTarget(pay, 'Pay');

    const categoryButton = page.getByRole('toolbar', { name: 'Categories' }).getByRole('button', { name: category });
    await expectTouchTarget(categoryButton, `the category ${category}`, { onScreen: false });
    await categoryButton.tap();
    for (const [i, product] of products.entries()) {
      const tile = page.getByRole('button', { name: product.name });
      await expectTouchTarget(tile, `the tile of ${product.name}`, { onScreen: false });
      await tile.tap();
      await expect(bar.getByTestId('cart-bar-items')).toHaveText(`Cart · ${i + 1} item${i === 0 ? '' : 's'}`);
      await expectNoSidewaysScroll(page, `after tapping ${product.name}`);
    }
    await expect(bar.getByTestId('cart-bar-total')).toHaveText('₦3,600.00');
    await expectTouchTarget(pay, 'Pay with three items');

    // The cart opens as a sheet over the tiles: its lines, their − and +, and the same Pay.
    const handle = bar.getByRole('button', { name: 'Cart: 3 items, ₦3,600.00' });
    await expectTouchTarget(handle, 'the cart bar');
    await handle.tap();
    const sheet = page.getByRole('dialog', { name: 'Cart' });
    await expect(sheet.getByTestId('cart-line')).toHaveCount(3);
    await expectNoSidewaysScroll(page, 'the cart sheet');
    const [first] = products;
    const quantity = sheet.getByRole('textbox', { name: `Quantity of ${first!.name}` });
    const more = sheet.getByRole('button', { name: `One more ${first!.name}` });
    await expectTouchTarget(more, '+');
    await more.tap();
    await expect(quantity).toHaveValue('2');
    const less = sheet.getByRole('button', { name: `One less ${first!.name}` });
    await expectTouchTarget(less, '−');
    await less.tap();
    await expect(quantity).toHaveValue('1');
    // The line tapped shows its details: its discount, beside the customer's and the cart's.
    await expectTouchTarget(sheet.getByRole('button', { name: 'Discount', exact: true }), 'Discount');
    await expectTouchTarget(sheet.getByRole('button', { name: /^Add customer/ }), 'Add customer');
    await expectTouchTarget(sheet.getByRole('button', { name: 'Cart discount' }), 'Cart discount');
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await expect(sheet).toBeHidden();

    await handle.tap();
    const payInSheet = sheet.getByRole('button', { name: /^Pay ₦3,600\.00/ });
    await expectTouchTarget(payInSheet, 'Pay in the sheet');
    await payInSheet.tap();
    const payment = page.getByRole('dialog', { name: 'Take payment' });
    await expect(payment.getByTestId('amount-due')).toHaveText('₦3,600.00');
    await expectNoSidewaysScroll(page, 'payment');
    await tapExactCash(payment);
    await payment.getByRole('button', { name: 'Complete sale' }).tap();

    await expect(page.getByText(/LEK-S\d{6}/).first()).toBeVisible();
    for (const product of products) await expect(page.getByTestId('receipt-print-copy')).toContainText(product.name);
    await expectNoSidewaysScroll(page, 'the receipt');
    await page.getByRole('button', { name: /^New sale/ }).tap();
    await expect(bar.getByTestId('cart-bar-items')).toHaveText('Cart · 0 items');
    await closeRegister(page, '8600');
    expect(problems).toEqual([]);
  });
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('sell three items by touch alone: the tiles and the cart side by side, cash, the receipt', async ({ page }) => {
    const problems = watchForBreakage(page);
    const run = runId();
    await signIn(page, demo.admin);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const category = `Tablet ${run}`;
    const products = await createTillProducts(page, run, 3, 6, await createCategoryThroughApi(page, category));
    await openRegister(page, `Tablet till ${run}`, '5000');
    await expectNoSidewaysScroll(page, 'the register');
    // Two columns: no cart bar or sheet; the cart stands beside the tiles.
    await expect(page.getByTestId('cart-bar')).toHaveCount(0);
    await expect(page.getByText('The cart is empty. Search, scan or tap a product.')).toBeVisible();

    const categoryButton = page.getByRole('toolbar', { name: 'Categories' }).getByRole('button', { name: category });
    await expectTouchTarget(categoryButton, `the category ${category}`, { onScreen: false });
    await categoryButton.tap();
    let tileBox: { x: number; width: number } | null = null;
    for (const [i, product] of products.entries()) {
      const tile = page.getByRole('button', { name: product.name });
      await expectTouchTarget(tile, `the tile of ${product.name}`);
      tileBox ??= await tile.boundingBox();
      await tile.tap();
      await expect(page.getByTestId('cart-line')).toHaveCount(i + 1);
    }
    const cartBox = await page.getByRole('list', { name: 'Cart lines' }).boundingBox();
    expect(tileBox!.x + tileBox!.width, 'the tiles end where the cart begins').toBeLessThanOrEqual(cartBox!.x + 0.5);
    await expect(page.getByTestId('cart-total')).toHaveText('₦3,600.00');

    // A line tapped open takes + and − by touch.
    const [first] = products;
    const line = page.getByTestId('cart-line').filter({ hasText: first!.name });
    await line.getByText(first!.name).tap();
    const more = line.getByRole('button', { name: `One more ${first!.name}` });
    await expectTouchTarget(more, '+');
    await more.tap();
    await expect(line.getByRole('textbox', { name: `Quantity of ${first!.name}` })).toHaveValue('2');
    await line.getByRole('button', { name: `One less ${first!.name}` }).tap();
    await expect(page.getByTestId('cart-total')).toHaveText('₦3,600.00');

    const pay = page.getByRole('button', { name: /^Pay ₦3,600\.00/ });
    await expectTouchTarget(pay, 'Pay');
    await pay.tap();
    const payment = page.getByRole('dialog', { name: 'Take payment' });
    await expect(payment.getByTestId('amount-due')).toHaveText('₦3,600.00');
    await expectNoSidewaysScroll(page, 'payment');
    await tapExactCash(payment);
    await payment.getByRole('button', { name: 'Complete sale' }).tap();

    await expect(page.getByText(/LEK-S\d{6}/).first()).toBeVisible();
    for (const product of products) await expect(page.getByTestId('receipt-print-copy')).toContainText(product.name);
    await expectNoSidewaysScroll(page, 'the receipt');
    await page.getByRole('button', { name: /^New sale/ }).tap();
    await expect(page.getByTestId('cart-line')).toHaveCount(0);
    await closeRegister(page, '8600');
    expect(problems).toEqual([]);
  });
});

test.describe('at a touchscreen till', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true });

  test('the categories, the customer, the discounts and an open line’s − and + are 44 px targets, and eight of ten lines show', async ({
    page,
  }) => {
    const problems = watchForBreakage(page);
    const run = runId();
    await signIn(page, demo.admin);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const products = await createTillProducts(page, run, 10, 8);
    const [product] = products;
    await openRegister(page, `Touch till ${run}`, '0');
    for (const [i, item] of products.entries()) await scan(page, item.barcode, i + 1);
    // Lines stay compact on a touchscreen: a line's − and + show once it is tapped open.
    expect(await visibleCartLines(page)).toBeGreaterThanOrEqual(8);
    await expect(page.getByRole('button', { name: /^Pay / })).toBeInViewport({ ratio: 1 });

    await expectTouchTarget(
      page.getByRole('toolbar', { name: 'Categories' }).getByRole('button').first(),
      'the first category',
    );
    await expectTouchTarget(page.getByRole('button', { name: /^Add customer/ }), 'Add customer');
    await expectTouchTarget(page.getByRole('button', { name: 'Cart discount' }), 'Cart discount');
    const line = await openCartLine(page, product!.name);
    await expectTouchTarget(line.getByRole('button', { name: `One less ${product!.name}` }), '−');
    await expectTouchTarget(line.getByRole('button', { name: `One more ${product!.name}` }), '+');
    await expectTouchTarget(line.getByRole('button', { name: 'Discount', exact: true }), 'Discount');

    await page.getByRole('button', { name: 'Clear the sale' }).click();
    await closeRegister(page, '0');
    expect(problems).toEqual([]);
  });
});

/** Cart lines wholly in view: inside the lines' scrolling box and the screen. */
function visibleCartLines(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector('[role="list"][aria-label="Cart lines"]')!.getBoundingClientRect();
    const top = Math.max(list.top, 0);
    const bottom = Math.min(list.bottom, window.innerHeight);
    return Array.from(document.querySelectorAll('[data-testid="cart-line"]'))
      .map((line) => line.getBoundingClientRect())
      .filter((box) => box.height > 0 && box.top >= top - 0.5 && box.bottom <= bottom + 0.5).length;
  });
}

test('at a till (1280×800) ten cart lines leave at least eight in view, with the total and Pay', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = runId();
  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const products = await createTillProducts(page, run, 10, 7);
  await openRegister(page, `Till ${run}`, '0');
  for (const [i, product] of products.entries()) await scan(page, product.barcode, i + 1);

  expect(await visibleCartLines(page)).toBeGreaterThanOrEqual(8);
  await expect(page.getByTestId('cart-total')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /^Pay / })).toBeInViewport({ ratio: 1 });
  // A line's details open on demand, and eight lines still show.
  const [first] = products;
  await openCartLine(page, first!.name);
  expect(await visibleCartLines(page)).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page, 'the till');

  await page.getByRole('button', { name: 'Clear the sale' }).click();
  await closeRegister(page, '0');
  expect(problems).toEqual([]);
});
