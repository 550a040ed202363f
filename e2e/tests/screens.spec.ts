import { expect, test, type Page } from '@playwright/test';
import { createProductThroughApi, uniqueEan13 } from '../support/catalog.js';
import { demo, signIn, storedValue } from '../support/journeys.js';
import { closeRegister, makeSaleThroughApi } from '../support/sales.js';
import {
  dialogFindings,
  ownerVisits,
  registerPath,
  screenFindings,
  screenSizes,
  settled,
  visitFindings,
} from '../support/screens.js';

/**
 * Every screen works at the three sizes a shop uses (phone, tablet, till): no route scrolls sideways,
 * its header shows every control whole, and axe-core finds nothing critical or serious on it, nor with
 * a main dialog open. Landing signed out,
 * then every route of the route table as the owner (admin mode and Lekki's store, as each route's
 * audience says); a product, a sale and an open purchase order as the owner in Lekki, each with its
 * dialogs open in turn (adjust, transfer, labels; refund; receive); the register and its payment dialog
 * as Ikeja's cashier. One page load per screen and size, one signed-in browser per role and size; each
 * test lists every finding before it fails. On a server of its own (the `chromium-screens` project), so
 * what it sells or opens touches no other journey.
 */

const runId = () => Date.now().toString(36).toUpperCase();

/**
 * The page's banner (the app's header) shows each of its links and buttons whole: inside the screen
 * and inside every box of theirs that clips (a header too narrow for its controls cuts one off at the
 * edge without the page scrolling sideways). One finding per control cut, from one evaluate.
 */
async function headerFindings(page: Page, where: string): Promise<string[]> {
  const cut = await page.evaluate(() => {
    const found: string[] = [];
    const banners = Array.from(document.querySelectorAll('header')).filter(
      (header) => !header.parentElement?.closest('main, article, aside, nav, section'),
    );
    for (const control of banners.flatMap((header) => Array.from(header.querySelectorAll('a[href], button')))) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
      const shown = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
      for (let up = control.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        const style = getComputedStyle(up);
        const clip = up.getBoundingClientRect();
        if (style.overflowX !== 'visible') {
          shown.left = Math.max(shown.left, clip.left);
          shown.right = Math.min(shown.right, clip.right);
        }
        if (style.overflowY !== 'visible') {
          shown.top = Math.max(shown.top, clip.top);
          shown.bottom = Math.min(shown.bottom, clip.bottom);
        }
      }
      const whole =
        box.left >= shown.left - 0.5 &&
        box.right <= shown.right + 0.5 &&
        box.top >= shown.top - 0.5 &&
        box.bottom <= shown.bottom + 0.5;
      if (!whole) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        const px = (a: number, b: number) => `${Math.round(a)}–${Math.round(b)}`;
        found.push(
          `"${name}" at x ${px(box.left, box.right)}, y ${px(box.top, box.bottom)}; shown: x ${px(shown.left, shown.right)}, y ${px(shown.top, shown.bottom)}`,
        );
      }
    }
    return found;
  });
  return cut.map((control) => `${where}: the header cuts ${control}`);
}

/** A route's findings (visitFindings) and its header's. */
async function routeFindings(page: Page, name: string, url: string): Promise<string[]> {
  return [...(await visitFindings(page, name, url)), ...(await headerFindings(page, name))];
}

/** The open purchase orders of the active store (the demo has some in Lekki), newest first. */
async function openPurchaseOrderId(page: Page): Promise<string> {
  const headers = {
    authorization: `Bearer ${await storedValue(page, 'token')}`,
    'x-store-id': (await storedValue(page, 'store-id'))!,
  };
  const response = await page.request.get('/api/v1/purchase-orders?status=0', { headers });
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string }[] };
  expect(items.length, 'an open purchase order in the demo store').toBeGreaterThan(0);
  return items[0]!.id;
}

