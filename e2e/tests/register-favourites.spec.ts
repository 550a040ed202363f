import { expect, test, type Locator, type Page } from '@playwright/test';
import { closeRegister, createTillProducts, openRegister } from '../support/checkout.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The register's first screen (decision 0037): it opens on the store's favourites, or on its best
 * sellers while none is pinned, never on an empty category. Lekki's manager pins a new product; the
 * register opens on it, first; then the manager unpins it again (other journeys sell in Lekki too).
 */

const runId = () => Date.now().toString(36).toUpperCase();

const firstTiles = (page: Page) => page.getByRole('toolbar', { name: 'Categories' }).getByRole('button').first();

async function saveFavourites(page: Page, change: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Edit favourites' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register favourites' });
  await change(dialog);
  await dialog.getByRole('button', { name: 'Save favourites' }).click();
  await expect(dialog).toBeHidden();
}

test('a manager pins a product to the favourites and the register opens on it', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = runId();
  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const [product] = await createTillProducts(page, run, 1);
  await openRegister(page, `Favourites ${run}`, '5000');

  // The demo store has 90 days of sales: with nothing pinned it opens on its best sellers.
  await expect(firstTiles(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(firstTiles(page)).toHaveText(/^(Best sellers|Favourites)$/);
  const before = page.getByRole('group', { name: /^(Best sellers|Favourites)$/ }).getByRole('button');
  await expect(before.first()).toBeVisible();

  await saveFavourites(page, async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Pin an item' }).fill(product!.name);
    await dialog.getByRole('button', { name: `Pin ${product!.name}` }).click();
    // First on the screen: up past whatever was pinned before.
    const up = dialog.getByRole('button', { name: `Move up: ${product!.name}` });
    while (await up.isEnabled()) await up.click();
  });

  // The register opens again (a reload): on the favourites, the new product first.
  await page.reload();
  await expect(firstTiles(page)).toHaveText('Favourites');
  await expect(firstTiles(page)).toHaveAttribute('aria-pressed', 'true');
  const tiles = page.getByRole('group', { name: 'Favourites' }).getByRole('button');
  await expect(tiles.first()).toContainText(product!.name);
  await tiles.first().click();
  await expect(page.getByTestId('cart-line').filter({ hasText: product!.name })).toBeVisible();
  await page.getByRole('button', { name: 'Clear the sale' }).click();

  await saveFavourites(page, (dialog) => dialog.getByRole('button', { name: `Unpin ${product!.name}` }).click());
  await expect(page.getByRole('group', { name: /^(Best sellers|Favourites)$/ })).not.toContainText(product!.name);
  await closeRegister(page, '5000');
  expect(problems).toEqual([]);
});
