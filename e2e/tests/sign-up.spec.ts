import { expect, test, type Page } from '@playwright/test';
import { demo, storedValue, submitProviderSignIn, watchForBreakage } from '../support/journeys.js';

/** A fresh owner for each run: the server's database lives for the whole run. */
function newOwner() {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    name: 'Ngozi Eze',
    email: `ngozi-${stamp}@signup.ipos.test`,
    phone: '+234 801 234 5678',
    password: `Shop#${stamp.slice(-6)}a`,
    businessName: `Ngozi Stores ${stamp.slice(-5)}`,
  };
}

async function fillSignUp(page: Page, owner: ReturnType<typeof newOwner>) {
  await page.getByLabel('Your name').fill(owner.name);
  await page.getByLabel(/^Email/).fill(owner.email);
  await page.getByLabel('Phone').fill(owner.phone);
  await page.getByLabel(/^Password/).fill(owner.password);
  await page.getByLabel('Business name').fill(owner.businessName);
}

/** B's forced flow: a new owner has no PIN yet, so sign-in may pass through create-pin first. */
async function createPinIfAsked(page: Page) {
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/onboarding/create-pin');
  if (new URL(page.url()).pathname === '/onboarding/create-pin') {
    await page.getByLabel(/^PIN/).fill('1357');
    await page.getByLabel(/^Confirm PIN/).fill('1357');
    await page.getByRole('button', { name: 'Create PIN' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  }
}

test('a new business signs up, is welcomed on board and signs in as its owner', async ({ page }) => {
  const problems = watchForBreakage(page);
  const owner = newOwner();

  await page.goto('/onboarding/sign-up');
  await expect(page).toHaveTitle(/^iPos Web Solution \| /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your iPos account');

  // Nothing is sent until the contract's rules hold; each message sits under its field.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Choose a country')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();

  await fillSignUp(page, owner);
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  // The currency follows the country until the person picks one.
  await page.getByLabel('Country').selectOption({ label: 'Kenya' });
  await expect(page.getByLabel('Currency')).toHaveValue('KSD');
  await page.getByLabel('Country').selectOption({ label: 'Nigeria' });
  await expect(page.getByLabel('Currency')).toHaveValue('NGN');

  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/welcome-on-board');
  await expect(page).toHaveTitle(/^iPos Web Solution \| /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome on board');
  await expect(page.getByText(owner.businessName)).toBeVisible();
  await expect(page.getByText(owner.email)).toBeVisible();

  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitProviderSignIn(page, owner);
  await createPinIfAsked(page);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(owner.name).first()).toBeVisible();
  expect(await storedValue(page, 'isAdmin'), 'an owner starts in admin mode').toBe('true');
  expect(await storedValue(page, 'token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(problems).toEqual([]);
});

test('an email that already has an account is refused on the Email field, with the ways forward', async ({ page }) => {
  const problems = watchForBreakage(page);
  const owner = { ...newOwner(), email: demo.owner.email };

  await page.goto('/onboarding/sign-up');
  await fillSignUp(page, owner);
  await page.getByLabel('Country').selectOption({ label: 'Nigeria' });
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('An account already uses this email')).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/onboarding\/sign-up$/);
  await page.getByRole('link', { name: 'reset the password' }).click();
  await page.waitForURL((url) => url.pathname === '/onboarding/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  expect(problems).toEqual([]);
});