for (const size of screenSizes) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('Landing, then every route as the owner, in admin mode and in the store', async ({ page }) => {
      test.setTimeout(300_000);
      await page.goto('/');
      await settled(page);
      const findings = [...(await screenFindings(page, 'Landing /')), ...(await headerFindings(page, 'Landing /'))];
      await signIn(page, demo.owner);
      for (const visit of ownerVisits()) findings.push(...(await routeFindings(page, visit.name, visit.url)));
      expect(findings).toEqual([]);
    });

    test('a product, a sale and a purchase order, with their dialogs, as the owner in Lekki', async ({ page }) => {
      test.setTimeout(120_000);
      const run = runId();
      await signIn(page, demo.owner);
      await page.goto('/dashboard?isAdmin=false');
      await expect(page.getByTestId('current-context')).toContainText('Lekki');
      const findings: string[] = [];

      const name = `Screens Zobo ${run}`;
      const productId = await createProductThroughApi(page, {
        name,
        sku: `SCR-${run}`,
        barcode: uniqueEan13(),
        openingStock: 10,
      });
      findings.push(...(await routeFindings(page, 'Product page', `/dashboard/inventory/view/${productId}`)));
      for (const button of ['Adjust stock', 'Transfer', 'Print labels']) {
        await page.getByRole('button', { name: button, exact: true }).click();
        findings.push(...(await dialogFindings(page, page.getByRole('dialog'), `${button} dialog`, size)));
      }

      const sale = await makeSaleThroughApi(page, run);
      findings.push(...(await routeFindings(page, 'Sale page', `/dashboard/transactions/${sale.saleId}`)));
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = page.getByRole('dialog', { name: `Refund ${sale.number}` });
      findings.push(...(await dialogFindings(page, refund, 'Refund dialog', size)));
      await closeRegister(page, sale.sessionId);

      const order = `/dashboard/purchase-order/view/${await openPurchaseOrderId(page)}`;
      findings.push(...(await routeFindings(page, 'Purchase order page', order)));
      await page.getByRole('button', { name: 'Receive', exact: true }).click();
      findings.push(...(await dialogFindings(page, page.getByRole('dialog'), 'Receive dialog', size)));
      expect(findings).toEqual([]);
    });

    test('the register and its payment dialog, as Ikeja’s cashier', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, demo.cashier);
      await page.goto(registerPath);
      const openForm = page.getByRole('form', { name: 'Open a register' });
      const register = page.getByTestId('register-name');
      await expect(openForm.or(register)).toBeVisible();
      const findings: string[] = [];
      // The cashier's till stays open from one size to the next: the form shows at the first only.
      if (await openForm.isVisible()) {
        findings.push(...(await screenFindings(page, 'Open a register')));
        await openForm.getByLabel('Register name').fill(`Screens ${runId()}`);
        await openForm.getByLabel('Counted float').fill('0');
        await openForm.getByRole('button', { name: 'Open register' }).click();
      }
      await expect(register).toBeVisible();
      findings.push(...(await screenFindings(page, 'Register, empty cart')));
      findings.push(...(await headerFindings(page, 'Register')));

      await page.keyboard.press('F2');
      await page.keyboard.type('Indomie Chicken 70g', { delay: 60 });
      await expect(page.getByRole('option').first()).toContainText('Indomie Chicken 70g');
      await page.keyboard.press('Enter');
      // A phone keeps the cart's lines in a closed bottom sheet and shows a bar with the count instead.
      const line = page.getByTestId('cart-line').filter({ hasText: 'Indomie Chicken 70g' });
      const bar = page.getByTestId('cart-bar-items').filter({ hasText: /[1-9]\d* items?/ });
      await expect(size.width < 576 ? bar : line).toBeVisible();
      findings.push(...(await screenFindings(page, 'Register, one line')));
      await page.keyboard.press('F9');
      const pay = page.getByRole('dialog', { name: 'Take payment' });
      findings.push(...(await dialogFindings(page, pay, 'Payment dialog', size)));
      expect(findings).toEqual([]);
    });
  });
}
