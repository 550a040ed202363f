import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

const rows = (page: Page) => page.getByRole('table', { name: 'Tax rates' }).getByTestId('tax-rate-row');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });

test('the admin manages tax rates: sees VAT, adds a rate, moves the default, deactivates and restores VAT', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  // Unique per run, so the journey can run again against the same server.
  const luxury = `Luxury ${Date.now()}`;

  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/settings/'));
  await page.goto('/dashboard/settings/tax-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax management' })).toBeVisible();
  await expect(page).toHaveTitle('iPos Web Solution | Tax management');

  // The seeded VAT: 7.5%, the default, active.
  const vat = row(page, 'VAT');
  await expect(vat).toContainText('7.5%');
  await expect(vat).toContainText('Default');
  await expect(vat).toContainText('Active');

  // Create "Luxury" at 12.5%, exclusive. A third decimal is refused first.
  await page.getByRole('link', { name: 'New tax rate' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/settings/tax-management/create');
  await page.getByLabel('Name').fill(luxury);
  await page.getByLabel('Rate (%)').fill('12.505');
  await page.getByRole('button', { name: 'Create tax rate' }).click();
  await expect(page.getByText('Enter a rate from 0 to 100 with at most 2 decimals')).toBeVisible();
  await page.getByLabel('Rate (%)').fill('12.5');
  await page.getByLabel(/^Exclusive/).check();
  await page.getByRole('button', { name: 'Create tax rate' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/settings/tax-management');
  await expect(row(page, luxury)).toContainText('12.5%');
  await expect(row(page, luxury)).toContainText('Exclusive');

  // Make it the default: the badge moves from VAT.
  await page.getByRole('button', { name: `Make ${luxury} the default` }).click();
  await expect(row(page, luxury)).toContainText('Default');
  await expect(vat).not.toContainText('Default');

  // Deactivate VAT (with a confirmation): it leaves the active list, and shows with the inactive ones.
  await page.getByRole('button', { name: 'Deactivate VAT' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(vat).toHaveCount(0);
  await page.getByLabel('Show inactive').check();
  await expect(vat).toContainText('Inactive');

  // Restore the demo as it was: VAT active and the default again.
  await page.getByRole('button', { name: 'Reactivate VAT' }).click();
  await expect(vat).toContainText('Active');
  await page.getByRole('button', { name: 'Make VAT the default' }).click();
  await expect(vat).toContainText('Default');
  await expect(row(page, luxury)).not.toContainText('Default');
  expect(problems).toEqual([]);
});
