import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

async function signInAndWait(page: Page, account: { email: string; password: string }) {
  await signIn(page, account);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toBeVisible();
}

/** Store-mode screens of spec section 2 with the section heading each shows. */
const storeScreens: [path: string, heading: string][] = [
  ['contact', 'Contacts'],
  ['contact/customer/1', 'This customer is not here'],
  ['contact/vendor/1', 'This vendor is not here'],
  ['inventory', 'Inventory'],
  ['inventory/create', 'Add a product'],
  ['inventory/edit/1', 'Edit product'],
  ['inventory/view/1', 'Product not found'],
  ['inventory/category', 'Categories'],
  ['waste', 'Waste'],
  ['waste/add', 'Record waste'],
  ['waste/view/1', 'This waste record was not found'],
  ['report', 'Reports'],
  ['report/sales', 'Sales report'],
  ['report/purchase-order', 'Purchase-order report'],
  ['report/waste', 'Waste report'],
  ['report/restock', 'Restock report'],
  ['report/tax', 'Tax report'],
  ['report/customer', 'Customer report'],
  ['transactions', 'Transactions'],
  ['transactions/1', 'Sale not found'],
  ['purchase-order', 'Purchase orders'],
  ['purchase-order/create', 'New purchase order'],
  ['purchase-order/view/1', 'Purchase order not found'],
  ['invoice', 'Invoices'],
  ['invoice/create', 'New invoice'],
  ['invoice/view/1', 'Invoice not found'],
  ['checkout', 'Checkout'],
  ['settings/store-details', 'Store details'],
  ['settings/store-details/location/1', 'Store settings'],
  ['settings/users-and-permissions', 'Users and permissions'],
  ['settings/users-and-permissions/staff/1', 'Staff member not found'],
  ['settings/users-and-permissions/staff/create', 'Add a staff member'],
  ['settings/users-and-permissions/roles', 'Users and permissions'],
  ['settings/roles/create', 'New role'],
  ['settings/roles/edit/1/Night%20shift', 'Role not found'],
  ['settings/alias', 'Alias'],
  ['settings/audit-trail', 'Audit trail'],
  ['settings/tax-management', 'Tax management'],
  ['settings/tax-management/create', 'New tax rate'],
  ['settings/plan', 'Plan'],
  ['profile', 'Your profile'],
  ['support', 'Help and support'],
];

test('every store-mode screen of the route table is reachable in store mode', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchForBreakage(page);
  await signInAndWait(page, demo.admin);
  for (const [path, heading] of storeScreens) {
    await page.goto(`/dashboard/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    expect(new URL(page.url()).pathname, path).toBe(`/dashboard/${path}`);
  }
  expect(problems).toEqual([]);
});

test('every admin-mode screen is reachable in admin mode, with real businesses', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signInAndWait(page, demo.owner);

  await page.goto('/dashboard/business');
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Demo Mart' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/dashboard\/business\/view\/[0-9a-f-]{36}$/);
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Mart' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Stores' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'IKJ', exact: true })).toBeVisible();

  // Another business id (or none at all) is not found, and says so.
  await page.goto('/dashboard/business/view/0190a6a0-0000-7000-8000-000000000999');
  await expect(page.getByRole('heading', { level: 1, name: 'Business not found' })).toBeVisible();

  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await page.goto('/dashboard/users/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a user' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the public and onboarding routes open without signing in', async ({ page }) => {
  const problems = watchForBreakage(page);
  for (const path of [
    '/all-components',
    '/welcome-on-board',
    '/onboarding/sign-up',
    '/onboarding/forgot-password',
    '/onboarding/reset-password',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    expect(new URL(page.url()).pathname, path).toBe(path);
  }
  expect(problems).toEqual([]);
});

test('an unknown path shows NotFound', async ({ page }) => {
  const problems = watchForBreakage(page);
  for (const path of ['/no/such/page', '/dashboard/no-such-section', '/onboarding', '/auth/signinwin/other']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
    await expect(page).toHaveTitle('iPos Web Solution | Page not found');
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('navigating scrolls back to the top', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.setViewportSize({ width: 1280, height: 300 });
  await signInAndWait(page, demo.admin);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await page.waitForURL((url) => url.pathname === '/dashboard/report');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(problems).toEqual([]);
});

test('switching route shows the top progress bar', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signInAndWait(page, demo.admin);
  const bar = page.locator('#nprogress .bar');
  await expect(bar).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Waste' }).click();
  await expect(bar).toHaveCount(1);
  await page.waitForURL((url) => url.pathname === '/dashboard/waste');
  // It finishes and goes once the screen is there.
  await expect(bar).toHaveCount(0);
  expect(problems).toEqual([]);
});
