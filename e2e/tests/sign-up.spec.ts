import { expect, test, type Page } from '@playwright/test';
import { demo, mailedSignUpLink, storedValue, submitProviderSignIn, watchForBreakage } from '../support/journeys.js';
import { linkIn, waitForMail } from '../support/mailbox.js';

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

/** At a phone's width (390 px) nothing runs off the side of the screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('a new business signs up, proves its address from the mail, is welcomed on board and signs in as its owner', async ({
  page,
}) => {
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

  const firstSentAt = new Date();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await expect(page.getByRole('status').filter({ hasText: 'We sent a link to' })).toContainText(owner.email);
  const firstLink = await mailedSignUpLink(owner.email, firstSentAt);

  // Back shows the form as it was typed; sending it again mails a new link and voids the first.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your iPos account');
  await expect(page.getByLabel('Your name')).toHaveValue(owner.name);
  await expect(page.getByLabel(/^Email/)).toHaveValue(owner.email);
  const secondSentAt = new Date();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  const link = await mailedSignUpLink(owner.email, secondSentAt);
  expect(link).not.toBe(firstLink);

  await page.goto(firstLink);
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('link', { name: 'Sign up again' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(link);
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

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
  expect(problems).toEqual([]);
});

test('an email that already has an account gets the same answer on screen, and a mail saying how to sign in', async ({
  page,
  baseURL,
}) => {
  const problems = watchForBreakage(page);
  const owner = { ...newOwner(), email: demo.owner.email };

  await page.goto('/onboarding/sign-up');
  await fillSignUp(page, owner);
  await page.getByLabel('Country').selectOption({ label: 'Nigeria' });
  const since = new Date();
  await page.getByRole('button', { name: 'Create account' }).click();

  // Exactly what a new address sees: nothing on screen says the address is taken.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await expect(page.getByRole('status').filter({ hasText: 'We sent a link to' })).toHaveText(
    /^We sent a link to owner@demo\.ipos\.test to finish creating your account\. It works once, for 24 hours\.$/,
  );

  const mail = await waitForMail(demo.owner.email, /^You already have an iPos account$/, { since, timeoutMs: 20_000 });
  expect(mail.text).toContain('Someone (maybe you) tried to sign up');
  expect(mail.text).not.toContain('verify-email');
  await page.goto(linkIn(mail, `${baseURL}/onboarding/forgot-password`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  expect(problems).toEqual([]);
});
