import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * The contacts section as the demo admin (Lekki): add a customer, be warned of a second one with
 * the same phone (written another way), then import a vendors CSV with one bad row, see the error,
 * fix the file, import it and find the vendor. Names and phones are unique per run.
 */

const run = Date.now().toString(36).toUpperCase();
/** Seven digits of this run, for phone numbers no seeded contact has. */
const digits = String(Date.now() % 10_000_000).padStart(7, '0');
const localPhone = `0817 ${digits.slice(0, 3)} ${digits.slice(3)}`;
const intlPhone = `+234 817 ${digits.slice(0, 3)} ${digits.slice(3)}`;

async function openContacts(page: Page) {
  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.goto('/dashboard/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
}

test('add a customer, and be warned of a second one with the same phone', async ({ page }) => {
  const problems = watchForBreakage(page);
  await openContacts(page);

  await page.getByRole('button', { name: 'New customer' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Journey Customer ${run}`);
  await dialog.getByLabel('Phone').fill(localPhone);
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(run);
  await expect(page.getByTestId('contact-row').filter({ hasText: `Journey Customer ${run}` })).toContainText(
    localPhone,
  );

  await page.getByRole('button', { name: 'New customer' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Journey Twin ${run}`);
  await dialog.getByLabel('Phone').fill(intlPhone);
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText(`Journey Customer ${run} has the same phone`);
  await warning.getByRole('link', { name: 'Open the existing contact' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/contact/customer/'));
  await expect(page.getByRole('heading', { level: 1, name: `Journey Customer ${run}` })).toBeVisible();
  await expect(page.getByText('No purchases yet')).toBeVisible();
  expect(problems).toEqual([]);
});

test('import vendors from a CSV with a bad row: see the error, fix the file, import, find the vendor', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  await openContacts(page);
  await page.getByRole('tab', { name: 'Vendors' }).click();
  await page.waitForURL((url) => url.search === '?kind=vendor');

  const csv = (email: string) =>
    [
      'kind,name,phone,email,address',
      `vendor,Journey Farms ${run},0818 ${digits.slice(0, 3)} ${digits.slice(3)},farms@journey.example.ng,"Km 5, Epe Road"`,
      `vendor,Journey Oils ${run},,${email},`,
      '',
    ].join('\n');
  const choose = async (content: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Choose (a CSV|another) file/ })
      .click();
    await (await chooser).setFiles({ name: 'vendors.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
  };

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog');
  await choose(csv('oils-at-journey'));
  const badRow = dialog.getByTestId('import-row').filter({ hasText: `Journey Oils ${run}` });
  await expect(badRow).toContainText('Error');
  await expect(badRow).toContainText('email: Enter an email address');
  await expect(dialog.getByRole('button', { name: /^Import \d+ rows?$/ })).toBeDisabled();

  await choose(csv('oils@journey.example.ng'));
  await expect(dialog.getByTestId('import-row').filter({ hasText: `Journey Oils ${run}` })).toContainText('New');
  await expect(dialog.getByTestId('import-summary')).toContainText('2 new');
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('2 new, 0 updated, 0 unchanged.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search vendors' }).fill(`Journey Oils ${run}`);
  await page.waitForURL((url) => url.searchParams.get('q') === `Journey Oils ${run}`);
  const row = page.getByTestId('contact-row').filter({ hasText: `Journey Oils ${run}` });
  await expect(row).toContainText('oils@journey.example.ng');
  await row.getByRole('link', { name: `Journey Oils ${run}` }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/contact/vendor/'));
  await expect(page.getByRole('heading', { level: 1, name: `Journey Oils ${run}` })).toBeVisible();
  await expect(page.getByText('No purchase orders yet')).toBeVisible();
  expect(problems).toEqual([]);
});
