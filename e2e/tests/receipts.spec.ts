import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { closeRegister, makeSaleThroughApi } from '../support/sales.js';
import { demo, signIn, watchForBreakage } from '../support/journeys.js';
import { waitForMail } from '../support/mailbox.js';

/**
 * A receipt reprinted from the sale's page, as the admin of Demo Mart in Lekki does for a customer
 * who lost theirs: the slip on screen (store, number, total, barcode), the 58 mm paper chosen and
 * remembered, the print view showing only the slip, the PDF downloaded under the sale's number, and
 * the receipt mailed (it arrives, and the sale's trail says so). The run's register is closed at the end.
 */
test('the admin reprints a receipt: print view, PDF and email', async ({ page }) => {
  const problems = watchForBreakage(page);
  const run = Date.now().toString(36).toUpperCase();

  await signIn(page, demo.admin);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByTestId('current-context')).toContainText('Lekki');
  const sale = await makeSaleThroughApi(page, run);

  try {
    await page.goto(`/dashboard/transactions/${sale.saleId}`);
    await expect(page.getByTestId('sale-number')).toHaveText(sale.number);
    await page.getByRole('button', { name: 'Reprint receipt' }).click();

    const dialog = page.getByRole('dialog', { name: 'Receipt' });
    const slip = dialog.getByRole('article', { name: `Receipt ${sale.number}` });
    await expect(slip).toBeVisible();
    await expect(slip).toContainText('Demo Mart Lekki');
    await expect(slip).toContainText(sale.productNames[0]);
    await expect(slip).toContainText(/TOTAL₦[\d,]+\.\d\d/);
    await expect(slip.getByRole('img', { name: `Barcode ${sale.number}` }).locator('svg')).toBeVisible();

    // 58 mm paper, remembered on this device.
    await dialog.getByText('58 mm').click();
    await expect(slip).toHaveAttribute('data-width', '58');
    expect(await page.evaluate(() => localStorage.getItem('ipos.receiptWidth'))).toBe('58');

    // Printed, only the slip shows: the app and the dialog are hidden.
    await page.emulateMedia({ media: 'print' });
    const printCopy = page.getByTestId('receipt-print-copy');
    await expect(printCopy).toBeVisible();
    await expect(printCopy.getByRole('article', { name: `Receipt ${sale.number}` })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('sale-number')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(printCopy).toBeHidden();

    // The PDF, named after the sale.
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${sale.number}.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    // Mailed: it arrives with the receipt in its text, and the sale's trail records it.
    const address = `receipt-${run.toLowerCase()}@example.com`;
    const since = new Date();
    await dialog.getByLabel('Email the receipt').fill(address);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText(`Sent to ${address}`)).toBeVisible();
    const mail = await waitForMail(address, new RegExp(`Your receipt ${sale.number}`), { since });
    // The mailbox keeps a multipart mail's body as sent: the text part (₦ quoted-printable) and the PDF.
    expect(mail.text).toContain(sale.number);
    expect(mail.text).toMatch(/TOTAL +(₦|=E2=82=A6)[\d,]+\.\d\d/);
    expect(mail.text).toContain(`filename=${sale.number}.pdf`);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('sale-history')).toContainText('Receipt emailed');
  } finally {
    await closeRegister(page, sale.sessionId);
  }
  expect(problems).toEqual([]);
});
