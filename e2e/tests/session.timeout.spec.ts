import { expect, test, type Page } from '@playwright/test';
import {
  demo,
  registerAndSignIn,
  signIn,
  storedValue,
  submitCreatePin,
  submitProviderSignIn,
  watchForBreakage,
} from '../support/journeys.js';
import { shortInactivityTimeoutMs } from '../servers.js';

/**
 * The timed-out session of spec sections 4 and 9, on the server whose INACTIVITY_TIMEOUT_MS is
 * 6 seconds (room for a loaded machine: these journeys run beside the others). The seeded manager's
 * PIN is only ever entered right here; the journey that locks a PIN signs up an account of its own,
 * so every seeded account stays usable.
 */

const manager = demo.manager;
/** Comfortably past the timeout plus one tick of the timer. */
const pastTimeout = shortInactivityTimeoutMs + 3_000;

const pinField = (page: Page) => page.getByLabel('PIN', { exact: true });

async function waitForTimeout(page: Page, target: string) {
  await page.waitForURL((url) => url.pathname === '/timeout/enter-pin', { timeout: pastTimeout + 5_000 });
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
  expect(await storedValue(page, 'hasTimedOut')).toBe('true');
}

/** An access token of the right shape whose `exp` has passed (spec section 5: not logged in). */
function expiredJwt(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'at+jwt' })}.${part({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
}

test('an idle session goes to the PIN screen and the PIN brings the person back', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, manager);
  await page.goto('/dashboard/inventory?view=all');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await waitForTimeout(page, '/dashboard/inventory?view=all');
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  await expect(pinField(page)).toBeFocused();
  await expect(page.getByText(manager.name)).toBeVisible();

  // The digits, then Enter.
  await page.keyboard.type(manager.pin);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard/inventory' && url.search === '?view=all');
  expect(await storedValue(page, 'hasTimedOut')).toBeNull();
  expect(problems).toEqual([]);
});

test('while timed out every protected route leads to the PIN screen, and unlocking goes there', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, manager);
  await waitForTimeout(page, '/dashboard');

  await page.goto('/dashboard/waste');
  await page.waitForURL((url) => url.pathname === '/timeout/enter-pin');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/waste');
  expect(await storedValue(page, 'redirectPath')).toBe('/dashboard/waste');

  // The button works as well as Enter.
  await pinField(page).fill(manager.pin);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/waste');
  expect(await storedValue(page, 'hasTimedOut')).toBeNull();
  expect(await storedValue(page, 'redirectPath')).toBeNull();
  expect(problems).toEqual([]);
});

test('timed out with an invalid token: the timed-out state is dropped and the person goes to Landing', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  await signIn(page, manager);
  await waitForTimeout(page, '/dashboard');
  await page.goto('/dashboard/report');
  await page.waitForURL((url) => url.pathname === '/timeout/enter-pin');
  expect(await storedValue(page, 'redirectPath')).toBe('/dashboard/report');

  // The token expired meanwhile (the device slept past it), and so did the identity session.
  const expireSession = () =>
    page.evaluate((token) => {
      localStorage.setItem('token', token);
      for (const key of Object.keys(localStorage).filter((k) => k.startsWith('oidc.user'))) {
        const user = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
        user.expires_at = Math.floor(Date.now() / 1000) - 60;
        localStorage.setItem(key, JSON.stringify(user));
      }
    }, expiredJwt());
  await expireSession();
  await page.reload();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await storedValue(page, 'hasTimedOut')).toBeNull();
  expect(await storedValue(page, 'redirectPath')).toBeNull();
  expect(await storedValue(page, 'token')).toBeNull();
  expect(problems).toEqual([]);
});

test('timed out with an invalid token, a protected route leads to Landing and no longer to the PIN', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  await signIn(page, manager);
  await waitForTimeout(page, '/dashboard');
  await page.evaluate((token) => {
    localStorage.setItem('token', token);
    for (const key of Object.keys(localStorage).filter((k) => k.startsWith('oidc.user'))) localStorage.removeItem(key);
  }, expiredJwt());
  await page.goto('/dashboard/waste');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await storedValue(page, 'hasTimedOut')).toBeNull();
  expect(await storedValue(page, 'token')).toBeNull();
  expect(problems).toEqual([]);
});

test('five wrong PINs lock the PIN and send the person to a full sign-in, which unlocks it', async ({ page }) => {
  const problems = watchForBreakage(page);
  // An account of this journey's own: locking a seeded account would break other journeys.
  const account = {
    ownerName: 'Pin Lock',
    email: `pin-lock-${Date.now()}@example.test`,
    phone: '+2348012345678',
    password: 'LockedOut#2026',
    businessName: 'Pin Lock Stores',
    country: 'NG',
    currency: 'NGN',
    pin: '1357',
  };

  // A new account has no PIN yet: creating one is forced.
  await registerAndSignIn(page, account);
  await submitCreatePin(page, account.pin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await waitForTimeout(page, '/dashboard');

  for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
    await pinField(page).fill('9999');
    await pinField(page).press('Enter');
    await expect(page.getByRole('alert')).toHaveText(`That PIN is not right; ${left} left`);
    await expect(pinField(page)).toHaveValue('');
  }
  await pinField(page).fill('9999');
  await pinField(page).press('Enter');

  await page.waitForURL((url) => url.pathname === '/');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
  await expect(page.getByText('Your PIN is locked')).toBeVisible();
  expect(await storedValue(page, 'token')).toBeNull();
  expect(await storedValue(page, 'hasTimedOut')).toBeNull();

  // The full sign-in (password) unlocks the PIN: the right PIN works again at the next timeout.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await submitProviderSignIn(page, account);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await waitForTimeout(page, '/dashboard');
  await pinField(page).fill(account.pin);
  await pinField(page).press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  expect(problems).toEqual([]);
});

test('mouse and keyboard activity keep the session alive past the timeout', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, manager);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const until = Date.now() + shortInactivityTimeoutMs * 2.5;
  for (let i = 0; Date.now() < until; i++) {
    if (i % 2 === 0) await page.mouse.move(100 + (i % 7) * 10, 200 + (i % 5) * 10);
    else await page.keyboard.press('Shift');
    await page.waitForTimeout(1_000);
  }
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(await storedValue(page, 'hasTimedOut')).toBeNull();

  // Activity stops: the timeout follows.
  await waitForTimeout(page, '/dashboard');
  await pinField(page).fill(manager.pin);
  await pinField(page).press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  expect(problems).toEqual([]);
});

test('the timeout never runs on public and onboarding routes', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, manager);
  expect(await storedValue(page, 'token')).toBeTruthy();

  for (const path of ['/all-components', '/welcome-on-board', '/onboarding/new-pin']) {
    await page.goto(path);
    await page.waitForTimeout(pastTimeout);
    expect(new URL(page.url()).pathname, path).toBe(path);
    expect(await storedValue(page, 'hasTimedOut'), path).toBeNull();
  }

  // Back on a protected route the full timeout starts again from there.
  await page.goto('/dashboard');
  await waitForTimeout(page, '/dashboard');
  expect(problems).toEqual([]);
});
