import { formatDay, formatStoreDate, purchaseOrderStatuses, type PurchaseOrder } from '@ipos/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { AppError, notFound } from '../../http/app-error.js';
import { documentMoney, renderDocumentPdf } from '../../lib/document-pdf.js';
import { findReceiptHeader, printableBusinessLogo } from '../../documents/letterhead.js';
import { iso } from '../../lib/records.js';
import { lockWithLinesForSend, loadOrder, type Scope } from './purchase-orders.service.js';
import { updateOrder } from './purchase-orders.repository.js';
import { queuePdfMail } from '../../mail/pdf-mail.js';

/** An A4 PDF of the order for the vendor: store, vendor, number, dates, lines (SKU, quantity, unit cost, amount), total, notes. */
export async function purchaseOrderPdf(db: Executor, scope: Scope, id: string) {
  return renderPurchaseOrderPdf(db, scope, await loadOrder(db, scope, id));
}

async function renderPurchaseOrderPdf(db: Executor, scope: Scope, order: PurchaseOrder) {
  const header = await findReceiptHeader(db, scope);
  if (!header) throw notFound('The store');
  const money = (minor: number) => documentMoney(minor, header.currency);
  const status = purchaseOrderStatuses.find((s) => s.value === order.status)?.label ?? String(order.status);
  const withCodes = order.lines.some((l) => l.vendorItemCode !== null);
  const pdf = await renderDocumentPdf({
    title: 'Purchase order',
    number: order.number,
    ...(order.status === 1 ? { stamp: 'CANCELLED' } : {}),
    issuer: {
      name: header.displayName ?? `${header.businessName} ${header.storeName}`,
      address: header.address,
      phone: header.phone,
      taxId: header.taxId,
      logo: await printableBusinessLogo(db, header.businessId, header.logoVersion),
    },
    party: {
      heading: 'Vendor',
      name: order.vendor.name,
      address: order.vendor.address,
      phone: order.vendor.phone,
      email: order.vendor.email,
      taxId: order.vendor.taxId,
    },
    meta: [
      ['Order date', formatStoreDate(order.createdAt, header.timeZone)],
      ...(order.expectedOn ? [['Expected', formatDay(order.expectedOn)] as [string, string]] : []),
      ['Status', status],
    ],
    // The vendor's own item codes, in a column of their own when any line has one.
    columns: [
      { header: '#', width: 0.5, align: 'right' },
      { header: 'SKU', width: 2 },
      ...(withCodes ? [{ header: 'Vendor code', width: 2 }] : []),
      { header: 'Product', width: withCodes ? 3.5 : 4.5 },
      { header: 'Quantity', width: 1.5, align: 'right' },
      { header: 'Unit cost', width: 2, align: 'right' },
      { header: 'Amount', width: 2.2, align: 'right' },
    ],
    rows: order.lines.map((l) => [
      String(l.lineNo),
      l.sku,
      ...(withCodes ? [l.vendorItemCode ?? ''] : []),
      l.name,
      `${l.quantityOrdered}${l.unit === 'each' ? '' : ` ${l.unit}`}`,
      money(l.unitCostMinor),
      money(l.orderedMinor),
    ]),
    totals: [{ label: 'Total', value: money(order.orderedMinor), bold: true }],
    paragraphs: [{ heading: 'Notes', text: order.notes }],
    footer: `${order.number} · ${header.businessName}`,
  });
  return { filename: `${order.number}.pdf`, pdf, order, storeName: header.displayName ?? header.storeName };
}

/**
 * Emails the order PDF to the vendor (or `to`) through the outbox, sets sent_at and records
 * purchase_order.sent, all in one transaction (the order locked; only an OPEN order is sent).
 */
export async function sendPurchaseOrder(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  id: string,
  body: { to?: string | undefined; message?: string | undefined },
): Promise<{ sentAt: string; to: string }> {
  const db = deps.database.db;
  const result = await db.transaction(async (tx) => {
    const order = await lockWithLinesForSend(tx, scope, id);
    const to = body.to ?? order.vendor.email?.trim().toLowerCase();
    if (!to)
      throw new AppError(
        'PO_VENDOR_NO_EMAIL',
        `${order.vendor.name} has no email address: enter one to send the order to`,
        { errors: [{ field: 'to', message: 'Enter an email address' }] },
      );
    const { filename, pdf, storeName } = await renderPurchaseOrderPdf(tx, scope, order);
    const updated = await updateOrder(tx, scope.businessId, id, { sentAt: sql`now()` });
    await queuePdfMail(
      tx,
      deps.mailer,
      actor,
      {
        to,
        subject: `Purchase order ${order.number} from ${storeName}`,
        text: mailText(order, storeName, body.message),
        filename,
        pdf,
      },
      {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'purchase_order.sent',
        entity: 'purchase_order',
        entityId: id,
        after: { to, message: body.message ?? null },
      },
    );
    return { sentAt: iso(updated.sentAt!), to };
  });
  void deps.mailer.flush(db).catch(() => undefined);
  return result;
}

function mailText(order: PurchaseOrder, storeName: string, message: string | undefined) {
  return [
    `Hello ${order.vendor.name},`,
    '',
    message ?? `Please find attached our purchase order ${order.number}.`,
    ...(order.expectedOn ? ['', `We expect delivery on ${formatDay(order.expectedOn)}.`] : []),
    '',
    `${order.lines.length} line${order.lines.length === 1 ? '' : 's'}; the PDF lists quantities and unit costs.`,
    '',
    `Thank you,`,
    storeName,
    '',
  ].join('\n');
}
