import {
  currencyCodes,
  formatDay,
  invoiceStateLabels,
  paymentMethodLabels,
  taxByRate,
  type CurrencyCode,
} from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, notFound } from '../../http/app-error.js';
import { documentMoney, renderDocumentPdf } from '../../lib/document-pdf.js';
import { findReceiptHeader, findTaxRateNames, printableBusinessLogo } from '../../documents/letterhead.js';
import { loadInvoice, type EmailBody, type InvoiceScope } from './invoices.service.js';
import { queuePdfMail } from '../../mail/pdf-mail.js';

/** "2026-03-07" → "7 Mar 2026" (a calendar day: no zone involved), the app's one day format. */
const printedDay = formatDay;

const quantityText = (q: number) => (Number.isInteger(q) ? String(q) : q.toFixed(3).replace(/0+$/, ''));
const percentText = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/**
 * The invoice as an A4 PDF: store, customer, lines, discounts, tax per rate, totals, payments, balance,
 * terms; its status as of `now` on the store's calendar.
 */
export async function invoicePdf(db: Executor, scope: InvoiceScope, id: string, now: Date) {
  const invoice = await loadInvoice(db, scope, id, now);
  const header = await findReceiptHeader(db, scope);
  if (!header) throw notFound('The store');
  const currency: CurrencyCode = (currencyCodes as readonly string[]).includes(header.currency)
    ? (header.currency as CurrencyCode)
    : 'NGN';
  const money = (minor: number) => documentMoney(minor, currency);
  const storeName = header.displayName ?? `${header.businessName} ${header.storeName}`;

  const taxes = taxByRate(invoice.lines);
  const names = await findTaxRateNames(
    db,
    scope.businessId,
    taxes.flatMap((t) => (t.rateId ? [t.rateId] : [])),
  );
  const paymentsTotal = invoice.payments.reduce((s, p) => s + p.amountMinor, 0);

  const pdf = await renderDocumentPdf({
    title: 'Invoice',
    number: invoice.number,
    stamp: invoice.status === 'draft' ? 'DRAFT' : invoice.status === 'void' ? 'VOID' : undefined,
    issuer: {
      name: storeName,
      address: header.address,
      phone: header.phone,
      taxId: header.taxId,
      logo: await printableBusinessLogo(db, header.businessId, header.logoVersion),
    },
    party: { heading: 'Bill to', ...invoice.customer },
    meta: [
      ['Issue date', printedDay(invoice.issueDate)],
      ['Due date', printedDay(invoice.dueDate)],
      ['Status', invoiceStateLabels[invoice.state]],
      ...(invoice.status === 'void' && invoice.voidReason
        ? ([['Void reason', invoice.voidReason]] as [string, string][])
        : []),
    ],
    columns: [
      { header: 'Description', width: 7 },
      { header: 'Qty', width: 1.3, align: 'right' },
      { header: 'Unit price', width: 2.2, align: 'right' },
      { header: 'Discount', width: 2, align: 'right' },
      { header: 'Tax', width: 1.3, align: 'right' },
      { header: 'Amount', width: 2.4, align: 'right' },
    ],
    rows: invoice.lines.map((l) => [
      [l.description, l.sku ? `SKU ${l.sku}` : null].filter(Boolean).join('\n'),
      `${quantityText(l.quantity)}${l.unit === 'each' ? '' : ` ${l.unit}`}`,
      money(l.unitPriceMinor),
      l.lineDiscountMinor + l.cartDiscountMinor > 0 ? `-${money(l.lineDiscountMinor + l.cartDiscountMinor)}` : '',
      l.taxRateBasisPoints > 0 ? `${percentText(l.taxRateBasisPoints)}${l.taxInclusive ? ' incl.' : ''}` : '',
      money(l.totalMinor),
    ]),
    totals: [
      { label: 'Subtotal', value: money(invoice.subtotalMinor) },
      ...(invoice.discountMinor > 0 ? [{ label: 'Discounts', value: `-${money(invoice.discountMinor)}` }] : []),
      ...taxes.map((t) => ({
        label: `${(t.rateId && names.get(t.rateId)) || 'Tax'} ${percentText(t.rateBasisPoints)}${t.inclusive ? ' (included)' : ''}`,
        value: money(t.taxMinor),
      })),
      { label: 'Total', value: money(invoice.totalMinor), bold: true },
      ...invoice.payments.map((p) => ({
        label: `Paid ${printedDay(p.paidOn)} (${paymentMethodLabels[p.method]})`,
        value: `-${money(p.amountMinor)}`,
      })),
      ...(invoice.status === 'issued' || invoice.status === 'paid'
        ? [
            {
              label: invoice.status === 'paid' ? 'Balance' : `Balance due ${printedDay(invoice.dueDate)}`,
              value: money(invoice.totalMinor - paymentsTotal),
              bold: true,
            },
          ]
        : []),
    ],
    paragraphs: [
      { heading: 'Terms', text: invoice.terms },
      { heading: 'Notes', text: invoice.notes },
    ],
    footer: `${storeName} · ${invoice.number ?? 'Draft invoice'}`,
  });
  return { invoice, storeName, currency, filename: `${invoice.number ?? 'draft-invoice'}.pdf`, pdf };
}

/**
 * Queues the invoice PDF to the customer's email (or `to`) through the outbox, audited
 * `invoice.emailed` in the same transaction; 409 INVOICE_NOT_ISSUED for a draft, 422 INVOICE_NO_EMAIL
 * without an address.
 */
export async function emailInvoice(deps: AppDeps, actor: Actor, scope: InvoiceScope, id: string, body: EmailBody) {
  const db = deps.database.db;
  const { invoice, storeName, currency, filename, pdf } = await invoicePdf(db, scope, id, deps.now());
  if (invoice.status === 'draft')
    throw new AppError('INVOICE_NOT_ISSUED', 'Issue the invoice before sending it; a draft is not sent');
  const to = body.to ?? invoice.customer.email?.trim().toLowerCase();
  if (!to)
    throw new AppError('INVOICE_NO_EMAIL', `${invoice.customer.name} has no email address; enter one to send to`, {
      errors: [{ field: 'to', message: 'Enter an email address' }],
    });
  const money = (minor: number) => documentMoney(minor, currency);
  const lines = [
    `Dear ${invoice.customer.name},`,
    '',
    body.message ? `${body.message}\n` : null,
    `Please find attached invoice ${invoice.number} from ${storeName}.`,
    `Total: ${money(invoice.totalMinor)}`,
    invoice.status === 'issued'
      ? `Balance due: ${money(invoice.balanceMinor)} by ${printedDay(invoice.dueDate)}`
      : null,
    invoice.status === 'paid' ? 'This invoice is paid in full. Thank you.' : null,
    invoice.status === 'void' ? 'This invoice has been voided.' : null,
    invoice.terms ? `\n${invoice.terms}` : null,
    '',
    storeName,
  ].filter((l): l is string => l !== null);
  const sentAt = await db.transaction(async (tx) => {
    await queuePdfMail(
      tx,
      deps.mailer,
      actor,
      { to, subject: `Invoice ${invoice.number} from ${storeName}`, text: `${lines.join('\n')}\n`, filename, pdf },
      {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'invoice.emailed',
        entity: 'invoice',
        entityId: id,
        after: { to, number: invoice.number },
      },
    );
    return deps.now().toISOString();
  });
  void deps.mailer.flush(db).catch(() => undefined);
  return { sentAt, to };
}
