import { expect, type Page } from '@playwright/test';

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

export async function storedValue(page: Page, key: string) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

export { expect };
