import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mailbox.js';
import { closeRegister, makeSaleThroughApi } from '../support/sales.js';
import {
  demo,
  expectSignedOutLanding,
  signIn,
  storedValue,
  submitCreatePin,
  submitProviderSignIn,
  watchForBreakage,
} from '../support/journeys.js';

/**
 * The admin of Demo Mart creates a custom role that sells and sees transactions
 * but may not refund, and invites a new person into Lekki with it. The person signs in with the
 * default password from the invitation mail (it is never on screen), replaces it, creates a PIN,
 * accepts the invitation waiting for them, and finds refunds refused — no Refund on a sale's page,
 * and a 403 from the API if they try anyway. Names are unique to the run.
 */
test('a custom role without refunds, given to a new staff member, refuses them refunds', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();
  const roleName = `Till ${run}`;
  const email = `till-${run.toLowerCase()}@e2e.ipos.test`;

  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const sale = await makeSaleThroughApi(page, run);
  try {
    // The role: the dashboard, selling and seeing transactions; no refunds, no voids.
    await page.goto('/dashboard/settings/users-and-permissions/roles');
    await page.getByRole('link', { name: 'New role' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings/roles/create');
    await page.getByRole('textbox', { name: 'Name' }).fill(roleName);
    await page.getByRole('checkbox', { name: /^See the dashboard/ }).check();
    await page.getByRole('checkbox', { name: /^Sell/ }).check();
    await page.getByRole('checkbox', { name: /^See transactions/ }).check();
    await expect(page.getByRole('checkbox', { name: /^Refund/ })).not.toBeChecked();
    await expect(page.getByTestId('permission-count')).toContainText('3 of');
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings/users-and-permissions/roles');
    const roleRow = page.getByTestId('role-row').filter({ hasText: roleName });
    await expect(roleRow).toContainText('0 people');

    // The invitation, for Lekki with that role; the default password goes by mail only.
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.getByRole('link', { name: 'Add staff' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(`Till Person ${run}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: roleName }).click();
    await expect(page.getByRole('checkbox', { name: 'Lekki (LEK)' })).toBeChecked();
    const invitedAt = new Date();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByTestId('invitation-sent')).toContainText(`Invitation sent to ${email}`);
    await expect(page.getByText(/[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}/)).toHaveCount(0);
    const mail = await waitForMail(email, /invited you to its staff/, { since: invitedAt, timeoutMs: 20_000 });
    const password = mail.text.match(/\b([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\b/)?.[1];
    expect(password, mail.text).toBeDefined();
    // Until they accept, they are an invitation, not staff.
    await page.getByRole('link', { name: 'See the invitations' }).click();
    const invitationRow = page.getByTestId('invitation-row').filter({ hasText: email });
    await expect(invitationRow).toContainText('Waiting for an answer');
    await expect(page.getByTestId('staff-row').filter({ hasText: email })).toHaveCount(0);

    // The new person signs in: the mailed password, then their own, then a PIN; then they accept.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectSignedOutLanding(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await submitProviderSignIn(page, { email, password: password! });
    await page.waitForURL((url) => url.pathname === '/onboarding/update-default-password');
    await page.getByLabel('New password', { exact: true }).fill(`Own${run}pass9`);
    await page.getByLabel('Confirm password', { exact: true }).fill(`Own${run}pass9`);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL((url) => url.pathname === '/onboarding/create-pin');
    await submitCreatePin(page, '8642');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(page.getByTestId('no-store')).toContainText('Accept an invitation above to start working.');
    const offer = page.getByRole('article', { name: 'Demo Mart invites you to its staff' });
    await expect(offer).toContainText(`As ${roleName} in Lekki (LEK)`);
    await expect(offer).toContainText(`Invited by ${demo.admin.name}`);
    await offer.getByRole('button', { name: 'Accept the invitation from Demo Mart' }).click();
    await expect(page.getByText('You joined Demo Mart.')).toBeVisible();
    await expect(page.getByTestId('store-name')).toHaveText('Lekki');
    await expect(page.getByTestId('current-context')).toContainText('Lekki (LEK)');
    expect(await storedValue(page, 'user-role')).toBe(roleName);

    // The sale is theirs to see, not to refund.
    await page.goto(`/dashboard/transactions/${sale.saleId}`);
    await expect(page.getByTestId('sale-number')).toHaveText(sale.number);
    await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
    const refused = await page.request.post(`/api/v1/sales/${sale.saleId}/refunds`, {
      headers: {
        authorization: `Bearer ${await storedValue(page, 'token')}`,
        'x-store-id': (await storedValue(page, 'store-id'))!,
        'idempotency-key': crypto.randomUUID(),
      },
      data: { id: crypto.randomUUID(), lines: [], method: 'cash', reason: 'Trying anyway' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toContain('transactions.refund');
  } finally {
    // The register opened for the sale is closed as the admin.
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await signIn(page, demo.admin);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await closeRegister(page, sale.sessionId);
  }
  expect(problems).toEqual([]);
});
