import { expect, test, type Page } from '@playwright/test';
import {
  demo,
  expectSignedOutLanding,
  storedValue,
  submitProviderSignIn,
  watchForBreakage,
} from '../support/journeys.js';

/**
 * Sign-in and sign-out (spec sections 1, 2, 4, 5 and 7) against the embedded identity provider.
 * Only seeded accounts whose credentials no journey changes are used here.
 */

const manager = demo.manager;
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;

async function signInThroughWindow(page: Page, from = '/') {
  await page.goto(from);
  await expect(page).toHaveTitle('Login to iPos');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await submitProviderSignIn(page, manager);
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
}

test('a manager signs in through the provider window and lands on the dashboard of their store', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Login to iPos');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Spec section 7: authorization code flow with PKCE, the spec's scopes and extra parameters.
  await page.waitForURL((url) => url.pathname.startsWith('/oidc'));
  await submitProviderSignIn(page, manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(manager.name).first()).toBeVisible();

  expect(await storedValue(page, 'token'), 'the access token is copied to localStorage "token"').toMatch(jwt);
  // Staff: store mode, with the role and store of their membership (spec sections 3 and 6).
  expect(await storedValue(page, 'isAdmin')).toBe('false');
  expect(await storedValue(page, 'user-role')).toBe('IPOS_MANAGER_USER');
  expect(await storedValue(page, 'store-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(problems).toEqual([]);
});

test('the authorize request carries the client, the scopes, PKCE and prompt=login with provider=Google', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  const authorize = page.waitForRequest((request) => new URL(request.url()).pathname === '/oidc/auth');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const url = new URL((await authorize).url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    client_id: 'ipos_webapp',
    redirect_uri: `${new URL(page.url()).origin}/auth/signinwin/main`,
    response_type: 'code',
    scope: 'openid email roles profile offline_access',
    code_challenge_method: 'S256',
    prompt: 'login',
    provider: 'Google',
  });
  expect(url.searchParams.get('code_challenge')).toBeTruthy();
  expect(problems).toEqual([]);
});

test('an anonymous visit returns to the requested page after signing in', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/dashboard/inventory');
  await page.waitForURL((url) => url.pathname === '/');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/inventory');
  expect(await storedValue(page, 'redirectPath')).toBe('/dashboard/inventory');

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await submitProviderSignIn(page, manager);
  await page.waitForURL((url) => url.pathname === '/dashboard/inventory');
  expect(await storedValue(page, 'redirectPath')).toBeNull();
  expect(problems).toEqual([]);
});

test('sign-in in a popup window keeps the page and finishes on the dashboard', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Use a pop-up window' }).click();
  const popup = await popupOpened;
  const popupProblems = watchForBreakage(popup);

  await submitProviderSignIn(popup, manager);
  // The popup hands the response to this page through /auth/signinpop/main and closes.
  await popup.waitForEvent('close');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(await storedValue(page, 'token')).toMatch(jwt);
  expect(await storedValue(page, 'user-role')).toBe('IPOS_MANAGER_USER');
  expect([...problems, ...popupProblems]).toEqual([]);
});

test('closing the sign-in popup says so and leaves the landing page usable', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Use a pop-up window' }).click();
  const popup = await popupOpened;
  await popup.waitForURL((url) => url.pathname.startsWith('/oidc'));
  await popup.close();
  await expect(page.getByRole('alert')).toContainText('The sign-in window was closed or blocked');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  expect(await storedValue(page, 'token')).toBeNull();
  expect(problems).toEqual([]);
});

test('the session renews silently with the refresh token before the access token expires', async ({ page }) => {
  const problems = watchForBreakage(page);
  // The browser's clock is moved on instead of waiting the access token's 10 minutes.
  await page.clock.install();
  await signInThroughWindow(page);
  const firstToken = await storedValue(page, 'token');
  expect(firstToken).toMatch(jwt);

  const refresh = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/oidc/token' && /grant_type=refresh_token/.test(request.postData() ?? ''),
  );
  // Spec section 9: the "expiring" notice comes 60 s before expiry, and renewal starts then.
  await page.clock.fastForward('09:05');
  await refresh;
  await expect.poll(() => storedValue(page, 'token')).not.toBe(firstToken);
  expect(await storedValue(page, 'token')).toMatch(jwt);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

test('when the refresh token is refused, renewal falls back to the hidden frame', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.clock.install();
  await signInThroughWindow(page);
  const firstToken = await storedValue(page, 'token');

  // The provider refuses the refresh token (revoked, or rotated by another tab).
  await page.route('**/oidc/token', async (route) => {
    if (/grant_type=refresh_token/.test(route.request().postData() ?? '')) {
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'invalid_grant', error_description: 'grant request is invalid' }),
      });
    } else await route.fallback();
  });
  const silentAuthorize = page.waitForRequest((request) => {
    const url = new URL(request.url());
    // Silent: prompt=none only, without the interactive prompt=login.
    return url.pathname === '/oidc/auth' && url.searchParams.getAll('prompt').join() === 'none';
  });
  const codeExchange = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/oidc/token' &&
      /grant_type=authorization_code/.test(request.postData() ?? ''),
  );
  await page.clock.fastForward('09:05');
  const authorize = await silentAuthorize;
  expect(new URL(authorize.url()).searchParams.get('redirect_uri')).toMatch(/\/auth\/signinsilent\/main$/);
  expect(authorize.frame()).not.toBe(page.mainFrame());
  await codeExchange;
  await expect.poll(() => storedValue(page, 'token')).not.toBe(firstToken);
  expect(await storedValue(page, 'token')).toMatch(jwt);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(problems).toEqual([]);
});

