import { expect, test, type Page } from '@playwright/test';
import { demo, submitProviderSignIn, watchForBreakage } from '../support/journeys.js';

const manager = demo.manager;

async function signIn(page: Page) {
  await page.goto('/');
  await expect(page).toHaveTitle('Login to iPos');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitProviderSignIn(page, manager);
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
