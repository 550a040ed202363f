import { expect, test, type Page } from '@playwright/test';
import {
  addBySearch,
  createTillProducts,
  lockAndUnlockWithPin,
  openCartLine,
  openRegister,
  scan,
} from '../support/checkout.js';
import { demo, signIn, storedValue, watchForBreakage } from '../support/journeys.js';
import { catalogueOnDevice, deviceRows, queuedSales } from '../support/device.js';
import { ownServer, readStoppedDatabase, type OwnServer } from '../support/own-server.js';
import { mainPort } from '../servers.js';

/**
 * The outage the register is built for (decision 0036): the network is off and the server process
 * is stopped. Lekki's manager sells 20 sales of every kind — cash with change, card, mobile money,
 * bank transfer, a split, weighed rice, a line and a cart discount — across a reload and a PIN lock.
 * The server starts again, the network comes back, and the server holds exactly those 20 sales, with
 * the times they were sold, final numbers and their offline references; the stock ledger equals on
 * hand, and the register's summary and the sales report add up to the same money by tender.
 */

/**
 * A server of this journey's own, on a port beside the run's (servers.ts: main, +1, +25 SMTP), with a
 * fresh database for every run of the journey (a repeat or a retry counts its 20 sales alone).
 */
const ownPort = mainPort + 2;
let server: OwnServer;
test.use({ baseURL: `http://localhost:${ownPort}`, serviceWorkers: 'allow' });
// The hook's server start (migrations and the 90-day demo seed: up to 90 s on a loaded machine)
// counts against the journey's time, then 20 sales.
test.describe.configure({ timeout: 330_000 });
test.beforeEach(async () => {
  server = ownServer(ownPort);
  await server.start();
});
test.afterEach(async () => server.dispose());

const runId = () => Date.now().toString(36).toUpperCase();
const lines = (page: Page) => page.getByTestId('cart-line');
const status = (page: Page) => page.getByTestId('sync-status');
const payment = (page: Page) => page.getByRole('dialog', { name: 'Take payment' });
const RICE = 'Local Rice (loose, per kg)';
const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'mobile_money'] as const;
type Method = (typeof PAYMENT_METHODS)[number];

type Tender = 'cash-change' | 'cash-exact' | 'card' | 'bank' | 'mobile' | 'split';
interface PlannedSale {
  /** Till products by letter (one each), or the loose rice by its weight in kg. */
  items: ('A' | 'B' | 'C' | 'D' | { rice: string })[];
  discount?: 'line' | 'cart';
  tender: Tender;
}

/** The 20 sales; the page reloads after the 7th and the till locks after the 14th. */
const plan: PlannedSale[] = [
  { items: ['A'], tender: 'cash-change' },
  { items: ['B'], tender: 'card' },
  { items: ['C'], tender: 'mobile' },
  { items: ['A', 'B'], tender: 'split' },
  { items: [{ rice: '1.25' }], tender: 'cash-change' },
  { items: ['D'], discount: 'line', tender: 'cash-exact' },
  { items: ['C'], discount: 'cart', tender: 'card' },
  { items: ['D'], tender: 'bank' },
  { items: ['A'], tender: 'cash-change' },
  { items: ['B'], tender: 'mobile' },
  { items: ['C', 'D'], tender: 'card' },
  { items: ['A'], tender: 'cash-exact' },
  { items: [{ rice: '0.5' }], tender: 'mobile' },
  { items: ['B'], tender: 'split' },
  { items: ['C'], tender: 'cash-change' },
  { items: ['D'], tender: 'card' },
  { items: ['A'], tender: 'mobile' },
  { items: ['B'], tender: 'cash-exact' },
  { items: ['C'], tender: 'bank' },
  { items: ['D'], tender: 'cash-change' },
];
const RELOAD_AFTER = 7;
const LOCK_AFTER = 14;

/** The register's reads the device keeps for the signed-in person, so a reload offline finds them. */
function keptQueryKeys(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('ipos-device-queries');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return (db.close(), resolve(''));
          const all = db.transaction('queries').objectStore('queries').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { queries: { queryHash: string }[] }[])
                .flatMap((row) => row.queries.map((q) => q.queryHash))
                .join(' '),
            );
          };
          all.onerror = () => (db.close(), resolve(''));
        };
      }),
  );
}

