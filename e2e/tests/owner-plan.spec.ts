import { expect, test } from '@playwright/test';
import { registerAndSignIn, storedValue, submitCreatePin, watchForBreakage } from '../support/journeys.js';
import { waitForMail } from '../support/mailbox.js';

/**
 * Plans, stores, profile and support in the built app, for a business of its own (the demo's data stays as the other journeys
 * expect it): the new owner sees the business in admin mode on the Free plan, is refused a second
 * store with the limit named, moves to Growth in Settings → Plan, adds the store, and finds the
 * plan's meters moved; then keeps their profile and writes to support.
 */
test('a new owner outgrows the Free plan, changes plan, adds a store, keeps a profile and asks for help', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36);
  const owner = {
    ownerName: 'Wanjiru Kamau',
    email: `wanjiru-${run}@e2e.ipos.test`,
    phone: '+254 700 123 456',
    password: `Duka#2026-${run}`,
    businessName: `Kamau Duka ${run}`,
    country: 'KE',
    currency: 'KSD',
  };
  await registerAndSignIn(page, owner);
  await submitCreatePin(page, '2468');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  expect(await storedValue(page, 'isAdmin')).toBe('true');

  // Admin mode: the dashboard names the business; its page shows the Free plan, its one store used.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/dashboard/business');
  await page.getByRole('link', { name: owner.businessName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: owner.businessName })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByText('Free', { exact: true })).toBeVisible();
  await expect(plan.getByRole('progressbar', { name: 'Stores: 1 of 1' })).toBeVisible();
  const businessPage = page.url();

  // A second store is past the Free plan: refused, with the limit and the plan named.
  const stores = page.getByRole('region', { name: 'Stores' });
  await stores.getByRole('button', { name: 'Add a store' }).click();
  let dialog = page.getByRole('dialog', { name: `Add a store to ${owner.businessName}` });
  await dialog.getByLabel('Store name').fill('Westlands');
  await dialog.getByLabel('Code').fill('WST');
  await dialog.getByRole('button', { name: 'Add the store' }).click();
  await expect(page.getByText(/the Free plan allows 1 store/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(stores.getByRole('row', { name: /Westlands/ })).toHaveCount(0);

  // Settings → Plan, in the store: the meters, and a change to Growth after a confirmation.
  await page.goto('/dashboard/settings/plan?isAdmin=false');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Stores: 1 of 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Choose Growth' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change to the Growth plan?' });
  await confirm.getByRole('button', { name: 'Change to Growth' }).click();
  await expect(page.getByText('The business is now on the Growth plan.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Stores: 1 of 3' })).toBeVisible();

  // Back in admin mode the store is added, and the business page counts it.
  await page.goto(`${businessPage}?isAdmin=true`);
  await stores.getByRole('button', { name: 'Add a store' }).click();
  dialog = page.getByRole('dialog', { name: `Add a store to ${owner.businessName}` });
  await dialog.getByLabel('Store name').fill('Westlands');
  await dialog.getByLabel('Code').fill('WST');
  await dialog.getByRole('button', { name: 'Add the store' }).click();
  await expect(page.getByText('Added Westlands (WST).')).toBeVisible();
  await expect(stores.getByRole('row', { name: /Westlands/ })).toBeVisible();
  await expect(plan.getByText('Growth', { exact: true })).toBeVisible();
  await expect(plan.getByRole('progressbar', { name: 'Stores: 2 of 3' })).toBeVisible();

  // The profile: a new phone number, kept after a reload.
  await page.goto('/dashboard/profile?isAdmin=false');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Phone').fill('+254 711 000 222');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your details' }).getByLabel('Phone')).toHaveValue('+254 711 000 222');

  // Support: a message stored and mailed to the support address, with the system information.
  const since = new Date();
  await page.goto('/dashboard/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Help and support' })).toBeVisible();
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('table', { name: 'Keyboard shortcuts' })).toBeVisible();
  const contact = page.getByRole('form', { name: 'Contact support' });
  await contact.getByLabel('Subject').fill(`Receipt printer ${run}`);
  await contact.getByRole('combobox', { name: 'What is it about?' }).click();
  await page.getByRole('option').first().click();
  await contact.getByLabel('Message').fill('The 58 mm printer cuts the footer of the receipt.');
  await contact.getByRole('button', { name: 'Send message' }).click();
  const sent = page.getByText(/SUP-[0-9A-F]{8}/).first();
  await expect(sent).toBeVisible();
  const reference = (await sent.textContent())!.match(/SUP-[0-9A-F]{8}/)![0];
  const mail = await waitForMail('support@ipos.local', new RegExp(reference), { since });
  // The whole subject, however the mail folded it: the reference, the topic and what they wrote.
  expect(mail.subject).toMatch(new RegExp(`^\\[${reference}\\] .+: Receipt printer ${run}$`));
  expect(mail.text).toContain(`Receipt printer ${run}`);
  expect(mail.text).toContain(owner.businessName);
  expect(mail.text).toContain('The 58 mm printer cuts the footer of the receipt.');
  expect(problems).toEqual([]);
});
