import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/** The manager looks after the category tree at /dashboard/inventory/category; a cashier only reads it. */

async function openCategories(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inventory' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/inventory');
  await page.goto('/dashboard/inventory/category');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page).toHaveTitle('iPos Web Solution | Categories');
}

const drinksChildren = (page: Page) => page.getByRole('list', { name: 'Drinks sub-categories' });

test('the manager adds, moves, renames and archives a sub-category', async ({ page }) => {
  const problems = watchForBreakage(page);
  await openCategories(page, demo.manager);
  const tree = page.getByRole('list', { name: 'Categories' });
  for (const name of ['Groceries', 'Drinks', 'Toiletries', 'Household', 'Baby', 'Frozen', 'Bakery', 'Soft Drinks'])
    await expect(tree.getByText(name, { exact: true })).toBeVisible();

  const name = `Malt ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add sub-category to Drinks' }).click();
  await page.getByLabel('New sub-category of Drinks').fill(name);
  await page.getByLabel('New sub-category of Drinks').press('Enter');
  const rows = drinksChildren(page).getByTestId('category-row');
  await expect(rows.last()).toContainText(name);

  // Move it up with the keyboard: one place, from last to second last.
  const before = await rows.count();
  await page.getByRole('button', { name: `Move ${name} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(rows.nth(before - 2)).toContainText(name);
  await page.reload();
  await expect(
    drinksChildren(page)
      .getByTestId('category-row')
      .nth(before - 2),
  ).toContainText(name);

  const renamed = `${name} Drinks`;
  await page.getByRole('button', { name: `Rename ${name}`, exact: true }).click();
  await page.getByLabel(`New name for ${name}`).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(drinksChildren(page).getByText(renamed, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Archive ${renamed}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('will be hidden');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(renamed, { exact: true })).toHaveCount(0);

  await page.getByRole('switch', { name: 'Show archived' }).check();
  const archivedRow = drinksChildren(page).getByTestId('category-row').filter({ hasText: renamed });
  await expect(archivedRow).toContainText('Archived');
  expect(problems).toEqual([]);
});

test('a cashier sees the tree without the actions', async ({ page }) => {
  const problems = watchForBreakage(page);
  await openCategories(page, demo.cashier);
  await expect(page.getByRole('list', { name: 'Categories' }).getByText('Drinks', { exact: true })).toBeVisible();
  await expect(drinksChildren(page).getByText('Water', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Move|Rename|Archive) / })).toHaveCount(0);
  expect(problems).toEqual([]);
});
