import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

async function signInAndWait(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toBeVisible();
}

/** The calm page: who to ask, and neither an error nor a retry that cannot help. */
async function expectNoAccess(page: Page, place: string) {
  await expect(page.getByRole('heading', { level: 1, name: `You don't have access to ${place}` })).toBeVisible();
  await expect(page.getByTestId('no-access')).toContainText('Ask an administrator of Demo Mart');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('a cashier who opens Reports by URL is told calmly they have no access, and still reads their store settings', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  await signInAndWait(page, demo.cashier);

  await page.goto('/dashboard/report/sales');
  await expectNoAccess(page, 'Reports');
  expect(new URL(page.url()).pathname).toBe('/dashboard/report/sales');

  await page.goto('/dashboard/purchase-order');
  await expectNoAccess(page, 'Purchase orders');

  // Settings is every role's: the store's location page is theirs to read.
  await page.goto('/dashboard/settings');
  await page.waitForURL(/\/dashboard\/settings\/store-details\/location\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('no-access')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a manager refused one settings page by the API sees the same calm message inside Settings', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signInAndWait(page, demo.manager);
  await page.goto('/dashboard/settings/plan');
  await expect(page.getByRole('heading', { name: "You don't have access to Plan" })).toBeVisible();
  await expect(page.getByTestId('no-access')).toContainText('Ask an administrator of Demo Mart');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
