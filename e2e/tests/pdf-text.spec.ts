import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, storedValue, watchForBreakage } from '../support/journeys.js';

/**
 * The text of a downloaded PDF as a reader copies it: the manager downloads a demo invoice from its
 * page and the PDF's text (poppler's pdftotext) has the naira sign as ₦ and each product line's SKU on
 * a line of its own under its description, and no "?" where a character could not be drawn.
 */

interface InvoiceLine {
  description: string;
  sku: string | null;
}

/** An issued demo invoice of the manager's store with product lines (lines that have a SKU). */
async function demoInvoiceWithSkus(page: Page): Promise<{ id: string; lines: InvoiceLine[] }> {
  const headers = {
    authorization: `Bearer ${await storedValue(page, 'token')}`,
    'x-store-id': (await storedValue(page, 'store-id'))!,
  };
  const list = await page.request.get('/api/v1/invoices?pageSize=50', { headers });
  expect(list.status()).toBe(200);
  for (const summary of ((await list.json()) as { items: { id: string; number: string | null }[] }).items) {
    if (!summary.number) continue;
    const detail = await page.request.get(`/api/v1/invoices/${summary.id}`, { headers });
    const lines = ((await detail.json()) as { lines: InvoiceLine[] }).lines;
    if (lines.some((l) => l.sku)) return { id: summary.id, lines };
  }
  throw new Error('The demo data has no issued invoice with a product line');
}

test('the invoice PDF prints ₦ and each SKU on its own line, never "?"', async ({ page }) => {
  const problems = watchForBreakage(page);
  await signIn(page, demo.manager);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const invoice = await demoInvoiceWithSkus(page);

  await page.goto(`/dashboard/invoice/view/${invoice.id}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const bytes = await fs.readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });

  expect(text).toMatch(/₦\d{1,3}(,\d{3})*\.\d{2}/);
  expect(text).not.toContain('?');
  const printed = text.split('\n').map((l) => l.trim());
  for (const line of invoice.lines.filter((l) => l.sku)) {
    // The SKU is a line of its own, right under the description (or its last line, when it wraps).
    const at = printed.indexOf(`SKU ${line.sku}`);
    expect(at, `SKU ${line.sku}`).toBeGreaterThan(0);
    expect(line.description.endsWith(printed[at - 1]!), printed[at - 1]).toBe(true);
  }
  expect(problems).toEqual([]);
});