/** The API as the signed-in person, in the active store. */
async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, {
    headers: {
      authorization: `Bearer ${await storedValue(page, 'token')}`,
      'x-store-id': (await storedValue(page, 'store-id'))!,
    },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

async function ringUp(page: Page, sale: PlannedSale, barcodes: Record<string, string>, names: Record<string, string>) {
  for (const [i, item] of sale.items.entries()) {
    if (typeof item === 'string') {
      await scan(page, barcodes[item]!, i + 1);
      continue;
    }
    await addBySearch(page, 'Local Rice', RICE);
    const weight = page.getByRole('textbox', { name: `Quantity of ${RICE}` });
    await weight.fill(item.rice);
    await weight.press('Enter');
    await expect(lines(page).filter({ hasText: RICE })).toHaveAttribute('aria-label', `${RICE}, ${item.rice}`);
  }
  if (sale.discount === 'line') {
    const first = sale.items[0] as string;
    await (await openCartLine(page, names[first]!)).getByRole('button', { name: 'Discount' }).click();
    await page.getByLabel('Discount (%)').fill('10');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Discount (%)')).toBeHidden();
  } else if (sale.discount === 'cart') {
    await page.getByRole('button', { name: 'Cart discount' }).click();
    await page.getByText('Amount', { exact: true }).click();
    await page.getByLabel('Cart discount (NGN)').fill('50');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Cart discount: ₦50.00' })).toBeVisible();
  }
}

async function pay(page: Page, tender: Tender, reference: string) {
  await page.getByRole('button', { name: /^Pay / }).click();
  const dialog = payment(page);
  const quickCash = dialog.getByRole('group', { name: 'Quick cash' }).getByRole('button');
  switch (tender) {
    case 'cash-change':
      await quickCash.nth(1).click();
      await expect(dialog.getByTestId('change-due')).not.toHaveText('₦0.00');
      break;
    case 'cash-exact':
      await quickCash.first().click();
      await expect(dialog.getByTestId('change-due')).toHaveText('₦0.00');
      break;
    case 'card':
    case 'bank':
      await dialog.getByText(tender === 'card' ? 'Card' : 'Bank transfer', { exact: true }).click();
      await dialog.getByLabel('Reference').fill(reference);
      break;
    case 'mobile':
      await dialog.getByText('Mobile money', { exact: true }).click();
      await dialog.getByText('MTN MoMo', { exact: true }).click();
      await dialog.getByLabel('Phone').fill('+234 803 000 0000');
      break;
    case 'split':
      await dialog.getByText('Card', { exact: true }).click();
      await dialog.getByLabel('Amount').fill('500');
      await dialog.getByLabel('Reference').fill(reference);
      await dialog.getByRole('button', { name: 'Add payment' }).click();
      await dialog.getByText('Cash', { exact: true }).click();
      await quickCash.first().click();
      break;
  }
  await dialog.getByRole('button', { name: 'Complete sale' }).click();
}

/** Sells one planned sale; the receipt is the device's, with the next offline reference. */
async function sell(
  page: Page,
  n: number,
  sale: PlannedSale,
  products: Record<string, { barcode: string; name: string }>,
) {
  const barcodes = Object.fromEntries(Object.entries(products).map(([k, p]) => [k, p.barcode]));
  const names = Object.fromEntries(Object.entries(products).map(([k, p]) => [k, p.name]));
  await ringUp(page, sale, barcodes, names);
  await pay(page, sale.tender, `REF-${n}`);
  const reference = new RegExp(`^Sale LEK-[A-Z0-9]+-OFF-${String(n).padStart(4, '0')} complete$`);
  await expect(page.getByRole('heading', { name: reference })).toBeVisible();
  await expect(page.getByTestId('receipt-pending-sync').first()).toHaveText('Pending sync');
  await page.getByRole('button', { name: /^New sale/ }).click();
  await expect(page.getByRole('heading', { name: reference })).toBeHidden();
  await expect(lines(page)).toHaveCount(0);
  await expect(status(page)).toContainText(`${n} sale${n === 1 ? '' : 's'} waiting to sync`);
}

const lagosDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(iso));

