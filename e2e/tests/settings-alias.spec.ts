import { expect, test, type Page } from '@playwright/test';
import { addBySearch, closeRegister, createTillProducts, openRegister } from '../support/checkout.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/** Sets Lekki's alias on Settings → Alias, as the admin does. */
async function setAlias(page: Page, alias: string) {
  await page.goto('/dashboard/settings/alias');
  const code = page.getByRole('textbox', { name: 'Alias' });
  await code.fill(alias);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`is now ${alias}.`)).toBeVisible();
}

/**
 * The admin of Demo Mart renames Lekki's code: the next sale is numbered with the new alias, and the
 * change is in the audit trail with what it was and what it became. The alias goes back to LEK at the
 * end, whatever happens (other journeys read LEK numbers).
 */
test('the admin changes the alias, the next sale carries it, and the audit trail shows the change', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchForBreakage(page);
  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
  const run = Date.now().toString(36).toUpperCase();
  const [product] = await createTillProducts(page, run, 1, 7);
  try {
    await setAlias(page, 'lkx');
    await expect(page.getByTestId('alias-example')).toHaveText('Numbers look like LKX-S000001.');

    await openRegister(page, `E2E ${run}`, '0');
    await addBySearch(page, product!.sku, product!.name);
    await page.keyboard.press('F9');
    const pay = page.getByRole('dialog', { name: 'Take payment' });
    // The first quick-cash button is the exact amount.
    await pay.getByRole('group', { name: 'Quick cash' }).getByRole('button').first().click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByText(/LKX-S\d{6}/).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await closeRegister(page, '1200');

    await page.goto('/dashboard/settings/audit-trail?action=store.alias_changed');
    const event = page.getByTestId('audit-event').first();
    await expect(event).toContainText('store.alias_changed');
    await expect(event).toContainText('Stores');
    await event.getByRole('button', { name: /Show the changes/ }).click();
    const changes = page.getByTestId('audit-changes');
    await expect(changes).toContainText('"LEK"');
    await expect(changes).toContainText('"LKX"');
  } finally {
    await setAlias(page, 'LEK');
  }
  expect(problems).toEqual([]);
});
