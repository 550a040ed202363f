import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, storedValue, submitProviderSignIn, watchForBreakage } from '../support/journeys.js';

/** A JWT-shaped token (the app never verifies signatures; the API does) expiring `seconds` from now. */
function jwtExpiringIn(seconds: number): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'at+jwt' })}.${part({ sub: 'someone', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

/** Puts values in the app's localStorage from a public page that leaves storage alone. */
async function seedStorage(page: Page, values: Record<string, string>) {
  await page.goto('/all-components');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

async function storageKeys(page: Page) {
  return page.evaluate(() => Object.keys(localStorage).sort());
}

test('an anonymous deep link goes to Landing with a redirect, and signing in lands on it', async ({ page }) => {
  const problems = watchForBreakage(page);
  await seedStorage(page, { hasTimedOut: 'true' });

  await page.goto('/dashboard/inventory/view/42?tab=stock');
  await page.waitForURL((url) => url.pathname === '/');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/inventory/view/42?tab=stock');
  expect(await storedValue(page, 'redirectPath')).toBe('/dashboard/inventory/view/42?tab=stock');
  expect(await storedValue(page, 'hasTimedOut')).toBeNull();
  await expect(page).toHaveTitle('Login to iPos');

  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitProviderSignIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard/inventory/view/42');
  expect(new URL(page.url()).search).toBe('?tab=stock');
  // There is no product 42: the screen it led to says so.
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  expect(await storedValue(page, 'redirectPath')).toBeNull();
  expect(problems).toEqual([]);
});

test('a signed-in visitor of Landing goes to the dashboard, or to the redirect query', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');

  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('store-name')).toHaveText('Lekki');

  await page.goto('/?redirect=%2Fdashboard%2Freport');
  await page.waitForURL((url) => url.pathname === '/dashboard/report');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a stored redirect path is consumed and followed', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');

  await page.evaluate(() => localStorage.setItem('redirectPath', '/dashboard/waste'));
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/dashboard/waste');
  await expect(page.getByRole('heading', { level: 1, name: 'Waste' })).toBeVisible();
  expect(await storedValue(page, 'redirectPath')).toBeNull();

  // Once consumed, the dashboard stays the dashboard.
  await page.goto('/dashboard');
  await expect(page.getByTestId('store-name')).toHaveText('Lekki');
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(problems).toEqual([]);
});

for (const [kind, token] of [
  ['expired', jwtExpiringIn(-30)],
  ['malformed', 'not-a-jwt'],
] as const) {
  test(`a token that is ${kind} counts as logged out and every stored value is cleared`, async ({ page }) => {
    const problems = watchForBreakage(page);
    await seedStorage(page, {
      token,
      'user-role': 'IPOS_MANAGER_USER',
      'store-id': '0190a6a0-0000-7000-8000-0000000000aa',
      isAdmin: 'false',
      hasTimedOut: 'true',
    });

    await page.goto('/dashboard/checkout');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/checkout');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await storageKeys(page)).toEqual(['redirectPath']);
    expect(problems).toEqual([]);
  });
}

test('a timed-out session with a valid token is sent to the PIN screen, keeping the target', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');

  await page.evaluate(() => localStorage.setItem('hasTimedOut', 'true'));
  await page.goto('/dashboard/transactions/123');
  await page.waitForURL((url) => url.pathname === '/timeout/enter-pin');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/transactions/123');
  expect(await storedValue(page, 'redirectPath')).toBe('/dashboard/transactions/123');
  await expect(page.getByRole('textbox', { name: 'PIN' })).toBeVisible();

  // Public routes stay open while timed out.
  await page.goto('/all-components');
  expect(new URL(page.url()).pathname).toBe('/all-components');

  // /timeout shows its enter-pin child, keeping the query.
  await page.goto('/timeout?redirect=%2Fdashboard%2Fwaste');
  await page.waitForURL((url) => url.pathname === '/timeout/enter-pin');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/waste');
  expect(problems).toEqual([]);
});

test('a timed-out session without a valid token ends: flags cleared, Landing', async ({ page }) => {
  const problems = watchForBreakage(page);
  await seedStorage(page, { hasTimedOut: 'true', redirectPath: '/dashboard/invoice' });

  await page.goto('/timeout/enter-pin?redirect=%2Fdashboard%2Finvoice');
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await storedValue(page, 'hasTimedOut')).toBeNull();
  expect(await storedValue(page, 'redirectPath')).toBeNull();
  expect(problems).toEqual([]);
});
