import { expect, type Page } from '@playwright/test';
import { waitForMail } from './mailbox.js';

/** The demo accounts seeded on every e2e server (apps/api/src/seed/demo.ts). */
export const demo = {
  owner: { email: 'owner@demo.ipos.test', password: 'DemoOwner#2026', name: 'Ada Owner', pin: '2468' },
  admin: { email: 'admin@demo.ipos.test', password: 'DemoAdmin#2026', name: 'Bola Admin', pin: '2468', store: 'Lekki' },
  manager: {
    email: 'manager@demo.ipos.test',
    password: 'DemoManager#2026',
    name: 'Chidi Manager',
    pin: '2468',
    store: 'Lekki',
  },
  cashier: {
    email: 'cashier@demo.ipos.test',
    password: 'DemoCashier#2026',
    name: 'Dayo Cashier',
    pin: '2468',
    store: 'Ikeja',
  },
  newhire: { email: 'newhire@demo.ipos.test', password: 'Welcome#2026', name: 'Efe Newhire', store: 'Lekki' },
} as const;

/**
 * The served SPA runs under a strict CSP (script-src 'self', connect-src 'self'). Chromium reports
 * every violation on the console, so any such message, or any uncaught error, is collected; a journey
 * ends with `expect(problems).toEqual([])`.
 */
export function watchForBreakage(page: Page) {
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

/** Fills the embedded provider's sign-in page (the browser must already be on it). */
export async function submitProviderSignIn(page: Page, account: { email: string; password: string }) {
  await page.waitForURL((url) => url.pathname.startsWith('/oidc'));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** From the landing page, through the provider, back into the app; waits until the app leaves /auth. */
export async function signIn(page: Page, account: { email: string; password: string }, from = '/') {
  await page.goto(from);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitProviderSignIn(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/'));
}

/**
 * Waits until Landing has taken the sign-out in: its "You have signed out." is on screen, so its guard
 * has already forgotten any path remembered while the session was ending. Waiting for the address
 * alone is not enough: a navigation started at once can cut Landing off before its guard runs, and
 * the next person to sign in would be sent to the screen the last one left.
 */
export async function expectSignedOutLanding(page: Page) {
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('signedOut') === '1');
  await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toBeVisible();
}

export async function storedValue(page: Page, key: string) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** A business and its owner for POST /api/v1/onboarding/register. */
export interface NewOwner {
  ownerName: string;
  email: string;
  phone: string;
  password: string;
  businessName: string;
  country: string;
  currency: string;
}

/** The link of the newest sign-up mail to `email` received after `since` ("Finish creating your iPos account"). */
export async function mailedSignUpLink(email: string, since: Date): Promise<string> {
  const mail = await waitForMail(email, /^Finish creating your iPos account/, { since, timeoutMs: 20_000 });
  const match = /\S+\/onboarding\/verify-email\?token=\S+/.exec(mail.text);
  if (!match) throw new Error(`No sign-up link in:\n${mail.text}`);
  return match[0];
}

/**
 * Registers a fresh owner through the API as a person would: the sign-up, then the link mailed to the
 * address, so that a journey changes no seeded account.
 */
export async function registerOwner(page: Page, owner: NewOwner) {
  const { ownerName, email, phone, password, businessName, country, currency } = owner;
  const since = new Date();
  const registered = await page.request.post('/api/v1/onboarding/register', {
    data: { ownerName, email, phone, password, businessName, country, currency },
  });
  expect(registered.status()).toBe(202);
  const token = new URL(await mailedSignUpLink(email, since)).searchParams.get('token');
  const verified = await page.request.post('/api/v1/onboarding/verify-email', { data: { token } });
  expect(verified.status()).toBe(201);
}

/** Registers a fresh owner and signs in as them: a new account has no PIN, so creating one comes first. */
export async function registerAndSignIn(page: Page, owner: NewOwner) {
  await registerOwner(page, owner);
  await signIn(page, owner);
  await page.waitForURL((url) => url.pathname === '/onboarding/create-pin');
}

/** Fills the create-pin form, the PIN and then its confirmation, and submits it with Enter. */
export async function submitCreatePin(page: Page, pin: string, confirmation = pin) {
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByLabel('Confirm PIN', { exact: true }).fill(confirmation);
  await page.getByLabel('Confirm PIN', { exact: true }).press('Enter');
}

/** The status of POST /api/v1/me/pin/verify for the signed-in person: 200 when `pin` is theirs. */
export async function pinCheckStatus(page: Page, pin: string): Promise<number> {
  return page.evaluate(async (value) => {
    const response = await fetch('/api/v1/me/pin/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
      body: JSON.stringify({ pin: value }),
    });
    return response.status;
  }, pin);
}

export { expect };
