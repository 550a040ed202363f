import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from '../support/mailbox.js';
import { registerOwner, submitProviderSignIn, watchForBreakage } from '../support/journeys.js';

test('a forgotten password is reset from the mailed link, and the new one signs in', async ({ page, baseURL }) => {
  const problems = watchForBreakage(page);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const account = { email: `reset-${stamp}@reset.ipos.test`, password: 'Original#2026', newPassword: 'Renewed#2027' };

  // A fresh account, so the journey does not depend on (or change) a demo account.
  await registerOwner(page, {
    ownerName: 'Amaka Reset',
    email: account.email,
    phone: '+234 802 000 0000',
    password: account.password,
    businessName: `Amaka Foods ${stamp.slice(-5)}`,
    country: 'NG',
    currency: 'NGN',
  });

  // From the provider's sign-in page, as a person who forgot would go.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/oidc'));
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL((url) => url.pathname === '/onboarding/forgot-password');
  await expect(page).toHaveTitle(/^iPos Web Solution \| /);
  const since = new Date();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account uses that email, we have sent a link/)).toBeVisible();

  const mail = await waitForMail(account.email, /reset/i, { since, timeoutMs: 20_000 });
  const link = linkIn(mail, `${baseURL}/onboarding/reset-password`);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await page.getByLabel('New password').fill(account.newPassword);
  await page.getByLabel('Confirm password').fill('Renewed#2028');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(account.newPassword);
  await page.getByLabel('Confirm password').press('Enter');
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitProviderSignIn(page, { email: account.email, password: account.newPassword });
  // Signed in: back in the app (a new owner creates a PIN first, where that flow is in place).
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/onboarding/create-pin');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password').fill('Another#2028');
  await page.getByLabel('Confirm password').fill('Another#2028');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This link has expired or was already used')).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await page.waitForURL((url) => url.pathname === '/onboarding/forgot-password');
  expect(problems).toEqual([]);
});