test('a renewal that keeps failing is retried once after 5 s, then sign-in starts again', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.clock.install();
  await signInThroughWindow(page, '/dashboard/inventory');

  const refreshes: number[] = [];
  await page.route('**/oidc/token', async (route) => {
    if (/grant_type=refresh_token/.test(route.request().postData() ?? '')) {
      refreshes.push(Date.now());
      await route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"invalid_grant"}' });
    } else await route.fallback();
  });
  // The provider's session is gone too: the hidden frame never gets an answer.
  let silentFrames = 0;
  await page.route(
    (url) => url.pathname === '/oidc/auth' && url.searchParams.get('prompt') === 'none',
    (route) => {
      silentFrames += 1;
      return route.abort();
    },
  );
  let silentErrors = 0;
  page.on('console', (message) => {
    if (message.text().includes('identity: silent renew failed')) silentErrors += 1;
  });
  // From here the page's time moves only when the journey moves it, so a loaded machine's real
  // seconds can neither fire the retry early nor the frame's timeout late.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

  await page.clock.fastForward('09:05');
  await expect.poll(() => refreshes.length).toBe(1);
  // The frame gives up after the silent request timeout (10 s) from when it asked: a silent renew error.
  await expect.poll(() => silentFrames).toBe(1);
  await page.clock.fastForward(10_000);
  await expect.poll(() => silentErrors).toBe(1);
  // Retried once, 5 s later.
  await page.clock.fastForward(4_000);
  expect(refreshes).toHaveLength(1);
  await page.clock.fastForward(1_500);
  await expect.poll(() => refreshes.length).toBe(2);
  // The retry fails too: sign-in starts again, returning to where the person was.
  await expect.poll(() => silentFrames).toBe(2);
  await page.clock.fastForward(10_000);
  await page.clock.resume();
  await page.waitForURL((url) => url.pathname.startsWith('/oidc'));
  await submitProviderSignIn(page, manager);
  await page.waitForURL((url) => url.pathname === '/dashboard/inventory');
  expect(problems).toEqual([]);
});

test('the global login helper starts sign-in (spec section 1)', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => typeof (window as unknown as { login?: unknown }).login)).toBe('function');
  expect(await page.evaluate(() => typeof (window as unknown as { truncate?: unknown }).truncate)).toBe('function');
  await page.evaluate(
    () => void (window as unknown as { login: (to: string) => Promise<void> }).login('/dashboard/report'),
  );
  await submitProviderSignIn(page, manager);
  await page.waitForURL((url) => url.pathname === '/dashboard/report');
  expect(problems).toEqual([]);
});

test('signing out ends the session here and at the provider, on the signed-out landing page', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signInThroughWindow(page);
  const revocation = page.waitForRequest((request) => new URL(request.url()).pathname === '/oidc/token/revocation');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await revocation;

  await expectSignedOutLanding(page);
  await expect(page.getByText('You have signed out.')).toBeVisible();
  expect(await storedValue(page, 'token')).toBeNull();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('oidc.user')))).toEqual([]);

  // The dashboard is closed again, and the provider asks for the password again (prompt=login).
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/oidc'));
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a failed window callback sends the person to the root', async ({ page }) => {
  const problems = watchForBreakage(page);
  await page.goto('/auth/signinwin/main?code=forged&state=unknown');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await storedValue(page, 'token')).toBeNull();
  expect(problems).toEqual([]);
});

test('when the identity provider cannot be reached nothing is mounted and the failure is logged', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/oidc/.well-known/openid-configuration', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect.poll(() => errors.find((text) => text.startsWith('Startup was not okay'))).toBeTruthy();
  expect(await page.locator('#root').innerHTML()).toBe('');
});

test('a route chunk that fails to download reloads the page once', async ({ page }) => {
  const problems = watchForBreakage(page);
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads += 1;
  });
  // Like a deploy that replaced the files: the NotFound screen's chunk is gone.
  await page.route(/\/assets\/not-found-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/no/such/page');
  // One reload, then (the chunk still missing) the error screen instead of a loop.
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  expect(documentLoads).toBe(2);
  expect(problems.filter((p) => !/dynamically imported module|Failed to fetch/i.test(p))).toEqual([]);
});
