import {
  currencies,
  formatStoreDateTime,
  mobileMoneyProviderLabels,
  paymentMethodLabels,
  type Receipt,
} from '@ipos/contracts';
import { groupedAmount } from '../../lib/pdf-text.js';

/**
 * The receipt as rows of a fixed-width slip, the one layout behind the PDF and the mailed text: what
 * each medium adds is only how a row is drawn (a barcode as bars in the PDF, as its digits in a mail).
 */
export type ReceiptRow =
  | { kind: 'center'; text: string; bold?: boolean }
  | { kind: 'pair'; left: string; right: string; bold?: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'rule' }
  | { kind: 'blank' }
  | { kind: 'barcode'; code: string };

/** Characters per line: what thermal printers fit with their standard font (58 mm: 32, 80 mm: 42). */
export const receiptColumns = { '58': 32, '80': 42 } as const;

/** Money with the spec's symbol, exactly: ₦1,250.50, KSD 1,250.50, -₦250.00. */
export function receiptMoney(minor: number, currency: string, withSymbol = true): string {
  const info = currencies.find((c) => c.code === currency) ?? { symbol: currency, minorDigits: 2 };
  const amount = groupedAmount(Math.abs(minor), info.minorDigits);
  const sign = minor < 0 ? '-' : '';
  if (!withSymbol) return `${sign}${amount}`;
  return info.symbol.length === 1 ? `${sign}${info.symbol}${amount}` : `${sign}${info.symbol} ${amount}`;
}

/** 7.5% from 750 basis points. */
export const percent = (basisPoints: number) => `${(basisPoints / 100).toString()}%`;

/** `copy`: a reprint, which says COPY under the header (the original is only the till's, right after the sale). */
export function receiptRows(receipt: Receipt, { copy = false }: { copy?: boolean } = {}): ReceiptRow[] {
  const { store, business, sale, taxes } = receipt;
  const money = (minor: number) => receiptMoney(minor, business.currency);
  const plain = (minor: number) => receiptMoney(minor, business.currency, false);
  const rows: ReceiptRow[] = [];
  const centred = (text: string | null | undefined, bold = false) => {
    for (const line of (text ?? '').split(/\r?\n/))
      if (line.trim()) rows.push({ kind: 'center', text: line.trim(), bold });
  };

  centred(store.displayName, true);
  centred(business.header);
  centred(store.address);
  if (store.phone) centred(`Tel ${store.phone}`);
  if (business.taxId) centred(`Tax ID ${business.taxId}`);
  if (copy) centred('*** COPY ***', true);
  rows.push({ kind: 'rule' });
  rows.push({ kind: 'pair', left: 'Sale', right: sale.number, bold: true });
  // A sale made offline: the reference its first receipt carried, so the two slips match.
  if (sale.offlineReference) rows.push({ kind: 'pair', left: 'Offline ref', right: sale.offlineReference });
  rows.push({ kind: 'pair', left: 'Date', right: formatStoreDateTime(sale.completedAt, store.timeZone) });
  rows.push({ kind: 'pair', left: 'Cashier', right: sale.cashier.name });
  rows.push({ kind: 'pair', left: 'Register', right: sale.session.registerName });
  if (sale.customer) rows.push({ kind: 'pair', left: 'Customer', right: sale.customer.name });
  if (sale.voided) {
    rows.push({ kind: 'blank' });
    centred('*** VOIDED ***', true);
    rows.push({ kind: 'text', text: `${formatStoreDateTime(sale.voided.at, store.timeZone)}: ${sale.voided.reason}` });
  }
  rows.push({ kind: 'rule' });

  for (const line of sale.lines) {
    rows.push({ kind: 'text', text: line.name });
    const unit = line.unit && line.unit !== 'each' ? ` ${line.unit}` : '';
    rows.push({
      kind: 'pair',
      left: `  ${line.quantity}${unit} x ${plain(line.unitPriceMinor)}`,
      right: plain(line.grossMinor),
    });
    if (line.lineDiscountMinor > 0)
      rows.push({ kind: 'pair', left: '  Discount', right: plain(-line.lineDiscountMinor) });
    if (line.refundedQuantity > 0) rows.push({ kind: 'text', text: `  Refunded ${line.refundedQuantity}${unit}` });
  }
  rows.push({ kind: 'rule' });

  rows.push({ kind: 'pair', left: 'Subtotal', right: money(sale.subtotalMinor) });
  const lineDiscounts = sale.lines.reduce((s, l) => s + l.lineDiscountMinor, 0);
  const cartDiscount = sale.discountMinor - lineDiscounts;
  if (lineDiscounts > 0) rows.push({ kind: 'pair', left: 'Line discounts', right: money(-lineDiscounts) });
  if (cartDiscount > 0) {
    const d = sale.cartDiscount;
    const label = d?.type === 'percent' ? `Discount ${percent(d.value)}` : 'Discount';
    rows.push({ kind: 'pair', left: label, right: money(-cartDiscount) });
  }
  for (const tax of taxes)
    rows.push({
      kind: 'pair',
      left: `${tax.name} ${percent(tax.rateBasisPoints)} (${tax.inclusive ? 'incl.' : 'excl.'})`,
      right: money(tax.taxMinor),
    });
  rows.push({ kind: 'pair', left: 'TOTAL', right: money(sale.totalMinor), bold: true });
  rows.push({ kind: 'blank' });

  for (const p of sale.payments) {
    const label =
      p.method === 'mobile_money' && p.provider ? mobileMoneyProviderLabels[p.provider] : paymentMethodLabels[p.method];
    rows.push({ kind: 'pair', left: label, right: money(p.amountMinor) });
    if (p.method === 'cash' && p.tenderedMinor !== null && p.tenderedMinor !== p.amountMinor)
      rows.push({ kind: 'pair', left: '  Tendered', right: money(p.tenderedMinor) });
    if (p.phone) rows.push({ kind: 'pair', left: '  Phone', right: p.phone });
    if (p.reference) rows.push({ kind: 'pair', left: '  Ref', right: p.reference });
  }
  if (sale.changeMinor > 0) rows.push({ kind: 'pair', left: 'CHANGE', right: money(sale.changeMinor), bold: true });

  if (sale.refunds.length > 0) {
    rows.push({ kind: 'rule' });
    for (const r of sale.refunds) {
      rows.push({ kind: 'pair', left: `Refund ${r.number}`, right: money(-r.totalMinor) });
      rows.push({
        kind: 'text',
        text: `  ${formatStoreDateTime(r.createdAt, store.timeZone)}, ${paymentMethodLabels[r.method]}`,
      });
    }
    rows.push({ kind: 'pair', left: 'Net paid', right: money(sale.totalMinor - sale.refundedMinor), bold: true });
  }

  rows.push({ kind: 'rule' });
  rows.push({ kind: 'barcode', code: sale.number });
  if (business.footer) {
    rows.push({ kind: 'blank' });
    centred(business.footer);
  }
  return rows;
}

