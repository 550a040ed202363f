import { expect, test, type Page } from '@playwright/test';
import { createTillProducts, openRegister, scan } from '../support/checkout.js';
import { demo, signIn, storedValue, watchForBreakage } from '../support/journeys.js';
import { catalogueOnDevice, queuedSales } from '../support/device.js';

/**
 * Selling without the server (decision 0036, "Every sale goes through the outbox"): a sale whose
 * answer is lost, and sales made with the network off across a reload, each reach the server once,
 * with the time they were sold, a final number and the offline reference the receipt printed.
 */

const runId = () => Date.now().toString(36).toUpperCase();
const lines = (page: Page) => page.getByTestId('cart-line');

/** Service workers serve the app for the reload with the network off. */
test.use({ serviceWorkers: 'allow' });

/** The API as the signed-in person, in the active store. */
async function api(page: Page, path: string) {
  const response = await page.request.get(path, {
    headers: {
      authorization: `Bearer ${await storedValue(page, 'token')}`,
      'x-store-id': (await storedValue(page, 'store-id'))!,
    },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as Record<string, unknown> & { summary?: { salesCount: number } };
}

async function signInToLekki(page: Page) {
  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
}

async function payCashWithChange(page: Page) {
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByRole('group', { name: 'Quick cash' }).getByRole('button').nth(1).click();
  await expect(pay.getByTestId('change-due')).not.toHaveText('₦0.00');
  await pay.getByRole('button', { name: 'Complete sale' }).click();
}

const status = (page: Page) => page.getByTestId('sync-status');

test('a sale whose answer is lost completes on the device, then syncs: one sale on the server', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchForBreakage(page);
  const run = runId();
  await signInToLekki(page);
  const [tea] = await createTillProducts(page, run, 1, 3);
  await openRegister(page, `Lost ${run}`, '0');

  // The server records the sale, but its answer never reaches the browser; the replays are cut
  // off too until the network "comes back".
  let first = true;
  let blocked = true;
  const sent: { id: string; sessionId: string }[] = [];
  await page.route('**/api/v1/sales', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    sent.push(route.request().postDataJSON() as { id: string; sessionId: string });
    if (first) {
      first = false;
      await route.fetch();
      return route.abort('connectionreset');
    }
    return blocked ? route.abort('internetdisconnected') : route.continue();
  });

  await scan(page, tea!.barcode, 1);
  await payCashWithChange(page);
  const heading = page.getByRole('heading', { name: /^Sale LEK-[A-Z0-9]+-OFF-\d{4} complete$/ });
  await expect(heading).toBeVisible();
  const printed = (await heading.textContent())!.replace(/^Sale (\S+) complete$/, '$1');
  await expect(page.getByTestId('receipt-pending-sync').first()).toHaveText('Pending sync');
  await expect(page.getByTestId('change-to-give')).toBeVisible();
  const saleId = sent[0]!.id;
  await page.keyboard.press('Enter');
  await expect(lines(page)).toHaveCount(0);
  await expect(status(page)).toContainText('1 sale waiting to sync');

  blocked = false;
  await status(page)
    .getByRole('button', { name: /^Sync now/ })
    .click();
  await expect(status(page)).toContainText('All sales synced');
  expect((await queuedSales(page)).find((s) => s.saleId === saleId)?.state).toBe('synced');
  // Every sending carried the same sale id: one sale on the server.
  expect(new Set(sent.map((s) => s.id))).toEqual(new Set([saleId]));
  const sale = await api(page, `/api/v1/sales/${saleId}`);
  expect(sale.number).toMatch(/^LEK-S\d{6}$/);
  // Recorded from its first sending, it takes the reference its receipt was printed with.
  expect(sale.offlineReference).toBe(printed);
  const session = await api(page, `/api/v1/register-sessions/${sent[0]!.sessionId}`);
  expect(session.summary?.salesCount).toBe(1);
  expect(problems).toEqual([]);
});

