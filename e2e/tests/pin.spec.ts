import { expect, test, type Page } from '@playwright/test';
import {
  pinCheckStatus,
  registerAndSignIn,
  storedValue,
  submitCreatePin,
  watchForBreakage,
} from '../support/journeys.js';

/**
 * Creating, changing and resetting the PIN (the onboarding PIN screens), on an account this journey
 * signs up for itself, so no seeded account's PIN changes.
 */

async function pinIsAccepted(page: Page, pin: string): Promise<boolean> {
  return (await pinCheckStatus(page, pin)) === 200;
}

test('an owner creates, changes and resets their PIN', async ({ page }) => {
  const problems = watchForBreakage(page);
  const account = {
    ownerName: 'Pin Owner',
    email: `pin-owner-${Date.now()}@example.test`,
    phone: '+254712345678',
    password: 'PinOwner#2026',
    businessName: 'Pin Owner Traders',
    country: 'KE',
    currency: 'KSD',
  };

  // A new account has no PIN: creating one comes before the dashboard.
  await registerAndSignIn(page, account);
  await expect(page.getByRole('heading', { name: 'Create your PIN' })).toBeVisible();
  await submitCreatePin(page, '12');
  await expect(page.getByText('A PIN is 4 to 6 digits').first()).toBeVisible();
  await submitCreatePin(page, '1357');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  // An owner signs in to admin mode.
  expect(await storedValue(page, 'isAdmin')).toBe('true');
  expect(await pinIsAccepted(page, '1357')).toBe(true);

  // Change: the current PIN is checked by the server, and a wrong one counts.
  await page.goto('/onboarding/new-pin?redirect=%2Fdashboard');
  await page.getByLabel('Current PIN', { exact: true }).fill('0000');
  await page.getByLabel('New PIN', { exact: true }).fill('2580');
  await page.getByLabel('Confirm new PIN', { exact: true }).fill('2580');
  await page.getByRole('button', { name: 'Change PIN' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That PIN is not right' })).toHaveText(
    'That PIN is not right; 4 tries left',
  );
  await page.getByLabel('Current PIN', { exact: true }).fill('1357');
  await page.getByLabel('Current PIN', { exact: true }).press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  expect(await pinIsAccepted(page, '2580')).toBe(true);

  // Reset from the timed-out PIN screen ("Forgot PIN?"), proving the password: it unlocks too.
  await page.evaluate(() => localStorage.setItem('hasTimedOut', 'true'));
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/timeout/enter-pin');
  await page.getByRole('link', { name: 'Forgot PIN?' }).click();
  await page.waitForURL((url) => url.pathname === '/onboarding/reset-pin');
  await page.getByLabel('Password', { exact: true }).fill('not-my-password1');
  await page.getByLabel('New PIN', { exact: true }).fill('8642');
  await page.getByLabel('Confirm new PIN', { exact: true }).fill('8642');
  await page.getByRole('button', { name: 'Reset PIN' }).click();
  await expect(page.getByText('Not your password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  expect(await storedValue(page, 'hasTimedOut')).toBeNull();
  expect(await pinIsAccepted(page, '8642')).toBe(true);
  expect(problems).toEqual([]);
});

test('the PIN screens send a visitor who is not signed in to sign in first', async ({ page }) => {
  const problems = watchForBreakage(page);
  for (const path of [
    '/onboarding/create-pin',
    '/onboarding/new-pin',
    '/onboarding/reset-pin',
    '/onboarding/enter-pin',
  ]) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).searchParams.get('redirect'), path).toBe(path);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  }
  await page.goto('/onboarding/update-default-password');
  await page.waitForURL((url) => url.pathname === '/');
  expect(problems).toEqual([]);
});
