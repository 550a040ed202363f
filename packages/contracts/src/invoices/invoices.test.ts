import { describe, expect, it } from 'vitest';
import {
  createInvoiceBodySchema,
  invoiceState,
  recordInvoicePaymentBodySchema,
  type InvoiceStatus,
} from './invoices.js';

const today = '2026-03-15';
const invoice = (status: InvoiceStatus, dueDate: string, paidMinor = 0) => ({
  status,
  dueDate,
  totalMinor: 100_000,
  paidMinor,
});

describe('invoiceState', () => {
  it('keeps draft, paid and void as they are, whatever the due date', () => {
    for (const status of ['draft', 'paid', 'void'] as const)
      for (const due of ['2026-01-01', today, '2026-12-31'])
        expect(invoiceState(invoice(status, due), today)).toBe(status);
  });

  it('splits issued into unpaid, partly paid and overdue by what is paid and the store’s today', () => {
    expect(invoiceState(invoice('issued', '2026-03-20'), today)).toBe('unpaid');
    expect(invoiceState(invoice('issued', '2026-03-20', 1), today)).toBe('partially_paid');
    // Due today is not overdue yet; due yesterday is, paid in part or not at all.
    expect(invoiceState(invoice('issued', today), today)).toBe('unpaid');
    expect(invoiceState(invoice('issued', '2026-03-14'), today)).toBe('overdue');
    expect(invoiceState(invoice('issued', '2026-03-14', 50_000), today)).toBe('overdue');
    // The same invoice on the next day of the store's calendar.
    expect(invoiceState(invoice('issued', today), '2026-03-16')).toBe('overdue');
  });
});

describe('invoice schemas', () => {
  const id = '01a201f1-7002-7433-b265-9d4f6e3a6459';
  const base = { id, customerId: id, issueDate: today, dueDate: today };
  const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    (result.error?.issues ?? []).map((i) => i.path.join('.'));

  it('names the field of a bad draft: due before issue, a line neither product nor service, a product taxed by hand, a product twice', () => {
    expect(
      paths(
        createInvoiceBodySchema.safeParse({
          ...base,
          dueDate: '2026-03-14',
          lines: [
            { quantity: 1, unitPriceMinor: 100 },
            { variantId: id, quantity: 1, unitPriceMinor: 100, taxRateId: id },
            { variantId: id, quantity: 1, unitPriceMinor: 100 },
          ],
        }),
      ).sort(),
    ).toEqual(['dueDate', 'lines.0.description', 'lines.1.taxRateId', 'lines.2.variantId']);
    expect(
      createInvoiceBodySchema.safeParse({ ...base, lines: [{ description: 'Work', quantity: 1, unitPriceMinor: 1 }] })
        .success,
    ).toBe(true);
  });

  it('wants a payment above zero with the mobile money provider', () => {
    expect(paths(recordInvoicePaymentBodySchema.safeParse({ id, method: 'cash', amountMinor: 0 }))).toEqual([
      'amountMinor',
    ]);
    expect(paths(recordInvoicePaymentBodySchema.safeParse({ id, method: 'mobile_money', amountMinor: 5 }))).toEqual([
      'provider',
    ]);
    expect(
      recordInvoicePaymentBodySchema.safeParse({ id, method: 'card', amountMinor: 5, paidOn: today }).success,
    ).toBe(true);
  });
});
