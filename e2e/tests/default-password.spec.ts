import { expect, test } from '@playwright/test';
import {
  demo,
  expectSignedOutLanding,
  pinCheckStatus,
  storedValue,
  submitCreatePin,
  submitProviderSignIn,
  watchForBreakage,
} from '../support/journeys.js';

/**
 * The forced flows right after sign-in: the new hire replaces the password they were given, then
 * creates a PIN, and only then reaches the dashboard.
 *
 * This journey changes the seeded newhire of the main server (its password and PIN) once per run,
 * so it is the only journey on that server that uses newhire, and it runs as one test.
 */

const newhire = demo.newhire;
const newPassword = 'MyOwnPassw0rd!';
const pin = '1357';

test('newhire replaces the default password and creates a PIN before reaching the dashboard', async ({ page }) => {
  const problems = watchForBreakage(page);

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await submitProviderSignIn(page, newhire);

  // Forced to the default-password screen, carrying where the person was heading.
  await page.waitForURL((url) => url.pathname === '/onboarding/update-default-password');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
  await expect(page).toHaveTitle(/^iPos Web Solution \| /);
  await expect(page.getByText('At least 8 characters')).toBeVisible();

  // The forced flow cannot be skipped by typing a URL.
  await page.goto('/dashboard/inventory');
  await page.waitForURL((url) => url.pathname === '/onboarding/update-default-password');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/inventory');

  // The contract's rules are checked before anything is sent, and the two fields must agree.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).press('Enter');
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();

  // The API refuses the password that was given.
  await page.getByLabel('New password', { exact: true }).fill(newhire.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(newhire.password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Must differ from the default password')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).press('Enter');

  // Then forced to create a PIN, still carrying the target.
  await page.waitForURL((url) => url.pathname === '/onboarding/create-pin');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/inventory');
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/onboarding/create-pin');

  await submitCreatePin(page, pin, '9999');
  await expect(page.getByText('The two PINs are not the same')).toBeVisible();
  await page.getByLabel('Confirm PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Create PIN' }).click();

  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(await storedValue(page, 'user-role')).toBe('IPOS_BASIC');

  // Nothing is forced any more: the screens move on by themselves.
  await page.goto('/onboarding/update-default-password?redirect=%2Fdashboard%2Fwaste');
  await page.waitForURL((url) => url.pathname === '/dashboard/waste');

  // The new password is the one that signs in now, straight to the dashboard.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectSignedOutLanding(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await submitProviderSignIn(page, { email: newhire.email, password: newPassword });
  await page.waitForURL((url) => url.pathname === '/dashboard');

  // And the PIN is the one just created.
  const verified = await pinCheckStatus(page, pin);
  expect(verified).toBe(200);
  expect(problems).toEqual([]);
});