test('offline, sales complete on the device across a reload; online again, each is on the server once, as sold', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const problems = watchForBreakage(page);
  const run = runId();
  await signInToLekki(page);
  const [a, b, c] = await createTillProducts(page, run, 3, 4);
  await openRegister(page, `Offline ${run}`, '0');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
  await expect.poll(() => catalogueOnDevice(page), { timeout: 30_000 }).toBe(true);
  await expect(status(page).getByRole('status', { name: 'Online' })).toBeVisible();

  await context.setOffline(true);
  await expect(status(page).getByRole('status', { name: /^Offline/ })).toBeVisible();

  // Cash with change.
  await scan(page, a!.barcode, 1);
  await payCashWithChange(page);
  await expect(page.getByTestId('receipt-pending-sync').first()).toBeVisible();
  await expect(page.getByTestId('change-to-give')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(lines(page)).toHaveCount(0);

  // Card, in full.
  await scan(page, b!.barcode, 1);
  await page.getByRole('button', { name: /^Pay / }).click();
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByText('Card', { exact: true }).click();
  await pay.getByLabel('Amount').fill('1200');
  await pay.getByLabel('Reference').fill(`POS-${run}`);
  // The whole amount by card: Complete sale takes it as the payment.
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByTestId('receipt-pending-sync').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(status(page)).toContainText('2 sales waiting to sync');

  // A reload with the network still off: the queue is on the device.
  await page.reload();
  await expect(page.getByTestId('register-name')).toHaveText(`Offline ${run}`);
  await expect(status(page)).toContainText('2 sales waiting to sync');

  // A discounted sale.
  await scan(page, c!.barcode, 1);
  await page.getByRole('button', { name: 'Cart discount' }).click();
  await page.getByLabel('Cart discount (%)').fill('10');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-total')).toHaveText('₦1,080.00');
  await payCashWithChange(page);
  await expect(page.getByTestId('receipt-pending-sync').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(status(page)).toContainText('3 sales waiting to sync');

  const queued = await queuedSales(page);
  expect(queued).toHaveLength(3);
  expect(queued.map((s) => s.offlineReference)).toEqual([
    expect.stringMatching(/-OFF-0001$/),
    expect.stringMatching(/-OFF-0002$/),
    expect.stringMatching(/-OFF-0003$/),
  ]);

  await context.setOffline(false);
  await expect(status(page)).toContainText('All sales synced', { timeout: 30_000 });
  await expect(status(page).getByRole('status', { name: 'Online' })).toBeVisible();

  const numbers = new Set<string>();
  for (const sold of queued) {
    const sale = await api(page, `/api/v1/sales/${sold.saleId}`);
    expect(sale.number).toMatch(/^LEK-S\d{6}$/);
    numbers.add(sale.number as string);
    expect(Date.parse(sale.completedAt as string)).toBe(Date.parse(sold.soldAt));
    expect(sale.offlineReference).toBe(sold.offlineReference);
  }
  expect(numbers.size).toBe(3);
  const session = await api(page, `/api/v1/register-sessions/${queued[0]!.sessionId}`);
  expect(session.summary?.salesCount).toBe(3);
  expect(problems).toEqual([]);
});

test('with the server unreachable (the network still up), mobile money, a split and cash complete on the device; Sync now sends them once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems = watchForBreakage(page);
  const run = runId();
  await signInToLekki(page);
  const [a, b, c] = await createTillProducts(page, run, 3, 6);
  await openRegister(page, `Down ${run}`, '0');
  await expect.poll(() => catalogueOnDevice(page), { timeout: 30_000 }).toBe(true);

  // The server is gone: every API request is refused, as by a stopped process.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));

  // Mobile money.
  await scan(page, a!.barcode, 1);
  await page.getByRole('button', { name: /^Pay / }).click();
  const pay = page.getByRole('dialog', { name: 'Take payment' });
  await pay.getByText('Mobile money', { exact: true }).click();
  await pay.getByText('MTN MoMo', { exact: true }).click();
  await pay.getByLabel('Phone').fill('+234 803 000 0000');
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByTestId('receipt-pending-sync').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(lines(page)).toHaveCount(0);

  // A split: ₦1,000 by card, the rest in cash.
  await scan(page, b!.barcode, 1);
  await page.getByRole('button', { name: /^Pay / }).click();
  await pay.getByText('Card', { exact: true }).click();
  await pay.getByLabel('Amount').fill('1000');
  await pay.getByRole('button', { name: 'Add payment' }).click();
  await pay.getByText('Cash', { exact: true }).click();
  await pay.getByRole('group', { name: 'Quick cash' }).getByRole('button').first().click();
  await pay.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByTestId('receipt-pending-sync').first()).toBeVisible();
  await page.keyboard.press('Enter');

  // Cash with change.
  await scan(page, c!.barcode, 1);
  await payCashWithChange(page);
  await expect(page.getByTestId('receipt-pending-sync').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(status(page)).toContainText('3 sales waiting to sync');
  await expect(status(page).getByRole('status', { name: /^Offline/ })).toBeVisible();

  // The server is back: Sync now sends the queue, in order.
  await page.unroute('**/api/**');
  await status(page).getByRole('button', { name: 'Sync now: send 3 sales' }).click();
  await expect(status(page)).toContainText('All sales synced');
  const queued = await queuedSales(page);
  const mine = queued.filter((s) => s.offlineReference !== null && s.sessionId === queued.at(-1)!.sessionId);
  expect(mine).toHaveLength(3);
  const numbers: string[] = [];
  for (const sold of mine) {
    expect(sold.state).toBe('synced');
    const sale = await api(page, `/api/v1/sales/${sold.saleId}`);
    expect(sale.offlineReference).toBe(sold.offlineReference);
    numbers.push(sale.number as string);
  }
  // Numbered at replay, in the order sold.
  expect([...numbers].sort()).toEqual(numbers);
  const session = await api(page, `/api/v1/register-sessions/${mine[0]!.sessionId}`);
  expect(session.summary?.salesCount).toBe(3);
  expect(problems).toEqual([]);
});
