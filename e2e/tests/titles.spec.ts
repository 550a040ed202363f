import { expect, test } from '@playwright/test';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

test('public pages carry the product title; Landing is "Login to iPos"', async ({ page }) => {
  const problems = watchForBreakage(page);
  for (const [path, title] of [
    ['/', 'Login to iPos'],
    ['/all-components', 'iPos Web Solution | Components'],
    ['/welcome-on-board', 'iPos Web Solution | Welcome on board'],
    ['/onboarding/sign-up', 'iPos Web Solution | Sign up'],
    ['/onboarding/forgot-password', 'iPos Web Solution | Forgot password'],
    ['/no/such/page', 'iPos Web Solution | Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  expect(problems).toEqual([]);
});

test('dashboard screens carry their own titles, also after in-app navigation', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page).toHaveTitle('iPos Web Solution | Dashboard');

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveTitle('iPos Web Solution | Inventory');
  await nav.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveTitle('iPos Web Solution | Reports');

  for (const [path, title] of [
    ['/dashboard/report/sales', 'Sales report'],
    ['/dashboard/inventory/create', 'Add a product'],
    ['/dashboard/transactions/77', 'Transaction'],
    ['/dashboard/settings/audit-trail', 'Audit trail'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`iPos Web Solution | ${title}`);
  }
  expect(problems).toEqual([]);
});
