import { expect, test, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, storedValue, watchForBreakage } from '../support/journeys.js';
import { closeRegister } from '../support/sales.js';

async function apiHeaders(page: Page) {
  const token = await storedValue(page, 'token');
  const storeId = await storedValue(page, 'store-id');
  expect(token && storeId).toBeTruthy();
  return { authorization: `Bearer ${token}`, 'x-store-id': storeId! };
}

/**
 * What selling offline left behind, as a manager meets it (decision 0036): a till that sold at an
 * old price while offline replays its sale (the price it charged, its offline reference); the
 * dashboard says there are sales to review, the review screen shows the sale in words with the
 * price paid against the price now, and resolving it takes it off the list. The open registers show
 * what the till's device last said it still holds.
 */
test('a sale made offline at an old price is reviewed and resolved by the manager', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();
  const name = `Zobo ${run}`;
  const reference = `LEK-E${run}-OFF-0001`;

  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const headers = await apiHeaders(page);

  // ₦1,200.00 in the store now; the till still had ₦1,000.00 when it sold one offline.
  const productId = await createProductThroughApi(page, {
    name,
    sku: `EXC-${run}`,
    barcode: uniqueEan13(7),
    openingStock: 5,
  });
  const product = await page.request.get(`/api/v1/products/${productId}`, { headers });
  const variantId = ((await product.json()) as { variants: { id: string }[] }).variants[0]!.id;
  const registerName = `E2E ${run}`;
  const opened = await page.request.post('/api/v1/register-sessions', {
    headers,
    data: { registerName, openingFloatMinor: 0 },
  });
  expect(opened.status()).toBe(201);
  const sessionId = ((await opened.json()) as { id: string }).id;

  try {
    const sold = await page.request.post('/api/v1/sales', {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: {
        id: crypto.randomUUID(),
        sessionId,
        lines: [{ variantId, quantity: 1, unitPriceMinor: 100_000 }],
        payments: [{ method: 'cash', amountMinor: 100_000 }],
        expectedTotalMinor: 100_000,
        offlineReference: reference,
      },
    });
    expect(sold.status(), await sold.text()).toBe(201);
    const sale = (await sold.json()) as { number: string };

    // The till's device says two sales still wait on it.
    const reported = await page.request.put(`/api/v1/register-sessions/${sessionId}/device-report`, {
      headers,
      data: { deviceId: `e2e-device-${run}`, pendingSales: 2, needsAttention: 0, lastSyncedAt: null },
    });
    expect(reported.status()).toBe(204);

    await page.reload();
    const notice = page.getByTestId('sale-exceptions-notice');
    await expect(notice).toContainText(/from (a sale|sales) made offline/);
    await notice.getByRole('link', { name: /Review/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/report/sale-exceptions');
    await expect(page.getByRole('heading', { level: 1, name: 'Sold offline: to review' })).toBeVisible();

    const row = page.getByTestId('sale-exception-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Sold offline at an old price');
    await expect(row).toContainText(sale.number);
    await expect(row).toContainText(`Offline ref ${reference}`);
    await expect(row).toContainText('Paid ₦1,000.00 each · price now ₦1,200.00');
    await expect(row).toContainText(demo.admin.name);

    await row
      .getByRole('button', { name: `Resolve sold offline at an old price: ${name}, sale ${sale.number}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Resolve this sale made offline' });
    await dialog.getByLabel('Note (optional)').fill('The new price was not on the till yet');
    await dialog.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    // Resolved, it shows with who resolved it and the note.
    await page.getByText('Resolved', { exact: true }).click();
    await expect(page).toHaveURL(/state=resolved/);
    const resolved = page.getByTestId('sale-exception-row').filter({ hasText: name });
    await expect(resolved).toContainText('The new price was not on the till yet');
    await expect(resolved).toContainText(`by ${demo.admin.name}`);

    // The open registers show what the till's device last reported.
    await page.goto('/dashboard/checkout');
    const register = page
      .getByRole('table', { name: 'Open registers' })
      .getByRole('row')
      .filter({ hasText: registerName });
    await expect(register.getByTestId('device-report')).toHaveText(
      /^2 sales waiting on the till · reported (just now|\d+ min ago)$/,
    );
  } finally {
    await closeRegister(page, sessionId);
  }
  expect(problems).toEqual([]);
});