function byMethod(payments: { method: Method; amountMinor: number }[]) {
  const sums: Record<Method, number> = { cash: 0, card: 0, bank_transfer: 0, mobile_money: 0 };
  for (const p of payments) sums[p.method] += p.amountMinor;
  return sums;
}

interface ServerSale {
  id: string;
  number: string;
  session: { id: string };
  completedAt: string;
  recordedAt: string | null;
  offlineReference: string | null;
  totalMinor: number;
  payments: { method: Method; amountMinor: number }[];
  lines: { variantId: string; quantity: number }[];
}

test('with the network off and the server stopped, 20 sales across a reload and a PIN lock reach the server once each, as sold', async ({
  page,
  context,
}) => {
  const problems = watchForBreakage(page);
  const run = runId();
  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
  const [a, b, c, d] = await createTillProducts(page, run, 4, 7);
  const products = { A: a!, B: b!, C: c!, D: d! };
  const till = `Outage ${run}`;
  await openRegister(page, till, '0');
  // The PIN checked once online: from then on the device can check it alone.
  await lockAndUnlockWithPin(page, demo.manager.pin);
  await expect.poll(async () => (await deviceRows(page, 'pinVerifiers')).length).toBe(1);

  // One online visit: the app in the worker's cache, the catalogue and the register's reads on the device.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
  await expect.poll(() => catalogueOnDevice(page), { timeout: 30_000 }).toBe(true);
  await expect
    .poll(async () => {
      const kept = await keptQueryKeys(page);
      return ['"accounts","me"', '"stores","current"', '"sessions"'].every((key) => kept.includes(key));
    })
    .toBe(true);
  await expect(status(page).getByRole('status', { name: 'Online' })).toBeVisible();

  // The outage: the network goes, and the server process with it.
  await context.setOffline(true);
  await server.stop();
  expect(
    await fetch(`${server.url}/api/v1/ready`).then(
      () => 'answered',
      () => 'refused',
    ),
  ).toBe('refused');
  await expect(status(page).getByRole('status', { name: /^Offline/ })).toBeVisible();
  const outageStartedAt = Date.now();

  for (const [i, sale] of plan.entries()) {
    const n = i + 1;
    await sell(page, n, sale, products);
    if (n === RELOAD_AFTER) {
      await page.reload();
      await expect(page.getByTestId('register-name')).toHaveText(till);
      await expect(status(page)).toContainText(`${n} sales waiting to sync`);
    }
    if (n === LOCK_AFTER) {
      await lockAndUnlockWithPin(page, demo.manager.pin);
      await expect(page.getByTestId('register-name')).toHaveText(till);
      await expect(status(page)).toContainText(`${n} sales waiting to sync`);
    }
  }

  const queued = await queuedSales<Method>(page);
  expect(queued).toHaveLength(20);
  expect(queued.map((s) => s.offlineReference)).toEqual(
    plan.map((_, i) => expect.stringMatching(new RegExp(`-OFF-${String(i + 1).padStart(4, '0')}$`))),
  );
  expect(new Set(queued.map((s) => s.state))).toEqual(new Set(['pending']));
  const sessionId = queued[0]!.sessionId;
  expect(queued.every((s) => s.sessionId === sessionId)).toBe(true);

  // The server comes back, then the network: the queue drains on its own, within seconds of the
  // server answering (its probe every 5 s), not at the retry that a long outage has put up to 30 s
  // away. The page's `navigator.onLine` stays true through Playwright's offline emulation here, so
  // no `online` event helps: only the probe does, as for a till whose Wi-Fi never dropped.
  await server.start();
  const restartedAt = Date.now();
  await context.setOffline(false);
  await expect(status(page)).toContainText('All sales synced', { timeout: 15_000 });
  await expect(status(page).getByRole('status', { name: 'Online' })).toBeVisible();
  expect(new Set((await queuedSales<Method>(page)).map((s) => s.state))).toEqual(new Set(['synced']));

  // Exactly the 20 sales, each as the device sold it: its time, its money, its reference, a final number.
  const days = queued.map((s) => lagosDay(s.soldAt)).sort();
  const [from, to] = [days[0]!, days.at(-1)!];
  const listed = await api<{ items: { id: string }[]; totals: { count: number; totalMinor: number } }>(
    page,
    `/api/v1/sales?from=${from}&to=${to}&limit=200`,
  );
  expect(listed.totals.count).toBe(20);
  expect(new Set(listed.items.map((s) => s.id))).toEqual(new Set(queued.map((s) => s.saleId)));
  const sales: ServerSale[] = [];
  for (const sold of queued) {
    const sale = await api<ServerSale>(page, `/api/v1/sales/${sold.saleId}`);
    expect(sale.session.id).toBe(sessionId);
    expect(sale.number).toMatch(/^LEK-S\d{6}$/);
    expect(sale.offlineReference).toBe(sold.offlineReference);
    expect(Date.parse(sale.completedAt)).toBe(Date.parse(sold.soldAt));
    expect(Date.parse(sale.completedAt)).toBeGreaterThanOrEqual(outageStartedAt - 1000);
    expect(Date.parse(sale.completedAt)).toBeLessThan(restartedAt);
    expect(Date.parse(sale.recordedAt!)).toBeGreaterThanOrEqual(restartedAt - 1000);
    expect(sale.totalMinor).toBe(sold.receipt!.sale.totalMinor);
    expect(byMethod(sale.payments)).toEqual(byMethod(sold.receipt!.sale.payments));
    sales.push(sale);
  }
  // Numbered at replay, in the order sold.
  const numbers = sales.map((s) => s.number);
  expect(new Set(numbers).size).toBe(20);
  expect([...numbers].sort()).toEqual(numbers);

  const totalMinor = sales.reduce((sum, s) => sum + s.totalMinor, 0);
  const tenders = byMethod(sales.flatMap((s) => s.payments));
  expect(PAYMENT_METHODS.every((m) => tenders[m] > 0)).toBe(true);
  expect(listed.totals.totalMinor).toBe(totalMinor);

  // The register's summary and the sales report count the same sales and money.
  const session = await api<{ summary: { salesCount: number; salesTotalMinor: number; byMethod: typeof tenders } }>(
    page,
    `/api/v1/register-sessions/${sessionId}`,
  );
  expect(session.summary.salesCount).toBe(20);
  expect(session.summary.salesTotalMinor).toBe(totalMinor);
  expect(session.summary.byMethod).toEqual(tenders);
  const report = await api<{
    summary: { salesCount: number; netSalesMinor: number };
    byPaymentMethod: { method: Method; amountMinor: number }[];
  }>(page, `/api/v1/reports/sales?from=${from}&to=${to}`);
  expect(report.summary.salesCount).toBe(20);
  expect(report.summary.netSalesMinor).toBe(totalMinor);
  expect(byMethod(report.byPaymentMethod)).toEqual(tenders);

  // What left the shelves, per variant, from the server's sales.
  const sold = new Map<string, number>();
  for (const line of sales.flatMap((s) => s.lines))
    sold.set(line.variantId, Math.round(((sold.get(line.variantId) ?? 0) + line.quantity) * 1000) / 1000);
  expect(problems).toEqual([]);
  await page.close();

  // The stock ledger, read from the stopped server's database: every movement adds up to on hand, and
  // each sold variant is down by exactly what the 20 sales took.
  await server.stop();
  const { mismatches, stock } = await readStoppedDatabase(server, async (query) => ({
    mismatches: await query(
      `select l.store_id, l.variant_id from stock_levels l
       full join (select store_id, variant_id, sum(delta) as total from stock_movements group by store_id, variant_id) m
         on m.store_id = l.store_id and m.variant_id = l.variant_id
       where coalesce(l.on_hand, 0) <> coalesce(m.total, 0)`,
    ),
    stock: await query<{ variant_id: string; sold: string }>(
      `select m.variant_id, (-sum(m.delta))::text as sold
       from stock_movements m join stores s on s.id = m.store_id
       where s.alias = 'LEK' and m.reason = 'sale' and m.variant_id = any($1::uuid[])
       group by m.variant_id`,
      [`{${[...sold.keys()].join(',')}}`],
    ),
  }));
  expect(mismatches).toEqual([]);
  expect(Object.fromEntries(stock.map((row) => [row.variant_id, Number(row.sold)]))).toEqual(Object.fromEntries(sold));
});
