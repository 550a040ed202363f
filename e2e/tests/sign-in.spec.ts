import { expect, test, type Page } from '@playwright/test';

const manager = {
  email: 'manager@demo.ipos.test',
  password: 'DemoManager#2026',
  name: 'Chidi Manager',
  store: 'Lekki',
};

/**
 * The served SPA runs under a strict CSP (script-src 'self', connect-src 'self'). Chromium reports
 * every violation on the console, so any such message, or any uncaught error, fails the journey.
 */
function watchForBreakage(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/content security policy|\bCSP\b/i.test(text)) problems.push(`console ${message.type()}: ${text}`);
    // Everything else the page complains about is printed, to explain a failure further down.
    else if (message.type() === 'error' || message.type() === 'warning')
      console.log(`[browser ${message.type()}] ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function signIn(page: Page) {
  await page.goto('/');
  await expect(page).toHaveTitle('Login to iPos');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Sign in' }).click();

  // The provider's own page.
  await page.waitForURL((url) => url.pathname.startsWith('/oidc'));
  await page.getByLabel('Email').fill(manager.email);
  await page.getByLabel('Password').fill(manager.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.waitForURL((url) => url.pathname === '/dashboard');
}

test('a manager signs in through the identity provider and sees their store', async ({ page }) => {
  const problems = watchForBreakage(page);

  await signIn(page);
  await expect(page.getByTestId('account-name')).toHaveText(manager.name);
  await expect(page.getByTestId('store-name')).toHaveText(manager.store);
  await expect(page.getByText('Demo Mart')).toBeVisible();

  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'the access token is copied to localStorage "token"').toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  expect(problems).toEqual([]);
});

test('signing out ends the session here and at the provider', async ({ page }) => {
  const problems = watchForBreakage(page);

  await signIn(page);
  await expect(page.getByTestId('account-name')).toHaveText(manager.name);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('signedOut') === '1');
  await expect(page.getByText('You have signed out.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The dashboard is closed again.
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/');
  expect(problems).toEqual([]);
});

test('an anonymous visit to the dashboard goes back to the landing page', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page).toHaveTitle('Login to iPos');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
  expect(problems).toEqual([]);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveTitle('Login to iPos');
  expect(problems).toEqual([]);
});
