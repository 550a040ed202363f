import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, storedValue, watchForBreakage } from '../support/journeys.js';

async function signInAndWait(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toBeVisible();
}

test('settings takes IPOS_ADMIN to store-details', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signInAndWait(page, demo.admin);
  expect(await storedValue(page, 'user-role')).toBe('IPOS_ADMIN');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/settings/store-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Store details' })).toBeVisible();
  await expect(page).toHaveTitle('iPos Web Solution | Store details');

  // The business profile: the demo has sold, so its currency stays; the receipt footer changes.
  await expect(page.getByRole('textbox', { name: 'Business name' })).toHaveValue('Demo Mart');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toBeDisabled();
  const footer = page.getByRole('textbox', { name: 'Receipt footer' });
  await footer.fill('Goods sold are returnable within 7 days with this receipt');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved the profile of Demo Mart.')).toBeVisible();
  await page.reload();
  await expect(footer).toHaveValue('Goods sold are returnable within 7 days with this receipt');

  // Its stores, each opening its location settings; the settings navigation reaches every child.
  const stores = page.getByRole('region', { name: 'Stores' });
  await stores.getByRole('link', { name: 'Ikeja' }).click();
  await page.waitForURL(/\/dashboard\/settings\/store-details\/location\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ikeja' })).toBeVisible();
  const settingsNav = page.getByRole('navigation', { name: 'Settings' });
  await settingsNav.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await settingsNav.getByRole('link', { name: 'Store details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store details' })).toBeVisible();
  expect(problems).toEqual([]);
});

for (const [who, account, store, canChange] of [
  ['IPOS_MANAGER_USER', demo.manager, 'Lekki', true],
  ['IPOS_BASIC', demo.cashier, 'Ikeja', false],
] as const) {
  test(`settings takes ${who} to their own store's location page`, async ({ page }) => {
    const problems = watchForBreakage(page);
    await signInAndWait(page, account);
    expect(await storedValue(page, 'user-role')).toBe(who);
    await expect(page.getByTestId('store-name')).toHaveText(store);
    const storeId = await storedValue(page, 'store-id');
    expect(storeId).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto('/dashboard/settings');
    await page.waitForURL((url) => url.pathname === `/dashboard/settings/store-details/location/${storeId}`);
    await expect(page.getByRole('heading', { level: 1, name: store })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Africa/Lagos');
    await expect(page).toHaveTitle('iPos Web Solution | Store location');
    // A manager changes the store's settings; a cashier reads them.
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(canChange ? 1 : 0);
    await expect(page.getByRole('textbox', { name: 'Address' })).toBeEnabled({ enabled: canChange });
    expect(problems).toEqual([]);
  });
}