/** Splits text into lines of at most `width` characters, at spaces where it can. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = text.trimEnd();
  const indent = rest.match(/^ */)![0];
  while (rest.length > width) {
    let cut = rest.lastIndexOf(' ', width);
    if (cut <= indent.length) cut = width;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = indent + rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

/** One row as the fixed-width lines it prints as (a barcode row: its number, centred). */
export function rowLines(row: ReceiptRow, columns: number): string[] {
  const centre = (t: string) => ' '.repeat(Math.max(0, Math.floor((columns - t.length) / 2))) + t;
  switch (row.kind) {
    case 'center':
      return wrap(row.text, columns).map((l) => centre(l.trim()));
    case 'text':
      return wrap(row.text, columns);
    case 'rule':
      return ['-'.repeat(columns)];
    case 'blank':
      return [''];
    case 'barcode':
      return [centre(row.code)];
    case 'pair': {
      const room = columns - row.right.length - 1;
      if (row.left.length <= room)
        return [row.left + ' '.repeat(columns - row.left.length - row.right.length) + row.right];
      // Too long for one line: the label wraps, the value goes right of its last line (or below, itself
      // wrapped when it is wider than the slip: a long name).
      const lines = wrap(row.left, columns);
      const last = lines.at(-1)!;
      if (last.length <= room)
        lines[lines.length - 1] = last + ' '.repeat(columns - last.length - row.right.length) + row.right;
      else for (const r of wrap(row.right, columns)) lines.push(' '.repeat(Math.max(0, columns - r.length)) + r);
      return lines;
    }
  }
}

/** The receipt as plain fixed-width text (the mail body). */
export function receiptText(receipt: Receipt, columns: number = receiptColumns['80']): string {
  return receiptRows(receipt)
    .flatMap((row) => rowLines(row, columns))
    .map((l) => l.trimEnd())
    .join('\n');
}
