import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice, Permission } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderInRouter } from '../../../test/render';
import { INVOICE_ID, MILK_VARIANT, draftOf, invoiceOf, noEvents, storeOf } from '../test/invoice-fixtures';
import { InvoiceView } from './invoice-view';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const GET = `GET /api/v1/invoices/${INVOICE_ID}`;
const EVENTS = `GET /api/v1/invoices/${INVOICE_ID}/events`;

function renderView(invoice: Invoice, permissions?: Permission[]) {
  const calls = stubApi({ [GET]: () => jsonResponse(invoice), [EVENTS]: () => jsonResponse(noEvents()) });
  renderInRouter(<InvoiceView invoiceId={INVOICE_ID} store={storeOf(permissions)} today="2026-11-22" />);
  return { calls, user: userEvent.setup() };
}

async function actionsFor(invoice: Invoice, permissions?: Permission[]) {
  renderView(invoice, permissions);
  await screen.findByTestId('invoice-sheet');
  const group = screen.getByLabelText('Invoice actions');
  return [...group.querySelectorAll('a, button')].map((el) => el.textContent);
}

describe('<InvoiceView>', () => {
  it('lays out the invoice: store, customer linked to their page, lines, totals, balance and terms', async () => {
    renderView(invoiceOf());
    const sheet = await screen.findByTestId('invoice-sheet');
    expect(within(sheet).getByTestId('invoice-number')).toHaveTextContent('Invoice LEK-INV000042');
    expect(sheet).toHaveTextContent('Demo Mart');
    expect(sheet).toHaveTextContent('12 Admiralty Way, Lekki');
    expect(within(sheet).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute(
      'href',
      '/dashboard/contact/customer/0190a6a0-0000-7000-8000-00000000c001',
    );
    expect(within(sheet).getAllByTestId('invoice-line')).toHaveLength(2);
    expect(within(sheet).getByTestId('invoice-total')).toHaveTextContent('₦2,500.00');
    expect(within(sheet).getByTestId('invoice-balance')).toHaveTextContent('₦2,500.00');
    expect(sheet).toHaveTextContent('Pay within 14 days');
    expect(sheet).toHaveTextContent('Due 4 Dec 2026');
    // Print prints a copy of the sheet placed on <body>, hidden on screen, without links.
    const copy = screen.getByTestId('invoice-print-copy');
    expect(copy.parentElement).toBe(document.body);
    expect(copy).toHaveTextContent('Invoice LEK-INV000042');
    expect(within(copy).queryByRole('link')).not.toBeInTheDocument();
  });

  it("states the business's tax id under the seller, on screen and in print, only when it has one", async () => {
    renderView(invoiceOf({ businessTaxId: 'TIN 12345678-0001' }));
    const sheet = await screen.findByTestId('invoice-sheet');
    expect(sheet).toHaveTextContent('Tax ID TIN 12345678-0001');
    expect(screen.getByTestId('invoice-print-copy')).toHaveTextContent('Tax ID TIN 12345678-0001');
  });

  it('leaves the tax id line out when the business has none', async () => {
    renderView(invoiceOf());
    const sheet = await screen.findByTestId('invoice-sheet');
    expect(sheet).not.toHaveTextContent('Tax ID');
    expect(screen.getByTestId('invoice-print-copy')).not.toHaveTextContent('Tax ID');
  });

  it('heads the sheet, and the copy that prints, with the business logo when there is one', async () => {
    const store = storeOf();
    stubApi({
      [GET]: () => jsonResponse(invoiceOf()),
      [EVENTS]: () => jsonResponse(noEvents()),
      'GET /api/v1/business-profile/logo?v=2': () => new Response('png', { headers: { 'content-type': 'image/png' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:logo'), revokeObjectURL: vi.fn() }));
    renderInRouter(
      <InvoiceView
        invoiceId={INVOICE_ID}
        store={{ ...store, business: { ...store.business, logoVersion: 2 } }}
        today="2026-11-22"
      />,
    );
    const sheet = await screen.findByTestId('invoice-sheet');
    expect(await within(sheet).findByRole('img', { name: 'Demo Mart logo' })).toHaveAttribute('src', 'blob:logo');
    expect(
      within(screen.getByTestId('invoice-print-copy')).getByRole('img', { name: 'Demo Mart logo' }),
    ).toHaveAttribute('src', 'blob:logo');
  });

  it('offers by state what the contract allows, and only with invoices.manage', async () => {
    expect(await actionsFor(draftOf())).toEqual(['Edit', 'Delete', 'Issue', 'Download PDF', 'Print']);
  });

  it('an unpaid invoice takes a payment or a void; a part-paid one no longer voids', async () => {
    expect(await actionsFor(invoiceOf())).toEqual(['Record payment', 'Void', 'Download PDF', 'Print', 'Email']);
  });

  it('a partly paid invoice takes payments but cannot be voided', async () => {
    const partly = invoiceOf({
      state: 'partially_paid',
      paidMinor: 100_000,
      balanceMinor: 150_000,
      payments: [
        {
          id: '0190a6a0-0000-7000-8000-0000000a0001',
          method: 'cash',
          amountMinor: 100_000,
          reference: null,
          provider: null,
          phone: null,
          paidOn: '2026-11-21',
          note: null,
          recordedBy: { id: '0190a6a0-0000-7000-8000-000000000001', name: 'Chidi Manager' },
          createdAt: '2026-11-21T10:00:00.000Z',
        },
      ],
    });
    expect(await actionsFor(partly)).toEqual(['Record payment', 'Download PDF', 'Print', 'Email']);
    expect(screen.getByTestId('invoice-paid')).toHaveTextContent('₦1,000.00');
    expect(screen.getByTestId('invoice-balance')).toHaveTextContent('₦1,500.00');
    expect(screen.getAllByTestId('invoice-payment')).toHaveLength(1);
  });

  it('paid and void invoices only print, download and email', async () => {
    expect(await actionsFor(invoiceOf({ status: 'paid', state: 'paid', paidMinor: 250_000, balanceMinor: 0 }))).toEqual(
      ['Download PDF', 'Print', 'Email'],
    );
  });

  it('without invoices.manage, nothing changes the invoice', async () => {
    expect(await actionsFor(draftOf(), ['invoices.view'])).toEqual(['Download PDF', 'Print']);
  });

  it('shows INSUFFICIENT_STOCK from Issue on the line that is short', async () => {
    const calls = stubApi({
      [GET]: () => jsonResponse(draftOf()),
      [EVENTS]: () => jsonResponse(noEvents()),
      [`POST /api/v1/invoices/${INVOICE_ID}/issue`]: () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'INSUFFICIENT_STOCK',
            status: 409,
            code: 'INSUFFICIENT_STOCK',
            detail: 'Only 1 on hand: cannot take 2',
            shortages: [{ variantId: MILK_VARIANT, onHand: 1, requested: 2 }],
            errors: [{ field: 'lines.0.quantity', message: 'Only 1 on hand' }],
          },
          409,
        ),
    });
    renderInRouter(<InvoiceView invoiceId={INVOICE_ID} store={storeOf()} today="2026-11-22" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Issue' }));
    const shortage = await screen.findByTestId('line-shortage');
    expect(shortage).toHaveTextContent('Only 1 on hand in this store');
    expect(shortage.closest('tr')).toHaveTextContent('Peak Milk 400g');
    expect(screen.getByRole('alert')).toHaveTextContent('Not enough stock to issue this invoice');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version: 1 });
  });

  it('says plainly when the invoice does not exist (or is another business’s)', async () => {
    stubApi({
      [GET]: () => problemResponse(404, 'NOT_FOUND', 'Invoice not found'),
      [EVENTS]: () => problemResponse(404, 'NOT_FOUND', 'Invoice not found'),
    });
    renderInRouter(<InvoiceView invoiceId={INVOICE_ID} store={storeOf()} today="2026-11-22" />);
    expect(await screen.findByRole('heading', { name: 'Invoice not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to invoices' })).toHaveAttribute('href', '/dashboard/invoice');
  });
});
