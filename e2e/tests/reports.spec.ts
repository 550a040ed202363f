import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';

/**
 * Reading the sales report, as the manager of Demo Mart in Lekki does at the start of a month: last
 * month's figures from the 90-day demo history, a table exported to CSV, the report printed (the
 * print copy alone on the page, the app around it hidden) and downloaded as a PDF.
 */
test('the manager reads last month’s sales, exports the products to CSV, prints the report and downloads its PDF', async ({
  page,
}) => {
  const problems = watchForBreakage(page);
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.goto('/dashboard/report/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales report' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last month' }).click();
  await expect(page).toHaveURL(/period=last_month/);
  const net = page.getByTestId('figure-net-sales').getByTestId('figure-value');
  await expect(net).toHaveText(/^₦[\d,]+\.\d\d$/);
  expect(Number((await net.innerText()).replace(/[^\d]/g, ''))).toBeGreaterThan(0);
  // Every day of last month (in Lagos) is a row of the trend, once last month has loaded.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const daysInLastMonth = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  await expect(page.getByTestId('report-table-trend').locator('tbody tr')).toHaveCount(daysInLastMonth);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV: By product' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sales-by-product-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Product,SKU,Category,Sold,Refunded,Net sales,Gross,Discounts,Refunds,Tax,Cost,Gross profit');
  expect(lines.length).toBeGreaterThan(20);
  expect(lines.at(-1)).toMatch(/^Total,/);

  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const copy = page.getByTestId('report-print-copy');
  await expect(copy).toBeVisible();
  await expect(copy.getByRole('heading', { name: 'Sales report' })).toBeVisible();
  await expect(copy.getByRole('heading', { name: 'By product' })).toBeVisible();
  await expect(page.getByTestId('current-context')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales report', includeHidden: true }).first()).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(copy).toBeHidden();

  // And the same report as a PDF from the API, named after its period.
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^sales-report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await fs.readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(3_000);
  expect(problems).toEqual([]);
});

/** The landing's six cards for last month, each opening its report on the same period. */
test('the admin opens every report from the landing for last month', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.goto('/dashboard/report');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last month' }).click();
  await expect(page).toHaveURL(/period=last_month/);
  const reports: [path: string, link: string, heading: string][] = [
    ['sales', 'Sales', 'Sales report'],
    ['purchase-order', 'Purchase orders', 'Purchase-order report'],
    ['waste', 'Waste', 'Waste report'],
    ['restock', 'Restock', 'Restock report'],
    ['tax', 'Tax', 'Tax report'],
    ['customer', 'Customers', 'Customer report'],
  ];
  for (const [path] of reports)
    await expect(page.getByTestId(`report-card-${path}`).getByTestId('report-card-value')).toHaveText(/\d/);
  // Demo Mart sold last month: its sales card is not zero.
  await expect(page.getByTestId('report-card-sales').getByTestId('report-card-value')).not.toHaveText('₦0.00');
  for (const [path, link, heading] of reports) {
    await page.getByTestId(`report-card-${path}`).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path !== 'restock') await expect(page).toHaveURL(/period=last_month/);
    await expect(page.getByTestId('report-scope')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  }
  expect(problems).toEqual([]);
});
