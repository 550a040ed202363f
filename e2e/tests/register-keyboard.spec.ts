import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { closeRegister, createTillProducts, openRegister } from '../support/checkout.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * A sale at the till size (1280×800) by keyboard alone, from the moment the register is open: three
 * of an item through the `3*` quantity shortcut, a quantity changed with + and −, the customer picked
 * with F4, arrows and Enter, cash with change through F9, the receipt, and the next sale starting in
 * the search. On the way, every control of the register and of the customer picker has an accessible
 * name (axe-core's naming rules).
 */

test.use({ viewport: { width: 1280, height: 800 } });

const runId = () => Date.now().toString(36).toUpperCase();
const CUSTOMER = 'Grace Events & Decor';

/** axe-core's rules that every control has a name (and that the name holds its visible words). */
const namingRules = [
  'button-name',
  'input-button-name',
  'label',
  'aria-input-field-name',
  'aria-command-name',
  'aria-toggle-field-name',
  'select-name',
  'link-name',
  'label-content-name-mismatch',
];

async function unnamedControls(page: Page, within: string) {
  const { violations } = await new AxeBuilder({ page }).include(within).withRules(namingRules).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a sale by keyboard alone at the till, with a quantity shortcut, and every control named', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = runId();
  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const [a, b] = await createTillProducts(page, run, 2, 8);
  await openRegister(page, `Keys ${run}`, '0');

  // From here on, only the keyboard. The register opens with the focus in its search.
  const search = page.getByRole('combobox', { name: 'Find a product' });
  await expect(search).toBeFocused();
  const lines = page.getByTestId('cart-line');
  const lineOf = (name: string) => lines.filter({ hasText: name });
  const quantityOf = (name: string) => page.getByRole('textbox', { name: `Quantity of ${name}` });

  // 3* then a search and Enter: three of the item; the quantity shows until it is used.
  await page.keyboard.type('3*');
  await expect(page.getByTestId('pending-quantity')).toHaveText('3 ×');
  await page.keyboard.type(a!.sku, { delay: 60 });
  await expect(page.getByRole('option').first()).toContainText(a!.name);
  await page.keyboard.press('Enter');
  await expect(quantityOf(a!.name)).toHaveValue('3');
  await expect(page.getByTestId('pending-quantity')).toBeHidden();
  await expect(search).toBeFocused();

  await page.keyboard.type(b!.sku, { delay: 60 });
  await expect(page.getByRole('option').first()).toContainText(b!.name);
  await page.keyboard.press('Enter');
  await expect(quantityOf(b!.name)).toHaveValue('1');
  await expect(search).toBeFocused();

  // One more of the last line: ↑ then + (two keys from the search; it took 19 Tabs to reach the
  // second line's quantity before). + again and − once: two.
  await page.keyboard.press('ArrowUp');
  await expect(lineOf(b!.name)).toBeFocused();
  await page.keyboard.press('+');
  await expect(quantityOf(b!.name)).toHaveValue('2');
  await page.keyboard.press('+');
  await page.keyboard.press('-');
  await expect(quantityOf(b!.name)).toHaveValue('2');
  await expect(lineOf(b!.name)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toBeFocused();

  // Every control of the register is named, with a line's details open.
  await page.keyboard.press('ArrowUp');
  expect(await unnamedControls(page, 'main')).toEqual([]);
  await page.keyboard.press('Escape');

  // F4, type, ↓ ↑ and Enter pick the customer; the search has the focus again.
  await page.keyboard.press('F4');
  const picker = page.getByRole('dialog', { name: 'Customer' });
  await expect(picker.getByRole('combobox', { name: 'Search customers' })).toBeFocused();
  await page.keyboard.type('Grace Events', { delay: 40 });
  await expect(picker.getByRole('option').first()).toContainText(CUSTOMER);
  expect(await unnamedControls(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(picker.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('cart-customer')).toContainText(CUSTOMER);
  await expect(search).toBeFocused();

  // F9, ₦7,000 cash for ₦6,000 (five at ₦1,200), Enter.
  await expect(page.getByTestId('cart-total')).toHaveText('₦6,000.00');
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await expect(pay.getByLabel('Cash tendered')).toBeFocused();
  await page.keyboard.type('7000');
  await page.keyboard.press('Enter');

  const receipt = page.getByTestId('receipt-print-copy');
  await expect(receipt).toContainText(/LEK-S\d{6}/);
  await expect(receipt).toContainText(`${CUSTOMER}`);
  await expect(receipt).toContainText(/3 × ₦1,200\.00\s*₦3,600\.00/);
  await expect(receipt).toContainText(/2 × ₦1,200\.00\s*₦2,400\.00/);
  await expect(receipt).toContainText(/TOTAL\s*₦6,000\.00/);
  await expect(receipt).toContainText(/CHANGE\s*₦1,000\.00/);

  // Enter starts the next sale, in the search.
  await page.keyboard.press('Enter');
  await expect(lines).toHaveCount(0);
  await expect(search).toBeFocused();

  await closeRegister(page, '6000');
  expect(problems).toEqual([]);
});
